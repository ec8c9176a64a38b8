//! Extensions several languages write (`.h`, `.m`, `.pl`, `.ts`, `.v`, `.inc`, and the data-or-code
//! ones of `data_or_code.rs`), told apart by the
//! file's first bytes. The table lists none of these extensions, so a name the table knows never
//! reaches this file: only an ambiguous one pays for a look at its head.
//!
//! Each rule looks for markers only one of the candidates writes, at the head of a line (blanks
//! aside) where the marker is a statement, so a word in a comment or an identifier (`dev->class`)
//! does not decide. Without a marker the extension's usual language is kept, the one the table gave
//! it before this file existed, so a file nothing decides is counted as it always was.

mod c_header;
mod candidates;
mod data_or_code;
mod line_heads;
mod shared_extensions;

use std::sync::OnceLock;

use super::LangId;
use c_header::c_header;

/// How much of the head the rules read. Markers sit near the top (includes, `@interface`,
/// `module`); the first chunk read is larger, but a C header with no C++ in its first 16 KiB has
/// none.
const HEAD: usize = 16 * 1024;

/// An extension shared by several languages, resolved by [`Ambiguity::resolve`] once the head of
/// the file has been read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ambiguity {
    /// `.h`: C, C++ or Objective-C.
    CHeader,
    /// `.m`: Objective-C or MATLAB.
    DotM,
    /// `.pl`: Perl or Prolog.
    DotPl,
    /// `.ts`: TypeScript or a Qt Linguist translation (XML).
    DotTs,
    /// `.v`: Verilog or Coq.
    DotV,
    /// `.inc`: an include file of PHP, C, assembly or Pascal; nothing decided means not counted.
    DotInc,
    /// `.asm`: NASM/MASM (`;` comments) or a C-preprocessed assembler (`//` and `/* */`).
    DotAsm,
    /// `.nr`: Noir or the JDK's charset tables (data, not counted).
    DotNr,
    /// `.sig`: a Standard ML signature or a PGP signature (not counted).
    DotSig,
    /// `.red`: Red (with its `Red [` header) or data (not counted).
    DotRed,
    /// `.sp`: SourcePawn or a SPICE netlist (not counted).
    DotSp,
    /// `.uc`: Unreal Script or a C template (the kernel's raid6 code).
    DotUc,
    /// `.pro`: QMake or Prolog.
    DotPro,
    /// `.d`: D or a make dependency file (not counted).
    DotD,
    /// `.pp`: Puppet or Pascal.
    DotPp,
    /// `.pm`: Perl, Raku or an X PixMap image (not counted).
    DotPm,
    /// `.mm`: Objective-C++ or a FreeMind mind map (XML, not counted).
    DotMm,
    /// `.gml`: GameMaker Language or a graph (not counted).
    DotGml,
    /// `.cl`: OpenCL or Common Lisp.
    DotCl,
    /// `.fs`: F#, GLSL or Forth.
    DotFs,
    /// `.r`: R or Rebol.
    DotR,
}

/// The ambiguous extension `ext` (already lower-cased where the table would lower-case it).
pub(crate) fn ambiguous_extension(ext: &[u8]) -> Option<Ambiguity> {
    Some(match ext {
        b"h" => Ambiguity::CHeader,
        b"m" => Ambiguity::DotM,
        b"pl" => Ambiguity::DotPl,
        b"ts" => Ambiguity::DotTs,
        b"v" => Ambiguity::DotV,
        b"inc" => Ambiguity::DotInc,
        b"asm" => Ambiguity::DotAsm,
        b"nr" => Ambiguity::DotNr,
        b"sig" => Ambiguity::DotSig,
        b"red" => Ambiguity::DotRed,
        b"sp" => Ambiguity::DotSp,
        b"uc" => Ambiguity::DotUc,
        b"pro" => Ambiguity::DotPro,
        b"d" => Ambiguity::DotD,
        b"pp" => Ambiguity::DotPp,
        b"pm" => Ambiguity::DotPm,
        b"mm" => Ambiguity::DotMm,
        b"gml" => Ambiguity::DotGml,
        b"cl" => Ambiguity::DotCl,
        b"fs" => Ambiguity::DotFs,
        b"r" => Ambiguity::DotR,
        _ => return None,
    })
}

/// The languages the rules answer with, looked up once.
struct Ids {
    c_header: LangId,
    cpp_header: LangId,
    objc: LangId,
    matlab: LangId,
    perl: LangId,
    prolog: LangId,
    typescript: LangId,
    xml: LangId,
    verilog: LangId,
    coq: LangId,
    php: LangId,
    nasm: LangId,
    pascal: LangId,
    gas: LangId,
    mercury: LangId,
    noir: LangId,
    standard_ml: LangId,
    red: LangId,
    sourcepawn: LangId,
    unreal: LangId,
    c: LangId,
    qmake: LangId,
    d: LangId,
    puppet: LangId,
    raku: LangId,
    objcpp: LangId,
    gamemaker: LangId,
    common_lisp: LangId,
    opencl: LangId,
    glsl: LangId,
    forth: LangId,
    fsharp: LangId,
    rebol: LangId,
    r: LangId,
}

fn ids() -> &'static Ids {
    static IDS: OnceLock<Ids> = OnceLock::new();
    IDS.get_or_init(|| {
        let id = |name| LangId::from_name(name).unwrap_or_else(|| panic!("{name} is not in the table"));
        Ids {
            c_header: id("C Header"),
            cpp_header: id("C++ Header"),
            objc: id("Objective-C"),
            matlab: id("MATLAB"),
            perl: id("Perl"),
            prolog: id("Prolog"),
            typescript: id("TypeScript"),
            xml: id("XML"),
            verilog: id("Verilog"),
            coq: id("Coq"),
            php: id("PHP"),
            nasm: id("NASM Assembly"),
            pascal: id("Pascal"),
            gas: id("Assembly"),
            mercury: id("Mercury"),
            noir: id("Noir"),
            standard_ml: id("Standard ML"),
            red: id("Red"),
            sourcepawn: id("SourcePawn"),
            unreal: id("Unreal Script"),
            c: id("C"),
            qmake: id("QMake"),
            d: id("D"),
            puppet: id("Puppet"),
            raku: id("Raku"),
            objcpp: id("Objective-C++"),
            gamemaker: id("GameMaker Language"),
            common_lisp: id("Common Lisp"),
            opencl: id("OpenCL"),
            glsl: id("GLSL"),
            forth: id("Forth"),
            fsharp: id("F#"),
            rebol: id("Rebol"),
            r: id("R"),
        }
    })
}

impl Ambiguity {
    /// The language of a file with this extension whose first bytes are `head`; `None` for `.inc`
    /// files no rule recognizes and for data files written with a language's extension.
    pub fn resolve(self, head: &[u8]) -> Option<LangId> {
        let head = &head[..head.len().min(HEAD)];
        let ids = ids();
        Some(match self {
            Ambiguity::CHeader => c_header(head, ids),
            Ambiguity::DotM => {
                if data_or_code::mercury_marker(head) {
                    ids.mercury
                } else if objc_marker(head) {
                    ids.objc
                } else if matlab_marker(head) {
                    ids.matlab
                } else {
                    ids.objc
                }
            }
            Ambiguity::DotPl => {
                let perl_shebang =
                    head.starts_with(b"#!") && first_line(head).windows(4).any(|w| w == b"perl");
                if !perl_shebang && prolog_marker(head) {
                    ids.prolog
                } else {
                    ids.perl
                }
            }
            Ambiguity::DotTs => {
                let start = skip_blanks(head.strip_prefix(crate::lang::UTF8_BOM).unwrap_or(head));
                if [&b"<?xml"[..], b"<!DOCTYPE TS", b"<TS"].iter().any(|m| start.starts_with(m)) {
                    ids.xml
                } else {
                    ids.typescript
                }
            }
            Ambiguity::DotV => {
                if coq_score(head) > verilog_score(head) {
                    ids.coq
                } else {
                    ids.verilog
                }
            }
            Ambiguity::DotInc => return inc(head, ids),
            Ambiguity::DotAsm => asm(head, ids),
            Ambiguity::DotNr => return data_or_code::noir(head, ids),
            Ambiguity::DotSig => return data_or_code::sml_signature(head, ids),
            Ambiguity::DotRed => return data_or_code::red(head, ids),
            Ambiguity::DotSp => return data_or_code::sourcepawn(head, ids),
            Ambiguity::DotUc => data_or_code::unreal_or_c(head, ids),
            Ambiguity::DotPro => data_or_code::prolog_or_qmake(head, ids),
            Ambiguity::DotD => return shared_extensions::d_or_dependencies(head, ids),
            Ambiguity::DotPp => shared_extensions::puppet_or_pascal(head, ids),
            Ambiguity::DotPm => return shared_extensions::perl_raku_or_pixmap(head, ids),
            Ambiguity::DotMm => return shared_extensions::objcpp_or_mind_map(head, ids),
            Ambiguity::DotGml => return shared_extensions::gamemaker_or_graph(head, ids),
            Ambiguity::DotCl => shared_extensions::opencl_or_lisp(head, ids),
            Ambiguity::DotFs => shared_extensions::fsharp_glsl_or_forth(head, ids),
            Ambiguity::DotR => shared_extensions::r_or_rebol(head, ids),
        })
    }
}

fn objc_marker(head: &[u8]) -> bool {
    lines(head).any(|line| {
        let objc_words =
            [&b"@interface"[..], b"@implementation", b"@protocol", b"@end", b"@property", b"@class"];
        objc_words.iter().any(|w| starts_word(line, w))
            || line.starts_with(b"#import")
            || line.starts_with(b"#include")
            || line.starts_with(b"- (")
            || line.starts_with(b"+ (")
            || line.starts_with(b"//")
            || line.starts_with(b"/*")
    })
}

fn matlab_marker(head: &[u8]) -> bool {
    lines(head).any(|line| {
        line.starts_with(b"%")
            || starts_word(line, b"function")
            || starts_word(line, b"classdef")
            || line == b"end"
    })
}

/// A directive (`:- module(...)`) or a rule (`parent(X, Y) :- ...`, `go :- ...`).
fn prolog_marker(head: &[u8]) -> bool {
    lines(head).any(|line| {
        if line.starts_with(b":-") {
            return true;
        }
        let name = line.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
        if name == 0 || !line[0].is_ascii_lowercase() {
            return false;
        }
        let mut rest = &line[name..];
        if rest.first() == Some(&b'(') {
            match rest.iter().position(|&b| b == b')') {
                Some(close) => rest = &rest[close + 1..],
                None => return false,
            }
        }
        skip_blanks(rest).starts_with(b":-")
    })
}

fn coq_score(head: &[u8]) -> usize {
    let words: [&[u8]; 14] = [
        b"Require",
        b"Theorem",
        b"Lemma",
        b"Proof.",
        b"Qed.",
        b"Definition",
        b"Inductive",
        b"Fixpoint",
        b"Module",
        b"From",
        b"Section",
        b"Hypothesis",
        b"Import",
        b"Notation",
    ];
    lines(head).filter(|line| words.iter().any(|w| starts_word(line, w))).count()
}

fn verilog_score(head: &[u8]) -> usize {
    let words: [&[u8]; 10] = [
        b"module",
        b"endmodule",
        b"always",
        b"assign",
        b"input",
        b"output",
        b"wire",
        b"reg",
        b"`timescale",
        b"`define",
    ];
    lines(head).filter(|line| words.iter().any(|w| starts_word(line, w)) || line.starts_with(b"//")).count()
}

fn inc(head: &[u8], ids: &Ids) -> Option<LangId> {
    if head.windows(5).any(|w| w == b"<?php") {
        return Some(ids.php);
    }
    let nasm: [&[u8]; 8] =
        [b"%macro", b"%define", b"%include", b"%ifdef", b"%ifndef", b"section", b"global", b"extern"];
    let c: [&[u8]; 6] = [b"#define", b"#ifndef", b"#ifdef", b"#include", b"#if", b"#pragma"];
    let pascal: [&[u8]; 6] = [b"procedure", b"function", b"unit", b"interface", b"implementation", b"uses"];
    for line in lines(head) {
        if nasm.iter().any(|w| starts_word(line, w)) || line.starts_with(b";") {
            return Some(ids.nasm);
        }
        if c.iter().any(|w| starts_word(line, w)) {
            return Some(ids.c_header);
        }
        if line.starts_with(b"{$") || pascal.iter().any(|w| starts_word(line, w)) {
            return Some(ids.pascal);
        }
    }
    None
}

/// NASM unless no line leads with `;` and some lead with a C comment (the kernel's GPU shaders).
fn asm(head: &[u8], ids: &Ids) -> LangId {
    let mut c_comments = false;
    for line in lines(head) {
        if line.starts_with(b";") {
            return ids.nasm;
        }
        c_comments |= line.starts_with(b"//") || line.starts_with(b"/*");
    }
    if c_comments {
        ids.gas
    } else {
        ids.nasm
    }
}

/// The lines of `head`, each without its leading blanks and trailing `\r`.
fn lines(head: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = head;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let line = &rest[..end];
        rest = &rest[(end + 1).min(rest.len())..];
        Some(skip_blanks(line.strip_suffix(b"\r").unwrap_or(line)))
    })
}

fn first_line(head: &[u8]) -> &[u8] {
    head.split(|&b| b == b'\n').next().unwrap_or(head)
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn skip_blanks(s: &[u8]) -> &[u8] {
    &s[s.iter().take_while(|&&b| is_blank(b)).count()..]
}

/// `needle` stands somewhere in `line`.
fn contains(line: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(line, needle).is_some()
}

fn continues_word(rest: &[u8]) -> bool {
    rest.first().is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `line` starts with the word `w`, not with a longer word (`module` but not `modules`).
fn starts_word(line: &[u8], w: &[u8]) -> bool {
    line.starts_with(w) && !continues_word(&line[w.len()..])
}

/// `s` is a name, then blanks, then one of `then` or the end of the line: `Foo {`, `Bar;`.
fn names_then(s: &[u8], then: &[u8]) -> bool {
    let name = s.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
    if name == 0 || s[0].is_ascii_digit() {
        return false;
    }
    match skip_blanks(&s[name..]).first() {
        None | Some(b'\n' | b'\r') => true,
        Some(b) => then.contains(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(a: Ambiguity, head: &str) -> Option<&'static str> {
        a.resolve(head.as_bytes()).map(LangId::name)
    }

    #[test]
    fn headers_are_c_unless_they_write_cpp_or_objective_c() {
        let h = Ambiguity::CHeader;
        assert_eq!(
            named(h, "#ifndef X\n#define X\nstruct class_dev { int class; };\n#endif\n"),
            Some("C Header")
        );
        assert_eq!(named(h, "/* a class of devices */\nextern struct class *c;\n"), Some("C Header"));
        assert_eq!(named(h, "#pragma once\nnamespace ns {\nint f();\n}\n"), Some("C++ Header"));
        assert_eq!(named(h, "template <typename T>\nT max(T a, T b);\n"), Some("C++ Header"));
        assert_eq!(named(h, "class Widget : public Base {\n public:\n  Widget();\n};\n"), Some("C++ Header"));
        assert_eq!(named(h, "#include <vector>\n"), Some("C++ Header"));
        assert_eq!(named(h, "#include <stdio.h>\n"), Some("C Header"));
        assert_eq!(named(h, "#import <Foundation/Foundation.h>\n"), Some("Objective-C"));
        assert_eq!(named(h, "@interface Foo : NSObject\n@end\n"), Some("Objective-C"));
        assert_eq!(named(h, "int x; // see @interface\n"), Some("C Header"), "a marker must lead its line");
    }

    #[test]
    fn dot_m_is_matlab_only_by_its_own_markers() {
        let m = Ambiguity::DotM;
        assert_eq!(named(m, "function z = f(x)\n%{\n%}\nz = x;\n"), Some("MATLAB"));
        assert_eq!(named(m, "% a script\nx = 1;\n"), Some("MATLAB"));
        assert_eq!(named(m, "#import \"Foo.h\"\n@implementation Foo\n@end\n"), Some("Objective-C"));
        assert_eq!(named(m, "x = 1;\n"), Some("Objective-C"), "nothing decides: the usual language");
    }

    #[test]
    fn dot_pl_is_prolog_by_its_clauses() {
        let pl = Ambiguity::DotPl;
        assert_eq!(named(pl, ":- module(family, [parent/2]).\nparent(tom, bob).\n"), Some("Prolog"));
        assert_eq!(named(pl, "grandparent(X, Z) :- parent(X, Y), parent(Y, Z).\n"), Some("Prolog"));
        assert_eq!(named(pl, "use strict;\nmy $x = 1;\n"), Some("Perl"));
        assert_eq!(named(pl, "#!/usr/bin/perl\nfoo :- bar\n"), Some("Perl"), "a perl shebang wins");
    }

    #[test]
    fn dot_ts_dot_v_and_dot_inc() {
        assert_eq!(named(Ambiguity::DotTs, "<?xml version=\"1.0\"?>\n<!DOCTYPE TS>\n"), Some("XML"));
        assert_eq!(named(Ambiguity::DotTs, "import x from 'y';\n"), Some("TypeScript"));
        let coq = "Require Import Arith.\nTheorem t : 1 = 1.\nProof.\nreflexivity.\nQed.\n";
        assert_eq!(named(Ambiguity::DotV, coq), Some("Coq"));
        assert_eq!(named(Ambiguity::DotV, "module top(input a);\nendmodule\n"), Some("Verilog"));
        assert_eq!(named(Ambiguity::DotV, ""), Some("Verilog"));
        assert_eq!(named(Ambiguity::DotInc, "<?php\n$x = 1;\n"), Some("PHP"));
        assert_eq!(named(Ambiguity::DotInc, "%macro PUSHALL 0\n"), Some("NASM Assembly"));
        assert_eq!(named(Ambiguity::DotInc, "#define X 1\n"), Some("C Header"));
        assert_eq!(named(Ambiguity::DotInc, "{$MODE DELPHI}\n"), Some("Pascal"));
        assert_eq!(named(Ambiguity::DotInc, "SRC_URI = \"x\"\n"), None);
        assert_eq!(named(Ambiguity::DotAsm, "; boot sector\nmov ax, 1\n"), Some("NASM Assembly"));
        assert_eq!(named(Ambiguity::DotAsm, "/* shader */\ns_mov_b32 s0, 1 // x\n"), Some("Assembly"));
        assert_eq!(named(Ambiguity::DotAsm, "mov ax, 1\n"), Some("NASM Assembly"));
    }
    #[test]
    fn mercury_modules_are_not_objective_c() {
        let m = Ambiguity::DotM;
        let mercury = "%-----\n:- module hello.\n:- interface.\n:- import_module io.\n";
        assert_eq!(named(m, mercury), Some("Mercury"));
        assert_eq!(named(m, "/* x */\n#import <Foundation/Foundation.h>\n"), Some("Objective-C"));
    }

    #[test]
    fn data_files_with_a_language_extension_are_not_counted() {
        let jdk_table = "# non-roundtrip\n0x8160\t0x301C\n0x8161\t0x2016\n";
        assert_eq!(named(Ambiguity::DotNr, jdk_table), None);
        assert_eq!(named(Ambiguity::DotNr, "use dep::std;\nfn main(x: Field) {}\n"), Some("Noir"));
        let pgp =
            "-----BEGIN PGP SIGNATURE-----\n\niQIzBAABCAAdFiEE\nsig+AbC=\n-----END PGP SIGNATURE-----\n";
        assert_eq!(named(Ambiguity::DotSig, pgp), None);
        assert_eq!(
            named(Ambiguity::DotSig, "(* stack *)\nsignature STACK =\nsig\nend\n"),
            Some("Standard ML")
        );
        assert_eq!(named(Ambiguity::DotRed, "1 2 3\nfoo bar\n"), None);
        assert_eq!(named(Ambiguity::DotRed, "Red [\n    Title: \"hi\"\n]\nprint 1\n"), Some("Red"));
        assert_eq!(named(Ambiguity::DotRed, "red/system [ ]\n"), Some("Red"));
        let spice = "* an RC filter\nR1 in out 1k\nC1 out 0 1u\n.tran 1u 1m\n.end\n";
        assert_eq!(named(Ambiguity::DotSp, spice), None);
        let pawn = "#include <sourcemod>\npublic void OnPluginStart() {}\n";
        assert_eq!(named(Ambiguity::DotSp, pawn), Some("SourcePawn"));
    }

    #[test]
    fn templates_and_project_files_by_their_heads() {
        let raid6 = "/* -*- linux-c -*- */\n#include <linux/raid/pq.h>\nstatic void raid6_$#(void) {}\n";
        assert_eq!(named(Ambiguity::DotUc, raid6), Some("C"));
        let unreal = "//====\n#exec TEXTURE IMPORT\nclass Pawn extends Actor;\n";
        assert_eq!(named(Ambiguity::DotUc, unreal), Some("Unreal Script"));
        assert_eq!(named(Ambiguity::DotUc, "var int x;\n"), Some("Unreal Script"));
        assert_eq!(named(Ambiguity::DotPro, "TEMPLATE = app\nSOURCES += main.cpp\n"), Some("QMake"));
        assert_eq!(
            named(Ambiguity::DotPro, ":- use_module(library(lists)).\nf(X) :- g(X).\n"),
            Some("Prolog")
        );
    }

    #[test]
    fn extensions_two_languages_write_by_their_heads() {
        let cases: [(Ambiguity, &str, Option<&str>); 22] = [
            (Ambiguity::DotD, "module app.main;\nimport std.stdio;\n", Some("D")),
            (Ambiguity::DotD, "void main() {}\n", Some("D")),
            (Ambiguity::DotD, "main.o: main.c util.h \\\n /usr/include/stdio.h\n", None),
            (
                Ambiguity::DotPp,
                "class nginx {\n  package { 'nginx': ensure => installed }\n}\n",
                Some("Puppet"),
            ),
            (Ambiguity::DotPp, "unit Shapes;\n\ninterface\n", Some("Pascal")),
            (Ambiguity::DotPp, "{$mode objfpc}\nprogram Hello;\nbegin\nend.\n", Some("Pascal")),
            (Ambiguity::DotPm, "package Foo;\nuse strict;\n1;\n", Some("Perl")),
            (Ambiguity::DotPm, "use v6;\nunit module Foo;\n", Some("Raku")),
            (Ambiguity::DotPm, "/* XPM */\nstatic char *icon[] = {\n", None),
            (Ambiguity::DotMm, "#import <Foundation/Foundation.h>\n", Some("Objective-C++")),
            (Ambiguity::DotMm, "<map version=\"1.0.1\">\n<node TEXT=\"x\"/>\n", None),
            (Ambiguity::DotGml, "var speed = 4;\nx += speed;\n", Some("GameMaker Language")),
            (Ambiguity::DotGml, "graph [\n  node [ id 1 ]\n]\n", None),
            (Ambiguity::DotGml, "<?xml version=\"1.0\"?>\n<gml:FeatureCollection>\n", None),
            (Ambiguity::DotCl, "__kernel void add(__global float *a) {}\n", Some("OpenCL")),
            (Ambiguity::DotCl, ";;; utilities\n(defun square (x) (* x x))\n", Some("Common Lisp")),
            (Ambiguity::DotFs, "module App\nlet x = 1\n", Some("F#")),
            (Ambiguity::DotFs, "#version 330 core\nout vec4 color;\n", Some("GLSL")),
            (Ambiguity::DotFs, "\\ squares\n: square ( n -- n ) dup * ;\n", Some("Forth")),
            (Ambiguity::DotR, "x <- c(1, 2)\n", Some("R")),
            (Ambiguity::DotR, "REBOL [\n  Title: \"x\"\n]\n", Some("Rebol")),
            (Ambiguity::DotR, "# rebol is mentioned, not declared\nprint(1)\n", Some("R")),
        ];
        for (ambiguity, head, expected) in cases {
            assert_eq!(
                ambiguity.resolve(head.as_bytes()).map(LangId::name),
                expected,
                "{ambiguity:?}: {head:?}"
            );
        }
    }
}
