# ringloc-expect: lines=8 code=3 comments=5 blanks=0
# Traps: ### opens and closes a block comment; a block string holding #.
###
a block comment
###
s = """
# not a comment"""
x = 1 # a comment
