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

pub struct SccJson;

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

/// One language and, on up to `threads` threads, its files.
fn language(
    out: &mut impl Write,
    name: &str,
    (t, uloc): (&Totals, u64),
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
                language(out, l.language.name(), (l.totals, l.uloc), &l.files, view.threads)?;
            }
            out.write_all(b"]\n")
        })
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("scc-json"))
    }
}
