# ringloc-expect: lines=4 code=2 comments=2 blanks=0
# Traps: # inside a string and a char.
puts "a # b"
c = '#' # a comment
