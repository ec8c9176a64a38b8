use super::*;

fn lang(name: &str) -> LangId {
    LangId::from_name(name).unwrap_or_else(|| panic!("no language {name}"))
}

fn c(lines: u64, code: u64, comments: u64, blanks: u64) -> Counts {
    Counts { lines, code, comments, blanks }
}

/// Feeds `bytes` in pieces the way a reader does: the unconsumed tail starts the next chunk.
fn count_in_pieces(id: LangId, bytes: &[u8], sizes: &mut impl Iterator<Item = usize>) -> Counts {
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
    counter.finish(&buf)
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
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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
];

fn random_source(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(200);
    (0..len).flat_map(|_| PIECES[rng.below(PIECES.len())].iter().copied()).collect()
}

#[test]
fn fast_path_and_chunks_equal_the_byte_by_byte_twin() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for id in LangId::all() {
        for _ in 0..300 {
            let src = random_source(&mut rng);
            let expected = count_reference(id, &src);
            assert_eq!(expected.lines, expected.code + expected.comments + expected.blanks);
            assert_eq!(count(id, &src), expected, "{}: {:?}", id.name(), String::from_utf8_lossy(&src));
            let mut sizes =
                std::iter::repeat_with(|| rng.below(40) + 1).take(1000).collect::<Vec<_>>().into_iter();
            let chunked = count_in_pieces(id, &src, &mut sizes);
            assert_eq!(chunked, expected, "{} chunked: {:?}", id.name(), String::from_utf8_lossy(&src));
        }
    }
}

#[test]
fn lines_match_newlines() {
    let mut rng = Rng(7);
    for _ in 0..200 {
        let src = random_source(&mut rng);
        let nl = src.iter().filter(|&&b| b == b'\n').count() as u64;
        let extra = u64::from(src.last().is_some_and(|&b| b != b'\n'));
        assert_eq!(count(lang("C"), &src).lines, nl + extra);
    }
}
