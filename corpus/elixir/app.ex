# ringloc-expect: lines=7 code=4 comments=3 blanks=0
# Traps: a triple-quoted string holding #, a charlist holding #.
@moduledoc """
# not a comment
"""
x = 'a # b' # a comment
# only a comment
