//! cloc 1.96's report shapes (`--json`, `--xml`, `--yaml`, with and without `--by-file`): the same
//! header block, keys and ordering, so that what reads cloc's output (Jenkins' SLOCCount plugin
//! reads `--by-file --xml`) reads ringloc's. The numbers are ringloc's: embedded regions stay in
//! their file's language (cloc has no such rows), and the header names ringloc and its version.

mod csv;
mod diff;
mod diff_csv;
mod diff_json;
mod diff_xml;
mod diff_yaml;
mod json;
mod xml;
mod yaml;

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::time::Duration;

use super::buffer::buffered;
use super::clean_path::go_clean;
use super::paths::escaped_bytes;
use super::rows::write_rows;
use super::warm::warm;
use super::Output;
use crate::report::{path_order, Diff, FileReport, Totals, View};
use diff::DiffDoc;

/// Why a cloc format (`format`, as `--format` names it) shows no diff between two reports.
pub fn cloc_diff_needs_revisions(format: &str) -> String {
    format!(
        "--format {format} diffs two git revisions only: cloc's --diff counts the lines added, removed, \
         modified and unchanged, and two reports hold counts, not lines"
    )
}

/// Which of cloc's document syntaxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClocStyle {
    Json,
    Xml,
    Yaml,
    Csv,
}

impl ClocStyle {
    /// The style's name, as `--format` takes it.
    fn format(self) -> &'static str {
        match self {
            ClocStyle::Json => "cloc-json",
            ClocStyle::Xml => "cloc-xml",
            ClocStyle::Yaml => "cloc-yaml",
            ClocStyle::Csv => "cloc-csv",
        }
    }
}

/// A cloc-shaped report. `elapsed` fills the header's timing (zero for `merge`, which counted
/// nothing itself).
#[derive(Debug, Clone, Copy)]
pub struct Cloc {
    pub style: ClocStyle,
    pub elapsed: Duration,
}

/// The header block: cloc's keys, ringloc's name and version.
struct Header {
    url: &'static str,
    version: &'static str,
    elapsed: f64,
    files: u64,
    lines: u64,
}

impl Header {
    /// ringloc's name and version where cloc's are, with a run's figures.
    fn new(elapsed: f64, files: u64, lines: u64) -> Header {
        Header {
            url: "ringloc",
            version: concat!("ringloc ", env!("CARGO_PKG_VERSION")),
            elapsed,
            files,
            lines,
        }
    }

    fn per_second(&self, n: u64) -> f64 {
        if self.elapsed > 0.0 {
            n as f64 / self.elapsed
        } else {
            0.0
        }
    }
}

/// One row: a language (with its file count) or, with `--by-file`, a file (with its language).
struct Row<'a> {
    /// The language's name, or the file's escaped path as bytes ([`escaped_bytes`]).
    name: Cow<'a, [u8]>,
    language: Option<&'static str>,
    files: u64,
    blank: u64,
    comment: u64,
    code: u64,
}

impl<'a> Row<'a> {
    fn new(name: Cow<'a, [u8]>, language: Option<&'static str>, t: &Totals) -> Row<'a> {
        let c = t.counts;
        Row { name, language, files: t.files, blank: c.blanks, comment: c.comments, code: c.code }
    }
}

impl Row<'_> {
    fn file(f: &FileReport) -> Row<'_> {
        Row::new(escaped_bytes(&f.path), Some(f.counted.language.name()), &f.totals())
    }
}

/// What every syntax writes: the header, the rows in cloc's order, and the sum.
struct Doc<'a> {
    header: Header,
    by_file: bool,
    /// The languages' rows, without `--by-file`.
    rows: Vec<Row<'a>>,
    /// The files, with `--by-file`, each made a row as it is written.
    files: Vec<&'a FileReport>,
    sum: Row<'a>,
    /// Threads the files' rows may be written on.
    threads: usize,
}

impl<'a> Doc<'a> {
    fn new(view: &View<'a>, elapsed: Duration) -> Doc<'a> {
        let mut total = view.total;
        let (rows, files) = match &view.files {
            // cloc lists files by code, most first, then by name: a stable sort by code of the
            // files in path order, which the view's are unless --sort or --top says otherwise.
            Some(files) if view.files_by_path => (Vec::new(), by_code(&once_each(files, &mut total))),
            Some(files) => {
                let mut files = files.clone();
                files.sort_by(|a, b| path_order(&a.path, &b.path));
                (Vec::new(), by_code(&once_each(&files, &mut total)))
            }
            None => (
                view.languages.iter().map(|(l, t)| Row::new(l.name().as_bytes().into(), None, t)).collect(),
                Vec::new(),
            ),
        };
        let header = Header::new(elapsed.as_secs_f64(), total.files, total.counts.lines);
        let sum = Row::new((&b"SUM"[..]).into(), None, &total);
        Doc { header, by_file: view.files.is_some(), rows, files, sum, threads: view.threads }
    }

    /// Writes every row with `write`: the languages' or, with `--by-file`, the files', these on up
    /// to `threads` threads.
    fn write_rows(
        &self,
        out: &mut impl Write,
        write: impl Fn(&mut Vec<u8>, &Row) -> io::Result<()> + Sync,
    ) -> io::Result<()> {
        match self.by_file {
            true => write_rows(out, &self.files, self.threads, |out, i, f| {
                warm(&self.files, i, |&f| f);
                write(out, &Row::file(f))
            }),
            false => write_rows(out, &self.rows, 1, |out, _, row| write(out, row)),
        }
    }
}

/// `files` with each file once, the first of those one path reaches (cleaned as Go's
/// `filepath.Clean` cleans it: `./src/a.c` is `src/a.c`), the others' counts taken out of `total`.
/// A file is reached twice from two roots, one inside the other (`src src/sub`), and a run counts
/// it under each; cloc counts a file once however many of its arguments reach it, and a path is
/// its row's key, which a JSON or YAML document may hold once.
fn once_each<'a>(files: &[&'a FileReport], total: &mut Totals) -> Vec<&'a FileReport> {
    let mut seen = HashSet::with_capacity(files.len());
    let mut kept = Vec::with_capacity(files.len());
    for &file in files {
        if seen.insert(go_clean(file.path.as_os_str().as_bytes())) {
            kept.push(file);
        } else {
            total.remove(&file.totals());
        }
    }
    kept
}

/// `files` sorted by code, most first, stably: a radix sort, a byte of the key a pass over the
/// bytes in which the keys differ (three for the kernel's), where a comparison sort compared
/// each file with a dozen others.
fn by_code<'a>(files: &[&'a FileReport]) -> Vec<&'a FileReport> {
    // Most code first: the complement's ascending order.
    let mut items: Vec<(u64, &FileReport)> = files.iter().map(|&f| (!f.counted.counts.code, f)).collect();
    let first = items.first().map_or(0, |&(key, _)| key);
    let varying = items.iter().fold(0, |bits, &(key, _)| bits | (key ^ first));
    let mut sorted = items.clone();
    let mut shift = 0;
    while shift < u64::BITS && varying >> shift != 0 {
        let digit = |key: u64| (key >> shift) as usize & 0xFF;
        let mut starts = [0usize; 256];
        items.iter().for_each(|&(key, _)| starts[digit(key)] += 1);
        let mut at = 0;
        for start in &mut starts {
            (*start, at) = (at, at + *start);
        }
        for &item in &items {
            let start = &mut starts[digit(item.0)];
            sorted[*start] = item;
            *start += 1;
        }
        std::mem::swap(&mut items, &mut sorted);
        shift += 8;
    }
    items.into_iter().map(|(_, f)| f).collect()
}

impl Output for Cloc {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let doc = Doc::new(view, self.elapsed);
        buffered(out, |out| match self.style {
            ClocStyle::Json => json::write(&doc, out),
            ClocStyle::Xml => xml::write(&doc, out),
            ClocStyle::Yaml => yaml::write(&doc, out),
            ClocStyle::Csv => csv::write(&doc, out),
        })
    }

    /// cloc's `--diff` between two revisions; two reports hold no line changes, which cloc's diff
    /// is made of.
    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        let doc = |lines| DiffDoc::new(lines, self.elapsed.as_secs_f64());
        match (self.style, &diff.lines) {
            (style, None) => {
                Err(io::Error::new(io::ErrorKind::Unsupported, cloc_diff_needs_revisions(style.format())))
            }
            (ClocStyle::Json, Some(lines)) => buffered(out, |out| diff_json::write(&doc(lines), out)),
            (ClocStyle::Xml, Some(lines)) => buffered(out, |out| diff_xml::write(&doc(lines), out)),
            (ClocStyle::Yaml, Some(lines)) => buffered(out, |out| diff_yaml::write(&doc(lines), out)),
            (ClocStyle::Csv, Some(lines)) => buffered(out, |out| diff_csv::write(&doc(lines), out)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::CountedFile;
    use std::cmp::Reverse;

    #[test]
    fn files_by_code_are_in_the_order_a_stable_sort_gives() {
        let code = |i: u64| match i % 4 {
            0 => i * 7 % 13,
            1 => i * 7919 % 70_001,
            2 => (i * 104_729) << 20,
            _ => u64::MAX - i % 3,
        };
        let files: Vec<FileReport> = (0..600u64)
            .map(|i| FileReport {
                path: format!("f{i}").into(),
                counted: CountedFile {
                    language: LangId::from_name("C").unwrap(),
                    bytes: i,
                    counts: Counts { lines: 9, code: code(i), comments: 0, blanks: 0 },
                    generated: false,
                    minified: false,
                    embedded: Default::default(),
                    complexity: None,
                    uloc: None,
                    digest: None,
                },
            })
            .collect();
        let refs: Vec<&FileReport> = files.iter().collect();
        let mut stable = refs.clone();
        stable.sort_by_key(|f| Reverse(f.counted.counts.code));
        let paths = |list: &[&FileReport]| list.iter().map(|f| f.path.clone()).collect::<Vec<_>>();
        assert_eq!(paths(&by_code(&refs)), paths(&stable));
        assert!(by_code(&[]).is_empty());
        assert_eq!(paths(&by_code(&refs[..1])), paths(&refs[..1]));
    }
}
