use super::*;
use crate::simd::dispatch::{capped, LanesSeen};
use crate::test_random::{below, xorshift};

fn lang(name: &str) -> LangId {
    LangId::from_name(name).unwrap_or_else(|| panic!("no language {name}"))
}

fn c(lines: u64, code: u64, comments: u64, blanks: u64) -> Counts {
    Counts { lines, code, comments, blanks }
}

/// Feeds `bytes` in pieces the way a reader does: the unconsumed tail starts the next chunk.
fn count_in_pieces(id: LangId, bytes: &[u8], sizes: &mut impl Iterator<Item = usize>) -> (Counts, Embedded) {
    let mut counter = LineCounter::new(id);
    let mut buf: Vec<u8> = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let take = sizes.next().unwrap_or(1).clamp(1, bytes.len() - pos);
        buf.extend_from_slice(&bytes[pos..pos + take]);
        pos += take;
        let used = counter.feed(&buf);
        assert!(buf.len() - used < MAX_TOKEN, "left {} bytes", buf.len() - used);
        buf.drain(..used);
    }
    counter.finish_embedded(&buf)
}

#[test]
fn c_rules() {
    let src = b"int a; /* c */\n/* only\n\n   comment */ \n  // line\n\"/* not */\" x\n\n";
    assert_eq!(count(lang("C"), src), c(7, 2, 3, 2));
}

#[test]
fn last_line_without_newline_and_bom() {
    assert_eq!(count(lang("C"), b""), c(0, 0, 0, 0));
    assert_eq!(count(lang("C"), b"x"), c(1, 1, 0, 0));
    assert_eq!(count(lang("C"), b"\xEF\xBB\xBF// hi\r\nx;\r\n"), c(2, 1, 1, 0));
    assert_eq!(count(lang("C"), b"  \n\t"), c(2, 0, 0, 2));
    // Found by fuzz/: a byte-order mark alone is an empty file, in both engines.
    assert_eq!(count(lang("C"), b"\xEF\xBB\xBF"), c(0, 0, 0, 0));
    assert_eq!(count_reference(lang("C"), b"\xEF\xBB\xBF"), c(0, 0, 0, 0));
}

#[test]
fn escapes_nesting_and_docstrings() {
    assert_eq!(count(lang("C"), b"s = \"\\\\\"; // c\n\"\\\" /*\"\n"), c(2, 2, 0, 0));
    assert_eq!(count(lang("Rust"), b"/* a /* b */ still */\nx\n"), c(2, 1, 1, 0));
    assert_eq!(count(lang("C"), b"/* a /* b */ x */\n"), c(1, 1, 0, 0));
    let py = b"def f():\n    \"\"\"Doc.\n\n    more\n    \"\"\"\n    x = '''not doc'''\n";
    assert_eq!(count(lang("Python"), py), c(6, 2, 3, 1));
}

#[test]
fn unterminated_one_line_string_ends_at_newline() {
    assert_eq!(count(lang("C"), b"'\n/* c */\n"), c(2, 1, 1, 0));
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        xorshift(&mut self.0);
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        below(&mut self.0, n as u64) as usize
    }
}

/// Every marker family the table uses, and the bytes around them that change what they mean: tags
/// (`=`, `#`, delimiter words), heredoc words and flags, word ends, line starts, escapes, splices.
const PIECES: &[&[u8]] = &[
    b"/*",
    b"*/",
    b"//",
    b"#",
    b"\"",
    b"'",
    b"\"\"\"",
    b"'''",
    b"\\",
    b"\n",
    b"\r\n",
    b" ",
    b"\t",
    b"x",
    b"ab",
    b"/",
    b"*",
    b"\xEF\xBB\xBF",
    b"\x00",
    b"\xC3\xA9",
    b"[",
    b"]",
    b"=",
    b"--",
    b"(",
    b")",
    b"R\"",
    b"r",
    b"@",
    b"$",
    b"`",
    b"<<",
    b"-",
    b"~",
    b"EOF",
    b"\nEOF\n",
    b"=pod",
    b"=cut",
    b"=begin",
    b"=end",
    b"REM",
    b"<*",
    b"*>",
    b"[<",
    b"<#",
    b"#>",
    b"{",
    b";",
    b"'\\u{1F600}'",
    b"abcdefghijklmnopqrstu",
    // Regions: tags of every case and shape, PHP's page, fences.
    b"<script>",
    b"<SCRIPT type=\"text/typescript\">",
    b"<script\n  lang='ts'\n>",
    b"</script>",
    b"</SCRIPT >",
    b"<style lang=\"scss\">",
    b"<style>",
    b"</style>",
    b"<script type=text/x-template>",
    b"<?php",
    b"<?php\n",
    b"<?= ",
    b"?>",
    b"\n```rust\n",
    b"\n```\n",
    b"\n~~~~ python\n",
    b"\n  ~~~~\n",
    b"```html\n",
    b"```php\n",
    b"<!--",
    b"-->",
    b"<",
    b">",
];

/// A delimiter with its `{tag}` filled in with `n` of the first tag byte.
fn with_tag(m: &[u8], at: Option<u8>, chars: &[u8], n: usize) -> Vec<u8> {
    let mut v = m.to_vec();
    if let (Some(at), Some(&c)) = (at, chars.first()) {
        v.splice(usize::from(at)..usize::from(at), std::iter::repeat(c).take(n));
    }
    v
}

/// The language's own markers, so every language meets its tags, heredocs and escapes often.
fn language_pieces(id: LangId) -> Vec<Vec<u8>> {
    let s = &id.language().syntax;
    let mut out: Vec<Vec<u8>> = s.line_comments.iter().map(|m| m.to_vec()).collect();
    // Long tags and words reach the end of the window, where a chunk boundary would show.
    for n in [0, 1, 2, 9, 17, 21] {
        for b in s.block_comments {
            out.push(with_tag(b.open, b.tag.map(|t| t.open), s.tag_chars, n));
            out.push(with_tag(b.close, b.tag.map(|t| t.close), s.tag_chars, n));
        }
        for q in s.quotes {
            out.push(with_tag(q.open, q.tag.map(|t| t.open), s.tag_chars, n));
            out.push(with_tag(q.close, q.tag.map(|t| t.close), s.tag_chars, n));
        }
    }
    out.extend(s.code_tokens.iter().map(|m| m.to_vec()));
    for h in s.quotes.iter().filter_map(|q| q.interpolation) {
        out.extend([h.open.to_vec(), vec![h.open[h.open.len() - 1]], vec![h.close]]);
    }
    // An opener's first letter alone: the block loops drop it as a mark unless its next byte
    // may continue the opener (`count::lead`), so it must meet other next bytes too.
    let letters = s.quotes.iter().map(|q| q.open[0]).chain(s.block_comments.iter().map(|b| b.open[0]));
    out.extend(letters.filter(|b| b.is_ascii_alphanumeric()).map(|b| vec![b]));
    out.extend(s.code_escape.map(|b| vec![b]));
    out.extend(s.tag_chars.iter().take(2).map(|&b| vec![b]));
    // Quote-like operators (`s#a#b#`, `qw(`) open only where no name goes on before them (`$s`).
    for &b in crate::count::syntax::quote_like::starts(s.quote_likes) {
        out.extend([vec![b], vec![b'_', b], vec![b, b'w', b'(']]);
    }
    // A keyword's condition, after which a slash opens a regex (JavaScript's `if (x) /re/`).
    if s.regex {
        out.extend([&b"if ("[..], b"while(", b"a.for (", b")", b"("].map(|p| p.to_vec()));
    }
    if let Some(h) = s.heredoc {
        out.push(h.open.to_vec());
        out.extend(h.indent_flags.iter().map(|&f| [h.open, &[f][..]].concat()));
        for word in [&b"EOF"[..], b"A_RATHER_LONG_WORD_9"] {
            out.extend([word.to_vec(), [b"\"", word, b"\""].concat(), [b"\n", word, b"\n"].concat()]);
            out.push([b"\n  ", word, b"\r\n"].concat());
        }
    }
    if s.block_scalars {
        let pieces: [&[u8]; 6] = [b": |", b"- >-", b"|2 # c\n", b"\n  ", b"\n    x", b": >+\n   "];
        out.extend(pieces.iter().map(|p| p.to_vec()));
    }
    if !s.help_text.is_empty() {
        out.extend(s.help_text.iter().map(|w| [b"\n\t", *w, b"\n"].concat()));
        let pieces: [&[u8]; 4] = [b"\n\t  ", b"\n        ", b"\n  \t", b" # c\n"];
        out.extend(pieces.iter().map(|p| p.to_vec()));
    }
    out
}

fn random_source(rng: &mut Rng, own: &[Vec<u8>]) -> Vec<u8> {
    let len = rng.below(200);
    let mut src = Vec::new();
    for _ in 0..len {
        match rng.below(3) {
            0 if !own.is_empty() => src.extend_from_slice(&own[rng.below(own.len())]),
            _ => src.extend_from_slice(PIECES[rng.below(PIECES.len())]),
        }
    }
    src
}

/// `RINGLOC_FUZZ_ROUNDS=100000 cargo test --release fast_path` searches much harder.
fn rounds() -> usize {
    std::env::var("RINGLOC_FUZZ_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(400)
}

#[test]
fn fast_path_and_chunks_equal_the_byte_by_byte_twin() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let doc_as_code = Options { docstrings_as_code: true };
    let lanes = LanesSeen::start();
    for id in LangId::all() {
        let own = language_pieces(id);
        let has_doc = id.language().syntax.quotes.iter().any(|q| q.doc);
        let mut with_regions = 0;
        for _ in 0..rounds() {
            let src = random_source(&mut rng, &own);
            let shown = String::from_utf8_lossy(&src);
            let expected = count_reference_embedded(id, Options::default(), &src);
            let (totals, embedded) = &expected;
            assert_eq!(totals.lines, totals.code + totals.comments + totals.blanks);
            let parts: u64 = embedded.iter().map(|(_, c)| c.lines).sum();
            assert!(parts <= totals.lines, "{}: regions hold more lines than the file", id.name());
            for (_, c) in embedded {
                assert_eq!(c.lines, c.code + c.comments + c.blanks);
            }
            with_regions += usize::from(!embedded.is_empty());
            assert_eq!(count_embedded(id, Options::default(), &src), expected, "{}: {shown:?}", id.name());
            for level in lanes.levels() {
                let capped = capped(level, || count_embedded(id, Options::default(), &src));
                assert_eq!(capped, expected, "{} on {level:?} lanes: {shown:?}", id.name());
            }
            let mut sizes =
                std::iter::repeat_with(|| rng.below(40) + 1).take(1000).collect::<Vec<_>>().into_iter();
            let chunked = count_in_pieces(id, &src, &mut sizes);
            assert_eq!(chunked, expected, "{} chunked: {shown:?}", id.name());
            if has_doc {
                let expected = count_reference_with(id, doc_as_code, &src);
                assert_eq!(
                    count_with(id, doc_as_code, &src),
                    expected,
                    "{} doc as code: {shown:?}",
                    id.name()
                );
            }
        }
        if id.language().syntax.embed != crate::lang::Embed::None {
            assert!(with_regions > rounds() / 4, "{}: only {with_regions} sources had regions", id.name());
        }
    }
    lanes.check();
}

/// Files opening with `#!` and what may follow it in each language with a hashbang rule (blanks,
/// newlines, plain and doc comments, `[`, a path, a quote; a byte-order mark before it) count as
/// the twin counts them, on every lane and fed in chunks of every size up to 40: the rule is
/// decided on the file's first window, however little of it the first chunk holds. Sabotage
/// tried: the first chunk's bytes taken for the whole window. It fails.
#[test]
fn hashbang_heads_equal_the_byte_by_byte_twin() {
    let lanes = LanesSeen::start();
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let after: [&[u8]; 11] = [
        b" ",
        b"\n",
        b"\t",
        b"[",
        b"/usr/bin/env node",
        b"//c\n",
        b"/* a /* b */ */",
        b"///d\n",
        b"/*!e*/",
        b"\"s",
        b"#!",
    ];
    for name in ["JavaScript", "TypeScript", "Groovy", "Rust"] {
        let id = lang(name);
        for round in 0..200 {
            let mut src = if round % 7 == 0 { b"\xEF\xBB\xBF#!".to_vec() } else { b"#!".to_vec() };
            for _ in 0..rng.below(6) {
                src.extend_from_slice(after[rng.below(after.len())]);
            }
            src.extend(random_source(&mut rng, &[]));
            let expected = crate::count::on_every_lane::agrees_on_every_lane(&lanes, id, &src);
            for size in 1..=40 {
                let chunked = count_in_pieces(id, &src, &mut std::iter::repeat(size));
                assert_eq!(
                    chunked,
                    expected,
                    "{name} in chunks of {size}: {:?}",
                    String::from_utf8_lossy(&src)
                );
            }
        }
    }
    lanes.check();
}

#[test]
fn lines_match_newlines() {
    let mut rng = Rng(7);
    for _ in 0..200 {
        let src = random_source(&mut rng, &[]);
        let nl = src.iter().filter(|&&b| b == b'\n').count() as u64;
        let extra = u64::from(src.last().is_some_and(|&b| b != b'\n'));
        assert_eq!(count(lang("C"), &src).lines, nl + extra);
    }
}

/// Where each line of `src` starts (a line as the counter counts it).
fn line_starts(src: &[u8]) -> Vec<usize> {
    let after = src.iter().enumerate().filter(|&(p, &b)| b == b'\n' && p + 1 < src.len()).map(|(p, _)| p + 1);
    (!src.is_empty()).then_some(0).into_iter().chain(after).collect()
}

/// The fast path cut at line starts holds in each stretch the lines the twin explains there,
/// bucket for bucket (`ringloc diff` tallies runs of lines so).
#[test]
fn stretches_hold_the_lines_the_twin_explains() {
    let mut rng = Rng(0xC0FF_EE11);
    let (mut cut, mut refused) = (0, 0);
    for id in LangId::all() {
        let own = language_pieces(id);
        for _ in 0..rounds() / 8 {
            let src = random_source(&mut rng, &own);
            let lines = explain(id, &src);
            let starts = line_starts(&src);
            let at: Vec<usize> = (0..starts.len()).filter(|_| rng.below(3) == 0).collect();
            let cuts: Vec<usize> = at.iter().map(|&k| starts[k]).collect();
            let Some(stretches) = count_stretches(id, Options::default(), &src, &cuts) else {
                refused += 1;
                continue;
            };
            cut += 1;
            let bounds =
                std::iter::once(0).chain(at.iter().copied()).zip(at.iter().copied().chain([lines.len()]));
            for ((from, to), counts) in bounds.zip(stretches) {
                let mut twin = Counts::default();
                for l in &lines[from.min(lines.len())..to.min(lines.len())] {
                    twin.add_line(l.bucket == Bucket::Code, l.bucket == Bucket::Comments);
                }
                assert_eq!(
                    counts,
                    twin,
                    "{} lines {from}..{to}: {:?}",
                    id.name(),
                    String::from_utf8_lossy(&src)
                );
            }
        }
    }
    assert!(refused * 50 < cut, "{refused} sources refused their cuts, {cut} taken");
}

/// The explanation is the count, line by line: same buckets, same languages.
#[test]
fn explain_adds_up_to_the_count() {
    let mut rng = Rng(0x5EED);
    for id in LangId::all() {
        let own = language_pieces(id);
        for _ in 0..rounds() / 8 {
            let src = random_source(&mut rng, &own);
            let (totals, embedded) = count_embedded(id, Options::default(), &src);
            let lines = explain(id, &src);
            let tally = |of: &dyn Fn(&LineExplain) -> bool| {
                let mut c = Counts::default();
                for l in lines.iter().filter(|l| of(l)) {
                    c.add_line(l.bucket == Bucket::Code, l.bucket == Bucket::Comments);
                }
                c
            };
            let shown = String::from_utf8_lossy(&src);
            assert_eq!(tally(&|_| true), totals, "{}: {shown:?}", id.name());
            assert!(lines.iter().enumerate().all(|(n, l)| l.line == n as u64 + 1));
            for (lang, counts) in &embedded {
                assert_eq!(
                    tally(&|l| l.language == *lang),
                    *counts,
                    "{} in {}: {shown:?}",
                    lang.name(),
                    id.name()
                );
            }
            let listed = |l: &LineExplain| l.language == id || embedded.iter().any(|(e, _)| *e == l.language);
            assert!(lines.iter().all(listed), "{}: a line of a language not listed: {shown:?}", id.name());
        }
    }
}

#[test]
fn a_line_is_explained_by_the_byte_that_decided_it() {
    let lines = explain(lang("C"), b"int x; /* a\n  b */\n\n\"s\" // c\n");
    let said: Vec<String> = lines.iter().map(|l| format!("{:?} {}", l.bucket, l.reason)).collect();
    assert_eq!(
        said,
        [
            "Code code at column 1",
            "Comments column 3 is in the block comment \"/*\" opened at 1:8",
            "Blanks only whitespace",
            "Code column 1 is in the string \"\\\"\" opened at 4:1",
        ]
    );
    let page = explain(lang("HTML"), b"<script>\n// c\n</script>\n");
    let languages: Vec<&str> = page.iter().map(|l| l.language.name()).collect();
    assert_eq!(languages, ["HTML", "JavaScript", "HTML"]);
}

#[test]
fn a_line_after_an_interpolation_is_explained_by_the_string_around_it() {
    let src = b"val s = \"\"\"\n  x ${ \"}\" } y\n  raw\n\"\"\"\n";
    let lines = explain(lang("Kotlin"), src);
    let said: Vec<String> = lines.iter().map(|l| l.reason.to_string()).collect();
    let raw = "is in the string \"\\\"\\\"\\\"\" opened at 1:9";
    assert_eq!(
        said,
        [
            "code at column 1".to_string(),
            format!("column 3 {raw}"),
            format!("column 3 {raw}"),
            format!("column 1 {raw}"),
        ]
    );
}

/// Raw bytes, not pieces: every byte value, long lines, lone `\r`, NULs, invalid UTF-8. No panic,
/// every line in one bucket, the lines the newlines say, and the twin and chunks agree.
#[test]
fn any_bytes_in_any_language_count_consistently() {
    let mut rng = Rng(0xB17E5);
    for id in LangId::all() {
        for _ in 0..rounds() / 8 {
            let len = rng.below(300);
            // Half the bytes from a small alphabet of markers' bytes, so spans open and close.
            let src: Vec<u8> = (0..len)
                .map(|_| match rng.below(2) {
                    0 => {
                        let alphabet = b"\n\r\t \"'`/*#-<>?!%{}[]()\\=@$~;:xX0";
                        alphabet[rng.below(alphabet.len())]
                    }
                    _ => rng.next() as u8,
                })
                .collect();
            let expected = count_reference_embedded(id, Options::default(), &src);
            let (totals, embedded) = &expected;
            assert_eq!(totals.lines, totals.code + totals.comments + totals.blanks);
            let newlines = src.iter().filter(|&&b| b == b'\n').count() as u64;
            let bom = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
            assert_eq!(totals.lines, newlines + u64::from(src.len() > bom && src.last() != Some(&b'\n')));
            assert!(embedded.iter().all(|(_, c)| c.lines > 0 && c.lines == c.code + c.comments + c.blanks));
            assert_eq!(count_embedded(id, Options::default(), &src), expected, "{}: {src:?}", id.name());
            let mut sizes =
                std::iter::repeat_with(|| rng.below(70) + 1).take(1000).collect::<Vec<_>>().into_iter();
            assert_eq!(count_in_pieces(id, &src, &mut sizes), expected, "{} chunked: {src:?}", id.name());
        }
    }
}

/// `--complexity`'s shortcut (runs of plain bytes in one step) against the twin that reads every
/// byte: the same lines, regions and complexity, on random sources rich in each language's
/// markers and branch tokens, and on the corpus in its own language and in each that has tokens.
#[test]
fn complexity_shortcut_equals_the_twin_that_reads_every_byte() {
    use crate::count::twin::count_with_complexity_every_byte as every_byte;
    let same = |id: LangId, src: &[u8], what: &str| {
        let shortcut = count_with_complexity(id, Options::default(), src);
        assert_eq!(shortcut, every_byte(id, Options::default(), src), "{} {what}", id.name());
        shortcut.2
    };
    let mut rng = Rng(0xC0FFEE);
    let mut found = 0;
    for id in LangId::all() {
        let mut own = language_pieces(id);
        own.extend(id.language().complexity.iter().map(|t| t.to_vec()));
        own.extend([&b"x"[..], b"elsewhere", b"e", b"\"", b"\n"].map(|p| p.to_vec()));
        for _ in 0..rounds() / 4 {
            let src = random_source(&mut rng, &own);
            found += same(id, &src, &format!("{:?}", String::from_utf8_lossy(&src)));
        }
        for _ in 0..rounds() / 16 {
            let alphabet = b"\n\r\t\x0b \"'`/*#-<>?!%{}[]()\\=@$~;:xX0ei&|";
            let src: Vec<u8> = (0..rng.below(300)).map(|_| alphabet[rng.below(alphabet.len())]).collect();
            same(id, &src, &format!("{src:?}"));
        }
    }
    assert!(found > 3_000, "random sources met {found} branch tokens");
    let with_tokens: Vec<LangId> = LangId::all().filter(|id| !id.language().complexity.is_empty()).collect();
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files = 0;
    let dirs = std::fs::read_dir(corpus).unwrap().map(|d| d.unwrap().path()).filter(|d| d.is_dir());
    for dir in dirs {
        for file in std::fs::read_dir(dir).unwrap() {
            let path = file.unwrap().path();
            let src = std::fs::read(&path).unwrap();
            let name = path.file_name().unwrap().as_encoded_bytes();
            let own = crate::lang::detect(name, &src);
            for id in own.into_iter().chain(with_tokens.iter().copied()) {
                same(id, &src, &path.display().to_string());
            }
            files += 1;
        }
    }
    assert!(files > 80, "{files} corpus files");
}
