#!/usr/bin/perl
# ringloc-expect: lines=45 code=21 comments=15 blanks=9
# Traps: '#' inside strings, escaped quotes, a string ending in an escaped backslash, and
# $#array, which starts a "comment" for the counter after code, so the line stays code; POD
# opened by =back and =end; << and # in a regex; heredoc words quoted, not words, indented.
use strict;
use warnings;

my @list = (1, 2, 3);
my $last = $#list;   # index of the last element
my $s = "a \"quoted\" # word";
my $t = 'it\'s # still a string';
my $dir = "C:\\"; # a real comment
    # an indented comment

print "$s $t $dir $last\n";

=back

A POD block may open on any command, =back included.

=cut

sub f { return 1 }

=end comment

Text after =end stays POD up to the next =cut.

=cut
# A regex holds its << (no heredoc) and its # (no comment):
my ($word) = $s =~ /<<\s*(\w+)/;
my $hash = $s =~ /#/;
# still a comment
print <<'=back';
=over
# the body of a heredoc whose word is =back
=back
warn <<"    EOT";
    # in the heredoc too
    EOT
my $x = eval <<'.';
# and here
.
# a comment again
