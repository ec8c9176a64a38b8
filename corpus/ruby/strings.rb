# ringloc-expect: lines=39 code=27 comments=10 blanks=2
# Traps: '#' lines inside multi-line strings and percent literals (interpolation, #include), a
# character literal ?' and the special variable $' holding their quotes, a modulo that is no
# literal, and `<<\s` in a regex after `when`, which Ruby never reads as a heredoc.
src = "int main(void)
#include <stdio.h>
#{name}
"
raw = 'single
# inside single quotes
'
list = %w[
  alpha
  # a word of the list
]
text = %{a {nested
# still inside
} block}
re = %r{
  \d+ # a comment of the /x regex, part of the regex
}x
quotes = [?', ?"]  # character literals
after = $'         # the post-match
half = 7 % 2       # a modulo
line = "%d" % [half]
# a real comment

case line
when /\A(\w+)\s*<<\s*(.+)\z/
  # a comment after the regex
  puts $1
end
# another comment
x = 1 ?'a':'b'
puts src, raw, list, text, re, quotes, after, x

=begin
a block comment
=end
