<?php
// ringloc-expect: lines=32 code=23 comments=7 blanks=2
// Traps: '#' and '//' lines inside heredocs, nowdocs and multi-line strings are string content;
// closing words indented and followed by `;` or `)` (PHP 7.3); a shift operator that is no heredoc.

$name = "world";
$text = <<<EOT
    # not a comment: heredoc text for {$name}
    // nor this
    EOT;
$raw = <<<'SQL'
-- a nowdoc holds anything
# even this
SQL;
printf(<<< "HTML"
  <p>%s</p>
  HTML, $name);
$double = "first
# inside a double-quoted string
// and this";
$single = 'first
/* inside a single-quoted string */
';
$bits = 1 << 3; // a shift
# a real comment
/* a block
   comment */

echo $text, $raw, $double, $single, $bits, <<<eot
  lower-case words are words too
  eot;
// the end
