#!/usr/bin/perl
# ringloc-expect: lines=46 code=31 comments=10 blanks=5
# Traps: '#' lines inside multi-line strings and quote-like operators of any delimiter (brackets
# nest), inside an /x regex (a regex comment is part of the regex), s{}{} with its second body on
# the next line, and the special variables $' $" $# whose quote or hash opens nothing.
use strict;
use warnings;

my $text = "first line
# inside a double-quoted string
last line";
my $raw = 'it is
# inside a single-quoted string
';
my @words = qw(
    alpha
    # not a comment: a word of the list
    beta
);
my $block = q{a {nested
# still inside the braces
} block};
my $re = qr{
    \d+     # digits: a comment of the /x regex, code to Perl's lexer
    [a-z]   # letters
}x;

(my $copy = $text) =~ s{first}
    {# replaced};
$copy =~ s#line#LINE#g;   # s with hashes: this comment is a comment
$copy =~ tr/a-z/A-Z/;
my %h = (s => 1, y => 2, q => 3);
# a comment after a fat comma's words
my $n = $#words;  # $#words is code
my $sep = $";     # the list separator
my $post = $';    # after the match

# a real comment
print "$text $raw @words $block $re $copy $n $sep $post $h{s}\n";
print q<a <b> c>, "\n";    # nesting angle brackets
my $size = -s $0;          # a file test, not s///
=pod

POD after code is a comment, #-lines and all.

=cut
