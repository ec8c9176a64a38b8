#!/usr/bin/perl
# ringloc-expect: lines=15 code=8 comments=5 blanks=2
# Traps: '#' inside strings, escaped quotes, a string ending in an escaped backslash, and
# $#array, which starts a "comment" for the counter after code, so the line stays code.
use strict;
use warnings;

my @list = (1, 2, 3);
my $last = $#list;   # index of the last element
my $s = "a \"quoted\" # word";
my $t = 'it\'s # still a string';
my $dir = "C:\\"; # a real comment
    # an indented comment

print "$s $t $dir $last\n";
