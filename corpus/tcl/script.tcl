# ringloc-expect: lines=4 code=2 comments=2 blanks=0
# Traps: # inside a quoted word is text.
puts "a # b"
set x 1 ;# a comment after a command
