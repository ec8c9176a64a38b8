//! The tests' check of the counter against its byte-by-byte twin on every lane width this machine
//! runs (AVX-512, AVX2, the portable lanes), so that a fast path is held to the twin wherever it
//! can be taken, not only on the widest lanes.

use super::twin::count_reference_embedded;
use super::{count_embedded, Counts, Embedded, Options};
use crate::lang::LangId;
use crate::simd::dispatch::{capped, LanesSeen};

/// `src` in `id` counts on each lane width `lanes` can run as the twin counts it, embedded
/// languages' lines too; the twin's count. A failure names the language, the lanes and `src`.
pub(crate) fn agrees_on_every_lane(lanes: &LanesSeen, id: LangId, src: &[u8]) -> (Counts, Embedded) {
    let want = count_reference_embedded(id, Options::default(), src);
    for level in lanes.levels() {
        let fast = capped(level, || count_embedded(id, Options::default(), src));
        assert_eq!(fast, want, "{} on {level:?} lanes: {:?}", id.name(), String::from_utf8_lossy(src));
    }
    want
}
