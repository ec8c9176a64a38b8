#!/usr/bin/perl
# ringloc-expect: lines=36 code=24 comments=9 blanks=3
# Traps: two and three heredocs opened on one line, whose bodies follow one after the other in the
# order opened (ExtUtils::Constant::ProxySubs), and a match delimited by `;` over lines with `#`
# lines inside (Getopt::Long), beside `m#x#s;`, whose `s` is a modifier, not a substitution.
use strict;
use warnings;

my $x = shift;
print $x ? <<"EXPLODE" : << "DONT";
# in the first body
EXPLODE
# in the second body

DONT
print <<A, <<'B', <<"C";
A
#B
B
# C
C
# a comment after the bodies
if ($x !~ m;^
	   (
	     # a comment of the /x regex: part of the regex
	     \w+
	   )?
	   $;x ) {
    # a comment in the block
    print "no\n";
}
$x =~ m#a#s;
# a comment after the modifier

# the last comment
1;
