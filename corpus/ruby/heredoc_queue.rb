# ringloc-expect: lines=29 code=19 comments=8 blanks=2
# Traps: two heredocs opened on one line inside interpolations (forwardable.rb), whose bodies
# follow one after the other, and a /x regex whose interpolations hold a regex (power_assert):
# the inner regex's slash does not end the outer one, and its `#{...}` lines are code.
def compile(mid, srctxt)
  eval("#{<<-"begin;"}\n#{<<-"end;"}", binding)
    begin;
      #{mid}
    end;
  # a comment after the bodies
  re = /
    #{'\b' if /\A\w/ =~ srctxt}
    #{Regexp.escape(srctxt)}
    #{'\b' if /\w\z/ =~ srctxt}
  /x
  # a comment after the regex
  re
end

klass = [/[#{1}\/]/, /#{"}"}/]
# a comment after regexes whose interpolation holds a bracket
puts compile(1, "a"), klass
x = <<A + <<B
A
# in the second body
B

# the last comment
puts x
