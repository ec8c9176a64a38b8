-- ringloc-expect: lines=5 code=3 comments=2 blanks=0
-- Traps: -- inside a string with doubled quotes.
procedure Main is
   S : String := "say ""--"" twice"; -- comment
begin null; end Main;
