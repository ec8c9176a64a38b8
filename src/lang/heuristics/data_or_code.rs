//! Extensions that one language in the table writes but other files, mostly data, share: the JDK's
//! `.nr` charset tables (Noir), PGP's `.sig` signatures (Standard ML), SPICE's `.sp` netlists
//! (SourcePawn), `.red` data (Red), the kernel's `lib/raid6/*.uc` C templates (Unreal Script) and
//! Prolog's `.pro` (QMake). The language is taken only where its own markers are in the head;
//! where a C template or a Prolog file is what the head shows, it is counted as such; anything else
//! is not counted, since a data file counted as code inflates that language (a JDK checkout had
//! thousands of "Noir" lines).

use super::{contains, lines, prolog_marker, starts_word, Ids};
use crate::lang::LangId;

/// Noir: its items (`fn`, `use`, `struct`, `mod`, `global`, `contract`, `impl`, `pub`, `trait`)
/// or a `//` comment lead some line; the JDK's tables are rows of hex numbers.
pub(super) fn noir(head: &[u8], ids: &Ids) -> Option<LangId> {
    let words: [&[u8]; 10] = [
        b"fn",
        b"use",
        b"struct",
        b"mod",
        b"global",
        b"contract",
        b"impl",
        b"pub",
        b"trait",
        b"unconstrained",
    ];
    let marked =
        lines(head).any(|line| line.starts_with(b"//") || words.iter().any(|w| starts_word(line, w)));
    marked.then_some(ids.noir)
}

/// Standard ML signatures (`signature S = sig ... end`), never an OpenPGP signature, armored
/// (`-----BEGIN PGP SIGNATURE-----`) or not.
pub(super) fn sml_signature(head: &[u8], ids: &Ids) -> Option<LangId> {
    if contains(head, b"-----BEGIN PGP") {
        return None;
    }
    let words: [&[u8]; 9] =
        [b"signature", b"sig", b"structure", b"functor", b"val", b"type", b"datatype", b"eqtype", b"include"];
    let marked =
        lines(head).any(|line| line.starts_with(b"(*") || words.iter().any(|w| starts_word(line, w)));
    marked.then_some(ids.standard_ml)
}

/// Red: every script starts with a `Red [...]` (or `Red/System [...]`) header, words before it
/// aside; without one a `.red` file is not Red source.
pub(super) fn red(head: &[u8], ids: &Ids) -> Option<LangId> {
    let header = |line: &[u8]| {
        let lower = line.to_ascii_lowercase();
        let rest = lower.strip_prefix(b"red/system").or_else(|| lower.strip_prefix(b"red"));
        rest.is_some_and(|rest| super::skip_blanks(rest).starts_with(b"["))
    };
    lines(head).any(header).then_some(ids.red)
}

/// SourcePawn: its directives, declarations or C comments lead some line; a SPICE netlist writes
/// `*` comments, `.model`/`.subckt` cards and element lines.
pub(super) fn sourcepawn(head: &[u8], ids: &Ids) -> Option<LangId> {
    let words: [&[u8]; 9] =
        [b"public", b"stock", b"native", b"forward", b"methodmap", b"enum", b"new", b"static", b"void"];
    let marked = lines(head).any(|line| {
        line.starts_with(b"#include")
            || line.starts_with(b"#pragma")
            || line.starts_with(b"#define")
            || line.starts_with(b"//")
            || line.starts_with(b"/*")
            || words.iter().any(|w| starts_word(line, w))
    });
    marked.then_some(ids.sourcepawn)
}

/// Unreal Script, unless the head holds C preprocessor lines and no `class ... extends` (the
/// kernel's raid6 `.uc` files are C templates expanded by a Perl script; Unreal Script's only
/// directive is `#exec`).
pub(super) fn unreal_or_c(head: &[u8], ids: &Ids) -> LangId {
    let c: [&[u8]; 6] = [b"#include", b"#define", b"#if", b"#ifdef", b"#ifndef", b"#pragma"];
    let mut c_lines = false;
    for line in lines(head) {
        if starts_word(line, b"class") && (contains(line, b" extends ") || contains(line, b" expands ")) {
            return ids.unreal;
        }
        c_lines |= c.iter().any(|w| starts_word(line, w));
    }
    if c_lines {
        ids.c
    } else {
        ids.unreal
    }
}

/// Prolog by its clauses (as `.pl`), else QMake's project file.
pub(super) fn prolog_or_qmake(head: &[u8], ids: &Ids) -> LangId {
    if prolog_marker(head) {
        ids.prolog
    } else {
        ids.qmake
    }
}

/// Mercury's module declarations: `:- module`, `:- interface`, `:- implementation`.
pub(super) fn mercury_marker(head: &[u8]) -> bool {
    lines(head).any(|line| {
        line.strip_prefix(b":-").is_some_and(|rest| {
            let rest = super::skip_blanks(rest);
            [&b"module"[..], b"interface", b"implementation"].iter().any(|w| starts_word(rest, w))
        })
    })
}
