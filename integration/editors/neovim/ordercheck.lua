-- SPDX-License-Identifier: GPL-2.0
-- ordercheck for Neovim's built-in LSP client (0.7 and later).
--
--   local oc = dofile('/path/to/integration/editors/neovim/ordercheck.lua')
--   oc.setup()                 -- beside clangd: one more server per C buffer
--   oc.setup({ wrap = true })  -- instead of clangd: clangd runs under us
--
-- With nvim-lspconfig, oc.lspconfig() registers "ordercheck" instead (see
-- README.md); this file works without it.
local M = {}

local function root_of(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = vim.fn.fnamemodify(name, ':p:h')
  local found = vim.fn.findfile('compile_commands.json', dir .. ';')
  if found == '' then
    found = vim.fn.finddir('.git', dir .. ';')
  end
  return found ~= '' and vim.fn.fnamemodify(found, ':p:h:h') or dir
end

function M.cmd(opts)
  opts = opts or {}
  local cmd = { opts.ordercheck or 'ordercheck', 'lsp' }
  if opts.wrap then
    vim.list_extend(cmd, { '--wrap', opts.clangd or 'clangd' })
  end
  vim.list_extend(cmd, opts.args or {}) -- clangd's, under wrap
  return cmd
end

local clients = {} -- root -> client id: one server per project

-- Attach the server to @bufnr; @config overrides the client config.
function M.start(bufnr, opts, config)
  opts = opts or {}
  local root = root_of(bufnr)
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(vim.tbl_extend('force', {
      name = opts.wrap and 'clangd+ordercheck' or 'ordercheck',
      cmd = M.cmd(opts),
      root_dir = root,
    }, config or {}))
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

function M.setup(opts)
  vim.api.nvim_create_autocmd('FileType', {
    group = vim.api.nvim_create_augroup('ordercheck', { clear = true }),
    -- Vim calls .h files "cpp"; the server checks .c and .h files only
    pattern = { 'c', 'cpp' },
    callback = function(args) M.start(args.buf, opts) end,
  })
end

-- nvim-lspconfig: `lspconfig.ordercheck.setup({})` afterwards.
function M.lspconfig(opts)
  local lspconfig = require('lspconfig')
  local configs = require('lspconfig.configs')
  if not configs.ordercheck then
    configs.ordercheck = {
      default_config = {
        cmd = M.cmd(opts),
        filetypes = { 'c', 'cpp' },
        root_dir = lspconfig.util.root_pattern('compile_commands.json',
                                               '.git'),
        single_file_support = true,
      },
    }
  end
  return lspconfig.ordercheck
end

return M
