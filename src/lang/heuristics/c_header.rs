//! `.h`: Objective-C, C++ or C. A marking line leads with one of a few fixed words, so the lines
//! whose first two bytes could begin one are found 64 bytes at a time (`line_heads`), instead
//! of a look at each of a header's hundreds of lines; the rules a found line is judged by are
//! the per-line ones. (A Teddy search for the words themselves anywhere, which this replaced, took
//! 21 ms for the kernel's 23,429 headers; the heads and the checks of the 164,904 candidates
//! they find take 15 ms.)

use std::ops::ControlFlow;
use std::sync::OnceLock;

use super::line_heads::LineHeads;
use super::{is_blank, names_then, skip_blanks, starts_word, Ids};
use crate::lang::LangId;

/// What a line says of its header. Objective-C outranks C++: its headers are C with `@` directives
/// and may hold C++ too, so one Objective-C line decides wherever it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    Cpp,
    ObjC,
}

/// The words a marking line starts with (blanks aside): every rule of [`line_mark`] needs one, so a
/// line leading with none of them cannot mark.
const LEADS: [&str; 13] = [
    "@interface",
    "@protocol",
    "@end",
    "@class",
    "@property",
    "#import",
    "template",
    "namespace",
    "class",
    "public:",
    "private:",
    "protected:",
    "#include <",
];

fn leads() -> &'static LineHeads {
    static HEADS: OnceLock<LineHeads> = OnceLock::new();
    HEADS.get_or_init(|| {
        let words = LEADS.map(str::as_bytes);
        LineHeads::new(&words).expect("six first bytes fit the masks")
    })
}

pub(super) fn c_header(head: &[u8], ids: &Ids) -> LangId {
    match header_mark(head) {
        Some(Mark::ObjC) => ids.objc,
        Some(Mark::Cpp) => ids.cpp_header,
        None => ids.c_header,
    }
}

/// The scan's blanks are more than [`is_blank`]'s, so each head it finds is checked again.
fn header_mark(head: &[u8]) -> Option<Mark> {
    let mut seen = None;
    let objc = leads().each(head, |start| {
        // Most heads found are `#if`, `#endif` and `#include "`: a word the line cannot lead with
        // costs no search for the line's end.
        let rest = &head[start..];
        if !LEADS.iter().any(|w| rest.starts_with(w.as_bytes())) || !at_line_head(head, start) {
            return ControlFlow::Continue(());
        }
        let mark = line_mark(line_from(head, start));
        if mark == Some(Mark::ObjC) {
            return ControlFlow::Break(Mark::ObjC);
        }
        seen = seen.max(mark);
        ControlFlow::Continue(())
    });
    objc.or(seen)
}

fn at_line_head(head: &[u8], at: usize) -> bool {
    let blanks = head[..at].iter().rev().take_while(|&&b| is_blank(b)).count();
    at == blanks || head[at - blanks - 1] == b'\n'
}

/// The rest of the line from `at`, without its `\r\n` or `\n`.
fn line_from(head: &[u8], at: usize) -> &[u8] {
    let rest = &head[at..];
    let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The mark of one line, given without its leading blanks: only its first word is looked at, so a
/// word in a comment or an identifier (`dev->class`) does not decide.
fn line_mark(line: &[u8]) -> Option<Mark> {
    let objc = [&b"@interface"[..], b"@protocol", b"@end", b"@class", b"@property"];
    if objc.iter().any(|w| starts_word(line, w)) {
        return Some(Mark::ObjC);
    }
    if let Some(rest) = line.strip_prefix(b"#import") {
        if rest.first().is_some_and(|b| matches!(b, b' ' | b'\t' | b'<' | b'"')) {
            return Some(Mark::ObjC);
        }
    }
    let after = |w: &[u8]| line.strip_prefix(w).filter(|rest| rest.first().is_some_and(|&b| is_blank(b)));
    let cpp = line.strip_prefix(b"template").is_some_and(|rest| skip_blanks(rest).starts_with(b"<"))
        || after(b"namespace").is_some_and(|rest| names_then(skip_blanks(rest), b"{"))
        || after(b"class").is_some_and(|rest| names_then(skip_blanks(rest), b"{:;"))
        || [&b"public:"[..], b"private:", b"protected:"].iter().any(|w| line.trim_ascii_end() == *w)
        || line.strip_prefix(b"#include <").is_some_and(cpp_standard_header);
    cpp.then_some(Mark::Cpp)
}

/// `<vector>`, `<cstdint>`: a standard header without `.h` is C++'s.
fn cpp_standard_header(rest: &[u8]) -> bool {
    let name_len = rest.iter().take_while(|&&b| b.is_ascii_lowercase() || b == b'_').count();
    name_len > 0 && rest.get(name_len) == Some(&b'>')
}

#[cfg(test)]
mod tests {
    use super::super::{lines, Ambiguity, HEAD};
    use super::*;
    use crate::test_random::below;

    /// The rules read line by line, as they are written: the twin [`header_mark`] must agree with.
    fn header_mark_by_line(head: &[u8]) -> Option<Mark> {
        lines(head).filter_map(line_mark).max()
    }

    /// The mark of `head` as [`Ambiguity::resolve`] reads it, once the fast path and its twin agree.
    fn agreed(head: &[u8]) -> Option<Mark> {
        let cut = &head[..head.len().min(HEAD)];
        let mark = header_mark_by_line(cut);
        assert_eq!(header_mark(cut), mark, "{:?}", String::from_utf8_lossy(cut));
        let expected = match mark {
            Some(Mark::ObjC) => "Objective-C",
            Some(Mark::Cpp) => "C++ Header",
            None => "C Header",
        };
        assert_eq!(Ambiguity::CHeader.resolve(head).map(LangId::name), Some(expected));
        mark
    }

    #[test]
    fn a_marker_counts_only_at_the_head_of_its_line() {
        let cases: [(&str, Option<Mark>); 16] = [
            ("class Foo {};\n", Some(Mark::Cpp)),
            ("\t  class Foo : Base\n", Some(Mark::Cpp)),
            ("int x; class Foo {};\n", None),
            ("struct class *c;\ndev->class = 0;\n", None),
            ("\r\nclass Foo;\r\n", Some(Mark::Cpp)),
            ("\rclass Foo;\n", None),
            ("x\r\n public:\r\n", Some(Mark::Cpp)),
            ("  public: \x0c\n", Some(Mark::Cpp)),
            ("public: int x;\n", None),
            ("#include <vector>\n#import <A.h>\n", Some(Mark::ObjC)),
            ("#include <linux/types.h>\n", None),
            ("/* @interface */\n@endian\n", None),
            ("@class\n", Some(Mark::ObjC)),
            ("#importx\n#import\n", None),
            ("namespace\tns {\n", Some(Mark::Cpp)),
            ("template<class T>", Some(Mark::Cpp)),
        ];
        for (head, mark) in cases {
            assert_eq!(agreed(head.as_bytes()), mark, "{head:?}");
        }
    }

    #[test]
    fn only_the_first_16_kib_decide() {
        let lines_of = |n: usize| "int x;\n".repeat(n / 7) + &" ".repeat(n % 7);
        let whole = |tail: &str| lines_of(HEAD - tail.len()) + tail;
        assert_eq!(agreed(whole("\nclass A;").as_bytes()), Some(Mark::Cpp));
        assert_eq!(agreed(whole("\nclass").as_bytes()), None, "`class` needs a name");
        assert_eq!(agreed((whole("\nnamespace") + " ns {\n").as_bytes()), None);
        assert_eq!(agreed((whole("\n#include <vec") + "tor>\n").as_bytes()), None);
        assert_eq!(agreed((whole("\n#include <vector>") + "\n").as_bytes()), Some(Mark::Cpp));
        assert_eq!(agreed((whole("\n") + "@end\n").as_bytes()), None, "past the head");
    }

    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            below(&mut self.0, n as u64) as usize
        }
    }

    /// Near misses of the markers and what may follow one, `|` apart.
    const AROUND: &str =
        "@endx|@|#import<|#import\"|#importx|#include  <|vector>|linux/x.h>|template <|namespace |class \
         |Foo|_x1|1x|{|:|;|<|//|*|->";

    /// The bytes around a line head that change what a word there means.
    const SPACES: &[&str] = &[" ", "\t", "\n", "\r\n", "\r", "\x0c"];

    #[test]
    fn the_search_agrees_with_the_line_by_line_rules() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let words: Vec<&str> = LEADS.into_iter().chain(AROUND.split('|')).collect();
        let mut seen = [0usize; 3];
        for _ in 0..20_000 {
            let mut head = String::new();
            if rng.below(8) == 0 {
                let filler = "\t int x; /* no marker here */   \r\n";
                head = filler.repeat(HEAD / filler.len() + 1)[..HEAD - rng.below(48)].to_string();
            }
            for _ in 0..rng.below(24) {
                let pieces = if rng.below(2) == 0 { &words[..] } else { SPACES };
                head.push_str(pieces[rng.below(pieces.len())]);
            }
            let mark = agreed(head.as_bytes());
            seen[mark.map_or(0, |m| m as usize + 1)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 1_000), "too few heads of some kind: {seen:?}");
    }
}
