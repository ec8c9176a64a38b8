// ringloc-expect: lines=7 code=2 comments=5 blanks=0
// Traps: (* *) nests, a verbatim string holding (*, a triple-quoted one too.
(* outer (* inner *)
   still outer *)
let s = @"C:\(*dir"
let t = """ "quoted" (* """
// trailing
