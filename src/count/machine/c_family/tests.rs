use super::*;
use crate::count::on_every_lane::agrees_on_every_lane;
use crate::lang::LangId;
use crate::simd::bits::escaped;
use crate::test_random::{below, xorshift};

/// The bytes `escaped` finds, one at a time: a backslash escapes the byte after it, unless a
/// backslash escaped it.
fn escaped_one_by_one(bytes: &[u8], escape: bool) -> (u64, u64) {
    let mut out = 0u64;
    let mut next = escape;
    for (k, &b) in bytes.iter().enumerate() {
        if next {
            out |= 1 << k;
            next = false;
        } else {
            next = b == b'\\';
        }
    }
    (out, u64::from(next))
}

/// 1,500 random sources of at least 300 bytes, `pieces` with runs of `a` between them, and their
/// round: even rounds draw only from the first `plain` pieces (blocks with one kind of mark), odd
/// rounds from all of them (the blocks around are the span walk's).
fn random_sources(
    seed: u64,
    pieces: &'static [&'static str],
    plain: usize,
) -> impl Iterator<Item = (usize, String)> {
    let mut x = seed;
    let mut next = move || (xorshift(&mut x) >> 8) as usize;
    (0..1_500).map(move |round| {
        let mut src = String::new();
        while src.len() < 300 {
            src.push_str(pieces[next() % if round % 2 == 0 { plain } else { pieces.len() }]);
            src.push_str(&"a".repeat(next() % [1, 4, 30, 70][next() % 4]));
        }
        (round, src)
    })
}

#[test]
fn escapes_by_runs_equal_escapes_one_by_one() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..20_000 {
        xorshift(&mut x);
        // Long runs, short runs, none: backslashes where a random bit says, denser each round.
        let density = round % 4;
        let bytes: Vec<u8> = (0..BLOCK)
            .map(|k| if (x.rotate_left(k as u32) & 7) <= density as u64 { b'\\' } else { b'a' })
            .collect();
        let backslash = bytes.iter().enumerate().fold(0u64, |m, (k, &b)| m | u64::from(b == b'\\') << k);
        for escape in [false, true] {
            let expected = escaped_one_by_one(&bytes, escape);
            assert_eq!(escaped(backslash, u64::from(escape)), expected, "{escape} {bytes:?}");
        }
    }
    assert_eq!(escaped(!0, 0), (0xAAAA_AAAA_AAAA_AAAA, 0));
    assert_eq!(escaped(!0, 1), (0x5555_5555_5555_5555, 1));
}

#[test]
fn the_c_shape_is_found_where_nothing_else_opens() {
    let shaped = |name: &str| {
        crate::count::syntax::classifier::Classifier::for_language(LangId::from_name(name).expect(name))
            .c_family
            .is_some()
    };
    for name in
        ["C", "C Header", "CSS", "Go", "Java", "Rust", "JavaScript", "TypeScript", "C++", "C++ Header"]
    {
        assert!(shaped(name), "{name}");
    }
    for name in ["Python", "C#", "Kotlin", "Scala", "Glimmer JS"] {
        assert!(!shaped(name), "{name}");
    }
}

/// Java's text blocks with their openers, closers and escaped quotes at every place around a
/// block boundary: an opener or closer may end one or two bytes into the next block, and a
/// block may end on the backslash that escapes the next one's first quote.
#[test]
fn text_blocks_across_block_boundaries_equal_the_byte_by_byte_twin() {
    use crate::simd::dispatch::LanesSeen;
    let java = LangId::from_name("Java").expect("Java");
    let lanes = LanesSeen::start();
    for pad in 0..=130 {
        let mut sources = vec![format!("{}\"\"\"\"\"\n// c\n", "a".repeat(pad))];
        for inner in 0..=70 {
            let (a, b) = ("a".repeat(pad), "b".repeat(inner));
            // Short, and then long enough that the next block is a whole one too.
            let text = format!("{a}\"\"\"\n{b}\\\"\"\"\n// c\n\"\"\";\n");
            sources.push(format!("{text}{}", "x = 1;\n".repeat(20)));
            sources.push(text);
        }
        for src in sources {
            agrees_on_every_lane(&lanes, java, src.as_bytes());
        }
    }
    lanes.check();
}

/// `src` counts as the byte-by-byte twin counts it on all three lane widths, and fed in two
/// chunks cut at a few places (a span, a letter or a look-back reaching over the cut).
fn agrees_on_every_lane_and_cut(id: LangId, src: &str) {
    use crate::count::machine::LineCounter;

    use crate::simd::dispatch::LanesSeen;
    let bytes = src.as_bytes();
    let lanes = LanesSeen::start();
    let expected = agrees_on_every_lane(&lanes, id, bytes).0;
    // Code mode takes the block loops only with a block ahead of it.
    if bytes.len() >= crate::simd::masks::BLOCK {
        lanes.check();
    }
    for cut in [64, 100, 140, 200] {
        let mut counter = LineCounter::new(id);
        let (first, rest) = bytes.split_at(cut.min(bytes.len()));
        let used = counter.feed(first);
        let carried = [&first[used..], rest].concat();
        assert_eq!(counter.finish(&carried), expected, "cut at {cut}: {src:?}");
    }
}

/// Each of the sources `sources` makes of a pad (0 to 130 `a`s, which move what comes after them
/// over every place around a block boundary) counts as the byte-by-byte twin counts it, in each
/// of `languages`, on every lane and cut ([`agrees_on_every_lane_and_cut`]).
fn at_every_place<S: IntoIterator<Item = String>>(languages: &[&str], sources: impl Fn(&str) -> S) {
    let ids: Vec<LangId> = languages.iter().map(|&name| LangId::from_name(name).expect(name)).collect();
    for pad in 0..=130 {
        for src in sources(&"a".repeat(pad)) {
            for &id in &ids {
                agrees_on_every_lane_and_cut(id, &src);
            }
        }
    }
}

/// Rust's raw strings, nested comments and character literals at every place around a block
/// boundary and a chunk's end: a raw string's letter, tag and quote split between blocks (the
/// quote looks back for the rest), its closer's tag reaching into the next block, comments
/// nesting across one, lifetimes beside literals.
#[test]
fn rust_forms_across_block_boundaries_equal_the_byte_by_byte_twin() {
    let tail = "let b = 1;\n".repeat(20);
    at_every_place(&["Rust"], |a| {
        [
            format!("{a}r#\"x\"# // c\n{tail}"),
            format!("{a} r##\"a \"# still\n// in\n\"## // c\n{tail}"),
            format!("{a}/* a /* b */ still\n*/ x // c\n{tail}"),
            format!("{a}'\\'' '\"' 'a' 'static \"s\\\"\n// in\" // c\n{tail}"),
            format!("{a}br#\"\n\"#/*/ x */ */ y\n{tail}"),
            format!("{a}\"{{\"r\"}}\" r#x\"\" // c\n{tail}"),
            format!("{a}r#"),
            format!("{a}r##\"\n{tail}"),
        ]
    });
}

/// JavaScript's templates and regex literals, which the loop stops at, at every place around a
/// block boundary and a chunk's end: the stop's lines settled up to it, the look-back for the
/// byte before a slash across blanks, newlines and the chunk's edge, a division going on in the
/// loop; and comments running over whole blocks, whose closer may straddle a boundary.
#[test]
fn javascript_stops_across_block_boundaries_equal_the_byte_by_byte_twin() {
    let tail = "let b = 1;\n".repeat(20);
    let comment = format!("/* {}\n */", "c ".repeat(70));
    // Long enough that a chunk may end inside it: the byte before a slash is then an earlier
    // chunk's.
    let blanks = format!("{}\n{}", " ".repeat(40), "\t".repeat(30));
    at_every_place(&["JavaScript", "TypeScript"], |a| {
        [
            format!("{a}`x ${{ {{ y: `z` }} }}\n// not\n` // c\n{tail}"),
            format!("{a}x = /[/*]\\//; // c\n{tail}"),
            format!("{a}y = b / 2 / c; /* c\n*/\n{tail}"),
            format!("(\n  \t\n{a}/\"/; '\"' // c\n{tail}"),
            format!("x = (a)\n\n{a}/ 2 /* c */ + `\n${{1}}`\n{tail}"),
            format!("{a}{comment} x /* y */\n/*/ z */ {comment}/\n{tail}"),
            format!("{a}\"a\\\"`\" '/' // `\n{tail}"),
            format!("{a}\n/*/ z\n{}\n*/ x // c\n{tail}", "c".repeat(70)),
            format!("{a}({blanks}/\"/; '\"' // c\n{tail}"),
            format!("{a}b{blanks}/ 2 /* c\n*/ '\"' // c\n{tail}"),
        ]
    });
}

/// C++'s raw strings, which the loop stops at, at every place around a block boundary and a
/// chunk's end: the letter and the quote split between blocks or chunks, the letter in an
/// identifier, in a comment or string just before the loop takes over, and openers the byte loop
/// does not take (no bracket in reach).
#[test]
fn cpp_raw_strings_across_block_boundaries_equal_the_byte_by_byte_twin() {
    let tail = "int b = 1;\n".repeat(20);
    at_every_place(&["C++"], |a| {
        [
            format!("{a}R\"x(\n// in )\" )x\" // c\n{tail}"),
            format!("{a} u8R\"(\"\n/* in */)\"; /* c\n*/\n{tail}"),
            format!("{a}FOR\"s\" // c\n{tail}"),
            format!("{a}/* R*/\"s\" /* c */\n{tail}"),
            format!("{a}R\"{}(\n\"\n{tail}", "t".repeat(30)),
            format!("{a}R"),
            format!("{a}R\"(\n{tail}"),
        ]
    });
}

/// C's own markers and bytes, thousands of them, between runs of text of any length: every
/// span meets every block boundary, with backslash runs, splices and `\r` around it; Go's raw
/// strings, Java's text blocks, JavaScript's templates and regex literals and C++'s raw strings
/// among them.
#[test]
fn dense_c_equals_the_byte_by_byte_twin() {
    use crate::simd::dispatch::LanesSeen;
    const PIECES: &[&[u8]] = &[
        b"\"",
        b"'",
        b"\\",
        b"/",
        b"*",
        b"/*",
        b"*/",
        b"//",
        b"\n",
        b"\r",
        b"\\\n",
        b"\\\r\n",
        b" ",
        b"`",
        b"\"\"\"",
        b"'a'",
        b"'\\''",
        b"'\xc3\xa9'",
        b"r\"",
        b"r#\"",
        b"\"#",
        b"R\"(",
        b")\"",
        b"${",
        b"}",
        b"=",
        b"(",
    ];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || (xorshift(&mut x) >> 8) as usize;
    let lanes = LanesSeen::start();
    for round in 0..4_000 {
        let mut src = Vec::new();
        while src.len() < (round % 5 + 1) * 500 {
            src.extend_from_slice(PIECES[next() % PIECES.len()]);
            // Text between: none, a little, or more than a block (spans over whole blocks).
            let text = [0, 3, 20, 90][next() % 4];
            src.extend(std::iter::repeat_n(b'a', next() % (text + 1)));
        }
        for name in ["C", "CSS", "JSON", "Go", "Java", "Rust", "JavaScript", "C++"] {
            let id = LangId::from_name(name).expect(name);
            agrees_on_every_lane(&lanes, id, &src);
        }
    }
    lanes.check();
}

/// Blocks whose only marks are `"` (settled by their quotes' parity, `string_block`): strings
/// over block boundaries, escaped quotes and backslash runs at every place, newlines that end a
/// string or that a backslash continues, an escaped quote in code, Java's `"""` beside them, and
/// now and then another mark, so that the blocks before and after are the span walk's.
#[test]
fn string_only_blocks_equal_the_byte_by_byte_twin() {
    const QUOTES: usize = 16;
    const PIECES: &[&str] = &[
        "\"", "\"", "\"", "\"\"\"", "\\", "\\\\", "\\\"", "\n", "\\\n", "\r\n", " ", "r\"", "R\"(", ")\"",
        "r#\"", "\"#", "'", "/*", "*/", "//", "`", "/",
    ];
    // Every other source has no mark but `"`; the rest have the others now and then.
    for (_, src) in random_sources(0x2545_F491_4F6C_DD1D, PIECES, QUOTES) {
        for name in ["C", "CSS", "JSON", "Java", "Go", "JavaScript", "TypeScript", "Rust", "C++"] {
            agrees_on_every_lane_and_cut(LangId::from_name(name).expect(name), &src);
        }
    }
    // Java's `"""` with nothing but quotes around it, at every place around a block boundary: a
    // text block's closer carried into the next block, where a quote later in that block then
    // opens a string that a comment's opener after it is in; an opener straddling one, with a
    // comment inside the text block.
    let tail = "s = \"t\\\"u\";\n".repeat(20);
    at_every_place(&["Java"], |a| {
        let closers = [0, 30, 61, 62, 63]
            .map(|n| "b".repeat(n))
            .map(|b| format!("\"\"\"\n{a}\"\"\"{b}\"/* in\nx\n*/\n{tail}"));
        let openers =
            [format!("{a}\"\"\"\n// in\n\"\"\" \"\"\n{tail}"), format!("{a}\"\\\"\"\"\" \"\"\"\"\"\n{tail}")];
        closers.into_iter().chain(openers)
    });
}

/// Java's empty strings (two quotes side by side, which the quotes' parity settles) beside a text
/// block's `"""` at every place around a block boundary: its three quotes in one block, split
/// two and one or one and two over two blocks, and after a string's closer, so that a block
/// taken for empty strings where a text block opens would count its comment-like lines wrongly.
/// Sabotage tried: the quote at a block's last byte no longer left to the walk when the next
/// byte is a quote. It fails.
#[test]
fn empty_strings_beside_text_blocks_equal_the_byte_by_byte_twin() {
    let tail = "s = \"\" + \"\";\n".repeat(20);
    at_every_place(&["Java"], |a| {
        [
            format!("{a}x = \"\" + \"\";\nt = \"\"\"\n  y // in\n  /* in */\n  \"\"\";\n// c\n{tail}"),
            format!("{a}\"\"\"\n  // in\n  \"\"\" + \"\";\n/* c\n*/\n{tail}"),
            format!("{a}u = \"v\"\"\"\"\n  // in\n\"\"\";\n{tail}"),
        ]
    });
}

/// Blocks whose only marks are `'` (`string_block`: JavaScript's strings, settled by their
/// parity; Rust's lifetimes and character literals, code by themselves where no mark is inside)
/// or slashes that open no comment (divisions: C++'s `division_block`, the span walk's in the
/// others): strings over block boundaries, escaped quotes and backslash runs at every place,
/// newlines that end a string, a slash before `/`, `*` or the block's end, and now and then
/// another mark, so that the blocks before and after are the span walk's; in every language
/// whose `'` opens a string, a character literal or a lifetime, or whose slash may open a regex
/// literal.
#[test]
fn single_quote_and_division_blocks_equal_the_byte_by_byte_twin() {
    const PLAIN: usize = 16;
    const PIECES: &[&str] = &[
        "'", "'", "'", "\\", "\\'", "\\\\", "\n", "\\\n", " / ", "/", "a/b", "'a'", "<'a>", "'\u{e9}'",
        "'r'", "''", "\"", "//", "/*", "*/", "*", "\r\n", "`", "'\"'", "'/'", "r#\"",
    ];
    // Every other source has no mark but `'` and divisions; the rest have the others.
    for (round, mut src) in random_sources(0x9E37_79B9_7F4A_7C15, PIECES, PLAIN) {
        // And with `"` for `'`: its strings beside divisions.
        if round % 4 == 2 {
            src = src.replace('\'', "\"");
        }
        for name in ["C", "C++", "CSS", "JSON", "Java", "Go", "Rust", "JavaScript", "TypeScript"] {
            agrees_on_every_lane_and_cut(LangId::from_name(name).expect(name), &src);
        }
    }
    // A division at every place around a block boundary, beside strings of either quote, a
    // comment's closer carried into the block, and a slash whose `/` or `*` is the next block's.
    let tail = "x = a / b;\n".repeat(20);
    at_every_place(&["C", "C++", "Java", "Go", "Rust", "JavaScript"], |a| {
        [
            format!("{a}x = 'y' / 2 / '\\'' / \"s/t\" / 3;\n{tail}"),
            format!("{a}/* c */ / 'd' /\n/\n{tail}"),
            format!("{a}x /\n/ y\n{tail}"),
            format!("{a}x /\n* y */ z\n{tail}"),
            format!("{a}'it''s /' / \"\" '\n{tail}"),
            format!("{a}fn f<'a>(x: &'a str) {{ 'l: loop {{ break 'l; }} }} \"s'\" 'c' 'é' / 2\n{tail}"),
            format!("{a}x = 'q'\"'\n'\"' '\"'\n{tail}"),
            format!("{a}#include <a/b.h>\nx = a/b/*\nc\n*/ d / e//f\n{tail}"),
            format!("{a}x = a/b//\\\nc\n{tail}"),
            format!("{a}x = a / b */ c /\n{tail}"),
        ]
    });
}

/// JavaScript's and C++'s blocks of strings that hold other marks (`string_block` takes them
/// there): a path, a URL, a comment's opener, a backtick and the other quote inside strings of
/// either quote, at every place around a block boundary, with the marks after them in code (a
/// line comment, a regex literal, a division, a template, a character literal) that leave their
/// block to the walk, and a string a newline ends. Sabotage tried: without the test that every
/// other mark stands inside a string, this test fails.
#[test]
fn strings_holding_other_marks_equal_the_byte_by_byte_twin() {
    let tail = "import x from './a/b.js';\n".repeat(20);
    at_every_place(&["JavaScript", "TypeScript", "C++", "C", "Rust", "Go", "Java"], |a| {
        [
            format!("{a}import {{ y }} from \"../c/d.ts\"; // e/f\n{tail}"),
            format!("{a}s = 'http://x/*y*/' + \"it's `t`\" / 2;\n{tail}"),
            format!("{a}r = \"a/b\".split(/\\//); t = `x/${{'y'}}`;\n{tail}"),
            format!("{a}u = '/* no */' /* c */ + \"// no\"\n'\\'/' + \"\\\"//\"\n{tail}"),
            format!("{a}v = \"a/b\nw = 'c//d'\n{tail}"),
            format!("{a}c = \"'\" + '\"'; d = '\"'/'\"'; e = \"x\" // \"y\"\n{tail}"),
            format!("{a}f = \"g/h\";\n// a comment line\n/* and\n more */ i = 'j';\n{tail}"),
            format!("{a}k = /\"/; l = 'm';\n// \"n\n{tail}"),
        ]
    });
}

/// Go's raw strings (`raw_block` settles a block inside one, or one whose first mark opens one,
/// where no mark stands in code outside them): long ones over blank lines and whole blocks,
/// holding lines that would be comments in code, quotes and backslashes, opened after a comment
/// or code and closed with code, a comment or another mark after them, at every place around a
/// block boundary. Sabotages tried: the string carried in left out of the backticks' parity;
/// marks in code after a closer let through. Both fail.
#[test]
fn go_raw_strings_equal_the_byte_by_byte_twin() {
    let tail = "x := f(\"y\") // z\n".repeat(20);
    let long = "q".repeat(70);
    at_every_place(&["Go"], |a| {
        [
            format!("{a}s := `{long}\n\n// a\n  /* b */\n\"c\" \\\n{long}\n// d\n` // e\n{tail}"),
            format!("{a}/* c */ t := `\n\n// '/'\n` + `x`\n// d\n{tail}"),
            format!("{a}u := `a`; v := \"w\" /* e */ + `\n{long}\n`/2\n// f\n{tail}"),
            format!("{a}// c `not`\nw := `{long}\n` // `e`\n`\n// f\n`\n{tail}"),
            format!("{a}y := '`' + `\"` + \"`\"\n// g\n{tail}"),
            format!("{a}z := `{long}` /* h\n{long}\n*/\n{tail}"),
            format!("{a}z := `open\n{long}\n"),
        ]
    });
}

/// Blocks a plain comment closes in with more comments after it (`chained_comments`): a doc
/// comment's `*/`, code, and the next `/**`, at every place around a block boundary (a closer's
/// `/` in the next block too); comments one after another on a line; `/*/`, which opens and
/// does not close; a splice inside a closer; and a mark that is no `/*` (a string, `//`, a
/// division, a regex) after a closer, which leaves the block to the walk. Sabotages tried:
/// `/*/` read as a closer; any `/` read as an opener; a closer's `/` in the next block not
/// carried. Each fails.
#[test]
fn comment_chains_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let long = "c ".repeat(40);
    let languages = ["C", "C++", "Java", "Go", "JavaScript", "TypeScript", "Rust", "CSS"];
    at_every_place(&languages, |a| {
        [
            format!("{a}/** doc\n */\nfoo();\n/**\n * next {long}\n */\n{tail}"),
            format!("/** {long}\n{a} */\nfoo();\n\n  /**\n * next\n */\n{tail}"),
            format!("/* {long}{a} */ x /* b */ y /*/ c */ z\n{tail}"),
            format!("/* {long}{a} */ /* b */\n\n /* c\n{long}\n*/\n{tail}"),
            format!("/* {long}{a} **/ /*/ b */ c /**/\n{tail}"),
            format!("/* {long}{a} */ y /*/ b\n{long}\n*/\n{tail}"),
            format!("/* {long}{a} */ \"s /*\" /* b */\n{tail}"),
            format!("/* {long}{a} */ x // c */\n/* d */\n{tail}"),
            format!("/* {long}{a} */ x = y / z /* b */ w /re/\n{tail}"),
            format!("/* {long}{a} */ x /* b *\\\n/ y /* c */\n{tail}"),
            format!("/* {long}{a} */ x /*"),
        ]
    });
}

/// Rust's and C++'s blocks whose only marks are `"` (`string_block`), with raw strings among
/// their strings: a raw string's letter, tag and quote at every place around a block boundary,
/// with nothing but strings before and after it, and a comment after that only the raw string
/// read as raw leaves a comment (a backslash before its closer, a quote inside it); Rust's
/// strings over lines, blank ones too; an identifier's last letter before a quote.
#[test]
fn raw_strings_in_string_only_blocks_equal_the_byte_by_byte_twin() {
    let tail = "let s = \"q\";\n".repeat(20);
    at_every_place(&["Rust"], |a| {
        [
            format!("{a}r#\"x \"\" y\"# \"s\" r\"z\\\" \"t\\\"\"\n{tail}"),
            format!("{a}\"multi\n\n line \\\" still\n\" x \"\"\n{tail}"),
            format!("{a}br##\"\n\"# \"\n\"## \"s\"\n{tail}"),
            format!("{a}bar\"x\" \"y\" #\"z\"\n{tail}"),
            format!("{a}\"\\\n\"r\n{tail}"),
            format!("{a}r\"z\\\" x\n// c\n{tail}"),
            format!("{a}r#\"z\\\"# x\n// c\n{tail}"),
        ]
    });
    at_every_place(&["C++"], |a| {
        [
            format!("{a}R\"(x \"\" y)\" \"s\" u8R\"d(\n\")d\" \"t\"\n{tail}"),
            format!("{a}FOR\"x\" \"y\"\n{tail}"),
            format!("{a}\"s\" R\"x(\n\n)x\"\n{tail}"),
            format!("{a}R\"(a\"\n// in\n)\"\n{tail}"),
        ]
    });
}

/// Blocks whose marks outside line comments open line comments (`line_comment_block`): a `//`
/// at every place around a block boundary (its second slash in the next block too), comments
/// longer than a block, marks of every kind inside them, code between them, a splice that
/// continues one (C, C++), and a mark that is no `//` (a division, JavaScript's regex, a
/// string) before or after them.
#[test]
fn line_comment_blocks_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let long = "c ".repeat(40);
    let languages = ["C", "C++", "Rust", "Java", "Go", "JavaScript", "CSS", "JSON"];
    at_every_place(&languages, |a| {
        [
            format!("{a}// c\n{tail}"),
            format!("{a}/// doc '\"` /* x\n  // {long}\n// e\n{tail}"),
            format!("{a}x // c\n y // {long} {long}\n\n//\n{tail}"),
            format!("{a}// c \\\n still\n// d\\\r\n more\n{tail}"),
            format!("{a}x / y // c\n z = /re/; // d\n{tail}"),
            format!("{a}// c\n \"s\" // d\n 'q' /* e */ // f\n{tail}"),
            format!("{a}//{long}\\\n{long}\n{tail}"),
            format!("{a}// c"),
        ]
    });
}

/// Block comments opened in code (`opener_block` settles a block whose first mark opens one): the
/// opener at every place around a block boundary, its `*` in the next block, its closer at every
/// place after it (the closer's `/` in the next block too), `/*/` and `/**/`, a second comment
/// or a string or nothing after the closer, a closer's `/` carried into a block that opens the
/// next comment, and languages without block comments (Zig's `//` alone, JSON's none).
#[test]
fn comment_openers_across_block_boundaries_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let languages = ["C", "Java", "Go", "CSS", "JSON", "Zig", "Rust", "JavaScript", "C++"];
    at_every_place(&languages, |a| {
        let mut sources = vec![
            format!("{a}/*/ x */ y\n{tail}"),
            format!("{a}/*/ x\n{}\n*/\n{tail}", "y ".repeat(40)),
            format!("{a}\n/* x */ /* z\n{}\n*/\n{tail}", "y ".repeat(40)),
            format!("{a}/**/\n{tail}"),
            format!("{a}//* x\n{tail}"),
            format!("{a}/* x */ /* y */\n /* z\n{tail}*/\n"),
            format!("{a}\n/* x\n * y\n */\n{tail}"),
        ];
        for body in 0..=14 {
            let b = "b\n * ".repeat(body / 5) + &"*".repeat(body % 5);
            for after in ["", " c", " \"s/*\"", " // d", " /* e */"] {
                sources.push(format!("{a} /*{b}*/{after}\n{tail}"));
            }
        }
        sources
    });
}

/// Blocks of comments drawn at random (`comment_block`, `line_comment_block`, `opener_block` and
/// the span walk between them): several comments of both kinds in a block, a closer then a `//`,
/// a comment carried in from the last block then more after it, openers and closers split
/// between blocks, splices and `\r` beside line comments, `/*/` and `/**/`; and now and then a
/// string, a lone slash or a backtick; in every C-shaped language (Rust's comments nest, CSS has
/// no `//`, JavaScript's lone slash may open a regex).
#[test]
fn comment_only_blocks_equal_the_byte_by_byte_twin() {
    const PLAIN: usize = 14;
    const PIECES: &[&str] = &[
        "//",
        "/*",
        "*/",
        "/*/",
        "/**/",
        "\n",
        "\n",
        " ",
        "*",
        "\\\n",
        "\\",
        "\r\n",
        "x; /* a */",
        " // b\n",
        "\"",
        "'",
        "/",
        "`",
        "r#\"",
        "R\"(",
    ];
    let languages = ["C", "C Header", "C++", "CSS", "Java", "Go", "Rust", "JavaScript", "TypeScript"]
        .map(|name| LangId::from_name(name).expect(name));
    for (_, src) in random_sources(0x5851_F42D_4C95_7F2D, PIECES, PLAIN) {
        for &id in &languages {
            agrees_on_every_lane_and_cut(id, &src);
        }
    }
}

/// Block comments over whole blocks (`comment_run` settles every block after the first that
/// holds no `*/`): the closer at every place of the blocks after the opener, its `*` a block's
/// last byte with the `/` in the next block or not, blank lines, `*` lines and `**` inside, code
/// before the opener on a first line longer than a block, a comment ending where the buffer
/// does; in every C-shaped language with `/* */` (Rust's nest, which the run leaves alone).
#[test]
fn comments_over_whole_blocks_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let body = " * doc line\n *\n\n   \n\t * a * b ** c /\n".repeat(6);
    let long = "c ".repeat(70);
    let languages = ["C", "C Header", "C++", "CSS", "Java", "Go", "JavaScript", "TypeScript", "Rust"];
    at_every_place(&languages, |a| {
        [
            format!("x;\n/**\n{body}{a}*/ y\n{tail}"),
            format!("/*{body}{a}**/\n\n{tail}"),
            format!("x = 1; /* {long}\n{body}{a} */ /* z */ \"s\"\n{tail}"),
            format!("{a}/*\n{body}\n*/ x\n{tail}"),
            format!("/*\n{body}{a}*"),
            format!("/*\n{body}{a}"),
        ]
    });
}

/// The first non-blank byte of each line begun in a block, one byte at a time: `line_firsts`'
/// twin.
fn line_firsts_one_by_one(bytes: &[u8]) -> u64 {
    let (mut out, mut looking) = (0u64, false);
    for (k, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' => looking = true,
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
            _ if looking => {
                out |= 1 << k;
                looking = false;
            }
            _ => {}
        }
    }
    out
}

#[test]
fn line_firsts_equal_the_byte_by_byte_twin() {
    use crate::simd::bits::line_firsts;
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for round in 0..20_000 {
        let bytes: Vec<u8> = (0..BLOCK)
            .map(|_| {
                // Newlines denser or sparser each round, runs of blanks between.
                let r = below(&mut x, 16);
                match r {
                    _ if r < 1 + round % 5 => b'\n',
                    _ if r < 9 => b' ',
                    9 => b'\t',
                    10 => b'\r',
                    _ => b'x',
                }
            })
            .collect();
        let mask =
            |f: fn(u8) -> bool| bytes.iter().enumerate().fold(0u64, |m, (k, &b)| m | u64::from(f(b)) << k);
        let newlines = mask(|b| b == b'\n');
        let nonblank = mask(|b| b == b'x');
        assert_eq!(line_firsts(newlines, nonblank), line_firsts_one_by_one(&bytes), "{bytes:?}");
    }
}

/// Runs of line comments over whole blocks (`line_run` settles each block after the one a line
/// comment runs past whose every line opens one): indented `///` and `//!` lines, blank lines,
/// `\r\n`, marks and splices inside, the block's last line blank or a `//` split between two
/// blocks, and then at every place a line that is no comment (code, a lone `/`, a string, code
/// before a `//`), or the buffer's end; in every C-shaped language with `//`.
#[test]
fn line_comments_over_whole_blocks_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let body =
        "    /// doc line 'a' \"s\" `t` /* x\n    ///\n\n  \t//! inner\r\n// c \\\n// spliced\n".repeat(4);
    let languages = ["C", "C++", "C++ Header", "Rust", "Java", "Go", "JavaScript", "TypeScript"];
    at_every_place(&languages, |a| {
        let b = " ".repeat(a.len() % 67);
        [
            format!("x; // c\n{body}{a}\nfn f() {{}}\n{tail}"),
            format!("// c\n{body}{b}/ 2\n{tail}"),
            format!("// c\n{body}{b}x = \"s\"; // d\n{tail}"),
            format!("// c\n{b}// {a}\n{body}{b}\n{b}\n\"s\"\n{tail}"),
            format!("{a}// c\n{body}{b}//"),
            format!("{a}// c\n{body}{b}/"),
            format!("// {a}\n{body}// \\\n{b}code();\n{tail}"),
            format!("// c\n{body}// {a} \\\n{b}\n{body}x;\n{tail}"),
        ]
    });
}

/// C++'s, Java's and Go's blocks whose marks outside strings and line comments are `"` and `//`
/// (`mixed_block`): a call with a string and a comment after it, a `//` inside a string and a `"`
/// inside a comment, a comment carried in from the last block then a string, a string carried in
/// then a comment, at every place around a block boundary; escaped quotes and backslash runs,
/// splices (a comment's, a string's), `\r`, a quote after a raw string's letter, Java's empty
/// strings beside its text blocks' `"""`, Go's raw strings, and now and then a mark that leaves
/// the block to the span walk (`'`, a division, `/*`).
#[test]
fn strings_beside_line_comments_equal_the_byte_by_byte_twin() {
    let tail = "x = 1;\n".repeat(20);
    let names = ["C++", "C++ Header", "Java", "Go"];
    at_every_place(&names, |a| {
        [
            format!("{a}f(\"x // y\", \"z\"); // c \"q\" 'r' /* s\n g(\"t\"); // u\n{tail}"),
            format!("{a}s = \"\" + \"x//y\"; // c \"\"\n t = \"\"\"\n  // in \"\n  \"\"\"; // d\n{tail}"),
            format!("{a}s := \"a/b\" + `raw // \"` // c\n{tail}"),
            format!("{a}// c \"q\n x = \"s\\\"t\\\\\"; // d\n{tail}"),
            format!("{a}s = \"a\\\n b\"; // c \\\n still\n{tail}"),
            format!("{a}s = \"a\\\\\"; // c \\\r\n still\n \"t\" // d \\x\n{tail}"),
            format!("{a}s = \"unclosed // not\n t = \"u\"; // c\n{tail}"),
            format!("{a}s = R\"(x // y)\" \"z\"; // c\n{tail}"),
            format!("{a}s = \"x\" // c\n y = 'q'; z = a / b; // d\n{tail}"),
            format!("{a}s = \\\"x\" // c\n{tail}"),
            format!("{a}\"s\"//"),
            format!("{a}\"s\"/"),
        ]
    });
    const PLAIN: usize = 13;
    const PIECES: &[&str] = &[
        "\"", "\"s\"", "//", "// c", "\n", "\n", " ", "\\", "\\\\", "\\\"", "\\\n", "\\\r\n", "\r\n", "'",
        "/", "/*", "*/", "R\"(", ")\"", "\"\"\"", "`",
    ];
    let languages = names.map(|name| LangId::from_name(name).expect(name));
    for (_, src) in random_sources(0x4F1B_BCDC_BEFA_5A3D, PIECES, PLAIN) {
        for &id in &languages {
            agrees_on_every_lane_and_cut(id, &src);
        }
    }
}
