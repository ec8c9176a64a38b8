# ringloc-expect: lines=6 code=4 comments=2 blanks=0
# Traps: a string over two lines holding #, # in single quotes.
x <- "first
# second, still the string"
y <- '#' # a comment
print(x)
