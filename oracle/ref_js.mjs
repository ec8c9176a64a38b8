// JavaScript/TypeScript reference: @babel/parser, the parser Babel itself runs. Reads one JSON
// request a line on stdin ({"path": ..., "typescript": bool, "jsx": bool}) and answers one JSON
// line: the byte spans of the file's comments (its hashbang line among them), or the error that
// kept Babel from reading it.
import { parse } from "@babel/parser";
import { readFileSync } from "node:fs";
import { serveLines } from "./serve_lines.mjs";

function byteSpans(text, comments) {
  const spans = [];
  let index = 0;
  let bytes = 0;
  for (const c of comments.slice().sort((a, b) => a.start - b.start)) {
    bytes += Buffer.byteLength(text.slice(index, c.start));
    const start = bytes;
    bytes += Buffer.byteLength(text.slice(c.start, c.end));
    index = c.end;
    spans.push([start, bytes]);
  }
  return spans;
}

function answer(request) {
  const text = request.text ?? readFileSync(request.path, "utf8");
  const plugins = [];
  if (request.typescript) plugins.push("typescript");
  if (request.jsx) plugins.push("jsx");
  const options = { sourceType: "unambiguous", plugins, allowReturnOutsideFunction: true, errorRecovery: false };
  const ast = parse(text, options);
  // A `#!` first line is ECMAScript's HashbangComment: a comment, which Babel keeps as the
  // program's interpreter directive rather than among its comments.
  const interpreter = ast.program.interpreter;
  return { spans: byteSpans(text, interpreter ? [interpreter, ...ast.comments] : ast.comments) };
}

await serveLines(answer);
