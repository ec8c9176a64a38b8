//! Each shared extension read the other way: the languages its rule can answer with. Detection
//! never needs them (it runs the rule); `ringloc --languages` and `-t` do, so that a language
//! whose files are told apart by their heads still lists and selects the extension.

use super::{ids, Ambiguity};
use crate::lang::LangId;

impl Ambiguity {
    /// Every shared extension, in the order of [`Ambiguity`].
    pub const ALL: [Ambiguity; 21] = [
        Ambiguity::CHeader,
        Ambiguity::DotM,
        Ambiguity::DotPl,
        Ambiguity::DotTs,
        Ambiguity::DotV,
        Ambiguity::DotInc,
        Ambiguity::DotAsm,
        Ambiguity::DotNr,
        Ambiguity::DotSig,
        Ambiguity::DotRed,
        Ambiguity::DotSp,
        Ambiguity::DotUc,
        Ambiguity::DotPro,
        Ambiguity::DotD,
        Ambiguity::DotPp,
        Ambiguity::DotPm,
        Ambiguity::DotMm,
        Ambiguity::DotGml,
        Ambiguity::DotCl,
        Ambiguity::DotFs,
        Ambiguity::DotR,
    ];

    /// The extension, lower case and without its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Ambiguity::CHeader => "h",
            Ambiguity::DotM => "m",
            Ambiguity::DotPl => "pl",
            Ambiguity::DotTs => "ts",
            Ambiguity::DotV => "v",
            Ambiguity::DotInc => "inc",
            Ambiguity::DotAsm => "asm",
            Ambiguity::DotNr => "nr",
            Ambiguity::DotSig => "sig",
            Ambiguity::DotRed => "red",
            Ambiguity::DotSp => "sp",
            Ambiguity::DotUc => "uc",
            Ambiguity::DotPro => "pro",
            Ambiguity::DotD => "d",
            Ambiguity::DotPp => "pp",
            Ambiguity::DotPm => "pm",
            Ambiguity::DotMm => "mm",
            Ambiguity::DotGml => "gml",
            Ambiguity::DotCl => "cl",
            Ambiguity::DotFs => "fs",
            Ambiguity::DotR => "r",
        }
    }

    /// Every language [`Ambiguity::resolve`] can answer with, the usual one first; data files,
    /// which it leaves uncounted, are none.
    pub fn languages(self) -> Vec<LangId> {
        let ids = ids();
        match self {
            Ambiguity::CHeader => vec![ids.c_header, ids.cpp_header, ids.objc],
            Ambiguity::DotM => vec![ids.objc, ids.matlab, ids.mercury],
            Ambiguity::DotPl => vec![ids.perl, ids.prolog],
            Ambiguity::DotTs => vec![ids.typescript, ids.xml],
            Ambiguity::DotV => vec![ids.verilog, ids.coq],
            Ambiguity::DotInc => vec![ids.php, ids.nasm, ids.c_header, ids.pascal],
            Ambiguity::DotAsm => vec![ids.nasm, ids.gas],
            Ambiguity::DotNr => vec![ids.noir],
            Ambiguity::DotSig => vec![ids.standard_ml],
            Ambiguity::DotRed => vec![ids.red],
            Ambiguity::DotSp => vec![ids.sourcepawn],
            Ambiguity::DotUc => vec![ids.unreal, ids.c],
            Ambiguity::DotPro => vec![ids.qmake, ids.prolog],
            Ambiguity::DotD => vec![ids.d],
            Ambiguity::DotPp => vec![ids.puppet, ids.pascal],
            Ambiguity::DotPm => vec![ids.perl, ids.raku],
            Ambiguity::DotMm => vec![ids.objcpp],
            Ambiguity::DotGml => vec![ids.gamemaker],
            Ambiguity::DotCl => vec![ids.opencl, ids.common_lisp],
            Ambiguity::DotFs => vec![ids.fsharp, ids.glsl, ids.forth],
            Ambiguity::DotR => vec![ids.r, ids.rebol],
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::ambiguous_extension;
    use super::*;

    /// A head for each language a shared extension can be, and for its data files.
    const HEADS: &[(Ambiguity, &str, Option<&str>)] = &[
        (Ambiguity::CHeader, "#define X 1\n", Some("C Header")),
        (Ambiguity::CHeader, "namespace ns {\n}\n", Some("C++ Header")),
        (Ambiguity::CHeader, "@interface Foo\n@end\n", Some("Objective-C")),
        (Ambiguity::DotM, "@implementation Foo\n@end\n", Some("Objective-C")),
        (Ambiguity::DotM, "function y = f(x)\n", Some("MATLAB")),
        (Ambiguity::DotM, ":- module hello.\n:- interface.\n", Some("Mercury")),
        (Ambiguity::DotPl, "use strict;\n", Some("Perl")),
        (Ambiguity::DotPl, ":- module(m, []).\n", Some("Prolog")),
        (Ambiguity::DotTs, "let x = 1;\n", Some("TypeScript")),
        (Ambiguity::DotTs, "<?xml version=\"1.0\"?>\n<TS>\n", Some("XML")),
        (Ambiguity::DotV, "module top(input a);\nendmodule\n", Some("Verilog")),
        (Ambiguity::DotV, "Require Import Arith.\nLemma l : True.\n", Some("Coq")),
        (Ambiguity::DotInc, "<?php\n", Some("PHP")),
        (Ambiguity::DotInc, "%macro M 0\n", Some("NASM Assembly")),
        (Ambiguity::DotInc, "#define X 1\n", Some("C Header")),
        (Ambiguity::DotInc, "{$MODE DELPHI}\n", Some("Pascal")),
        (Ambiguity::DotInc, "SRC_URI = \"x\"\n", None),
        (Ambiguity::DotAsm, "; boot\nmov ax, 1\n", Some("NASM Assembly")),
        (Ambiguity::DotAsm, "/* shader */\ns_mov_b32 s0, 1\n", Some("Assembly")),
        (Ambiguity::DotNr, "fn main() {}\n", Some("Noir")),
        (Ambiguity::DotNr, "0x8160\t0x301C\n", None),
        (Ambiguity::DotSig, "signature S = sig end\n", Some("Standard ML")),
        (Ambiguity::DotSig, "-----BEGIN PGP SIGNATURE-----\n", None),
        (Ambiguity::DotRed, "Red [\n]\n", Some("Red")),
        (Ambiguity::DotRed, "1 2 3\n", None),
        (Ambiguity::DotSp, "#include <sourcemod>\n", Some("SourcePawn")),
        (Ambiguity::DotSp, "* netlist\nR1 in out 1k\n", None),
        (Ambiguity::DotUc, "var int x;\n", Some("Unreal Script")),
        (Ambiguity::DotUc, "/* -*- linux-c -*- */\n#include <linux/raid/pq.h>\n", Some("C")),
        (Ambiguity::DotPro, "TEMPLATE = app\n", Some("QMake")),
        (Ambiguity::DotPro, "f(X) :- g(X).\n", Some("Prolog")),
        (Ambiguity::DotD, "module app;\n", Some("D")),
        (Ambiguity::DotD, "main.o: main.c\n", None),
        (Ambiguity::DotPp, "class nginx {\n}\n", Some("Puppet")),
        (Ambiguity::DotPp, "unit Shapes;\n", Some("Pascal")),
        (Ambiguity::DotPm, "package Foo;\n", Some("Perl")),
        (Ambiguity::DotPm, "unit module Foo;\n", Some("Raku")),
        (Ambiguity::DotPm, "/* XPM */\n", None),
        (Ambiguity::DotMm, "#import <Foundation/Foundation.h>\n", Some("Objective-C++")),
        (Ambiguity::DotMm, "<map version=\"1.0.1\">\n", None),
        (Ambiguity::DotGml, "x += 4;\n", Some("GameMaker Language")),
        (Ambiguity::DotGml, "graph [\n]\n", None),
        (Ambiguity::DotCl, "__kernel void f() {}\n", Some("OpenCL")),
        (Ambiguity::DotCl, "(defun f (x) x)\n", Some("Common Lisp")),
        (Ambiguity::DotFs, "let x = 1\n", Some("F#")),
        (Ambiguity::DotFs, "#version 330 core\n", Some("GLSL")),
        (Ambiguity::DotFs, "\\ squares\n", Some("Forth")),
        (Ambiguity::DotR, "x <- 1\n", Some("R")),
        (Ambiguity::DotR, "REBOL [\n]\n", Some("Rebol")),
    ];

    fn names(ids: impl IntoIterator<Item = LangId>) -> BTreeSet<&'static str> {
        ids.into_iter().map(LangId::name).collect()
    }

    /// Each rule answers, for any head, with one of its languages or with nothing; every head is
    /// tried on every rule, so a rule's answers are checked on heads written for the others too.
    #[test]
    fn a_rule_answers_only_with_its_languages_and_with_each_of_them() {
        for a in Ambiguity::ALL {
            let languages = names(a.languages());
            for &(_, head, _) in HEADS {
                let answer = a.resolve(head.as_bytes()).map(LangId::name);
                assert!(
                    answer.map_or(true, |name| languages.contains(name)),
                    "{a:?} on {head:?}: {answer:?}"
                );
            }
            let own = HEADS.iter().filter(|(b, _, _)| *b == a);
            for &(_, head, expected) in own.clone() {
                assert_eq!(a.resolve(head.as_bytes()).map(LangId::name), expected, "{a:?} on {head:?}");
            }
            assert_eq!(names(own.filter_map(|(_, head, _)| a.resolve(head.as_bytes()))), languages, "{a:?}");
        }
    }

    /// `ALL` holds every shared extension detection knows, each under its own extension: every
    /// name of up to four lower-case letters is asked.
    #[test]
    fn all_is_every_shared_extension() {
        let mut found = Vec::new();
        let mut ext = Vec::new();
        for len in 1..=4 {
            for n in 0..26usize.pow(len) {
                ext.clear();
                ext.extend((0..len).map(|i| b'a' + (n / 26usize.pow(i) % 26) as u8));
                found.extend(ambiguous_extension(&ext).map(|a| (a, String::from_utf8(ext.clone()).unwrap())));
            }
        }
        let listed: Vec<_> = Ambiguity::ALL.iter().map(|&a| (a, a.extension().to_string())).collect();
        assert_eq!(found.len(), listed.len());
        assert!(listed.iter().all(|pair| found.contains(pair)), "{found:?}");
    }
}
