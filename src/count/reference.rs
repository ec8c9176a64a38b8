//! The byte-by-byte twin of [`super::LineCounter`]: no class tables, no skipping, no chunks. It
//! exists to be obviously right, and the fast path is tested against it. It shares with the fast
//! path only `markers.rs`, the recognizers that say what a marker at one position is.

use super::markers::{
    block_closes, block_opens, heredoc_closes, heredoc_opens, hole_opens, is_ws, openers, quote_closes,
    regex_may_follow, window, Close, HeredocAt, Hole, Kind, Tag,
};
use super::{Counts, Options};
use crate::lang::{Block, LangId, Quote};

enum Mode {
    Code,
    LineComment,
    Block { block: &'static Block, tag: Tag, depth: u32 },
    Str { quote: &'static Quote, tag: Tag, doc: bool },
    Regex { class: bool },
    Heredoc { word: Tag, indent: bool, fresh: bool },
    Hole,
}

/// The string whose interpolation hole is open (see the fast path's `InHole`).
struct InHole {
    quote: &'static Quote,
    tag: Tag,
    doc: bool,
    depth: u32,
}

pub fn count_reference(lang: LangId, bytes: &[u8]) -> Counts {
    count_reference_with(lang, Options::default(), bytes)
}

pub fn count_reference_with(lang: LangId, options: Options, bytes: &[u8]) -> Counts {
    let syntax = &lang.language().syntax;
    let openers = openers(syntax);

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
    let start = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    // The byte `k` places before `i`; before the file starts there are only newlines.
    let before = |i: usize, k: usize| if i >= start + k { bytes[i - k] } else { b'\n' };
    let solid_before = |i: usize| bytes[start..i].iter().rev().find(|&&b| !is_ws(b) && b != b'\n').copied();
    let mut mode = Mode::Code;
    let mut pending: Option<(Tag, bool)> = None;
    let mut hole: Option<InHole> = None;
    // Where a span that ends returns: the hole it was opened in, or code.
    let back = |hole: &Option<InHole>| if hole.is_some() { Mode::Hole } else { Mode::Code };
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        let rest = window(bytes, i);
        let line_start = before(i, 1) == b'\n';
        if b == b'\n' {
            let spliced =
                syntax.splice && (before(i, 1) == b'\\' || before(i, 1) == b'\r' && before(i, 2) == b'\\');
            end_line(&mut code, &mut comment);
            match mode {
                Mode::LineComment if !spliced => mode = back(&hole),
                Mode::Str { quote, .. } if !quote.multiline => mode = back(&hole),
                Mode::Regex { .. } => mode = back(&hole),
                Mode::Heredoc { word, indent, .. } => mode = Mode::Heredoc { word, indent, fresh: true },
                _ => {}
            }
            if let (Mode::Code, Some((word, indent))) = (&mode, pending) {
                mode = Mode::Heredoc { word, indent, fresh: true };
                pending = None;
            }
            i += 1;
            continue;
        }
        if is_ws(b) {
            i += 1;
            continue;
        }
        match mode {
            Mode::Code | Mode::Hole => {
                if let (Mode::Hole, Some(open)) = (&mode, &mut hole) {
                    let h = open.quote.hole.expect("a hole belongs to a string that has one");
                    if b == h.close {
                        code = true;
                        i += 1;
                        if open.depth == 0 {
                            mode = Mode::Str { quote: open.quote, tag: open.tag, doc: open.doc };
                            hole = None;
                        } else {
                            open.depth -= 1;
                        }
                        continue;
                    }
                    if b == h.open[h.open.len() - 1] {
                        code = true;
                        open.depth += 1;
                        i += 1;
                        continue;
                    }
                }
                if Some(b) == syntax.code_escape {
                    code = true;
                    i += if bytes.get(i + 1).map_or(true, |&n| n == b'\n') { 1 } else { 2 };
                    continue;
                }
                let found =
                    openers.iter().find_map(|o| o.matches(rest, syntax, line_start).map(|m| (o.kind, m)));
                if let Some((kind, m)) = found {
                    i += m.len;
                    mode = match kind {
                        _ if m.whole => {
                            code = true;
                            mode
                        }
                        Kind::LineComment => {
                            comment = true;
                            Mode::LineComment
                        }
                        Kind::Block(block) => {
                            comment = true;
                            Mode::Block { block, tag: m.tag_in(rest).unwrap_or(Tag::EMPTY), depth: 1 }
                        }
                        Kind::Quote(quote) => {
                            let doc = quote.doc && !code && !comment && !options.docstrings_as_code;
                            if doc {
                                comment = true;
                            } else {
                                code = true;
                            }
                            Mode::Str { quote, tag: m.tag_in(rest).unwrap_or(Tag::EMPTY), doc }
                        }
                        Kind::Code => mode,
                    };
                    continue;
                }
                code = true;
                let heredoc =
                    syntax.heredoc.filter(|_| pending.is_none()).and_then(|h| heredoc_opens(rest, &h));
                match heredoc {
                    Some(HeredocAt::Opens(len, word, indent)) => {
                        pending = Some((word, indent));
                        i += len;
                        continue;
                    }
                    Some(HeredocAt::Longer(len)) => {
                        i += len;
                        continue;
                    }
                    None => {}
                }
                if b == b'/' && syntax.regex && regex_may_follow(solid_before(i)) {
                    mode = Mode::Regex { class: false };
                }
                i += 1;
            }
            Mode::LineComment => {
                comment = true;
                i += 1;
            }
            Mode::Block { block, tag, depth } => {
                comment = true;
                if let Some(len) = block_closes(rest, block, &tag, line_start) {
                    i += len;
                    mode =
                        if depth == 1 { back(&hole) } else { Mode::Block { block, tag, depth: depth - 1 } };
                } else if let Some((len, _)) =
                    block_opens(rest, block, syntax.tag_chars, line_start).filter(|_| syntax.nested)
                {
                    i += len;
                    mode = Mode::Block { block, tag, depth: depth + 1 };
                } else {
                    i += 1;
                }
            }
            Mode::Str { quote, tag, doc } => {
                if doc {
                    comment = true;
                } else {
                    code = true;
                }
                if let Some(h) = quote.hole.filter(|h| b == h.open[0] && hole.is_none()) {
                    match hole_opens(rest, &h) {
                        Some(Hole::Opens(len)) => {
                            hole = Some(InHole { quote, tag, doc, depth: 0 });
                            mode = Mode::Hole;
                            i += len;
                            continue;
                        }
                        Some(Hole::Text(len)) => {
                            i += len;
                            continue;
                        }
                        None => {}
                    }
                }
                if Some(b) == quote.escape {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        end_line(&mut code, &mut comment);
                    }
                    i += 2;
                } else {
                    match quote_closes(rest, quote, &tag) {
                        Some(Close::Ends(len)) => {
                            i += len;
                            mode = back(&hole);
                        }
                        Some(Close::Text(len)) => i += len,
                        None => i += 1,
                    }
                }
            }
            Mode::Regex { class } => {
                code = true;
                match b {
                    b'\\' if bytes.get(i + 1) != Some(&b'\n') => i += 2,
                    b'[' => {
                        mode = Mode::Regex { class: true };
                        i += 1;
                    }
                    b']' => {
                        mode = Mode::Regex { class: false };
                        i += 1;
                    }
                    b'/' if !class => {
                        mode = back(&hole);
                        i += 1;
                    }
                    _ => i += 1,
                }
            }
            Mode::Heredoc { word, indent, fresh } => {
                code = true;
                let closes = fresh && (indent || line_start);
                match heredoc_closes(rest, &word).filter(|_| closes) {
                    Some(len) => {
                        i += len;
                        mode = back(&hole);
                    }
                    None => {
                        i += 1;
                        mode = Mode::Heredoc { word, indent, fresh: false };
                    }
                }
            }
        }
    }
    if bytes.last().is_some_and(|&b| b != b'\n') {
        end_line(&mut code, &mut comment);
    }
    counts
}
