# SPDX-License-Identifier: GPL-2.0
"""A scripted LSP client for the tests: a real server process on pipes,
Content-Length framing, and waiting for what the server sends.

Server-to-client requests are answered as an editor would: applyEdit is
applied to the documents the client holds (and counted), everything else
gets a null result.
"""
import json
import os
import queue
import subprocess
import threading
import time


class LspError(Exception):
    pass


def uri_of(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def apply_edits(text, edits):
    """TextEdits (UTF-16 positions; our tests are ASCII) applied to text."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def off(pos):
        ln = pos["line"]
        if ln >= len(starts):
            return len(text)
        return min(starts[ln] + pos["character"],
                   starts[ln] + len(lines[ln]))

    for e in sorted(edits, key=lambda e: off(e["range"]["start"]),
                    reverse=True):
        a, b = off(e["range"]["start"]), off(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text


class Client:
    def __init__(self, argv, cwd=None, env=None, log=None):
        self.log = log or open(os.devnull, "w")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=self.log, cwd=cwd, env=env)
        self.q = queue.Queue()
        self.seen = []  # every message received, in order
        self.next_id = 1
        self.docs = {}  # uri -> text, as the editor holds it
        self.applied = []  # applyEdit requests we carried out
        self.server_requests = []
        threading.Thread(target=self._reader, daemon=True).start()

    # ---- wire ----
    def _reader(self):
        f = self.proc.stdout
        while True:
            length = None
            while True:
                line = f.readline()
                if not line:
                    self.q.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.decode().partition(":")
                if k.lower() == "content-length":
                    length = int(v)
            body = f.read(length)
            try:
                # strict UTF-8: a server that writes a bad byte is wrong
                self.q.put(json.loads(body.decode("utf-8")))
            except ValueError:
                self.q.put({"__bad__": body.decode(errors="replace")})

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return rid

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # ---- receiving ----
    def _answer(self, msg):
        """Answer a request from the server, as an editor would."""
        self.server_requests.append(msg)
        result = None
        if msg["method"] == "workspace/applyEdit":
            self.apply_workspace_edit(msg["params"]["edit"])
            self.applied.append(msg)
            result = {"applied": True}
        self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    def next(self, timeout):
        try:
            msg = self.q.get(timeout=timeout)
        except queue.Empty:
            return None
        if msg is None:
            raise LspError("the server closed its output")
        self.seen.append(msg)
        if "method" in msg and "id" in msg:
            self._answer(msg)
        return msg

    def wait(self, pred, timeout=60, what="a message"):
        end = time.time() + timeout
        while time.time() < end:
            msg = self.next(max(0.01, end - time.time()))
            if msg is not None and pred(msg):
                return msg
        raise LspError("timed out waiting for %s; last messages: %s" %
                       (what, json.dumps(self.seen[-5:])[:3000]))

    def response(self, rid, timeout=60):
        return self.wait(lambda m: m.get("id") == rid and "method" not in m,
                         timeout, "the response to request %r" % rid)

    def call(self, method, params, timeout=60):
        msg = self.response(self.request(method, params), timeout)
        if "error" in msg:
            raise LspError("%s failed: %s" % (method, msg["error"]))
        return msg["result"]

    def diagnostics(self, uri, pred=lambda ds: True, timeout=60):
        """The next publishDiagnostics for uri whose list satisfies pred."""
        msg = self.wait(lambda m: m.get("method") ==
                        "textDocument/publishDiagnostics" and
                        m["params"]["uri"] == uri and
                        pred(m["params"]["diagnostics"]),
                        timeout, "diagnostics for " + uri)
        return msg["params"]["diagnostics"]

    # ---- documents ----
    def open(self, path, text=None, language="c"):
        uri = uri_of(path)
        if text is None:
            with open(path) as f:
                text = f.read()
        self.docs[uri] = [text, 1]
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1,
            "text": text}})
        return uri

    def change_full(self, uri, text):
        self.docs[uri][0] = text
        self.docs[uri][1] += 1
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": self.docs[uri][1]},
            "contentChanges": [{"text": text}]})

    def change_edits(self, uri, edits):
        """Incremental sync: the edits as ranged changes, last first."""
        doc = self.docs[uri]
        changes = []
        for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"],
                                              e["range"]["start"]["character"]),
                        reverse=True):
            changes.append({"range": e["range"], "text": e["newText"]})
            doc[0] = apply_edits(doc[0], [e])
        doc[1] += 1
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": doc[1]},
            "contentChanges": changes})

    def apply_workspace_edit(self, edit):
        for uri, edits in edit.get("changes", {}).items():
            if uri in self.docs:
                self.docs[uri][0] = apply_edits(self.docs[uri][0], edits)
                self.docs[uri][1] += 1

    def close(self, uri):
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    # ---- the end ----
    def shutdown_exit(self, timeout=30):
        self.call("shutdown", None)
        self.notify("exit", None)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise LspError("the server did not exit after exit")

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def capabilities(literals=True, related=True, utf8=False):
    caps = {"textDocument": {
        "publishDiagnostics": {"relatedInformation": related,
                               "versionSupport": True},
        "synchronization": {"didSave": True},
        "codeAction": {}},
        "window": {"workDoneProgress": True},
        "workspace": {"applyEdit": True}}
    if literals:
        caps["textDocument"]["codeAction"]["codeActionLiteralSupport"] = {
            "codeActionKind": {"valueSet": ["quickfix", "refactor"]}}
    if utf8:
        caps["general"] = {"positionEncodings": ["utf-8", "utf-16"]}
    return caps
