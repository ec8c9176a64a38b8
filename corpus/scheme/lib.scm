; ringloc-expect: lines=6 code=2 comments=4 blanks=0
; Traps: #| |# nests, the character #\; is code.
#| outer #| inner |# still |#
(define c #\;)
(display "a ; b") ; a comment
;; end
