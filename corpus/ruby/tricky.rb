# ringloc-expect: lines=16 code=6 comments=8 blanks=2
# Traps: an =begin/=end block comment with a blank line inside, '#' inside strings and in
# interpolation, escaped quotes, and a string ending in an escaped backslash.
require "json"

=begin
A block comment.

Still inside.
=end
name = "tricky # not a comment"
greeting = "hello #{name}" # a real comment
single = 'it\'s # a string'
path = "C:\\" # the quote closed the string
  # indented comment
puts [name, greeting, single, path].to_json
