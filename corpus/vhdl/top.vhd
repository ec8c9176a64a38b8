-- ringloc-expect: lines=6 code=3 comments=3 blanks=0
-- Traps: the attribute tick is not a quote, so -- after it is a comment.
entity top is end;
-- a comment
architecture a of top is begin s <= x'length; -- after code
end a;
