//! `--format cloc-csv` for `diff` between two revisions: cloc 1.96's `cloc --diff --csv`. A header
//! row (`Language`, then `== files`, `!= files`, `+ files`, `- files` and the same four of blank,
//! comment and code, then the tool and its time, quoted), then a row per language, each field
//! after a comma and a space and each row ending in one, as cloc writes them. cloc writes no sum
//! row here, nor the header's `n_files` and `n_lines` of its other syntaxes; neither does ringloc.

use std::io::{self, Write};

use super::diff::{DiffDoc, Kind, ADDED, MODIFIED, REMOVED, SAME};
use super::Row;
use crate::output::csv::field;

/// The kinds as cloc's columns have them, with their marks: unchanged, modified, added, removed.
const KINDS: [(&str, Kind); 4] = [("==", SAME), ("!=", MODIFIED), ("+", ADDED), ("-", REMOVED)];

pub fn write(doc: &DiffDoc, out: &mut impl Write) -> io::Result<()> {
    out.write_all(b"Language")?;
    for what in ["files", "blank", "comment", "code"] {
        for (mark, _) in KINDS {
            write!(out, ", {mark} {what}")?;
        }
    }
    let h = &doc.header;
    writeln!(out, ", \"{} v {} T={} s\"", h.url, env!("CARGO_PKG_VERSION"), h.elapsed)?;
    let [same, modified, added, removed] = KINDS.map(|(_, kind)| doc.languages(kind));
    let picks: [fn(&Row) -> u64; 4] = [|r| r.files, |r| r.blank, |r| r.comment, |r| r.code];
    for (((s, m), a), r) in same.zip(modified).zip(added).zip(removed) {
        field(out, &s.name)?;
        for pick in picks {
            for row in [&s, &m, &a, &r] {
                write!(out, ", {}", pick(row))?;
            }
        }
        writeln!(out, ", ")?;
    }
    Ok(())
}
