//! `--format scc-json`: the array scc 4.1 writes with `--format json`, one object per language,
//! most files first, with its files under `Files` when `--by-file` asks for them. Keys and types are
//! scc's; what ringloc does not measure is zero or empty as in an scc run that skipped it
//! (`Complexity` without `--complexity`, `ULOC` and `Uloc` without `--uloc`, `CodeBytes`, `Hash`;
//! `WeightedComplexity` is 0 in scc 4.1's JSON too, which works it out for its table only). Written
//! by hand, keys as fixed text: the report lists every file with 19 keys, and serde spent most of
//! its time on them.

use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;

use super::buffer::{buffered, count, json_string, labelled};
use super::by_language::files_by_language;
use super::clean_path::go_clean;
use super::paths::{file_name, json_path};
use super::rows::write_rows;
use super::warm::warm;
use super::Output;
use crate::lang::LangId;
use crate::report::{Diff, FileReport, Totals, View};

pub struct SccJson {
    /// scc's `-p`: each language's share of the total, after its `ULOC`.
    pub percent: bool,
}

/// A file's keys after its counts up to its `Uloc`: what ringloc does not measure, as scc writes
/// it when it skips it.
const FILE_END: &[u8] = b",\"WeightedComplexity\":0,\"Hash\":null,\"Binary\":false,\
\"Minified\":false,\"Generated\":false,\"EndPoint\":0,\"Uloc\":";

/// A file's keys before its name, the same for every file of `language`: made once a language.
fn file_head(language: &str) -> io::Result<Vec<u8>> {
    let mut head = b"{\"Language\":".to_vec();
    json_string(&mut head, language)?;
    head.extend_from_slice(b",\"PossibleLanguages\":[");
    json_string(&mut head, language)?;
    head.extend_from_slice(b"],\"Filename\":");
    Ok(head)
}

/// A file, after its language's [`file_head`].
fn file(out: &mut impl Write, head: &[u8], f: &FileReport) -> io::Result<()> {
    let c = f.counted.counts;
    let name = file_name(&f.path).unwrap_or_default();
    let path = f.path.as_os_str().as_bytes();
    out.write_all(head)?;
    json_path(out, name)?;
    out.write_all(b",\"Extension\":")?;
    // A `.` is a character of its own in the escaped text too: the bytes after the last one are
    // the escaped extension's.
    json_path(out, memchr::memrchr(b'.', name).map_or(&[][..], |dot| &name[dot + 1..]))?;
    out.write_all(b",\"Location\":")?;
    // scc joins each name to the root it was given, and Go's join cleans the path.
    json_path(out, &go_clean(path))?;
    out.write_all(b",\"Symlocation\":\"\"")?;
    labelled(
        out,
        &[
            (",\"Bytes\":", f.counted.bytes),
            (",\"Lines\":", c.lines),
            (",\"Code\":", c.code),
            (",\"Comment\":", c.comments),
            (",\"Blank\":", c.blanks),
            (",\"Complexity\":", f.counted.complexity.unwrap_or(0)),
        ],
    )?;
    out.write_all(FILE_END)?;
    count(out, f.counted.uloc.unwrap_or(0))?;
    out.write_all(b"}")
}

/// A language's shares of `total` (scc's `-p`), as scc 4.1 works them out and Go writes them: the
/// quotient times 100 in `f64`, 0 where the total is 0.
fn percents(out: &mut impl Write, t: &Totals, total: &Totals) -> io::Result<()> {
    let (c, all) = (t.counts, total.counts);
    let complexity = |t: &Totals| t.complexity.unwrap_or(0);
    let shares = [
        (",\"CodePercent\":", c.code, all.code),
        (",\"CommentPercent\":", c.comments, all.comments),
        (",\"BlankPercent\":", c.blanks, all.blanks),
        (",\"LinePercent\":", c.lines, all.lines),
        (",\"ComplexityPercent\":", complexity(t), complexity(total)),
        (",\"BytePercent\":", t.bytes, total.bytes),
        (",\"FilePercent\":", t.files, total.files),
    ];
    for (key, part, whole) in shares {
        out.write_all(key.as_bytes())?;
        go_float(out, if whole == 0 { 0.0 } else { part as f64 / whole as f64 * 100.0 })?;
    }
    Ok(())
}

/// `v` as Go's encoding/json writes a float64: the shortest digits that read back, with an
/// exponent below 1e-6 (`1e-7`; Go writes no leading zero in it either).
fn go_float(out: &mut impl Write, v: f64) -> io::Result<()> {
    if v != 0.0 && v.abs() < 1e-6 {
        write!(out, "{v:e}")
    } else {
        write!(out, "{v}")
    }
}

/// One language and, on up to `threads` threads, its files; with `-p`, its shares of `total`.
fn language(
    out: &mut impl Write,
    name: &str,
    (t, uloc, total): (&Totals, u64, Option<&Totals>),
    files: &[&FileReport],
    threads: usize,
) -> io::Result<()> {
    let c = t.counts;
    out.write_all(b"{\"Name\":")?;
    json_string(out, name)?;
    let sizes = [(",\"Bytes\":", t.bytes), (",\"CodeBytes\":", 0), (",\"Lines\":", c.lines)];
    let counts = [(",\"Code\":", c.code), (",\"Comment\":", c.comments), (",\"Blank\":", c.blanks)];
    let rest = [
        (",\"Complexity\":", t.complexity.unwrap_or(0)),
        (",\"Count\":", t.files),
        (",\"WeightedComplexity\":", 0),
    ];
    [&sizes, &counts, &rest].into_iter().try_for_each(|pairs| labelled(out, pairs))?;
    out.write_all(b",\"Files\":[")?;
    let head = file_head(name)?;
    write_rows(out, files, threads, |out, i, f| {
        warm(files, i, |&f| f);
        out.write_all(if i == 0 { b"" } else { b"," })?;
        file(out, &head, f)
    })?;
    out.write_all(b"],\"LineLength\":null,\"ULOC\":")?;
    count(out, uloc)?;
    if let Some(total) = total {
        percents(out, t, total)?;
    }
    out.write_all(b"}")
}

/// A language as scc's formats write it: its totals, its unique lines (0 without `--uloc`) and
/// its files.
pub(super) struct SccLanguage<'v> {
    pub language: LangId,
    pub totals: &'v Totals,
    pub uloc: u64,
    pub files: Vec<&'v FileReport>,
}

/// The view's languages in scc's order: by file count, most first, then by name.
pub(super) fn scc_order<'v>(view: &'v View<'v>) -> Vec<SccLanguage<'v>> {
    let uloc = |language| view.uloc.and_then(|u| u.languages.get(language)).copied().unwrap_or(0);
    let mut languages: Vec<SccLanguage> = (view.languages.iter().zip(files_by_language(view)))
        .map(|((language, totals), files)| SccLanguage {
            language: *language,
            totals,
            uloc: uloc(language),
            files,
        })
        .collect();
    languages.sort_by(|a, b| {
        b.totals.files.cmp(&a.totals.files).then_with(|| a.language.name().cmp(b.language.name()))
    });
    languages
}

impl Output for SccJson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let languages = scc_order(view);
        buffered(out, |out| {
            out.write_all(b"[")?;
            for (i, l) in languages.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                let total = self.percent.then_some(&view.total);
                language(out, l.language.name(), (l.totals, l.uloc, total), &l.files, view.threads)?;
            }
            out.write_all(b"]\n")
        })
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("scc-json"))
    }
}

#[cfg(test)]
mod tests {
    use super::go_float;

    /// Go's encoding/json: shortest digits, no `.0` on a whole number, an exponent below 1e-6
    /// without a leading zero (`strconv` writes `1e-07`, which encoding/json trims).
    #[test]
    fn floats_are_written_as_go_writes_them() {
        let written = |v: f64| {
            let mut out = Vec::new();
            go_float(&mut out, v).unwrap();
            String::from_utf8(out).unwrap()
        };
        let cases = [
            (0.0, "0"),
            (100.0, "100"),
            (79.99960000533326, "79.99960000533326"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.5e-12, "1.5e-12"),
            (2.0 / 3.0 * 100.0, "66.66666666666666"),
        ];
        for (v, want) in cases {
            assert_eq!(written(v), want, "{v}");
        }
    }
}
