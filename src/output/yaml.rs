//! `--format yaml`: ringloc's own JSON document (same fields, same `schema_version`; see
//! docs/json-schema.md) in YAML's block style, for readers that prefer YAML. The document is
//! maps, lists, strings and integers only, so a small emitter does it: serde_yaml, the usual
//! crate, is unmaintained, and its forks are young. It is a serde_json [`Formatter`]: the document
//! streams out as the JSON writer's does, with no tree of values built first. Strings are written
//! double-quoted with JSON's escapes, which YAML's double-quoted scalars share, and `\uXXXX` for
//! the characters JSON leaves as they are but YAML may not hold raw ([`not_raw`]), so every path
//! survives unchanged.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};

use super::buffer::{buffered, json_string, json_text, labelled, plain_ascii, quoted, spaces, Buffer};
use super::json::doc::{DiffDoc, FileRef, FileRow, ReportDoc};
use super::json::fields::{write_fields, Fields};
use super::rows::write_rows;
use super::stats::StatsDoc;
use super::warm::warm;
use super::Output;
use crate::report::{Diff, View};

/// `--format yaml`; `stats` is written as the document's `stats` (`--stats`), as JSON writes it:
/// the YAML document has every field the JSON one has.
#[derive(Debug, Clone, Default)]
pub struct Yaml {
    pub stats: Option<StatsDoc>,
}

impl Output for Yaml {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        report_document(&ReportDoc::whole(view, self.stats.clone()), view.threads, out)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        document(&DiffDoc::new(diff, true), out)
    }
}

fn document(doc: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    buffered(out, |out| {
        let mut serializer = serde_json::Serializer::with_formatter(out, BlockYaml::default());
        doc.serialize(&mut serializer).map_err(io::Error::from)
    })
}

/// A report's document as [`document`] writes it, its file rows by hand, on up to `threads`
/// threads.
fn report_document(doc: &ReportDoc<FileRef>, threads: usize, out: &mut dyn Write) -> io::Result<()> {
    buffered(out, |out| write_fields(doc, &mut YamlFields { out, threads }))
}

/// The top-level fields of a document: `key:`, then the value as [`BlockYaml`] writes it in a map.
struct YamlFields<'a, 'b> {
    out: &'a mut Buffer<'b>,
    threads: usize,
}

impl Fields for YamlFields<'_, '_> {
    fn value<T: Serialize>(&mut self, _first: bool, key: &str, value: &T) -> io::Result<()> {
        self.out.write_all(key.as_bytes())?;
        self.out.write_all(b":")?;
        let in_map =
            BlockYaml { open: vec![Open { map: true, indent: 0, empty: false }], ..BlockYaml::default() };
        value
            .serialize(&mut serde_json::Serializer::with_formatter(&mut *self.out, in_map))
            .map_err(io::Error::from)
    }

    fn files(&mut self, rows: &[FileRef]) -> io::Result<()> {
        self.out.write_all(if rows.is_empty() { b"files: []\n" } else { b"files:\n" })?;
        write_rows(self.out, rows, self.threads, |out, i, f| {
            warm(rows, i, |f| f.0);
            file_row(out, &FileRow::from(f.0))
        })
    }
}

/// One item of the `files` list.
fn file_row(out: &mut impl Write, f: &FileRow) -> io::Result<()> {
    out.write_all(b"  - path: ")?;
    yaml_text(out, &f.path)?;
    if let Some(bytes) = &f.path_bytes {
        out.write_all(b"\n    path_bytes: ")?;
        json_string(out, bytes)?;
    }
    out.write_all(b"\n    language: ")?;
    json_string(out, f.language)?;
    let counts = [("\n    lines: ", f.lines), ("\n    code: ", f.code), ("\n    comments: ", f.comments)];
    labelled(out, &counts)?;
    labelled(out, &[("\n    blanks: ", f.blanks), ("\n    bytes: ", f.bytes)])?;
    if let Some(n) = f.complexity {
        labelled(out, &[("\n    complexity: ", n)])?;
    }
    if let Some(n) = f.uloc {
        labelled(out, &[("\n    uloc: ", n)])?;
    }
    for (i, flag) in f.flags.iter().enumerate() {
        out.write_all(if i == 0 { b"\n    flags:\n      - " } else { b"\n      - " })?;
        json_string(out, flag)?;
    }
    out.write_all(b"\n")
}

/// Writes UTF-8 `text` (a path's escaped text too) as a double-quoted YAML scalar: its JSON
/// string, with what [`not_raw`] finds in it escaped too. Nearly every path is ASCII with nothing
/// to escape, found in one pass.
pub(super) fn yaml_text(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    if plain_ascii(text, b' ', [b'"', b'\\', 0x7F]) {
        return quoted(out, text);
    }
    let mut json = Vec::with_capacity(text.len() + 8);
    json_text(&mut json, text)?;
    raw_where_allowed(out, &String::from_utf8_lossy(&json))
}

/// Writes `text` as it is, but for each character [`not_raw`] finds, written `\uXXXX`.
fn raw_where_allowed(out: &mut (impl Write + ?Sized), text: &str) -> io::Result<()> {
    let mut rest = text;
    while let Some(at) = rest.find(not_raw) {
        let c = rest[at..].chars().next().expect("a character where find stopped");
        out.write_all(&rest.as_bytes()[..at])?;
        write!(out, "\\u{:04x}", u32::from(c))?;
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_all(rest.as_bytes())
}

/// Characters JSON writes as they are that YAML may not hold raw: DEL and the C1 controls, which
/// a YAML stream may not contain (PyYAML refuses the document); the next line, line separator and
/// paragraph separator, which YAML 1.1 readers take for line breaks and fold to a space; a
/// byte-order mark, which may only start a stream; and the noncharacters U+FFFE and U+FFFF.
pub(super) fn not_raw(c: char) -> bool {
    matches!(c, '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}' | '\u{FFFE}' | '\u{FFFF}')
}

/// An open map or list, and how far its lines are indented (a list's: where its dashes are).
struct Open {
    map: bool,
    indent: usize,
    /// Nothing written for it yet: an empty one is written `{}` or `[]`, where a scalar would be.
    empty: bool,
}

/// Block YAML from serde_json's events. A list item's `- ` is written once the item is known to
/// be a scalar (`- 3`), a map (its first key on the dash's line) or a list (on the next line).
#[derive(Default)]
struct BlockYaml {
    open: Vec<Open>,
    /// The map key being written, captured so that a plain name can go unquoted; kept from key to
    /// key, so that a key allocates nothing.
    key: Vec<u8>,
    in_key: bool,
    key_escaped: bool,
    /// A number's text, kept from number to number.
    scratch: Vec<u8>,
}

/// Writes `indent` spaces and a dash, then `after` (a space, or a line break).
fn dash(w: &mut (impl Write + ?Sized), indent: usize, after: &[u8]) -> io::Result<()> {
    spaces(w, indent)?;
    w.write_all(b"-")?;
    w.write_all(after)
}

impl BlockYaml {
    /// Writes a scalar (or an empty collection) after its lead-in: ` ` after `key:`, `- ` in a
    /// list; then ends the line. A map key is captured instead.
    fn scalar(&mut self, w: &mut (impl Write + ?Sized), text: &[u8]) -> io::Result<()> {
        if self.in_key {
            self.key.extend_from_slice(text);
            return Ok(());
        }
        self.lead(w)?;
        w.write_all(text)?;
        w.write_all(b"\n")
    }

    fn lead(&self, w: &mut (impl Write + ?Sized)) -> io::Result<()> {
        match self.open.last() {
            Some(Open { map: true, .. }) => w.write_all(b" "),
            Some(&Open { map: false, indent, .. }) => dash(w, indent, b" "),
            None => Ok(()),
        }
    }

    /// Opens a map or list where a value goes; its lines are indented under its parent's.
    fn open(&mut self, map: bool) {
        let indent = self.open.last().map_or(0, |parent| parent.indent + 2);
        self.open.push(Open { map, indent, empty: true });
    }

    /// Starts an entry of the innermost collection. Its first entry ends its key's line (under a
    /// map) or takes its dash (a map in a list) or follows a line of its own dash (a list in a list).
    fn entry(&mut self, w: &mut (impl Write + ?Sized)) -> io::Result<()> {
        let depth = self.open.len();
        let current = &mut self.open[depth - 1];
        let (first, map, indent) = (std::mem::take(&mut current.empty), current.map, current.indent);
        let parent = depth.checked_sub(2).map(|i| &self.open[i]);
        match (first, parent) {
            (true, Some(&Open { map: false, indent: at, .. })) if map => return dash(w, at, b" "),
            (true, Some(&Open { map: false, indent: at, .. })) => dash(w, at, b"\n")?,
            (true, Some(Open { map: true, .. })) => w.write_all(b"\n")?,
            _ => {}
        }
        match map {
            true => spaces(w, indent),
            false => Ok(()),
        }
    }

    fn close(&mut self, w: &mut (impl Write + ?Sized), empty: &[u8]) -> io::Result<()> {
        let closed = self.open.pop().expect("a collection is open");
        match closed.empty {
            true => self.scalar(w, empty),
            false => Ok(()),
        }
    }
}

/// Numbers and the like: their JSON text, as a scalar.
macro_rules! scalars {
    ($($method:ident: $type:ty),*) => {$(
        fn $method<W: ?Sized + Write>(&mut self, w: &mut W, value: $type) -> io::Result<()> {
            let mut text = std::mem::take(&mut self.scratch);
            text.clear();
            CompactFormatter.$method(&mut text, value)?;
            let written = self.scalar(w, &text);
            self.scratch = text;
            written
        }
    )*};
}

impl Formatter for BlockYaml {
    scalars!(write_bool: bool, write_i8: i8, write_i16: i16, write_i32: i32, write_i64: i64,
        write_i128: i128, write_u8: u8, write_u16: u16, write_u32: u32, write_u64: u64,
        write_u128: u128, write_f32: f32, write_f64: f64, write_number_str: &str);

    fn write_null<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.scalar(w, b"null")
    }

    fn begin_string<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        match self.in_key {
            true => Ok(()),
            false => {
                self.lead(w)?;
                w.write_all(b"\"")
            }
        }
    }

    fn end_string<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        match self.in_key {
            true => Ok(()),
            false => w.write_all(b"\"\n"),
        }
    }

    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, fragment: &str) -> io::Result<()> {
        match self.in_key {
            true => raw_where_allowed(&mut self.key, fragment),
            false => raw_where_allowed(w, fragment),
        }
    }

    fn write_char_escape<W: ?Sized + Write>(&mut self, w: &mut W, escape: CharEscape) -> io::Result<()> {
        match self.in_key {
            true => {
                self.key_escaped = true;
                CompactFormatter.write_char_escape(&mut self.key, escape)
            }
            false => CompactFormatter.write_char_escape(w, escape),
        }
    }

    fn begin_array<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.open(false);
        Ok(())
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"[]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, _first: bool) -> io::Result<()> {
        self.entry(w)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.open(true);
        Ok(())
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"{}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, _first: bool) -> io::Result<()> {
        self.entry(w)?;
        self.key.clear();
        self.in_key = true;
        self.key_escaped = false;
        Ok(())
    }

    /// Keys plain where they are simple names (every key ringloc writes), quoted otherwise.
    fn end_object_key<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.in_key = false;
        let key = &self.key;
        let simple = !self.key_escaped
            && key.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && key.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
        match simple {
            true => w.write_all(key)?,
            false => {
                w.write_all(b"\"")?;
                w.write_all(key)?;
                w.write_all(b"\"")?;
            }
        }
        w.write_all(b":")
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(doc: serde_json::Value) -> String {
        let mut out = Vec::new();
        document(&doc, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_rows_by_hand_make_the_document_serde_writes() {
        crate::output::json::tests::assert_by_hand_as_serde(
            |doc, out| report_document(doc, 1, out),
            |doc, out| document(doc, out),
        );
    }

    #[test]
    fn nested_maps_lists_and_empties_are_block_yaml() {
        let doc = serde_json::json!({
            "a": 1, "list": [{"x": "p\"q", "y": []}, 3], "empty": {}, "weird key": null
        });
        let expected = "a: 1\nlist:\n  - x: \"p\\\"q\"\n    y: []\n  - 3\nempty: {}\n\"weird key\": null\n";
        assert_eq!(yaml(doc), expected);
    }

    #[test]
    fn lists_in_lists_maps_in_maps_and_escaped_keys() {
        let doc = serde_json::json!({
            "m": {"n": {"o": [[1, {"p": true}], [], {}]}}, "k\u{1}": -2, "t": "a\nb"
        });
        let expected = "m:\n  n:\n    o:\n      -\n        - 1\n        - p: true\n      - []\n      - {}\n\
                        \"k\\u0001\": -2\nt: \"a\\nb\"\n";
        assert_eq!(yaml(doc), expected);
    }

    #[test]
    fn what_yaml_may_not_hold_raw_is_escaped() {
        let odd = "\u{1b}\u{7f}\u{85}\u{9f}\u{a0}\u{2028}\u{feff}\u{ffff}é\n";
        let expected = "\"\\u001b\\u007f\\u0085\\u009f\u{a0}\\u2028\\ufeff\\uffffé\\n\"";
        assert_eq!(yaml(serde_json::json!({ odd: odd })), format!("{expected}: {expected}\n"));
        let mut row = Vec::new();
        yaml_text(&mut row, odd.as_bytes()).unwrap();
        assert_eq!(String::from_utf8(row).unwrap(), expected);
    }
}
