-- SPDX-License-Identifier: GPL-2.0
-- Neovim's built-in LSP client (0.7+) against `ordercheck lsp` (or, with
-- OC_MODE=wrap, `ordercheck lsp --wrap clangd`): open a C buffer with a
-- bug, receive the diagnostic, apply the quick fix as a user picks it from
-- the code action menu, see the diagnostic go. Exits non-zero on failure.
-- The server is started by integration/editors/neovim/ordercheck.lua, the
-- configuration users load.
local oc = os.getenv("ORDERCHECK")
local module = os.getenv("OC_NVIM_MODULE")
local file = os.getenv("OC_FILE")
local wrap = os.getenv("OC_MODE") == "wrap"
local RULE = "mb-after-atomic"

local function finish(code, msg)
  io.stdout:write(msg .. "\n")
  io.stdout:flush()
  if code == 0 then
    vim.cmd("qall!")
  else
    vim.cmd("cquit! " .. code)
  end
end

local function ours(buf)
  local r = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == "ordercheck" and d.code == RULE then
      table.insert(r, d)
    end
  end
  table.sort(r, function(a, b) return a.lnum < b.lnum end)
  return r
end

local function wait_for(what, ms, cond)
  if not vim.wait(ms, cond, 50) then
    error("timed out waiting for " .. what, 0)
  end
end

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  vim.bo.filetype = "c"
  local buf = vim.api.nvim_get_current_buf()
  local exit_code
  local id = dofile(module).start(buf, {
    ordercheck = oc,
    wrap = wrap,
    args = wrap and { "--log=error" } or nil,
  }, { on_exit = function(code) exit_code = code end })
  if not id then
    error("the server did not start", 0)
  end

  wait_for("4 diagnostics of ours", 90000, function()
    return #ours(buf) == 4
  end)
  if wrap then
    wait_for("clangd's diagnostics", 60000, function()
      for _, d in ipairs(vim.diagnostic.get(buf)) do
        if d.source == "clang" then return true end
      end
      return false
    end)
  end
  local target = ours(buf)[1]
  local lnum = target.lnum
  local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
  if not line:find("smp_mb()", 1, true) then
    error("the diagnostic is not on the smp_mb() line: " .. line, 0)
  end

  -- the user opens the code action menu on the line and picks our fix
  vim.api.nvim_win_set_cursor(0, { lnum + 1, target.col })
  local offered = {}
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local title = opts.format_item(item)
      table.insert(offered, title)
      if title:find("^ordercheck") then
        return on_choice(item, i)
      end
    end
    on_choice(nil, nil)
  end
  vim.lsp.buf.code_action()
  wait_for("the fix in the buffer (offered: " .. table.concat(offered, "; ")
           .. ")", 30000, function()
    local l = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
    return l:find("smp_mb__after_atomic()", 1, true) ~= nil
  end)
  wait_for("the diagnostic to go", 60000, function()
    local left = ours(buf)
    if #left ~= 3 then return false end
    for _, d in ipairs(left) do
      if d.lnum == lnum then return false end
    end
    return true
  end)

  vim.lsp.stop_client(id)
  wait_for("the server to exit", 30000, function()
    return exit_code ~= nil
  end)
  if exit_code ~= 0 then
    error("the server exited with status " .. tostring(exit_code), 0)
  end
end

local ok, err = pcall(run)
if ok then
  finish(0, "PASS: neovim " .. (wrap and "--wrap clangd" or "lsp"))
else
  finish(1, "FAIL: neovim: " .. tostring(err))
end
