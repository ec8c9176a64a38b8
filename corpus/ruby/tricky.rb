# ringloc-expect: lines=20 code=8 comments=10 blanks=2
# Traps: an =begin/=end block comment with a blank line inside, '#' inside strings and in
# interpolation, escaped quotes, a string ending in an escaped backslash, << and # in a regex.
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
# A regex holds its << (no heredoc) and its # (no comment):
path = path.gsub(/<<\s*(\w*)/, 'from-\1') if path =~ /<</
tag = path =~ /#\d+/
# still a comment
