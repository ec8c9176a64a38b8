//! Read buffers whose first byte is 64-byte aligned. The counter loads a file's bytes 64 at a
//! time from its first byte on; in a heap buffer only 16-byte aligned, every such load straddles
//! two cache lines, and every 64th two pages.

use std::ops::{Deref, DerefMut};

const ALIGN: usize = 64;

#[derive(Debug)]
pub(crate) struct AlignedBuf {
    bytes: Box<[u8]>,
    start: usize,
    len: usize,
}

impl AlignedBuf {
    /// `len` zeroed bytes. A boxed slice never moves its bytes, so they stay aligned.
    pub(crate) fn new(len: usize) -> AlignedBuf {
        let bytes = vec![0; len + ALIGN - 1].into_boxed_slice();
        let start = (ALIGN - bytes.as_ptr() as usize % ALIGN) % ALIGN;
        AlignedBuf { bytes, start, len }
    }
}

impl Deref for AlignedBuf {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes[self.start..self.start + self.len]
    }
}

impl DerefMut for AlignedBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.bytes[self.start..self.start + self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_buffer_starts_on_a_block_boundary_and_holds_its_length() {
        let bufs: Vec<AlignedBuf> = (0..200).map(|n| AlignedBuf::new(n * 37 + 1)).collect();
        for (n, mut buf) in bufs.into_iter().enumerate() {
            assert_eq!(buf.as_ptr() as usize % ALIGN, 0, "buffer {n}");
            assert_eq!(buf.len(), n * 37 + 1);
            buf.fill(7);
            assert!(buf.iter().all(|&b| b == 7));
        }
    }
}
