# ringloc-expect: lines=11 code=7 comments=3 blanks=1
<# Traps: a block comment with a blank line inside,

   here-strings holding comment markers, backslashes that are not escapes. #>
$path = "C:\temp\" # a backslash does not escape the quote
$here = @"
# not a comment
<# nor this #>
"@
$single = 'it''s # a string'
Write-Output $path $here $single <# inline #> # trailing
