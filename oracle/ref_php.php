<?php
// PHP's reference: token_get_all, PHP's own lexer, with TOKEN_PARSE so that a file PHP cannot
// parse is refused. Reads one file path a line on stdin and answers one JSON line: the byte spans
// of its comments, and the page around the PHP blocks (T_INLINE_HTML) as unjudged, since HTML is
// not PHP's to judge; or the error that kept PHP from reading it.
function spans(string $src): array {
    $comments = [];
    $unjudged = [];
    $offset = 0;
    foreach (token_get_all($src, TOKEN_PARSE) as $token) {
        $text = is_array($token) ? $token[1] : $token;
        $end = $offset + strlen($text);
        if (is_array($token) && ($token[0] === T_COMMENT || $token[0] === T_DOC_COMMENT)) {
            $comments[] = [$offset, $end];
        } elseif (is_array($token) && $token[0] === T_INLINE_HTML && trim($text) !== '') {
            $unjudged[] = [$offset, $end];
        }
        $offset = $end;
    }
    return ['spans' => $comments, 'unjudged' => $unjudged];
}

while (($path = fgets(STDIN)) !== false) {
    try {
        $reply = spans(file_get_contents(rtrim($path, "\n")));
    } catch (Throwable $e) {
        $reply = ['error' => 'token_get_all: ' . strtok($e->getMessage(), "\n")];
    }
    echo json_encode($reply), "\n";
}
