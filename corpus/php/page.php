<!-- ringloc-expect: lines=13 code=8 comments=5 blanks=0 -->
<!-- ringloc-embedded: HTML: lines=6 code=3 comments=3 blanks=0; JavaScript: lines=1 code=0 comments=1 blanks=0 -->
<!-- Traps: the page before the first PHP tag is HTML (even this comment would end at one); a closing tag in a string is safe but ends a // comment; an echo tag inside a script is PHP and the script resumes after it; a closing tag in a block comment ends nothing. -->
<?php
$x = "?>"; // the string is safe, this comment is not: ?>
<p>page</p>
<script>
var n = <?= $x ?>;
// still the script after PHP's echo
</script>
<?php
/* block ?> does not end PHP */
echo $x;
