;;; ordercheck-lsp-mode.el --- ordercheck as an lsp-mode add-on -*- lexical-binding: t -*-
;; SPDX-License-Identifier: GPL-2.0

;;; Commentary:
;; lsp-mode runs add-on servers beside the main one, so ordercheck runs
;; next to lsp-mode's clangd client for C buffers:
;;   (with-eval-after-load 'lsp-mode
;;     (load "/path/to/integration/editors/emacs/ordercheck-lsp-mode.el"))

;;; Code:
(require 'lsp-mode)

(defvar ordercheck-program "ordercheck"
  "The ordercheck executable.")

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection
                   (lambda () (list ordercheck-program "lsp")))
  :activation-fn (lsp-activate-on "c" "cpp")
  :add-on? t
  :priority -2
  :server-id 'ordercheck))

(provide 'ordercheck-lsp-mode)
;;; ordercheck-lsp-mode.el ends here
