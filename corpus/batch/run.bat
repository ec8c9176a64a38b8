@REM ringloc-expect: lines=6 code=3 comments=3 blanks=0
:: Traps: REM is a word (REMOVE is a command), @REM and lower-case rem too.
@echo off
REMOVE x
rem lower-case rem
echo "REM in a string"
