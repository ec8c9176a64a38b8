! ringloc-expect: lines=6 code=3 comments=3 blanks=0
! Traps: ! inside quotes is text; a doubled quote stays in the string.
program main
  print *, 'it''s ! not a comment' ! but this is
  ! only a comment
end program
