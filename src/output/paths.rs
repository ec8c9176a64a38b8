//! Paths that are not UTF-8: escaped for people (`\xFF`), kept byte-exact for machines (base64).

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::buffer::{has_any, json_text, plain_ascii, quoted};

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

/// Writes a path's bytes as the JSON string of its escaped text (`json_string(escaped(path))`):
/// as they are when they are ASCII and need no escape, as nearly every path is, so that one pass
/// over the bytes stands for checking their UTF-8, escaping and the JSON escapes. Bytes below `#`
/// are the controls, `"` and two that need nothing (a space, `!`, rare in paths): one test a
/// word finds them all.
pub fn json_path(out: &mut impl Write, path: &[u8]) -> io::Result<()> {
    if plain_ascii(path, b'#', [b'\\']) {
        return quoted(out, path);
    }
    json_text(out, escaped(Path::new(OsStr::from_bytes(path))).as_bytes())
}

/// [`escaped`] as bytes: a path that is ASCII is its own escaped text, found without checking
/// its UTF-8 (a whole path's check costs more than the rest of a row in the plainest formats).
pub fn escaped_bytes(path: &Path) -> Cow<'_, [u8]> {
    let bytes = path.as_os_str().as_bytes();
    if bytes.is_ascii() {
        return Cow::Borrowed(bytes);
    }
    match escaped(path) {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

/// The bytes of a path's last component, as `Path::file_name` finds it: after the last `/`
/// without parsing every component, unless that leaves nothing, `.` or `..`.
pub fn file_name(path: &Path) -> Option<&[u8]> {
    let bytes = path.as_os_str().as_bytes();
    match memchr::memrchr(b'/', bytes).map_or(bytes, |slash| &bytes[slash + 1..]) {
        b"" | b"." | b".." => path.file_name().map(OsStrExt::as_bytes),
        name => Some(name),
    }
}

/// [`escaped`], with the characters [`shown`] escapes written as `\xNN` (`\u{85}` past ASCII) too:
/// for tables and messages people read on a terminal.
pub fn for_people(path: &Path) -> Cow<'_, str> {
    let bytes = path.as_os_str().as_bytes();
    // Printable ASCII throughout, the usual case, is checked 8 bytes at a time in one pass.
    if plain_ascii(bytes, b' ', [0x7F]) {
        if let Ok(text) = std::str::from_utf8(bytes) {
            return Cow::Borrowed(text);
        }
    }
    let text = escaped(path);
    match shown(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(out) => Cow::Owned(out),
    }
}

/// `text` with every character people could not see for what it is written as `\xNN` (`\u{85}`
/// past ASCII): a name holding an escape sequence or a newline could recolour the screen or pass
/// for another row, and one holding a bidirectional override (U+202E) shows the rest of its row,
/// its counts included, reversed.
pub fn shown(text: &str) -> Cow<'_, str> {
    // Printable ASCII throughout, the usual case, is checked 8 bytes at a time.
    let printable = text.is_ascii() && !has_any(text.as_bytes(), b' ', [0x7F]);
    if printable || !text.chars().any(unseen) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match u32::from(c) {
            _ if !unseen(c) => out.push(c),
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

/// Whether a terminal would not show `c` as a character of its own: a control character, a
/// bidirectional formatting character (which reorders the text after it, as Trojan Source,
/// CVE-2021-42574, showed of source code) or a line or paragraph separator.
fn unseen(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || matches!(c, '\u{2028}' | '\u{2029}')
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
    use crate::output::buffer::json_string;
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

    /// U+202E would show `x\u{202E}yp.c  Python  3  1` as `x` then the rest of the row reversed.
    #[test]
    fn bidirectional_formatting_and_line_separators_are_escaped_for_people() {
        let p = Path::new("x\u{202E}yp.c\u{2066}\u{2069}\u{200F}\u{61C}\u{2028}\u{2029}é");
        assert_eq!(for_people(p), "x\\u{202E}yp.c\\u{2066}\\u{2069}\\u{200F}\\u{61C}\\u{2028}\\u{2029}é");
        assert_eq!(shown("right\u{200D}\u{FEFF}é"), "right\u{200D}\u{FEFF}é");
    }

    #[test]
    fn a_path_is_written_as_its_escaped_text_is() {
        let paths: [&[u8]; 9] = [
            b"",
            b"drivers/net/e1000e/netdev.c",
            b"a b/\"q\".c",
            b"\\",
            b"t\tab",
            b"\xFF",
            b"d/\xC3\xA9.c",
            b"x\x7F",
            b"0123456789abcdef\x80",
        ];
        for path in paths {
            let text = escaped(Path::new(OsStr::from_bytes(path)));
            let (mut fast, mut simple) = (Vec::new(), Vec::new());
            json_path(&mut fast, path).unwrap();
            json_string(&mut simple, &text).unwrap();
            assert_eq!(fast, simple, "{path:?}");
        }
    }

    #[test]
    fn escaped_bytes_are_the_escaped_text() {
        for path in [&b"a/b.c"[..], b"", b"d/\xFFx\xC3.c", "é/ü".as_bytes(), b"\x7F\x80"] {
            let path = Path::new(OsStr::from_bytes(path));
            assert_eq!(&*escaped_bytes(path), escaped(path).as_bytes(), "{path:?}");
        }
    }

    #[test]
    fn file_names_are_the_names_path_finds() {
        let paths = [
            "a/b.c",
            "b.c",
            "/",
            "",
            ".",
            "..",
            "a/..",
            "a/.",
            "a/b/",
            "a//b",
            "./x",
            "/x/.hidden",
            "a/b/..",
        ];
        for path in paths {
            let path = Path::new(path);
            assert_eq!(file_name(path), path.file_name().map(OsStrExt::as_bytes), "{path:?}");
        }
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
