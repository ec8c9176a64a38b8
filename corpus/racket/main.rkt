; ringloc-expect: lines=5 code=2 comments=3 blanks=0
; Traps: #| |# nests; #\" is a character, not a string.
#| a #| nested |# comment |#
(define q #\")
(displayln "; not a comment")
