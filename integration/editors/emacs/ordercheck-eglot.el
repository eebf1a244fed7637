;;; ordercheck-eglot.el --- ordercheck in Eglot, through clangd -*- lexical-binding: t -*-
;; SPDX-License-Identifier: GPL-2.0

;;; Commentary:
;; Eglot runs one server per buffer, so ordercheck runs clangd as its
;; child and merges both servers' diagnostics and code actions:
;;   (load "/path/to/integration/editors/emacs/ordercheck-eglot.el")
;; then M-x eglot in a C buffer.  Set `ordercheck-program' if ordercheck
;; is not on PATH.

;;; Code:
(require 'eglot)

(defvar ordercheck-program "ordercheck"
  "The ordercheck executable.")

(defvar ordercheck-clangd-program "clangd"
  "The clangd that ordercheck runs under `ordercheck lsp --wrap'.")

(add-to-list 'eglot-server-programs
             `((c-mode c-ts-mode c++-mode c++-ts-mode)
               . (,ordercheck-program "lsp" "--wrap"
                  ,ordercheck-clangd-program)))

(provide 'ordercheck-eglot)
;;; ordercheck-eglot.el ends here
