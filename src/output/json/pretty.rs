//! serde_json's pretty layout (two spaces to a level), with each line break and its indent written
//! as one slice: a `--by-file` document is millions of lines, and serde_json's own
//! `PrettyFormatter` writes an indent two spaces at a time.

use std::io::{self, Write};

use serde_json::ser::Formatter;

/// A comma, a line break and 64 spaces: each line starts with a slice of it.
const BREAK: &[u8; 66] = b",\n                                                                ";

/// What [`Formatter`] needs to know between calls, as serde_json's `PrettyFormatter` keeps it.
#[derive(Debug, Default)]
pub struct Pretty {
    depth: usize,
    has_value: bool,
}

impl Pretty {
    /// A formatter for a value that sits `depth` levels down in a document written around it.
    pub fn at(depth: usize) -> Pretty {
        Pretty { depth, has_value: false }
    }

    /// Writes a line break, after a comma unless `first`, and the indent of the current depth.
    fn line<W: ?Sized + Write>(&self, out: &mut W, first: bool) -> io::Result<()> {
        let most = BREAK.len() - 2;
        let mut indent = 2 * self.depth;
        let now = indent.min(most);
        out.write_all(&BREAK[usize::from(first)..2 + now])?;
        indent -= now;
        while indent > 0 {
            let now = indent.min(most);
            out.write_all(&BREAK[2..2 + now])?;
            indent -= now;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, out: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        out.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, out: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.line(out, true)?;
        }
        out.write_all(bracket)
    }
}

impl Formatter for Pretty {
    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        self.line(out, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        self.line(out, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use serde_json::json;

    fn pretty(value: &serde_json::Value) -> String {
        let mut out = Vec::new();
        value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, Pretty::default())).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lays_out_as_serde_json_does() {
        let mut deep = json!({"leaf": [1, {}, []]});
        for i in 0..40 {
            deep = json!({"level": i, "empty": [], "inner": [deep, "x"]});
        }
        for value in [json!([]), json!({}), json!({"a": [1, 2], "b": {"c": null}}), deep] {
            assert_eq!(pretty(&value), serde_json::to_string_pretty(&value).unwrap());
        }
    }
}
