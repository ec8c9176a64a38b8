//! Paths that are not UTF-8: escaped for people (`\xFF`), kept byte-exact for machines (base64).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::buffer::has_any;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The path as text, with every byte that is not part of valid UTF-8 written as `\xNN`.
pub fn escaped(path: &Path) -> Cow<'_, str> {
    let bytes = path.as_os_str().as_bytes();
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// [`escaped`], with control characters written as `\xNN` (`\u{85}` past ASCII) too: for tables
/// and messages people read on a terminal, where a name holding an escape sequence or a newline
/// could recolour the screen or pass for another row.
pub fn for_people(path: &Path) -> Cow<'_, str> {
    let text = escaped(path);
    // Printable ASCII throughout, the usual case, is checked 8 bytes at a time.
    let printable = text.is_ascii() && !has_any(text.as_bytes(), b' ', [0x7F]);
    if printable || !text.chars().any(char::is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match u32::from(c) {
            _ if !c.is_control() => out.push(c),
            n @ 0..=0x7F => {
                let _ = write!(out, "\\x{n:02X}");
            }
            n => {
                let _ = write!(out, "\\u{{{n:X}}}");
            }
        }
    }
    Cow::Owned(out)
}

/// The exact bytes of a path that is not UTF-8, in standard base64; `None` for UTF-8 paths.
pub fn raw_base64(path: &Path) -> Option<String> {
    let bytes = path.as_os_str().as_bytes();
    if std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    Some(out)
}

/// Standard base64 (padding required) back to bytes; `None` if it is not that.
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let sextet = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|i| i as u32);
    let text = text.as_bytes();
    if text.len() % 4 != 0 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    for group in text.chunks(4) {
        let pad = group.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 {
            return None;
        }
        let mut n = 0u32;
        for &c in &group[..4 - pad] {
            n = n << 6 | sextet(c)?;
        }
        n <<= 6 * pad;
        out.extend_from_slice(&n.to_be_bytes()[1..4 - pad]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn utf8_paths_pass_through() {
        assert_eq!(escaped(Path::new("a/é.c")), "a/é.c");
        assert_eq!(raw_base64(Path::new("a/é.c")), None);
    }

    #[test]
    fn invalid_bytes_are_escaped_and_encoded() {
        let p = Path::new(OsStr::from_bytes(b"d/\xFFx\xC3.c"));
        assert_eq!(escaped(p), "d/\\xFFx\\xC3.c");
        assert_eq!(raw_base64(p).as_deref(), Some("ZC//eMMuYw=="));
        assert_eq!(raw_base64(Path::new(OsStr::from_bytes(b"\xFF"))).as_deref(), Some("/w=="));
        assert_eq!(raw_base64(Path::new(OsStr::from_bytes(b"\xFF\xFE"))).as_deref(), Some("//4="));
    }

    #[test]
    fn control_characters_are_escaped_for_people_only() {
        let p = Path::new(OsStr::from_bytes(b"a\x1b[31m\nb\xC2\x85\xFF.c"));
        assert_eq!(for_people(p), "a\\x1B[31m\\x0Ab\\u{85}\\xFF.c");
        assert_eq!(escaped(p), "a\x1b[31m\nb\u{85}\\xFF.c");
        assert_eq!(for_people(Path::new("plain/é.c")), "plain/é.c");
    }

    #[test]
    fn base64_round_trips() {
        for bytes in [&b""[..], b"\xFF", b"\xFF\xFE", b"d/\xFFx\xC3.c", b"abc"] {
            let mut path = bytes.to_vec();
            path.push(0x80);
            let encoded = raw_base64(Path::new(OsStr::from_bytes(&path))).unwrap();
            assert_eq!(decode_base64(&encoded), Some(path));
        }
        assert_eq!(decode_base64("abc"), None);
        assert_eq!(decode_base64("a==="), None);
        assert_eq!(decode_base64("a!=="), None);
    }
}
