//! Extensions that two languages of the table write, or that data files share with a language
//! (the sweep of linguist's, tokei's and scc's tables in docs/EXTENSIONS.md): the head decides.
//! The language most files of the extension are in wins when no marker shows, so a file without
//! markers is counted as it was before the rule.

use super::{contains, continues_word, lines, skip_blanks, starts_word, Ids};
use crate::lang::LangId;

/// D, or a dependency file a compiler wrote for make (`gcc -MD`: `main.o: main.c util.h \`),
/// which is build output, not counted.
pub(super) fn d_or_dependencies(head: &[u8], ids: &Ids) -> Option<LangId> {
    let d_words: [&[u8]; 16] = [
        b"module",
        b"import",
        b"void",
        b"auto",
        b"struct",
        b"class",
        b"enum",
        b"static",
        b"unittest",
        b"version",
        b"alias",
        b"template",
        b"int",
        b"private",
        b"public",
        b"immutable",
    ];
    let mut lines = lines(head).filter(|line| !line.is_empty());
    let Some(first) = lines.next() else { return Some(ids.d) };
    let d_line = |line: &[u8]| {
        line.starts_with(b"//")
            || line.starts_with(b"/*")
            || line.starts_with(b"/+")
            || line.starts_with(b"@")
            || d_words.iter().any(|w| starts_word(line, w))
    };
    if d_line(first) {
        return Some(ids.d);
    }
    let target = first.split(|&b| b == b':').next().unwrap_or(first);
    let rule =
        first.contains(&b':') && !target.is_empty() && !target.contains(&b'(') && !target.contains(&b';');
    (!rule).then_some(ids.d)
}

/// Pascal by its program structure (`unit`, `program`, `uses`, `{$` directives, `(*` comments,
/// `begin`), else Puppet, whose manifests are most `.pp` files.
pub(super) fn puppet_or_pascal(head: &[u8], ids: &Ids) -> LangId {
    let pascal_words: [&[u8]; 8] =
        [b"unit", b"program", b"library", b"uses", b"interface", b"implementation", b"procedure", b"begin"];
    let pascal = lines(head).any(|line| {
        line.starts_with(b"{$")
            || line.starts_with(b"(*")
            || pascal_words.iter().any(|w| starts_word_ci(line, w))
    });
    if pascal {
        ids.pascal
    } else {
        ids.puppet
    }
}

/// Perl, Raku (`use v6`, `unit module`/`class`/`role`/`grammar`), or an X PixMap image
/// (`/* XPM */`), which is data.
pub(super) fn perl_raku_or_pixmap(head: &[u8], ids: &Ids) -> Option<LangId> {
    if lines(head).next().is_some_and(|line| line.starts_with(b"/* XPM */")) {
        return None;
    }
    let raku = lines(head).any(|line| {
        starts_word(line, b"use v6")
            || line.strip_prefix(b"unit ").is_some_and(|rest| {
                let rest = skip_blanks(rest);
                [&b"module"[..], b"class", b"role", b"grammar"].iter().any(|w| starts_word(rest, w))
            })
    });
    Some(if raku { ids.raku } else { ids.perl })
}

/// Objective-C++, or a FreeMind mind map (`<map version=...>`, XML), which is data.
pub(super) fn objcpp_or_mind_map(head: &[u8], ids: &Ids) -> Option<LangId> {
    let start = first_significant(head);
    let xml = start.starts_with(b"<map") || start.starts_with(b"<?xml");
    (!xml).then_some(ids.objcpp)
}

/// GameMaker Language, or a graph in the Graph Modelling Language (`graph [`) or GML-the-XML
/// (geography, `<gml:...>`), both data.
pub(super) fn gamemaker_or_graph(head: &[u8], ids: &Ids) -> Option<LangId> {
    let start = first_significant(head);
    let data = start.starts_with(b"<") || starts_word(start, b"graph") || starts_word(start, b"Creator");
    (!data).then_some(ids.gamemaker)
}

/// Common Lisp when the first line that says anything is a form or a `;` comment, else OpenCL.
pub(super) fn opencl_or_lisp(head: &[u8], ids: &Ids) -> LangId {
    let start = first_significant(head);
    if start.starts_with(b"(") || start.starts_with(b";") {
        ids.common_lisp
    } else {
        ids.opencl
    }
}

/// GLSL (`#version`, `uniform`, `gl_FragColor`, ...), Forth (`\ ` comments, `: word` definitions),
/// else F#.
pub(super) fn fsharp_glsl_or_forth(head: &[u8], ids: &Ids) -> LangId {
    let glsl_words: [&[u8]; 6] = [b"#version", b"precision", b"uniform", b"varying", b"attribute", b"layout"];
    for line in lines(head) {
        if glsl_words.iter().any(|w| starts_word(line, w))
            || contains(line, b"gl_Position")
            || contains(line, b"gl_FragColor")
        {
            return ids.glsl;
        }
        if line.starts_with(b"\\ ") || line == b"\\" || (line.starts_with(b": ") && line.ends_with(b";")) {
            return ids.forth;
        }
    }
    ids.fsharp
}

/// Rebol by its mandatory `REBOL [...]` header, else R.
pub(super) fn r_or_rebol(head: &[u8], ids: &Ids) -> LangId {
    let header = lines(head).any(|line| {
        line.len() >= 5
            && line[..5].eq_ignore_ascii_case(b"rebol")
            && skip_blanks(&line[5..]).starts_with(b"[")
    });
    if header {
        ids.rebol
    } else {
        ids.r
    }
}

/// The first line that is not blank.
fn first_significant(head: &[u8]) -> &[u8] {
    let head = head.strip_prefix(crate::lang::UTF8_BOM).unwrap_or(head);
    lines(head).find(|line| !line.is_empty()).unwrap_or_default()
}

/// `starts_word` ignoring ASCII case (Pascal's keywords are written `Unit`, `BEGIN` too).
fn starts_word_ci(line: &[u8], word: &[u8]) -> bool {
    line.len() >= word.len()
        && line[..word.len()].eq_ignore_ascii_case(word)
        && !continues_word(&line[word.len()..])
}
