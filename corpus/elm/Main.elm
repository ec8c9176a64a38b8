-- ringloc-expect: lines=6 code=3 comments=3 blanks=0
-- Traps: {- -} nests; a char literal holding a quote.
{- outer {- inner -} still -}
q = '"'
s = "-- not a comment"
main = text s
