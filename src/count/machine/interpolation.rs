//! Code inside a string's interpolation (`$"{x}"`, `${x}`): code as anywhere else, except that
//! the interpolation's brackets are counted and the one closing it returns to the string.

use super::{LineCounter, Mode};
use crate::count::syntax::classifier::START;

impl LineCounter {
    pub(super) fn interpolation(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        let Some(mut open) = self.open_interpolation else {
            unreachable!("interpolation mode outside an interpolation")
        };
        let h = open.quote.interpolation.expect("an interpolation belongs to a string that has one");
        let (left, right) = (h.open[h.open.len() - 1], h.close);
        while i < limit {
            let b = buf[i];
            if self.passes_blank(b) {
                i += 1;
                continue;
            }
            if b == right {
                self.code = true;
                i += 1;
                if open.depth == 0 {
                    self.open_interpolation = None;
                    self.tag = open.tag;
                    self.mode = open.around();
                    return i;
                }
                open.depth -= 1;
            } else if b == left {
                self.code = true;
                open.depth += 1;
                i += 1;
            } else if self.cls.class[usize::from(b)] & START != 0 {
                self.open_interpolation = Some(open);
                i = self.open_token(buf, i);
                if !matches!(self.mode, Mode::Interpolation) {
                    return i;
                }
            } else {
                self.code = true;
                // Up to the next byte that matters the line is code already: skipped in one go.
                let stops = &self.cls.interpolation_stops;
                i += 1 + buf[i + 1..limit]
                    .iter()
                    .position(|&b| stops[usize::from(b)])
                    .unwrap_or(limit - i - 1);
            }
        }
        self.open_interpolation = Some(open);
        i
    }
}
