//! The byte-by-byte twin of [`super::LineCounter`]: no tables, no skipping, no chunks. It exists
//! to be obviously right, and the fast path is tested against it.

use super::Counts;
use crate::lang::{LangId, Quote};

enum Mode {
    Code,
    LineComment,
    Block { open: &'static [u8], close: &'static [u8], depth: u32 },
    Str { quote: &'static Quote, doc: bool },
}

enum Opener {
    Line,
    Block(&'static [u8], &'static [u8]),
    Quote(&'static Quote),
}

pub fn count_reference(lang: LangId, bytes: &[u8]) -> Counts {
    let syntax = &lang.language().syntax;
    let mut openers: Vec<(&[u8], Opener)> = Vec::new();
    openers.extend(syntax.line_comments.iter().map(|&m| (m, Opener::Line)));
    openers.extend(syntax.block_comments.iter().map(|&(o, c)| (o, Opener::Block(o, c))));
    openers.extend(syntax.quotes.iter().map(|q| (q.open, Opener::Quote(q))));
    openers.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));

    let mut counts = Counts::default();
    let (mut code, mut comment) = (false, false);
    let mut end_line = |code: &mut bool, comment: &mut bool| {
        counts.lines += 1;
        match (*code, *comment) {
            (true, _) => counts.code += 1,
            (false, true) => counts.comments += 1,
            _ => counts.blanks += 1,
        }
        (*code, *comment) = (false, false);
    };
    let mut mode = Mode::Code;
    let mut i = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    while i < bytes.len() {
        let b = bytes[i];
        let rest = &bytes[i..];
        if b == b'\n' {
            end_line(&mut code, &mut comment);
            match mode {
                Mode::LineComment => mode = Mode::Code,
                Mode::Str { quote, .. } if !quote.multiline => mode = Mode::Code,
                _ => {}
            }
            i += 1;
            continue;
        }
        if matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c) {
            i += 1;
            continue;
        }
        match mode {
            Mode::Code => match openers.iter().find(|(m, _)| rest.starts_with(m)) {
                Some((m, opener)) => {
                    i += m.len();
                    mode = match *opener {
                        Opener::Line => {
                            comment = true;
                            Mode::LineComment
                        }
                        Opener::Block(open, close) => {
                            comment = true;
                            Mode::Block { open, close, depth: 1 }
                        }
                        Opener::Quote(quote) => {
                            let doc = quote.doc && !code;
                            if doc {
                                comment = true;
                            } else {
                                code = true;
                            }
                            Mode::Str { quote, doc }
                        }
                    };
                }
                None => {
                    code = true;
                    i += 1;
                }
            },
            Mode::LineComment => i += 1,
            Mode::Block { open, close, depth } => {
                comment = true;
                if rest.starts_with(close) {
                    i += close.len();
                    mode =
                        if depth == 1 { Mode::Code } else { Mode::Block { open, close, depth: depth - 1 } };
                } else if syntax.nested && rest.starts_with(open) {
                    i += open.len();
                    mode = Mode::Block { open, close, depth: depth + 1 };
                } else {
                    i += 1;
                }
            }
            Mode::Str { quote, doc } => {
                if doc {
                    comment = true;
                } else {
                    code = true;
                }
                if quote.escape && b == b'\\' {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        end_line(&mut code, &mut comment);
                    }
                    i += 2;
                } else if rest.starts_with(quote.close) {
                    i += quote.close.len();
                    mode = Mode::Code;
                } else {
                    i += 1;
                }
            }
        }
    }
    if bytes.last().is_some_and(|&b| b != b'\n') {
        end_line(&mut code, &mut comment);
    }
    counts
}
