//! A letter that starts an opener only before one or two bytes (Rust's `r` of `r#"..."#`, C++'s
//! `R` of `R"(...)"`) is a mark in every identifier that holds it: in Rust code about 1.8 times a
//! 64-byte block, each sent through the general opener lookup to find nothing. The block loops
//! keep such a letter a mark only where the byte after it may continue an opener.

use super::markers::{is_word, Kind, Opener};
use crate::lang::Syntax;
use crate::simd::bits::opaque;
use crate::simd::masks::{Lanes, Nibbles, BLOCK};

/// The letters (up to four: Batch's `R` and `r` of `REM` and `rem`), and the bytes after them
/// that may continue one of their openers (the second twice when there is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeadFilter {
    /// The letters, the first repeated to fill the array.
    leads: [u8; 4],
    /// More than one letter: a second pass of compares finds the others.
    many: bool,
    follows: [u8; 2],
    /// The mark classes of the letters, where they hold no other byte and every follow byte is a
    /// mark and no letter: vector lanes then take the letters' mask from the classes they found
    /// the marks by, where compares cost two a byte and a lane, and a letter stays a mark before
    /// any other mark (a superset of the follow bytes, with no mask of their own to make).
    group: Option<u8>,
}

impl LeadFilter {
    /// The word bytes that start openers and nothing in `others` (a code escape, heredoc or
    /// region), and whose openers all have a second byte, of at most two kinds among them all:
    /// taken in byte order while they fit.
    pub(crate) fn find(openers: &[Opener], syntax: &Syntax, others: &[u8]) -> Option<LeadFilter> {
        let mut leads: Vec<u8> = openers.iter().map(|o| o.bytes[0]).filter(|&b| is_word(b)).collect();
        leads.sort_unstable();
        leads.dedup();
        let (mut kept, mut follows) = (Vec::new(), Vec::new());
        for lead in leads.into_iter().filter(|b| !others.contains(b)) {
            let Some(mut more) = follows_of(openers, lead, syntax.tag_chars) else { continue };
            more.extend_from_slice(&follows);
            more.sort_unstable();
            more.dedup();
            if more.len() <= 2 && kept.len() < 4 {
                kept.push(lead);
                follows = more;
            }
        }
        let (&first, &a) = (kept.first()?, follows.first()?);
        let mut leads = [first; 4];
        leads[..kept.len()].copy_from_slice(&kept);
        Some(LeadFilter { leads, many: kept.len() > 1, follows: [a, *follows.last()?], group: None })
    }

    /// The filter with its letters' mark classes, where `nibbles` (the marks' classes) sets the
    /// letters apart and every follow byte is a mark that is no letter: the other marks then
    /// stand for the follow bytes (keeping a letter a mark is never wrong).
    pub(crate) fn with_classes(self, nibbles: Option<&Nibbles>) -> LeadFilter {
        let group = nibbles.and_then(|t| {
            let class = |b: u8| t.class(b) & Nibbles::MARK;
            let leads = self.leads.iter().fold(0, |g, &b| g | class(b));
            let apart = (0..=255u8).all(|b| class(b) & leads == 0 || self.leads.contains(&b));
            let marked = self.follows.iter().all(|&b| class(b) != 0 && !self.leads.contains(&b));
            (apart && marked).then_some(leads)
        });
        LeadFilter { group, ..self }
    }

    /// `marks` of a block without the leads that no follow byte comes after. A lead at the
    /// block's last byte stays: its next byte is in the next block.
    #[inline(always)]
    pub(crate) fn filter<L: Lanes>(
        self,
        lanes: L,
        tables: &L::Marks,
        marks: u64,
        block: &[u8; BLOCK],
    ) -> u64 {
        if let Some(group) = self.group {
            // Only the first class is used: the second, the same, is left to the compiler.
            if let Some([leads, _]) = lanes.mark_groups(tables, block, [group; 2]) {
                return marks & (!leads | opaque(marks & !leads) >> 1 | 1 << (BLOCK - 1));
            }
        }
        let [mut leads, a, b] = lanes.byte_masks([self.leads[0], self.follows[0], self.follows[1]], block);
        if self.many {
            let [l1, l2, l3] = lanes.byte_masks([self.leads[1], self.leads[2], self.leads[3]], block);
            leads |= l1 | l2 | l3;
        }
        marks & (!leads | opaque(a | b) >> 1 | 1 << (BLOCK - 1))
    }
}

/// The bytes that may stand second in the openers that start with `lead`; `None` when anything
/// may (a one-byte opener).
fn follows_of(openers: &[Opener], lead: u8, tag_chars: &[u8]) -> Option<Vec<u8>> {
    let mut follows = Vec::new();
    for o in openers.iter().filter(|o| o.bytes[0] == lead) {
        follows.extend(second_bytes(o, tag_chars)?);
    }
    Some(follows)
}

/// The bytes that may stand second in what `o` opens: its own second byte, or a tag's byte where
/// the tag is spliced in right after the first. `None` when anything may (a one-byte opener).
fn second_bytes(o: &Opener, tag_chars: &[u8]) -> Option<Vec<u8>> {
    let tag = match o.kind {
        Kind::Quote(q) => q.tag,
        Kind::Block(b) => b.tag,
        Kind::LineComment | Kind::Code => None,
    };
    let second = *o.bytes.get(1)?;
    match tag.map(|t| t.open) {
        Some(0) => None,
        Some(1) => Some([&[second][..], tag_chars].concat()),
        _ => Some(vec![second]),
    }
}

#[cfg(test)]
mod tests {
    use super::LeadFilter;
    use crate::count::syntax::classifier::Classifier;
    use crate::lang::LangId;
    #[cfg(target_arch = "x86_64")]
    use crate::simd::masks::FromNibbles;
    use crate::simd::masks::{Nibbles, Portable, BLOCK};
    use crate::simd::scan::StopSet;
    use crate::test_random::pick;

    fn lead_of(name: &str) -> Option<LeadFilter> {
        Classifier::for_language(LangId::from_name(name).unwrap())
            .lead
            .map(|l| LeadFilter { group: None, ..l })
    }

    #[test]
    fn letters_that_open_only_before_a_few_bytes() {
        let one = |lead, follows| Some(LeadFilter { leads: [lead; 4], many: false, follows, group: None });
        assert_eq!(lead_of("Rust"), one(b'r', [b'"', b'#']));
        assert_eq!(lead_of("C++"), one(b'R', [b'"', b'"']));
        assert_eq!(lead_of("C"), None);
        let batch = LeadFilter { leads: *b"RrRR", many: true, follows: [b'E', b'e'], group: None };
        assert_eq!(lead_of("Batch"), Some(batch), "`REM` and `rem`");
        assert_eq!(lead_of("Python"), None, "its doc strings' prefix letters open nothing here");
    }

    fn classifier(name: &str) -> &'static Classifier {
        Classifier::for_language(LangId::from_name(name).unwrap())
    }

    fn needles(name: &str) -> StopSet {
        classifier(name).marks.as_ref().unwrap().needles
    }

    #[test]
    fn letters_apart_in_their_own_mark_classes_take_the_classes() {
        let group = |name: &str| classifier(name).lead.unwrap().group;
        assert!(group("D").is_some());
        assert!(group("C++").is_some());
        assert_eq!(group("Rust"), None, "`#` is no mark of Rust's");
    }

    /// The filter by classes on every vector lane this CPU has keeps each mark but a letter whose
    /// next byte is no mark or a letter, byte by byte; and it keeps whatever the filter by
    /// compares keeps (a letter before a follow byte).
    #[test]
    fn the_filter_by_classes_equals_its_byte_by_byte_twin() {
        for name in ["D", "C++"] {
            let cls = classifier(name);
            let (lead, nibbles) = (cls.lead.unwrap(), cls.marks.as_ref().unwrap().nibbles.unwrap());
            let leads = lead.group.unwrap();
            let mut x = 0x2545_F491_4F6C_DD1Du64;
            for _ in 0..2_000 {
                let alphabet = b"rRuUbx\"'#/ \n";
                let block: [u8; BLOCK] = std::array::from_fn(|_| pick(&mut x, alphabet));
                let marks: u64 = (0..BLOCK)
                    .filter(|&k| nibbles.class(block[k]) & Nibbles::MARK != 0)
                    .map(|k| 1 << k)
                    .sum();
                let kept_by = |k: usize| {
                    let next = k + 1 < BLOCK && nibbles.class(block[k + 1]) & Nibbles::MARK != 0;
                    nibbles.class(block[k]) & leads == 0
                        || k == BLOCK - 1
                        || next && nibbles.class(block[k + 1]) & leads == 0
                };
                let want: u64 =
                    (0..BLOCK).filter(|&k| marks >> k & 1 != 0 && kept_by(k)).map(|k| 1 << k).sum();
                let by_compares = lead.filter(Portable, &needles(name), marks, &block);
                assert_eq!(by_compares & !want, 0, "{name}: {block:?}");
                #[cfg(target_arch = "x86_64")]
                {
                    if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                        let kept = v3.0.vectorize(|| lead.filter(v3, &v3.tables(&nibbles), marks, &block));
                        assert_eq!(kept, want, "{name} on AVX2: {block:?}");
                    }
                    if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                        let kept = v4.0.vectorize(|| lead.filter(v4, &v4.tables(&nibbles), marks, &block));
                        assert_eq!(kept, want, "{name} on AVX-512: {block:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_lead_of_many_stays_a_mark_only_before_a_follow_byte() {
        let batch = lead_of("Batch").unwrap();
        let mut block = [b'x'; BLOCK];
        block[..16].copy_from_slice(b"rem Rx re RE xR ");
        let leads: u64 = (0..BLOCK).filter(|&k| b"rR".contains(&block[k])).map(|k| 1 << k).sum();
        let kept = batch.filter(Portable, &needles("Batch"), leads, &block);
        assert_eq!(kept, 1 << 0 | 1 << 7 | 1 << 10, "{kept:b}");
    }

    #[test]
    fn a_lead_stays_a_mark_before_a_follow_byte_and_at_the_block_end() {
        let rust = lead_of("Rust").unwrap();
        let mut block = [b'x'; BLOCK];
        block[..12].copy_from_slice(b"for r\"a\" r#x");
        block[BLOCK - 1] = b'r';
        let leads: u64 = (0..BLOCK).filter(|&k| block[k] == b'r').map(|k| 1 << k).sum();
        let kept = rust.filter(Portable, &needles("Rust"), leads | 1 << 6, &block);
        assert_eq!(kept, 1 << 4 | 1 << 6 | 1 << 9 | 1 << (BLOCK - 1), "{kept:b}");
    }
}
