//! A YAML block scalar's body (or Kconfig's help text) 64 bytes at a time. Each of its lines is
//! code or blank, so only the first non-blank byte of each line is read, for the line's
//! indentation: the first line indented less than the content ends the scalar. The span loop
//! stepped over each line's indentation a byte at a time and searched for each newline (~400
//! instructions a line of a body; 1.0 M of YAML's 22.6 M, callgrind).

use super::lanes::BlockJob;
use super::tally::LineTally;
use super::{LineCounter, Mode};
use crate::count::syntax::markers::{line_indent, Scalar};
use crate::simd::bits::{after_last, below, line_firsts};
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{CloserSet, Lanes, Masks, Portable, BLOCK};

/// A block scalar's block loop, for [`LineCounter::vectorized`].
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Scalars<'a> {
    scalar: Scalar,
    fresh: bool,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

impl BlockJob for Scalars<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let Scalars { scalar, fresh, buf, i, limit } = self;
        counter.scalar_blocks_here(lanes, scalar, fresh, buf, i, limit)
    }
}

impl LineCounter {
    /// [`LineCounter::scalar_blocks_here`] on the widest lanes this CPU has.
    pub(super) fn scalar_blocks(
        &mut self,
        scalar: Scalar,
        fresh: bool,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        self.vectorized(Scalars { scalar, fresh, buf, i, limit })
            .unwrap_or_else(|| self.scalar_blocks_here(Portable, scalar, fresh, buf, i, limit))
    }

    /// The body from `i` (`fresh`: nothing but blanks yet on the line there), whole blocks up to
    /// `limit`. Returns where the byte loop goes on, the mode set to what it reads there: code at
    /// the first non-blank byte of the line that ends the scalar, or the scalar (its content's
    /// indentation found, and whether the line is still fresh) fewer than a block before `limit`.
    #[inline(always)]
    fn scalar_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        mut scalar: Scalar,
        mut fresh: bool,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let newline = CloserSet::new(b"\n");
        let mut tally = LineTally::begin(self);
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = lanes.closer_masks(&newline, block);
            let mut firsts = line_firsts(m.newlines, m.nonblank) | fresh_first(&m, fresh);
            while firsts != 0 {
                let at = firsts.trailing_zeros() as usize;
                firsts &= firsts - 1;
                let width = match m.newlines & below(at) {
                    // The line began in the block and its bytes are the measure: counted from
                    // its newline.
                    before if before != 0 && !scalar.tabs() => at + before.leading_zeros() as usize - BLOCK,
                    // The line began before the block, or a tab counts to its stop (Kconfig's
                    // help text): its blanks are counted back from here.
                    _ => scalar.width(line_indent(&buf[..i + at], self.line_head)),
                };
                match scalar.holds(width) {
                    Some(open) => scalar = open,
                    None => {
                        tally.code_lines(&m, 0, at);
                        tally.end(self);
                        self.mode = self.after_span();
                        return i + at;
                    }
                }
            }
            tally.code_lines(&m, 0, BLOCK);
            fresh = match m.newlines {
                0 => fresh && m.nonblank == 0,
                newlines => !after_last(m.nonblank, newlines),
            };
            i += BLOCK;
        }
        tally.end(self);
        self.mode = Mode::Scalar { scalar, fresh };
        i
    }
}

/// The first non-blank byte of the line going on at the block's start, where it is `fresh` and
/// that byte stands before the line's newline: a lone bit, or none.
#[inline(always)]
fn fresh_first(m: &Masks, fresh: bool) -> u64 {
    let first = m.nonblank & m.nonblank.wrapping_neg();
    let newline = m.newlines & m.newlines.wrapping_neg();
    // Two lone bits (or none) compared less one: no newline reads as past every byte.
    if fresh && first.wrapping_sub(1) < newline.wrapping_sub(1) {
        first
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use crate::count::chunked::counted_in_chunks as chunked;
    use crate::count::on_every_lane::agrees_on_every_lane;
    use crate::lang::LangId;
    use crate::simd::dispatch::LanesSeen;
    use crate::test_random::{below, pick};

    /// A random body line: indented by 0 to 12 blanks (tabs and `\r` among them), then text,
    /// a comment byte or a quote, or nothing.
    fn body_line(x: &mut u64) -> String {
        let indent: String = (0..below(x, 13)).map(|_| char::from(pick(x, b"     \t\r"))).collect();
        let text: String = (0..below(x, 30)).map(|_| char::from(pick(x, b"ab #'\":|>-\r"))).collect();
        format!("{indent}{text}")
    }

    /// Block scalars whose bodies run over several blocks, their lines indented more, as much or
    /// less than the content (the first line with content sets it), blank lines of blanks among
    /// them, after a node indented by 0 to 8: they count as the byte-by-byte twin counts them on
    /// every lane and fed in chunks cut everywhere (inside a line's indentation among them,
    /// which is then counted back into the chunk before). Their indicators are read by
    /// `LineCounter::open_scalar`. Sabotages tried: the blanks of a line begun before the block
    /// counted from the block's start; no scalar set pending by `open_scalar`. Both fail.
    #[test]
    fn block_scalar_bodies_equal_the_byte_by_byte_twin() {
        let id = LangId::from_name("YAML").expect("YAML");
        let lanes = LanesSeen::start();
        let mut x = 0x51ed_2701_a3c4_9b1fu64;
        for round in 0..400 {
            let node = " ".repeat(round % 9);
            let mut src = format!("{node}key: {}\n", ["|", ">-", "|+2", "| # c"][round % 4]);
            for _ in 0..(4 + below(&mut x, 24)) {
                src.push_str(&body_line(&mut x));
                src.push('\n');
            }
            src.push_str(&format!("{node}next: 'x'\n  - y\n"));
            let bytes = src.as_bytes();
            let expected = agrees_on_every_lane(&lanes, id, bytes).0;
            for size in [17, 64, 71, 100, 129] {
                assert_eq!(chunked(id, bytes, size), expected, "chunks of {size}: {src:?}");
            }
        }
        lanes.check();
    }

    /// Kconfig's help texts the same way: bodies over several blocks of lines indented with
    /// spaces and tabs (a tab to the next multiple of 8 columns), `#` lines and help keywords
    /// among them, after a keyword indented by 0 to 9 blanks. Sabotage tried: a line's blanks
    /// counted in bytes in the block loop, where a tab counts to its stop. It fails.
    #[test]
    fn help_text_bodies_equal_the_byte_by_byte_twin() {
        let id = LangId::from_name("Kconfig").expect("Kconfig");
        let lanes = LanesSeen::start();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..400 {
            let keyword = [" help", "\thelp", "help # c", "\t---help---", "x help", "\thelp2"][round % 6];
            let mut src = format!("config A\n{}{keyword}\n", "\t ".repeat(round % 5));
            for _ in 0..(4 + below(&mut x, 24)) {
                let indent: String =
                    (0..below(&mut x, 6)).map(|_| char::from(pick(&mut x, b"  \t"))).collect();
                let text: String =
                    (0..below(&mut x, 30)).map(|_| char::from(pick(&mut x, b"ab #\"help\t"))).collect();
                src.push_str(&format!("{indent}{text}\n"));
            }
            src.push_str("# out\nconfig B\n");
            let bytes = src.as_bytes();
            let expected = agrees_on_every_lane(&lanes, id, bytes).0;
            for size in [17, 64, 71, 100, 129] {
                assert_eq!(chunked(id, bytes, size), expected, "chunks of {size}: {src:?}");
            }
        }
        lanes.check();
    }
}
