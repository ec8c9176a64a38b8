(* ringloc-expect: lines=14 code=7 comments=5 blanks=2 *)
(* Traps: nested (* comments *), comment markers inside strings and quoted strings {|...|}
   (no escapes there), an escaped quote, and a string spanning lines. *)
let greeting = "hello (* not a comment *)"

(* outer (* inner *) still outer

   *) let x = 1
let raw = {|a "quoted" (* word *) \|}
let multi = "first
(* inside the string *)
last"
let q = "say \"hi\""
  (* indented comment *)
