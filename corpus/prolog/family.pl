% ringloc-expect: lines=9 code=4 comments=4 blanks=1
% Traps: a .pl that is Prolog by its clauses, not Perl; a % inside a quoted atom is text.
:- module(family, [parent/2]).

parent(tom, bob). % a fact
/* a block
   comment */
greeting('50% off').
grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
