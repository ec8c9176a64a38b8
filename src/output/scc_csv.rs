//! `--format scc-csv`: the table scc 4.1 writes with `--format csv`: a row per language, most
//! files first (scc-json's order), or with `--by-file` a row per file instead, under scc's
//! headers. Fields are quoted as Go's `encoding/csv` quotes them ([`go_field`]). What ringloc
//! does not measure is zero, as in an scc run that skipped it (`Complexity` without
//! `--complexity`, `ULOC` without `--uloc`).

use std::ffi::OsStr;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::buffer::{buffered, doubling_quotes};
use super::clean_path::go_clean;
use super::csv::{field, numbers};
use super::paths::{escaped_bytes, file_name};
use super::scc::scc_order;
use super::Output;
use crate::report::{Diff, FileReport, View};

pub struct SccCsv;

const LANGUAGES: &str = "Language,Lines,Code,Comments,Blanks,Complexity,Bytes,Files,ULOC\n";
const FILES: &str = "Language,Provider,Filename,Lines,Code,Comments,Blanks,Complexity,Bytes,ULOC\n";

/// A field as Go's `encoding/csv` writes it: quoted where a comma, a quote or a line break is in
/// it (as ringloc's CSV quotes), and also where it starts with white space (Unicode's, as Go's
/// `unicode.IsSpace`) or is `\.`, which Go quotes too (` lead.c` is `" lead.c"` in scc's table).
fn go_field(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    let first = text.utf8_chunks().next().and_then(|chunk| chunk.valid().chars().next());
    if text == b"\\." || first.is_some_and(char::is_whitespace) {
        doubling_quotes(out, text, b'"')
    } else {
        field(out, text)
    }
}

/// A file's row: scc's `Provider` is its path as scc joins it to its root (Go's join cleans it).
fn file(out: &mut impl Write, language: &str, f: &FileReport) -> io::Result<()> {
    let c = f.counted.counts;
    let cleaned = go_clean(f.path.as_os_str().as_bytes());
    let location = Path::new(OsStr::from_bytes(&cleaned));
    let name = file_name(&f.path).unwrap_or_default();
    let name = Path::new(OsStr::from_bytes(name));
    go_field(out, language.as_bytes())?;
    for text in [escaped_bytes(location), escaped_bytes(name)] {
        out.write_all(b",")?;
        go_field(out, &text)?;
    }
    let (complexity, uloc) = (f.counted.complexity.unwrap_or(0), f.counted.uloc.unwrap_or(0));
    numbers(out, &[c.lines, c.code, c.comments, c.blanks, complexity, f.counted.bytes, uloc])
}

impl Output for SccCsv {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let languages = scc_order(view);
        buffered(out, |out| {
            if view.files.is_some() {
                out.write_all(FILES.as_bytes())?;
                for l in &languages {
                    l.files.iter().try_for_each(|f| file(out, l.language.name(), f))?;
                }
                return Ok(());
            }
            out.write_all(LANGUAGES.as_bytes())?;
            for l in &languages {
                let (t, c) = (l.totals, l.totals.counts);
                go_field(out, l.language.name().as_bytes())?;
                let complexity = t.complexity.unwrap_or(0);
                numbers(out, &[c.lines, c.code, c.comments, c.blanks, complexity, t.bytes, t.files, l.uloc])?;
            }
            Ok(())
        })
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("scc-csv"))
    }
}

#[cfg(test)]
mod tests {
    use super::go_field;

    /// Go's `fieldNeedsQuotes`, case by case (scc 4.1 writes `" lead.c"` for a file named so).
    #[test]
    fn fields_are_quoted_where_go_quotes_them() {
        let cases: [(&[u8], &str); 8] = [
            (b"a.c", "a.c"),
            (b"", ""),
            (b"x,y.c", "\"x,y.c\""),
            (b"say \"hi\".c", "\"say \"\"hi\"\".c\""),
            (b" lead.c", "\" lead.c\""),
            (b"\tlead.c", "\"\tlead.c\""),
            ("\u{a0}nbsp.c".as_bytes(), "\"\u{a0}nbsp.c\""),
            (b"\\.", "\"\\.\""),
        ];
        for (text, expected) in cases {
            let mut out = Vec::new();
            go_field(&mut out, text).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected, "{text:?}");
        }
    }
}
