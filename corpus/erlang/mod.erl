% ringloc-expect: lines=6 code=3 comments=3 blanks=0
% Traps: % inside a string and a quoted atom is text.
-module(mod).
f() -> "50% off". % a comment
g() -> '%atom'.
%% a doc-style comment
