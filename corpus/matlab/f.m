% ringloc-expect: lines=13 code=4 comments=9 blanks=0
% Traps: %{ and %} count only alone on their line; such blocks nest; a transpose is not a quote.
function y = f(x)
%{
  %{
  nested
  %}
still in the outer block %}
%}
y = x'; % transpose, then a comment
%{ not a block: a line comment
y = y + 1;
end
