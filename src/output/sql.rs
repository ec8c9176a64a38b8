//! `--format sql`: the statements cloc 1.96 writes with `--sql`: its `metadata` and `t` tables
//! created (left out with `--sql-append`, for a database that has them), then one transaction
//! inserting the run and a row per file. `sqlite3 loc.db < loc.sql` loads it; runs appended under
//! different `--sql-project` names sit side by side. cloc's `nScaled` (code times a per-language
//! "third-generation" factor) has no counterpart in ringloc: it holds the code lines (factor 1).

use std::io::{self, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::buffer::{buffered, count, doubling_quotes, has_any};
use super::paths::escaped_bytes;
use super::rows::write_rows;
use super::warm::warm;
use super::Output;
use crate::report::{Diff, FileReport, View};

pub struct Sql {
    /// The `Project` column (cloc's `--sql-project`).
    pub project: String,
    /// When the run was, as `YYYY-MM-DD HH:MM:SS` (see [`timestamp`]).
    pub timestamp: String,
    pub elapsed: Duration,
    /// Leave out the `create table` statements: the database has the tables already.
    pub append: bool,
}

const SCHEMA: &str = "create table metadata (          -- ringloc (cloc's --sql schema)
                timestamp varchar(500),
                Project   varchar(500),
                elapsed_s real);
create table t        (
                Project       varchar(500)   ,
                Language      varchar(500)   ,
                File          varchar(500)   ,
                File_dirname  varchar(500)   ,
                File_basename varchar(500)   ,
                nBlank        integer        ,
                nComment      integer        ,
                nCode         integer        ,
                nScaled       real           );
";

/// Writes each text as a string literal (single quotes doubled), each followed by `, `.
fn literals(out: &mut impl Write, texts: &[&[u8]]) -> io::Result<()> {
    for text in texts {
        doubling_quotes(out, text, b'\'')?;
        out.write_all(b", ")?;
    }
    Ok(())
}

/// Writes `n` as cloc's `real` columns are written, `{:.6}`: a count is a whole number, so its
/// digits and six zeros (exact up to 2^53, beyond any count of lines).
fn real(out: &mut impl Write, n: u64) -> io::Result<()> {
    count(out, n)?;
    out.write_all(b".000000")
}

/// A row: the project's literal (written once, before the rows), then the file's. A path without
/// a quote, nearly every path, goes out with its parts as they are, where each literal would look
/// for quotes in its text again.
fn file_row(out: &mut impl Write, project: &[u8], f: &FileReport) -> io::Result<()> {
    let path = escaped_bytes(&f.path);
    // A `/` is a character of its own in the escaped text, so the bytes split where the text does.
    let (dir, base) =
        memchr::memrchr(b'/', &path).map_or((&b"."[..], &path[..]), |at| (&path[..at], &path[at + 1..]));
    let dir = if dir.is_empty() { b"/" } else { dir };
    let c = f.counted.counts;
    out.write_all(b"insert into t  values(")?;
    out.write_all(project)?;
    literals(out, &[f.counted.language.name().as_bytes()])?;
    if has_any(&path, 0, [b'\'']) {
        literals(out, &[&path, dir, base])?;
    } else {
        for part in [&path[..], dir, base] {
            out.write_all(b"'")?;
            out.write_all(part)?;
            out.write_all(b"', ")?;
        }
    }
    for n in [c.blanks, c.comments, c.code] {
        count(out, n)?;
        out.write_all(b", ")?;
    }
    real(out, c.code)?;
    out.write_all(b");\n")
}

impl Sql {
    fn write(&self, view: &View, out: &mut impl Write) -> io::Result<()> {
        if !self.append {
            out.write_all(SCHEMA.as_bytes())?;
        }
        writeln!(out, "begin transaction;")?;
        out.write_all(b"insert into metadata values(")?;
        literals(out, &[self.timestamp.as_bytes(), self.project.as_bytes()])?;
        writeln!(out, "{:.6});", self.elapsed.as_secs_f64())?;
        let files = view.files.as_deref().unwrap_or_default();
        let mut project = Vec::new();
        literals(&mut project, &[self.project.as_bytes()])?;
        write_rows(out, files, view.threads, |out, i, f| {
            warm(files, i, |&f| f);
            file_row(out, &project, f)
        })?;
        writeln!(out, "commit;")
    }
}

impl Output for Sql {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        buffered(out, |out| self.write(view, out))
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("sql"))
    }
}

/// `time` in UTC as `YYYY-MM-DD HH:MM:SS`, the form of cloc's `timestamp` column (cloc writes local
/// time; UTC keeps runs from different machines comparable).
pub fn timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let [year, month, day, h, m, s] = super::civil_time::civil(i64::try_from(secs).unwrap_or(i64::MAX));
    format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02}:{s:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::CountedFile;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        let at = |secs| timestamp(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00:00");
        assert_eq!(at(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(at(1_700_000_000), "2023-11-14 22:13:20");
        assert_eq!(at(4_102_444_799), "2099-12-31 23:59:59");
    }

    #[test]
    fn quotes_are_doubled() {
        let mut out = Vec::new();
        literals(&mut out, &[b"it's", b"x"]).unwrap();
        assert_eq!(out, b"'it''s', 'x', ");
    }

    /// [`file_row`]'s twin: every text a literal of its own.
    fn row_simply(project: &str, f: &FileReport) -> Vec<u8> {
        let path = escaped_bytes(&f.path);
        let (dir, base) = match memchr::memrchr(b'/', &path) {
            Some(at) => (if at == 0 { &b"/"[..] } else { &path[..at] }, &path[at + 1..]),
            None => (&b"."[..], &path[..]),
        };
        let mut out = b"insert into t  values(".to_vec();
        literals(&mut out, &[project.as_bytes(), f.counted.language.name().as_bytes(), &path, dir, base])
            .unwrap();
        let c = f.counted.counts;
        out.extend(format!("{}, {}, {}, {}.000000);\n", c.blanks, c.comments, c.code, c.code).bytes());
        out
    }

    #[test]
    fn a_row_is_its_texts_as_literals() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let paths: [&[u8]; 8] =
            [b"a.c", b"d/a.c", b"/a.c", b"/r/d/e.c", b"it's/a.c", b"d/it's.c", b"x'", b"b\xFF'/c.c"];
        for project in ["p", "o'p"] {
            for path in paths {
                let f = FileReport {
                    path: OsStr::from_bytes(path).into(),
                    counted: CountedFile {
                        language: crate::lang::LangId::from_name("C").unwrap(),
                        bytes: 9,
                        counts: crate::count::Counts { lines: 6, code: 3, comments: 2, blanks: 1 },
                        generated: false,
                        minified: false,
                        embedded: Default::default(),
                        complexity: None,
                        uloc: None,
                        digest: None,
                    },
                };
                let (mut literal, mut out) = (Vec::new(), Vec::new());
                literals(&mut literal, &[project.as_bytes()]).unwrap();
                file_row(&mut out, &literal, &f).unwrap();
                assert_eq!(String::from_utf8_lossy(&out), String::from_utf8_lossy(&row_simply(project, &f)));
            }
        }
    }

    #[test]
    fn reals_are_written_as_cloc_formats_them() {
        for n in [0, 7, 1_234_567, 1 << 53] {
            let mut out = Vec::new();
            real(&mut out, n).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), format!("{:.6}", n as f64));
        }
    }
}
