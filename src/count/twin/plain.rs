//! `--complexity`'s shortcut through the twin: the runs of bytes that code, a comment or a string
//! can only mark as what they are. The twin reads every byte through every recognizer, which made
//! `--complexity` (the one run that counts with the twin) ~9x slower than scc on the kernel; such
//! a run is now taken in one step. Only [`super::count_with_complexity`] takes it, and it is
//! tested against the twin that reads every byte (the oracle's, `explain`'s and the fast path's
//! twin never skips).

use super::{Mode, Twin};
use crate::count::syntax::markers::{is_ws, Kind, Opener};
use crate::lang::{Block, Embed, Quote, QuoteLikes, Syntax, TagAt};

/// A set of bytes, a bit each.
struct PlainBytes([u64; 4]);

impl PlainBytes {
    fn add(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    fn has(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & 1 << (b & 63) != 0
    }

    /// Every byte but `stops` and newlines.
    fn all_but(stops: impl IntoIterator<Item = u8>) -> PlainBytes {
        let mut set = PlainBytes([0; 4]);
        stops.into_iter().chain([b'\n']).for_each(|b| set.add(b));
        PlainBytes(set.0.map(|word| !word))
    }

    /// In a block comment: all but its closer's first byte, and its opener's where it nests.
    /// `None` where a tag may come first, or strings inside comments are read.
    fn in_block(syntax: &Syntax, block: &Block) -> Option<PlainBytes> {
        let closes_with_tag = block.tag.is_some_and(|t| t.close == 0);
        let opens_with_tag = block.tag.is_some_and(|t| t.open == 0);
        if syntax.comment_strings || closes_with_tag || block.nested && opens_with_tag {
            return None;
        }
        let nests = if block.nested { Some(*block.open.first()?) } else { None };
        Some(PlainBytes::all_but([*block.close.first()?].into_iter().chain(nests)))
    }

    /// In a string: all but its closer's first byte, its escape and its interpolation's opener.
    fn in_string(quote: &Quote) -> Option<PlainBytes> {
        if quote.tag.is_some_and(|t| t.close == 0) {
            return None;
        }
        let interpolation = match quote.interpolation {
            Some(h) => Some(*h.open.first()?),
            None => None,
        };
        Some(PlainBytes::all_but(
            [*quote.close.first()?].into_iter().chain(interpolation).chain(quote.escape),
        ))
    }
}

/// A set of byte pairs, a bit each: in code, a byte is plain by what follows it too (`e` starts
/// `else `, `el` does, `ex` does not), where single bytes left most letters out.
pub(super) struct PlainPairs(Box<[u64; 1024]>);

impl PlainPairs {
    /// The pairs that start nothing in code mode: no opener (with a tag first or second, none
    /// that the tag's bytes may start), no branch token, no code escape, splice, digit separator,
    /// block scalar, heredoc, help text, regex or embedded stretch; no blank or newline first. A
    /// marker of one byte takes every pair it starts. `None` for a language whose code mode looks
    /// back further than the marker at hand to begin something (Perl's and Ruby's quote-likes), or
    /// has a marker of no fixed first byte.
    pub(super) fn of(syntax: &Syntax, openers: &[Opener], branch_tokens: &[&[u8]]) -> Option<PlainPairs> {
        if syntax.quote_likes != QuoteLikes::None {
            return None;
        }
        let mut starts = PlainPairs(Box::new([0; 1024]));
        // Where another language's stretch opens (`embed_opens`): a tag, PHP's `?>`, a fence.
        match syntax.embed {
            Embed::None => {}
            Embed::Html => starts.add_first(b'<'),
            Embed::Php => starts.add(b"?>")?,
            Embed::Markdown => b"`~".iter().for_each(|&b| starts.add_first(b)),
        }
        for o in openers {
            let tag = match o.kind {
                Kind::Block(b) => b.tag,
                Kind::Quote(q) => q.tag,
                Kind::LineComment | Kind::Code => None,
            };
            // A tag may stand first (its bytes start the marker) or second (the marker's first
            // byte starts pairs of any second byte).
            match tag {
                Some(TagAt { open: 0, .. }) => syntax.tag_chars.iter().for_each(|&b| starts.add_first(b)),
                Some(TagAt { open: 1, .. }) => starts.add_first(*o.bytes.first()?),
                _ => {}
            }
            starts.add(o.bytes)?;
        }
        let words =
            branch_tokens.iter().chain(syntax.help_text).chain(syntax.heredoc.iter().map(|h| &h.open));
        for word in words {
            starts.add(word)?;
        }
        let flagged = [
            (syntax.splice || syntax.regex, &b"/"[..]),
            (syntax.digit_separators, b"'"),
            (syntax.block_scalars, b"|>"),
            (true, b" \t\r\n\x0b\x0c"),
        ];
        flagged
            .iter()
            .filter(|(on, _)| *on)
            .flat_map(|(_, bytes)| bytes.iter())
            .for_each(|&b| starts.add_first(b));
        syntax.code_escape.into_iter().for_each(|b| starts.add_first(b));
        starts.0.iter_mut().for_each(|word| *word = !*word);
        Some(starts)
    }

    /// A marker's first two bytes, or every pair its one byte starts; `None` for an empty one.
    fn add(&mut self, marker: &[u8]) -> Option<()> {
        match *marker {
            [] => return None,
            [first] => self.add_first(first),
            [first, second, ..] => self.set(usize::from(first) << 8 | usize::from(second)),
        }
        Some(())
    }

    /// Every pair `first` starts: the four words of its 256 bits.
    fn add_first(&mut self, first: u8) {
        self.0[usize::from(first) * 4..][..4].fill(!0);
    }

    fn set(&mut self, pair: usize) {
        self.0[pair >> 6] |= 1 << (pair & 63);
    }

    /// The byte at `i` is plain by itself and the byte after it (the file's last byte never is).
    fn has(&self, bytes: &[u8], i: usize) -> bool {
        let Some(&second) = bytes.get(i + 1) else { return false };
        let pair = usize::from(bytes[i]) << 8 | usize::from(second);
        self.0[pair >> 6] & 1 << (pair & 63) != 0
    }
}

impl Twin<'_> {
    /// Where the shortcut is taken, a plain byte at `i` in code, a comment or a string, and the
    /// plain bytes and blanks after it, up to the next byte that may start or end something:
    /// marked once, as reading them one by one would mark them. Where the next step resumes;
    /// `None` to read `i` as usual.
    pub(super) fn plain_run(&mut self, i: usize) -> Option<usize> {
        if !self.skip_plain {
            return None;
        }
        let syntax = self.eng.syntax;
        let bytes = self.bytes;
        let (comment, end) = match self.eng.mode {
            Mode::Code => {
                let eng = &self.eng;
                let pairs = eng.plain.get_or_init(|| PlainPairs::of(syntax, &eng.openers, eng.branch_tokens));
                let pairs = pairs.as_ref()?;
                (false, run_end(bytes, i, |j| pairs.has(bytes, j))?)
            }
            // Everything up to the newline (PHP's `?>` ends a comment too).
            Mode::LineComment if syntax.embed != Embed::Php => {
                (true, memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n))
            }
            Mode::Block { block, .. } => {
                let set = PlainBytes::in_block(syntax, block)?;
                (true, run_end(bytes, i, |j| set.has(bytes[j]))?)
            }
            Mode::Str { quote, doc, .. } => {
                let set = PlainBytes::in_string(quote)?;
                (doc, run_end(bytes, i, |j| set.has(bytes[j]))?)
            }
            _ => return None,
        };
        if comment {
            self.mark_comment(i);
        } else {
            self.mark_code(i);
        }
        Some(end)
    }
}

/// Where a run of bytes that are `plain` (or blanks) ends, from a plain one at `i`; `None` where
/// the byte at `i` is not plain.
fn run_end(bytes: &[u8], i: usize, plain: impl Fn(usize) -> bool) -> Option<usize> {
    if !plain(i) {
        return None;
    }
    Some(i + 1 + (i + 1..bytes.len()).take_while(|&j| plain(j) || is_ws(bytes[j])).count())
}
