// ringloc-expect: lines=6 code=3 comments=3 blanks=0
// Traps: a .v that is Verilog (module), a sized literal's tick is not a quote.
module top(input a);
  assign x = 8'hFF; // after code
  /* a block */
endmodule
