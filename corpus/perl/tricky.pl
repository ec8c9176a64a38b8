#!/usr/bin/perl
# ringloc-expect: lines=30 code=9 comments=12 blanks=9
# Traps: '#' inside strings, escaped quotes, a string ending in an escaped backslash, and
# $#array, which starts a "comment" for the counter after code, so the line stays code; POD
# opened by =back and =end.
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
