(* ringloc-expect: lines=11 code=6 comments=5 blanks=0 *)
(* Traps: a .v that is Coq, not Verilog; comments nest; a string holds a comment opener. *)
Require Import Arith.
(* outer (* inner *) still outer *)
Definition s := "(* not a comment".
Theorem t : 1 = 1.
Proof.
  (* a proof step
     explained *)
  reflexivity.
Qed.
