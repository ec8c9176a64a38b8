//! Which languages the prose filter takes: text shaped like Markdown, whose marks are a `<`, a
//! backtick and a `~`. In a README a backtick stands every few lines (inline code), but a
//! backtick or a `~` opens something only in a run of three (a fence), and a `<` only before `!`
//! (`<!--`). The block loop keeps only those a mark, so the lines between fences and comments
//! are settled in bulk and the rest never reach the general opener lookup.

use crate::lang::{Embed, QuoteLikes, Syntax};
use crate::simd::bits::opaque;
use crate::simd::masks::{Lanes, Runs, BLOCK};

/// What may open something in prose: a `<` before `!` (`<!--`), a run of three backticks or
/// tildes (a fence).
pub(crate) const OPENERS: Runs = Runs { pair: [b'<', b'!'], runs: [b'`', b'~'] };

/// A language shaped like Markdown: fences of backticks or tildes and `<!` comments, nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Prose;

impl Prose {
    /// The shape of `syntax` when it is Markdown's: no marker of any other kind.
    pub(crate) fn of(syntax: &Syntax) -> Option<Prose> {
        let no_other_markers = syntax.line_comments.is_empty()
            && syntax.quotes.is_empty()
            && syntax.code_escape.is_none()
            && syntax.code_tokens.is_empty()
            && syntax.heredoc.is_none()
            && !syntax.block_scalars
            && syntax.help_text.is_empty()
            && !syntax.regex
            && syntax.quote_likes == QuoteLikes::None
            && syntax.embed == Embed::Markdown;
        let comments_ok = syntax.block_comments.iter().all(|b| b.open.starts_with(b"<!"));
        (no_other_markers && comments_ok).then_some(Prose)
    }

    /// `marks` (every `<`, backtick and `~` of the block) without those that open nothing: a `<`
    /// not before `!`, a backtick or `~` not before two more of itself. The marks at the block's
    /// last two bytes stay: the bytes after them are in the next block.
    #[inline(always)]
    pub(crate) fn filter<L: Lanes>(self, lanes: L, marks: u64, block: &[u8; BLOCK]) -> u64 {
        let [lt, bang, tick] = lanes.byte_masks([b'<', b'!', b'`'], block);
        let tilde = marks & !lt & !tick;
        let run = |m: u64| m & opaque(m) >> 1 & opaque(m) >> 2;
        marks & (lt & opaque(bang) >> 1 | run(tick) | run(tilde) | 3 << (BLOCK - 2))
    }
}

#[cfg(test)]
mod tests {
    use super::{Prose, OPENERS};
    use crate::count::syntax::classifier::Classifier;
    use crate::lang::LangId;
    use crate::simd::masks::{Lanes, Masks, Portable, BLOCK};
    use crate::test_random::pick;

    fn shaped(name: &str) -> bool {
        Classifier::for_language(LangId::from_name(name).unwrap_or_else(|| panic!("no {name}")))
            .prose
            .is_some()
    }

    #[test]
    fn text_shaped_like_markdown_and_nothing_else() {
        assert!(shaped("Markdown"));
        for name in ["MDX", "HTML", "reStructuredText", "Plain Text", "C", "YAML"] {
            assert!(!shaped(name), "{name}");
        }
    }

    /// The filter keeps a mark where the byte loop could open something there, byte by byte: a
    /// `<` before `!`, a run of three backticks or tildes from it, anything at the last two bytes.
    fn kept_one_by_one(block: &[u8; BLOCK], marks: u64) -> u64 {
        let at = |k: usize| block.get(k).copied();
        (0..BLOCK)
            .filter(|&k| marks >> k & 1 != 0)
            .filter(|&k| match block[k] {
                _ if k >= BLOCK - 2 => true,
                b'<' => at(k + 1) == Some(b'!'),
                b => at(k + 1) == Some(b) && at(k + 2) == Some(b),
            })
            .fold(0, |m, k| m | 1 << k)
    }

    fn each_lane(check: impl Fn(&dyn Fn(u64, &[u8; BLOCK]) -> u64)) {
        check(&|marks, block| Prose.filter(Portable, marks, block));
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                check(&|marks, block| v3.0.vectorize(|| Prose.filter(v3, marks, block)));
            }
            if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                check(&|marks, block| v4.0.vectorize(|| Prose.filter(v4, marks, block)));
            }
        }
    }

    #[test]
    fn the_filter_equals_its_byte_by_byte_twin() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut dropped = 0;
        for _ in 0..20_000 {
            let alphabet = b"<<!``~~~x \n";
            let block: [u8; BLOCK] = std::array::from_fn(|_| pick(&mut x, alphabet));
            let marks = Portable.byte_masks([b'<', b'`', b'~'], &block).iter().fold(0, |m, b| m | b);
            let want = kept_one_by_one(&block, marks);
            dropped += (marks & !want).count_ones();
            each_lane(|filter| assert_eq!(filter(marks, &block), want, "{block:?}"));
        }
        assert!(dropped > 100_000, "the filter dropped only {dropped} marks");
    }

    fn bits_of(block: &[u8], byte: impl Fn(u8) -> bool) -> u64 {
        (0..BLOCK).filter(|&k| byte(block[k])).fold(0, |m, k| m | 1 << k)
    }

    /// The prose loop's masks on each lane: newlines, non-blank bytes and the openers (`<!`, a
    /// run of three backticks or tildes), byte by byte as `Runs::at` reads them, the two bytes
    /// after the block included.
    #[test]
    fn the_run_masks_equal_their_byte_by_byte_twin() {
        let mut x = 0x6A09_E667_F3BC_C908u64;
        let mut openers = 0;
        for _ in 0..20_000 {
            let alphabet = b"<<!```~~~x \t\n\r";
            let window: [u8; BLOCK + 2] = std::array::from_fn(|_| pick(&mut x, alphabet));
            let want = Masks {
                newlines: bits_of(&window, |b| b == b'\n'),
                marks: (0..BLOCK).filter(|&k| OPENERS.at(&window, k)).fold(0, |m, k| m | 1 << k),
                nonblank: bits_of(&window, |b| !matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')),
            };
            openers += (want.marks >> (BLOCK - 2)).count_ones();
            assert_eq!(Portable.run_masks(&OPENERS, &window), want, "{window:?}");
            #[cfg(target_arch = "x86_64")]
            {
                if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                    assert_eq!(v3.0.vectorize(|| v3.run_masks(&OPENERS, &window)), want, "AVX2: {window:?}");
                }
                if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                    let got = v4.0.vectorize(|| v4.run_masks(&OPENERS, &window));
                    assert_eq!(got, want, "AVX-512: {window:?}");
                }
            }
        }
        assert!(openers > 1_000, "only {openers} openers reach past the block");
    }
}
