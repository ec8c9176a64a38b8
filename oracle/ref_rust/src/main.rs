//! Rust's reference: rustc_lexer, the compiler's own lexer (rust-analyzer's published copy). Reads
//! one JSON request a line on stdin, {"text": SOURCE}, and answers one JSON line: the byte spans of
//! the source's comments (line, block and doc comments, and the `#!` line rustc strips), or the
//! error that kept it from reading the source (an unterminated block comment). Lexing never fails
//! otherwise: macros and code that would not compile are tokens like any others.

use std::io::{self, BufRead, Write};

use ra_ap_rustc_lexer::{strip_shebang, tokenize, FrontmatterAllowed, TokenKind};
use serde_json::{json, Value};

/// Each comment's [start, end) byte span, or why the source cannot be read. rustc strips a `#!`
/// first line before it lexes the rest (unless a `[` follows it, blanks and comments aside: an
/// inner attribute, `#![allow(x)]`), so that line is a comment span too.
fn spans(text: &str) -> Result<Vec<[usize; 2]>, String> {
    let mut found = Vec::new();
    let mut offset = 0;
    if let Some(len) = strip_shebang(text) {
        found.push([0, len]);
        offset = len;
    }
    for token in tokenize(&text[offset..], FrontmatterAllowed::No) {
        let end = offset + token.len as usize;
        match token.kind {
            TokenKind::LineComment { .. } => found.push([offset, end]),
            TokenKind::BlockComment { terminated: true, .. } => found.push([offset, end]),
            TokenKind::BlockComment { terminated: false, .. } => {
                let line = text[..offset].matches('\n').count() + 1;
                return Err(format!("rustc_lexer: unterminated block comment at line {line}"));
            }
            _ => {}
        }
        offset = end;
    }
    Ok(found)
}

fn answer(request: &str) -> Value {
    let text = match serde_json::from_str::<Value>(request) {
        Ok(value) => value["text"].as_str().map(str::to_owned),
        Err(err) => return json!({ "error": format!("bad request: {err}") }),
    };
    match text.map(|t| spans(&t)) {
        Some(Ok(found)) => json!({ "spans": found, "unjudged": [] }),
        Some(Err(err)) => json!({ "error": err }),
        None => json!({ "error": "bad request: no text" }),
    }
}

fn main() -> io::Result<()> {
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        writeln!(out, "{}", answer(&line?))?;
        out.flush()?;
    }
    Ok(())
}
