; ringloc-expect: lines=7 code=3 comments=4 blanks=0
; Traps: the character \" is not a string; a string spanning lines holds a ;.
(def q \")
; a comment after the char
(def s "a
; inside the string")
;; done
