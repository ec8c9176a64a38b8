//! `--format yaml`: ringloc's own JSON document (same fields, same `schema_version`; see
//! docs/json-schema.md) in YAML's block style, for readers that prefer YAML. The document is
//! maps, lists, strings and integers only, so a small emitter does it: serde_yaml, the usual
//! crate, is unmaintained, and its forks are young. Strings are written double-quoted with JSON's
//! escapes, which YAML's double-quoted scalars share, so every path survives unchanged.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Map, Value};

use super::json::doc::{DiffDoc, ReportDoc};
use super::Output;
use crate::report::{Diff, View};

pub struct Yaml;

impl Output for Yaml {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        document(&ReportDoc::new(view, true), out)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        document(&DiffDoc::new(diff, true), out)
    }
}

fn document(doc: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    match serde_json::to_value(doc).map_err(io::Error::from)? {
        Value::Object(map) => map_lines(&map, 0, None, out),
        other => writeln!(out, "{}", scalar(&other)),
    }
}

/// A block mapping at `indent`; `lead` replaces the first line's indent (`  - ` in a list).
fn map_lines(
    map: &Map<String, Value>,
    indent: usize,
    lead: Option<&str>,
    out: &mut dyn Write,
) -> io::Result<()> {
    for (i, (key, value)) in map.iter().enumerate() {
        match lead.filter(|_| i == 0) {
            Some(lead) => out.write_all(lead.as_bytes())?,
            None => write!(out, "{:indent$}", "")?,
        }
        write!(out, "{}:", key_text(key))?;
        value_lines(value, indent, out)?;
    }
    Ok(())
}

/// What follows `key:` or `-`: a scalar or empty collection on the same line, else nested lines.
fn value_lines(value: &Value, indent: usize, out: &mut dyn Write) -> io::Result<()> {
    match value {
        Value::Object(map) if !map.is_empty() => {
            writeln!(out)?;
            map_lines(map, indent + 2, None, out)
        }
        Value::Array(items) if !items.is_empty() => {
            writeln!(out)?;
            list_lines(items, indent + 2, out)
        }
        other => writeln!(out, " {}", scalar(other)),
    }
}

fn list_lines(items: &[Value], indent: usize, out: &mut dyn Write) -> io::Result<()> {
    for item in items {
        match item {
            Value::Object(map) if !map.is_empty() => {
                map_lines(map, indent + 2, Some(&format!("{:indent$}- ", "")), out)?;
            }
            other => {
                write!(out, "{:indent$}-", "")?;
                value_lines(other, indent, out)?;
            }
        }
    }
    Ok(())
}

/// A scalar, or an empty collection in flow style.
fn scalar(value: &Value) -> String {
    match value {
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
        // JSON's own text: null, true, 12, or a double-quoted string with JSON escapes.
        other => other.to_string(),
    }
}

/// Keys plain where they are simple names (every key ringloc writes), quoted otherwise.
fn key_text(key: &str) -> String {
    let simple = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if simple {
        key.to_string()
    } else {
        Value::from(key).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_maps_lists_and_empties_are_block_yaml() {
        let doc = serde_json::json!({
            "a": 1, "list": [{"x": "p\"q", "y": []}, 3], "empty": {}, "weird key": null
        });
        let mut out = Vec::new();
        document(&doc, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let expected = "a: 1\nlist:\n  - x: \"p\\\"q\"\n    y: []\n  - 3\nempty: {}\n\"weird key\": null\n";
        assert_eq!(text, expected);
    }
}
