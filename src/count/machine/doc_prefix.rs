//! Where a doc string's opener stands first on its line, with or without a prefix letter before
//! it (Python's `r"""`): the classifier leaves the prefixed openers out
//! ([`crate::count::syntax::doc_prefix`]), so the letter was read as code, and the bytes before
//! it tell whether it was first on its line instead.

use super::LineCounter;
use crate::count::syntax::markers::{is_ws, line_indent, Indent};

impl LineCounter {
    /// Whether the opener at `at` stands first on its line: nothing before it on the line, or a
    /// doc prefix letter right before it that does (`r"""` is a doc string where `"""` is).
    #[inline(always)]
    pub(super) fn heads_line(&self, buf: &[u8], at: usize) -> bool {
        if !self.code && !self.comment {
            return true;
        }
        self.cls.doc_prefixes.holds(self.before(buf, at, 1)) && self.blank_before_prefix(buf, at)
    }

    /// `line_head` after `used`, which follow the byte `last`: without a last byte of `used` that
    /// is a prefix letter, and with `last` again (a letter left out before; a non-blank byte
    /// counted twice ends the line's blanks once).
    pub(super) fn head_after(&self, last: u8, used: &[u8]) -> Indent {
        let carried = if is_ws(last) { self.line_head } else { line_indent(&[last], self.line_head) };
        let head = match used.split_last() {
            Some((&end, before)) if self.cls.doc_prefixes.holds(end) => before,
            _ => used,
        };
        line_indent(head, carried)
    }

    /// Whether only blanks stand on the line before the prefix letter before `at`, reaching into
    /// earlier chunks: `line_head` leaves out a prefix letter that ended the chunk before, which
    /// is then the letter itself (`at` 0) or a byte before it. Rare (a doc string's opener after
    /// a prefix letter): out of line.
    #[inline(never)]
    fn blank_before_prefix(&self, buf: &[u8], at: usize) -> bool {
        let Some(prefix) = at.checked_sub(1) else { return !self.line_head.ended };
        match buf[..prefix].iter().rev().find(|&&b| !is_ws(b)) {
            Some(&b) => b == b'\n',
            None => !self.line_head.ended && !self.cls.doc_prefixes.holds(self.tail[1]),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::count::chunked::counted_in_chunks as chunked;
    use crate::count::on_every_lane::agrees_on_every_lane;
    use crate::lang::LangId;
    use crate::simd::dispatch::LanesSeen;
    use crate::test_random::{below, pick};

    /// A line of Python: blanks, maybe code, maybe a prefix letter (or two, or `b`), then a doc
    /// string's opener, a one-line string, a comment or nothing; doc strings open and close
    /// over lines, with and without prefixes, after code, blanks and other prefixes.
    fn line(x: &mut u64) -> String {
        let mut text: String = (0..below(x, 4)).map(|_| char::from(pick(x, b" \t\r\x0c\x0b"))).collect();
        if below(x, 4) == 0 {
            text.push_str(["x = ", "f(", "a", "\\", "'s' "][below(x, 5) as usize]);
        }
        for _ in 0..below(x, 3) {
            text.push(char::from(pick(x, b"rRuUbf")));
        }
        if below(x, 5) == 0 {
            text.push(' ');
        }
        text.push_str(["\"\"\"", "'''", "\"", "'", "# c", "", "\"\"\"\"", "word"][below(x, 8) as usize]);
        text.extend((0..below(x, 8)).map(|_| char::from(pick(x, b"ab r\"'\\#\t"))));
        text
    }

    /// Python and Cython sources of such lines count as the byte-by-byte twin counts them, with
    /// its prefixed openers, on every lane, fed in chunks of every size (a chunk may end between
    /// a prefix letter and its quotes, or inside the blanks before it). Sabotages tried: the
    /// prefix letter taken as first on its line wherever it stands before a doc string's opener;
    /// the bytes before it in earlier chunks not looked at (`line_head`); a prefix letter
    /// ending the chunk before not looked at (`tail`), kept in `line_head`, or not added back
    /// once bytes follow it; the line's code flag left set. Each fails.
    #[test]
    fn doc_strings_after_prefix_letters_equal_the_byte_by_byte_twin() {
        let lanes = LanesSeen::start();
        let mut x = 0x6a09_e667_f3bc_c908;
        for name in ["Python", "Cython"] {
            let id = LangId::from_name(name).expect(name);
            for _ in 0..1_500 {
                let lines = 1 + below(&mut x, 12);
                let src: String = (0..lines).map(|_| line(&mut x) + "\n").collect();
                let padded = " ".repeat(below(&mut x, 70) as usize) + &src;
                for src in [&src, &padded] {
                    let bytes = src.as_bytes();
                    let expected = agrees_on_every_lane(&lanes, id, bytes).0;
                    for size in [1, 2, 3, 5, 64, 100] {
                        assert_eq!(chunked(id, bytes, size), expected, "{name} chunks of {size}: {src:?}");
                    }
                }
            }
        }
        lanes.check();
    }
}
