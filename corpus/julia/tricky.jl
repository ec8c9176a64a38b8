# ringloc-expect: lines=11 code=6 comments=4 blanks=1
#= Traps: nested #= block =# comments, '#' inside strings and triple-quoted strings, an
   escaped quote, the adjoint tick (not a quote), and a blank line inside a block comment.

=#
s = "a \"quoted\" # word"
t = """
# not a comment
"""
#= outer #= inner =# still outer =# x = 1
A = [1 2; 3 4]'   # the adjoint tick is not a quote
