% ringloc-expect: lines=16 code=9 comments=5 blanks=2
% Traps: a .m file that is Mercury by its module declaration, not Objective-C; a % inside a
% string or a quoted atom is text; /* */ blocks are comments too.
:- module hello.
:- interface.
:- import_module io.
:- pred main(io::di, io::uo) is det.

:- implementation.
/* a block
   comment */
main(!IO) :-
    io.write_string("100% sure\n", !IO),  % a trailing comment
    X = '50% off',

    io.write_string(X, !IO).
