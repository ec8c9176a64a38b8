# Perl's reference: PPI, which reads Perl as a document without running it. Reads one file path a
# line on stdin and answers one JSON line: the byte spans of its comments and POD, and the text
# after __END__/__DATA__ that is not POD as unjudged, or why PPI could not read the file.
use strict;
use warnings;
use JSON::PP;
use PPI;

$| = 1;
my $json = JSON::PP->new->canonical;

sub spans {
    my ($src) = @_;
    my @starts = (0);
    while ($src =~ /\n/g) { push @starts, pos($src) }
    my $text = $src;
    my $doc = PPI::Document->new(\$text) or die "ppi: " . (PPI::Document->errstr || "cannot parse") . "\n";
    $doc->index_locations;
    my (@comments, @unjudged);
    for my $token (@{ $doc->find('PPI::Token') || [] }) {
        my $kind = ref $token;
        my $loc = $token->location or next;
        my $start = $starts[ $loc->[0] - 1 ] + $loc->[1] - 1;
        my $end = $start + length $token->content;
        if ($kind eq 'PPI::Token::Comment' || $kind eq 'PPI::Token::Pod') {
            push @comments, [ $start, $end ];
        } elsif ($kind eq 'PPI::Token::End' || $kind eq 'PPI::Token::Data') {
            push @unjudged, [ $start, $end ];
        }
    }
    return { spans => \@comments, unjudged => \@unjudged };
}

# PPI splits lines by $/, so the file is read where $/ is undone before PPI runs.
sub slurp {
    my ($path) = @_;
    open my $fh, '<:raw', $path or die "open: $!\n";
    local $/;
    return scalar <$fh>;
}

while (my $path = <STDIN>) {
    chomp $path;
    my $reply = eval { spans(slurp($path)) } || { error => ($@ =~ s/\n.*//sr) };
    print $json->encode($reply), "\n";
}
