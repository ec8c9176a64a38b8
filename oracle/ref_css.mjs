// CSS and SCSS reference: PostCSS, the parser under Autoprefixer, Stylelint and most CSS tooling,
// with postcss-scss for SCSS (its `//` comments and nesting). Reads one JSON request a line on
// stdin ({"text": ..., "scss": bool}) and answers one JSON line: the byte spans of its comments,
// or the error that kept PostCSS from reading the text. Comments between rules and declarations
// are nodes; those inside a selector, a value or an at-rule's parameters (a Sass map's `//`
// lines) are kept in the node's raw text, which the parser's own tokenizer reads again here.
import postcss from "postcss";
import cssTokenize from "postcss/lib/tokenize";
import scss from "postcss-scss";
import scssTokenize from "postcss-scss/lib/scss-tokenize";
import { serveLines } from "./serve_lines.mjs";

// The comments inside a node's selector, value or parameters: [start, end) offsets in `text`.
function rawComments(node, text, tokenize, comments) {
  for (const key of ["selector", "value", "params"]) {
    const raw = node.raws[key];
    if (!raw || typeof raw !== "object") continue;
    const verbatim = raw.scss ?? raw.raw;
    const base = text.indexOf(verbatim, node.source.start.offset);
    if (base < 0) throw new Error(`the raw ${key} of line ${node.source.start.line} is not in the text`);
    const tokens = tokenize({ css: verbatim });
    while (!tokens.endOfFile()) {
      const token = tokens.nextToken();
      if (token[0] === "comment") comments.push([base + token[2], base + token[3] + 1]);
    }
  }
}

function answer(request) {
  const text = request.text;
  const root = request.scss ? scss.parse(text) : postcss.parse(text);
  const tokenize = request.scss ? scssTokenize : cssTokenize;
  const comments = [];
  root.walk((node) => {
    if (node.type === "comment") comments.push([node.source.start.offset, node.source.end.offset]);
    else rawComments(node, text, tokenize, comments);
  });
  comments.sort((a, b) => a[0] - b[0]);
  const spans = [];
  let index = 0;
  let bytes = 0;
  for (const [start, end] of comments) {
    bytes += Buffer.byteLength(text.slice(index, start));
    const first = bytes;
    bytes += Buffer.byteLength(text.slice(start, end));
    index = end;
    spans.push([first, bytes]);
  }
  return { spans };
}

await serveLines(answer);
