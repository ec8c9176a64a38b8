//! UTF-16 files (with a byte-order mark) are transcoded to UTF-8 chunk by chunk before counting:
//! their NUL bytes must not make them "binary", and their markers are the same characters.

/// The byte order a UTF-16 file's byte-order mark gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ByteOrder {
    Little,
    Big,
}

impl ByteOrder {
    /// Recognises a UTF-16 byte-order mark at the start of a file.
    pub(super) fn of_mark(head: &[u8]) -> Option<ByteOrder> {
        match head {
            [0xFF, 0xFE, ..] => Some(ByteOrder::Little),
            [0xFE, 0xFF, ..] => Some(ByteOrder::Big),
            _ => None,
        }
    }
}

/// Streaming UTF-16 to UTF-8: decodes whole code units, holding back an odd byte or a high
/// surrogate whose pair is in the next chunk.
#[derive(Debug)]
pub struct Utf16Decoder {
    little_endian: bool,
    /// Transcoded text not yet consumed by the counter.
    pub text: Vec<u8>,
}

impl Utf16Decoder {
    pub(super) fn new(order: ByteOrder) -> Utf16Decoder {
        Utf16Decoder { little_endian: order == ByteOrder::Little, text: Vec::new() }
    }

    /// Appends the UTF-8 of `raw`'s complete characters to `text` and returns how many bytes of
    /// `raw` it used; at `eof` it uses everything (broken pairs become U+FFFD).
    pub fn decode(&mut self, raw: &[u8], eof: bool) -> usize {
        let mut units: Vec<u16> = raw
            .chunks_exact(2)
            .map(|p| {
                if self.little_endian {
                    u16::from_le_bytes([p[0], p[1]])
                } else {
                    u16::from_be_bytes([p[0], p[1]])
                }
            })
            .collect();
        let mut used = units.len() * 2;
        if !eof && units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
            units.pop();
            used -= 2;
        }
        let mut utf8 = [0u8; 4];
        for c in char::decode_utf16(units) {
            let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
            self.text.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        }
        if eof && raw.len() % 2 == 1 {
            self.text.extend_from_slice(char::REPLACEMENT_CHARACTER.encode_utf8(&mut utf8).as_bytes());
            used += 1;
        }
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(s: &str) -> Vec<u8> {
        [0xFF, 0xFE].into_iter().chain(s.encode_utf16().flat_map(u16::to_le_bytes)).collect()
    }

    #[test]
    fn decodes_across_any_split() {
        let text = "a = 1; // é 😀\r\n/* x */\n";
        let raw = utf16le(text);
        for split in 0..raw.len() {
            let mut d = Utf16Decoder::new(ByteOrder::of_mark(&raw).unwrap());
            let used = d.decode(&raw[..split], false);
            let mut rest = raw[used..split].to_vec();
            rest.extend_from_slice(&raw[split..]);
            assert_eq!(d.decode(&rest, true), rest.len());
            assert_eq!(String::from_utf8(d.text).unwrap(), format!("\u{feff}{text}"), "split {split}");
        }
    }

    #[test]
    fn big_endian_and_no_bom() {
        let raw: Vec<u8> = [0xFE, 0xFF, 0, b'x', 0, b'\n'].to_vec();
        let mut d = Utf16Decoder::new(ByteOrder::of_mark(&raw).unwrap());
        d.decode(&raw, true);
        assert_eq!(d.text, "\u{feff}x\n".as_bytes());
        assert_eq!(ByteOrder::of_mark(b"plain"), None);
    }
}
