//! Per-language lookup tables the state machine runs on, built once per process.

use std::sync::OnceLock;

use super::c_family::CFamily;
use super::doc_prefix::DocPrefixes;
use super::lead::LeadFilter;
use super::markers::{has_prefix, is_word, is_ws, openers, Kind, Opened, Opener, Place};
use super::markup::Markup;
use super::plan::{literal_opener, string_inline};
use super::prose::Prose;
use super::quote_like;
use crate::count::{MAX_TOKEN, WINDOW};
use crate::lang::{Embed, LangId, Quote, QuoteLikes, Syntax};
use crate::simd::masks::MarkSet;
use crate::simd::scan::StopSet;

pub(crate) const WS: u8 = 1;
pub(crate) const NL: u8 = 2;
/// First byte of something that can start in code: a comment opener, a quote, a heredoc opener,
/// the code escape, a regex slash, a quote-like operator, a help keyword. Every other byte of a
/// code line is skipped without a look.
pub(crate) const START: u8 = 4;

/// A language's syntax turned into a byte-class table, its stop bytes and its openers grouped by
/// first byte, so the hot loop only looks closer at bytes that could start something.
#[derive(Debug)]
pub struct Classifier {
    pub(crate) class: [u8; 256],
    /// The openers grouped by first byte, longest first within a group (the order the twin tries).
    candidates: Vec<Candidate>,
    /// Where each first byte's group sits in `candidates`: start and length.
    groups: [(u8, u8); 256],
    pub(crate) syntax: &'static Syntax,
    /// The newline and marker starts as a block-scannable set, when there are few enough.
    pub(crate) stops: Option<StopSet>,
    /// The marker starts alone, for the 64-byte masks of code mode (which find newlines anyway).
    pub(crate) marks: Option<MarkSet>,
    /// First bytes whose openers a prefix test alone decides, and that start nothing else (no
    /// code escape, heredoc, regex or region): the block loops open these inline
    /// ([`Classifier::literal_opener_at`]).
    pub(crate) literal_start: [bool; 256],
    /// What each mark byte may open, for the block loop's walk over marks inside a block.
    pub(crate) inline: [InlineMark; 256],
    /// Word bytes at which nothing but a quote-like operator may start (Perl's `m q s t y`): after
    /// another word byte (`this`, `$s`) none does, so the byte is code with no look at the
    /// openers. A Perl file stops at one in four words for them.
    pub(crate) quote_like_letter: [bool; 256],
    /// First bytes all of whose openers open only at the start of a line (Perl's POD `=pod`,
    /// `=head1`... fourteen of them): elsewhere (`$x = 1`, `=~`, `=>`) none is tried.
    line_start_only: [bool; 256],
    /// The one-line strings that walk takes first, with no look at the table.
    pub(crate) quick_quotes: Option<QuickQuotes>,
    /// A letter kept a mark only before the bytes that may continue its openers.
    pub(crate) lead: Option<LeadFilter>,
    /// Letters whose only openers are doc strings' with a prefix (Python's `r"""`): left out
    /// of the openers, and read before a doc string's opener instead.
    pub(crate) doc_prefixes: DocPrefixes,
    /// C's syntax or a part of it, which the block loop settles a whole block at a time.
    pub(crate) c_family: Option<CFamily>,
    /// HTML's shape, which the markup block loop settles a whole block at a time.
    pub(crate) markup: Option<Markup>,
    /// Markdown's shape, whose marks the block loop keeps only where they may open something.
    pub(crate) prose: Option<Prose>,
    /// The bytes an interpolation's loop stops at once a line is code: a newline, a token's
    /// first byte, a bracket of any of the language's interpolations (blanks change nothing
    /// then).
    pub(crate) interpolation_stops: [bool; 256],
    /// How far the machine must see ahead before deciding at a byte: the longest marker plus the
    /// byte after it (word ends), a doubled closer, or a whole [`WINDOW`] where the source decides
    /// a marker's length.
    pub(crate) lookahead: usize,
}

/// First bytes of a host's region openers (`<script`, `?>`, a fence).
fn embed_starts(embed: Embed) -> &'static [u8] {
    match embed {
        Embed::None => b"",
        Embed::Html => b"<",
        Embed::Php => b"?",
        Embed::Markdown => b"`~",
    }
}

/// [`Classifier::interpolation_stops`].
fn interpolation_stops(class: &[u8; 256], syntax: &Syntax) -> [bool; 256] {
    let mut stops = class.map(|c| c & (NL | START) != 0);
    for h in syntax.quotes.iter().filter_map(|q| q.interpolation) {
        stops[usize::from(h.open[h.open.len() - 1])] = true;
        stops[usize::from(h.close)] = true;
    }
    stops
}

/// A YAML block scalar's indicators.
fn block_scalar_starts(syntax: &Syntax) -> &'static [u8] {
    if syntax.block_scalars {
        b"|>"
    } else {
        b""
    }
}

impl Classifier {
    pub(crate) fn new(syntax: &'static Syntax) -> Classifier {
        let all = openers(syntax);
        let doc_prefixes = DocPrefixes::find(&all, syntax);
        let openers = doc_prefixes.drop_from(all);
        let mut class = [0u8; 256];
        for b in 0..=255u8 {
            if is_ws(b) {
                class[usize::from(b)] = WS;
            }
        }
        class[usize::from(b'\n')] = NL;
        let quote_likes = quote_like::starts(syntax.quote_likes).iter().copied();
        let starts =
            openers.iter().map(|o| o.bytes[0]).chain(special_starts(syntax)).chain(quote_likes.clone());
        for b in starts {
            class[usize::from(b)] |= START;
        }
        let markers = openers.iter().map(|o| o.bytes.len() + 1);
        let closers = syntax.block_comments.iter().map(|b| b.close.len() + 1);
        let quote_closers = syntax.quotes.iter().map(|q| match (q.doubled, q.close_last_of_run) {
            (true, _) => 2 * q.close.len(),
            (_, true) => q.close.len() + 1,
            _ => q.close.len(),
        });
        let dynamic = syntax.heredoc.is_some()
            || syntax.quote_likes != QuoteLikes::None
            || syntax.block_scalars
            || !syntax.help_text.is_empty()
            || syntax.comment_strings
            || syntax.splice
            || syntax.quotes.iter().any(|q| q.tag.is_some() || q.char_literal)
            || syntax.block_comments.iter().any(|b| b.tag.is_some() || b.alone);
        // An interpolation's opener, and the byte after a one-byte opener (`{{` is text).
        let interpolations = syntax.quotes.iter().filter_map(|q| q.interpolation).map(|h| h.open.len() + 1);
        let lookahead = markers
            .chain(closers)
            .chain(quote_closers)
            .chain(interpolations)
            .chain(dynamic.then_some(WINDOW))
            .fold(2, usize::max);
        assert!(lookahead <= MAX_TOKEN, "a marker longer than MAX_TOKEN");
        let (candidates, groups) = group_by_first_byte(&openers);
        let quote_like_letter = quote_like_letters(syntax, &groups);
        // Letters as stops or marks stop in nearly every word (Perl's `m q s t y`): the table
        // loop passes over them within a name more cheaply (the kernel's Perl files: 17% fewer
        // instructions than with both sets, 8% fewer than with marks alone).
        let letters = quote_like_letter.contains(&true);
        let stops = StopSet::from_class(&class, NL | START).filter(|_| !letters);
        let marks = MarkSet::from_class(&class, START).filter(|_| !letters);
        let mut literal_start = [false; 256];
        candidates.iter().for_each(|c| literal_start[usize::from(c.opener.bytes[0])] = true);
        for c in candidates.iter().filter(|c| !c.literal || c.word.is_none()) {
            literal_start[usize::from(c.opener.bytes[0])] = false;
        }
        let others: Vec<u8> = special_starts(syntax).chain(quote_likes).collect();
        others.iter().for_each(|&b| literal_start[usize::from(b)] = false);
        let inline = inline_marks(&candidates, &groups, &literal_start, &others, syntax);
        let line_start_only = line_start_only(&candidates, &groups);
        let lead = LeadFilter::find(&openers, syntax, &others)
            .map(|lead| lead.with_classes(marks.as_ref().and_then(|m| m.nibbles.as_ref())));
        let c_family = CFamily::of(syntax, |letter| {
            let mut without = class;
            without[usize::from(letter)] &= !START;
            MarkSet::from_class(&without, START)?.nibbles
        });
        Classifier {
            class,
            candidates,
            groups,
            syntax,
            stops,
            marks,
            literal_start,
            inline,
            quote_like_letter,
            line_start_only,
            quick_quotes: quick_quotes(&inline),
            lead,
            doc_prefixes,
            c_family,
            markup: Markup::of(syntax),
            prose: Prose::of(syntax),
            interpolation_stops: interpolation_stops(&class, syntax),
            lookahead,
        }
    }

    /// Built the first time its language is met: building all of them at once cost every run
    /// 3 M instructions (349 languages), 5% of counting the monorepo's C++.
    pub fn for_language(id: LangId) -> &'static Classifier {
        static ALL: OnceLock<Box<[OnceLock<Classifier>]>> = OnceLock::new();
        let all = ALL.get_or_init(|| (0..crate::lang::in_use()).map(|_| OnceLock::new()).collect());
        all[usize::from(id.0)].get_or_init(|| Classifier::new(&id.language().syntax))
    }

    /// The code-mode opener matching at the start of `rest` (a [`super::markers::window`]),
    /// longest first.
    #[inline]
    pub(crate) fn opener_at(&self, rest: &[u8], place: Place) -> Option<(Kind, Opened)> {
        if !place.start && self.line_start_only[usize::from(rest[0])] {
            return None;
        }
        let (start, len) = self.groups[usize::from(rest[0])];
        let group = &self.candidates[usize::from(start)..][..usize::from(len)];
        group.iter().find_map(|c| {
            let o = &c.opener;
            let m = if c.literal {
                c.hits(rest).then(|| c.opened())
            } else {
                o.matches(rest, self.syntax, place)
            };
            m.map(|m| (o.kind, m))
        })
    }

    /// [`Classifier::opener_at`] for a byte of `literal_start`: one word compare per candidate.
    #[inline(always)]
    pub(crate) fn literal_opener_at(&self, rest: &[u8]) -> Option<(Kind, Opened)> {
        let (start, len) = self.groups[usize::from(rest[0])];
        let group = &self.candidates[usize::from(start)..][..usize::from(len)];
        let c = group.iter().find(|c| c.hits(rest))?;
        Some((c.opener.kind, c.opened()))
    }
}

/// What a mark byte may open, as the block loop's walk over marks inside a block
/// (`machine/inline_spans.rs`) reads it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum InlineMark {
    /// Something that walk leaves to the general mark path.
    Other,
    /// The byte's openers are literal: [`Classifier::literal_opener_at`] decides.
    Literal,
    /// The byte alone opens this string ([`string_inline`]), unless its `triple` follows.
    Quote(InlineQuote),
    /// The byte alone opens a line comment (`#`).
    Comment,
    /// The byte starts nothing but a block scalar's indicator (YAML's `|` and `>`): code where
    /// [`block_scalar_ruled_out`](super::markers::block_scalar_ruled_out).
    Scalar,
}

/// What the walk needs of a string it settles, kept in the table rather than behind a pointer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InlineQuote {
    pub(crate) close: u8,
    pub(crate) escape: Option<u8>,
    pub(crate) multiline: bool,
    /// The byte's only other opener is three of it (Python's `"""`): not this string where two
    /// more of it follow.
    pub(crate) triple: bool,
}

impl InlineQuote {
    pub(crate) fn of(quote: &Quote, triple: bool) -> InlineQuote {
        InlineQuote { close: quote.close[0], escape: quote.escape, multiline: quote.multiline, triple }
    }
}

/// The strings of up to two quote bytes that the block loop's walk over marks settles before it
/// looks at any other mark (`machine/inline_spans.rs`): bytes whose [`InlineMark`] is a string a
/// newline ends, with one escape between them. In Python a block with marks holds ~1.4 such
/// strings, each of which cost a look at the table and its [`InlineQuote`] (~30 instructions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuickQuotes {
    /// The quote bytes (each its own closer), the first twice where there is one.
    pub(crate) bytes: [u8; 2],
    pub(crate) escape: Option<u8>,
    /// Three of either quote open something else (Python's `"""`), as [`InlineQuote::triple`].
    pub(crate) triple: bool,
}

/// The [`QuickQuotes`] in `inline`: its first one-line string, and the next with the same escape
/// and the same rule on three quotes.
fn quick_quotes(inline: &[InlineMark; 256]) -> Option<QuickQuotes> {
    let mut quotes = inline.iter().zip(0..=255u8).filter_map(|(mark, b)| match mark {
        InlineMark::Quote(q) if !q.multiline => Some((b, *q)),
        _ => None,
    });
    let (first, q) = quotes.next()?;
    let second = quotes.find(|(_, o)| o.escape == q.escape && o.triple == q.triple).map_or(first, |(b, _)| b);
    Some(QuickQuotes { bytes: [first, second], escape: q.escape, triple: q.triple })
}

/// Each byte's [`InlineMark`], from its group of openers (`groups` into `candidates`), whether a
/// prefix test decides them (`literal_start`), and the bytes that start other things.
fn inline_marks(
    candidates: &[Candidate],
    groups: &[(u8, u8); 256],
    literal_start: &[bool; 256],
    others: &[u8],
    syntax: &Syntax,
) -> [InlineMark; 256] {
    let mut inline = [InlineMark::Other; 256];
    for b in 0..=255u8 {
        let (start, len) = groups[usize::from(b)];
        let group = &candidates[usize::from(start)..][..usize::from(len)];
        inline[usize::from(b)] = match group {
            _ if !literal_start[usize::from(b)] => {
                let only_scalar = block_scalar_starts(syntax).contains(&b)
                    && group.is_empty()
                    && others.iter().filter(|&&o| o == b).count() == 1;
                if only_scalar {
                    InlineMark::Scalar
                } else {
                    InlineMark::Other
                }
            }
            [one] if one.opener.bytes.len() == 1 => match one.opener.kind {
                Kind::Quote(quote) if string_inline(quote) => {
                    InlineMark::Quote(InlineQuote::of(quote, false))
                }
                Kind::LineComment => InlineMark::Comment,
                _ => InlineMark::Literal,
            },
            [three, one] if three.opener.bytes == [b; 3] && one.opener.bytes.len() == 1 => match one
                .opener
                .kind
            {
                Kind::Quote(quote) if string_inline(quote) => InlineMark::Quote(InlineQuote::of(quote, true)),
                _ => InlineMark::Literal,
            },
            _ => InlineMark::Literal,
        };
    }
    inline
}

/// An opener, and whether a prefix test alone decides it: what most openers are (`//`, `/*`, `"`),
/// and what the hot path can test inline instead of through the general matcher.
#[derive(Debug)]
struct Candidate {
    opener: Opener,
    literal: bool,
    /// A marker of up to four bytes as a little-endian word and the mask of its bytes: one compare
    /// against the window's first four bytes.
    word: Option<(u32, u32)>,
}

impl Candidate {
    /// Whether a literal candidate stands at the start of `rest`: a prefix test, as one word compare
    /// when it and the window allow.
    #[inline(always)]
    fn hits(&self, rest: &[u8]) -> bool {
        match (self.word, rest.get(..4)) {
            (Some((word, mask)), Some(head)) => {
                u32::from_le_bytes(head.try_into().expect("four bytes")) & mask == word
            }
            _ => has_prefix(rest, self.opener.bytes),
        }
    }

    /// What a literal candidate that hit opened.
    #[inline(always)]
    fn opened(&self) -> Opened {
        Opened { len: self.opener.bytes.len(), tag: None, whole: matches!(self.opener.kind, Kind::Code) }
    }
}

fn word(bytes: &[u8]) -> Option<(u32, u32)> {
    (bytes.len() <= 4).then(|| {
        bytes
            .iter()
            .enumerate()
            .fold((0, 0), |(w, m), (k, &b)| (w | u32::from(b) << (8 * k), m | 0xff << (8 * k)))
    })
}

/// First bytes of what may start in code besides the openers and quote-like operators: the
/// code escape, a heredoc, a regex, a block scalar, help text, a region.
fn special_starts(syntax: &Syntax) -> impl Iterator<Item = u8> + '_ {
    (syntax.code_escape.into_iter())
        .chain(syntax.heredoc.map(|h| h.open[0]))
        .chain(syntax.regex.then_some(b'/'))
        .chain(syntax.digit_separators.then_some(b'\''))
        .chain(syntax.splice.then_some(b'/'))
        .chain(block_scalar_starts(syntax).iter().copied())
        .chain(syntax.help_text.iter().map(|w| w[0]))
        .chain(embed_starts(syntax.embed).iter().copied())
}

/// The word bytes that start quote-like operators and nothing else: no opener, nor any of
/// [`special_starts`].
fn quote_like_letters(syntax: &Syntax, groups: &[(u8, u8); 256]) -> [bool; 256] {
    let mut letters = [false; 256];
    for &b in quote_like::starts(syntax.quote_likes).iter().filter(|&&b| is_word(b)) {
        let other = special_starts(syntax).any(|s| s == b);
        letters[usize::from(b)] = groups[usize::from(b)].1 == 0 && !other;
    }
    letters
}

/// Which first bytes have openers, all of them block comments opening only at a line's start.
fn line_start_only(candidates: &[Candidate], groups: &[(u8, u8); 256]) -> [bool; 256] {
    let mut only = [false; 256];
    for (b, &(start, len)) in only.iter_mut().zip(groups) {
        let group = &candidates[usize::from(start)..][..usize::from(len)];
        *b = len > 0 && group.iter().all(|c| matches!(c.opener.kind, Kind::Block(block) if block.line_start));
    }
    only
}

/// Groups `openers` by first byte, keeping their order inside each group (the sort is stable).
fn group_by_first_byte(openers: &[Opener]) -> (Vec<Candidate>, [(u8, u8); 256]) {
    let mut candidates: Vec<Candidate> = openers
        .iter()
        .map(|&opener| Candidate { opener, literal: literal_opener(&opener), word: word(opener.bytes) })
        .collect();
    candidates.sort_by_key(|c| c.opener.bytes[0]);
    let small = |n: usize| u8::try_from(n).expect("fewer than 256 openers");
    let mut groups = [(0u8, 0u8); 256];
    for (at, c) in candidates.iter().enumerate() {
        let group = &mut groups[usize::from(c.opener.bytes[0])];
        if group.1 == 0 {
            group.0 = small(at);
        }
        group.1 += 1;
    }
    (candidates, groups)
}
