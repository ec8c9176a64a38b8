//! The tests' chunked feed: a file counted as a reader hands it over, in pieces, so that every
//! fast path is checked where a chunk may end (inside a marker, a block, a line's indentation).

use super::{Counts, Embedded, LineCounter};
use crate::lang::LangId;

/// `bytes` fed in chunks of `size` bytes, the unconsumed tail starting the next chunk.
pub(crate) fn counted_in_chunks(id: LangId, bytes: &[u8], size: usize) -> Counts {
    embedded_in_chunks(id, bytes, size).0
}

/// [`counted_in_chunks`] with the embedded languages' lines, as `LineCounter::finish_embedded`
/// gives them.
pub(crate) fn embedded_in_chunks(id: LangId, bytes: &[u8], size: usize) -> (Counts, Embedded) {
    let mut counter = LineCounter::new(id);
    let mut buf = Vec::new();
    for chunk in bytes.chunks(size) {
        buf.extend_from_slice(chunk);
        let used = counter.feed(&buf);
        buf.drain(..used);
    }
    counter.finish_embedded(&buf)
}
