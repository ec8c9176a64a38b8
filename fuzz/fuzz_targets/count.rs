//! Any bytes, any language: the counter must not panic, every line lands in exactly one bucket,
//! the embedded languages' lines are lines of the file, and the fast path fed in chunks (of sizes
//! the input picks) equals the whole buffer and the byte-by-byte twin; the explanation adds up too.
//!
//! Input: two bytes pick the language, one byte seeds the chunk sizes, the rest is the file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ringloc::count::{
    count_embedded, count_reference_embedded, explain_with, Bucket, Counts, LineCounter, Options, MAX_TOKEN,
};
use ringloc::lang::LangId;

fuzz_target!(|data: &[u8]| {
    let [a, b, seed, ref src @ ..] = *data else { return };
    let languages: Vec<LangId> = LangId::all().collect();
    let lang = languages[usize::from(u16::from_le_bytes([a, b])) % languages.len()];
    let options = Options { docstrings_as_code: seed & 1 == 1 };

    let whole = count_embedded(lang, options, src);
    let (totals, embedded) = &whole;
    assert_eq!(totals.lines, totals.code + totals.comments + totals.blanks);
    let newlines = src.iter().filter(|&&b| b == b'\n').count() as u64;
    let bom = usize::from(src.starts_with(b"\xEF\xBB\xBF")) * 3;
    let unended = u64::from(src.len() > bom && src.last() != Some(&b'\n'));
    assert_eq!(totals.lines, newlines + unended);
    let mut inside = 0;
    for (_, c) in embedded {
        assert_eq!(c.lines, c.code + c.comments + c.blanks);
        assert!(c.lines > 0);
        inside += c.lines;
    }
    assert!(inside <= totals.lines);

    assert_eq!(count_reference_embedded(lang, options, src), whole, "fast path against the twin");
    assert_eq!(in_chunks(lang, options, src, seed), whole, "chunked against whole");

    let lines = explain_with(lang, options, src);
    let mut explained = Counts::default();
    for line in &lines {
        explained.lines += 1;
        match line.bucket {
            Bucket::Code => explained.code += 1,
            Bucket::Comments => explained.comments += 1,
            Bucket::Blanks => explained.blanks += 1,
        }
    }
    assert_eq!(explained, *totals, "the explanation adds up to the count");
});

/// Feeds `src` the way a reader does, in chunks of 1 to 64 bytes chosen from `seed`.
fn in_chunks(lang: LangId, options: Options, src: &[u8], seed: u8) -> (Counts, Vec<(LangId, Counts)>) {
    let mut counter = LineCounter::with_options(lang, options);
    let mut state = u32::from(seed) | 1;
    let mut buf = Vec::new();
    let mut at = 0;
    while at < src.len() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let take = (state as usize % 64 + 1).min(src.len() - at);
        buf.extend_from_slice(&src[at..at + take]);
        at += take;
        let used = counter.feed(&buf);
        assert!(buf.len() - used < MAX_TOKEN, "the carry fits in MAX_TOKEN");
        buf.drain(..used);
    }
    counter.finish_embedded(&buf)
}
