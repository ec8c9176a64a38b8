#!/usr/bin/awk -f
# ringloc-expect: lines=15 code=8 comments=5 blanks=2
# Traps: '#' inside strings, escaped quotes, a string ending in an escaped backslash, and
# comments after code inside pattern-action blocks.
BEGIN { FS = "#"; OFS = "\"#\"" }   # field separator is a hash

# count lines by their first field
{
    n[$1]++            # a real comment
    s = "C:\\"         # the quote after \\ closes
}

END {
    for (k in n) print k, n[k], s
}
