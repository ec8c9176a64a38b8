// ringloc-expect: lines=7 code=2 comments=5 blanks=0
// Traps: { } and (* *) comments, a string holding {.
program P;
{ a brace
  comment }
(* another *)
begin writeln('{ not a comment }') end.
