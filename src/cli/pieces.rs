//! Writes handed to a file in pieces of at most 64 KiB. On this project's measuring VM (Linux
//! 6.18, ext4) a `write(2)` of 128 KiB or more into a new file costs about ten times as much per
//! byte as one of 64 KiB: 28 MiB took 7 ms in 64 KiB writes and 76-83 ms in 128 KiB or 256 KiB
//! ones. The report writers hand over whole blocks of rows (hundreds of KB), which a `BufWriter`
//! passes straight through; this keeps each system call under the threshold.

use std::io::{self, Write};

/// The largest write passed on.
const PIECE: usize = 1 << 16;

/// A writer that passes on at most [`PIECE`] bytes a call (`write_all` loops over the rest).
pub struct Pieces<W>(pub W);

impl<W: Write> Write for Pieces<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(&buf[..buf.len().min(PIECE)])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the size of every write it is given.
    #[derive(Default)]
    struct Sizes(Vec<u8>, Vec<usize>);

    impl Write for Sizes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.extend_from_slice(buf);
            self.1.push(buf.len());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn large_writes_arrive_whole_in_pieces() {
        let bytes: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let mut out = Pieces(Sizes::default());
        out.write_all(&bytes).unwrap();
        out.write_all(b"tail").unwrap();
        let Sizes(written, sizes) = out.0;
        assert_eq!(written, [&bytes[..], b"tail"].concat());
        assert_eq!(sizes, [PIECE, PIECE, PIECE, PIECE, 300_000 - 4 * PIECE, 4]);
    }
}
