//! `--format tokei-json`: the document tokei 15 writes with `--output json`, so that what reads
//! tokei's (CodeCharta's importer, `jq .Total.code`) reads ringloc's: an object per language with
//! its totals and a `reports` entry per file, then `Total`, whose `children` list every file by
//! language. Embedded regions go where tokei puts them: a file's `stats` are its own lines, its
//! `blobs` the lines of each language inside it, and the language's `children` list those files by
//! embedded language; the language's totals leave them out and `Total` has everything. A report
//! read back by `merge` has no per-file regions, so there they stay in their file's counts. Doc
//! strings are comments unless `--docstrings-as-code` (tokei counts them as code).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;

use serde::Serialize;

use super::buffer::{buffered, json_string, labelled};
use super::by_language::files_by_language;
use super::paths::{escaped, json_path};
use super::rows::write_rows;
use super::warm::warm;
use super::Output;
use crate::count::Counts;
use crate::lang::LangId;
use crate::report::{Diff, FileReport, Totals, View};

pub struct TokeiJson;

#[derive(Serialize, Default)]
struct Stats {
    blanks: u64,
    code: u64,
    comments: u64,
    /// Embedded regions by language.
    blobs: BTreeMap<&'static str, Stats>,
}

impl Stats {
    fn of(c: &Counts) -> Stats {
        Stats { blanks: c.blanks, code: c.code, comments: c.comments, blobs: BTreeMap::new() }
    }
}

/// A file as tokei lists it: the file itself (its own lines, its regions' as `blobs`) or one of
/// its regions (under a language's `children`), made its [`EntryDoc`] only as it is written, so
/// that the rows can be made on several threads.
#[derive(Clone, Copy)]
enum FileEntry<'a> {
    Own(&'a FileReport),
    Region(&'a FileReport, Counts),
}

#[derive(Serialize)]
struct EntryDoc<'a> {
    stats: Stats,
    name: Cow<'a, str>,
}

impl<'a> FileEntry<'a> {
    fn doc(self) -> EntryDoc<'a> {
        match self {
            FileEntry::Own(f) => entry(f),
            FileEntry::Region(f, c) => EntryDoc { stats: Stats::of(&c), name: escaped(&f.path) },
        }
    }
}

impl Serialize for FileEntry<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.doc().serialize(s)
    }
}

/// A list of files as tokei lists them: a language's files themselves, as the view groups them,
/// or the regions of one language inside them. The files are borrowed, not made entries one by
/// one: a kernel's lists, made, were 7 MB of new memory for the writer to fault in.
enum Entries<'a> {
    Own(&'a [&'a FileReport]),
    Regions(Vec<(&'a FileReport, Counts)>),
}

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Entries::Own(files) => s.collect_seq(files.iter().map(|&f| FileEntry::Own(f))),
            Entries::Regions(regions) => s.collect_seq(regions.iter().map(|&(f, c)| FileEntry::Region(f, c))),
        }
    }
}

#[derive(Serialize)]
struct Language<'a> {
    blanks: u64,
    code: u64,
    comments: u64,
    reports: Entries<'a>,
    children: BTreeMap<&'static str, Entries<'a>>,
    inaccurate: bool,
}

impl<'a> Language<'a> {
    fn new(c: &Counts, reports: Entries<'a>, children: BTreeMap<&'static str, Entries<'a>>) -> Language<'a> {
        let (blanks, code, comments) = (c.blanks, c.code, c.comments);
        Language { blanks, code, comments, reports, children, inaccurate: false }
    }
}

/// `counts` less the lines of the regions embedded in them.
fn less(counts: &Counts, embedded: &[(LangId, Counts)]) -> Counts {
    embedded.iter().fold(*counts, |own, (_, c)| own.less(c))
}

fn entry(f: &FileReport) -> EntryDoc<'_> {
    let mut stats = Stats::of(&less(&f.counted.counts, &f.counted.embedded));
    for (inner, c) in &f.counted.embedded {
        let blob = stats.blobs.entry(inner.name()).or_default();
        (blob.blanks, blob.code, blob.comments) =
            (blob.blanks + c.blanks, blob.code + c.code, blob.comments + c.comments);
    }
    EntryDoc { stats, name: escaped(&f.path) }
}

/// One language: its lines less its files' regions, each file, and each file's regions by language.
fn language<'a>(totals: &Totals, files: &'a [&'a FileReport]) -> Language<'a> {
    let mut children: BTreeMap<&str, Vec<(&FileReport, Counts)>> = BTreeMap::new();
    let mut regions = Vec::new();
    for f in files {
        for &(inner, c) in &f.counted.embedded {
            children.entry(inner.name()).or_default().push((f, c));
            regions.push((inner, c));
        }
    }
    let children = children.into_iter().map(|(name, list)| (name, Entries::Regions(list))).collect();
    Language::new(&less(&totals.counts, &regions), Entries::Own(files), children)
}

/// The document, its lists borrowed from `by_language` (the view's [`files_by_language`]): each
/// language by name, then `Total`.
fn document<'a>(view: &View, by_language: &'a [Vec<&'a FileReport>]) -> Vec<(&'static str, Language<'a>)> {
    // tokei's keys are its language names in order, then `Total`.
    let mut languages: Vec<(&str, &Totals, &[&FileReport])> =
        view.languages.iter().zip(by_language).map(|((l, t), files)| (l.name(), t, &files[..])).collect();
    languages.sort_by_key(|(name, _, _)| *name);
    let mut doc: Vec<(&str, Language)> =
        languages.iter().map(|&(name, t, files)| (name, language(t, files))).collect();
    let every_file = languages.iter().map(|&(name, _, files)| (name, Entries::Own(files)));
    doc.push(("Total", Language::new(&view.total.counts, Entries::Own(&[]), every_file.collect())));
    doc
}

impl Output for TokeiJson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let by_language = files_by_language(view);
        buffered(out, |out| write_doc(out, &document(view, &by_language), view.threads))
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("tokei-json"))
    }
}

/// The document as serde_json writes the derived `Serialize`s, by hand (the tests compare): a row
/// is a dozen keys and numbers, and serde_json scans every key for characters to escape.
/// `Total`, last, lists every file again under `children`, by language: the same rows as that
/// language's `reports`, formatted again. Kept from the first time, they were the report's size
/// again in fresh memory, and the writer wrote them alone while the other threads had nothing
/// to format; formatted again, they are formatted while the writer writes.
fn write_doc(out: &mut impl Write, doc: &[(&str, Language)], threads: usize) -> io::Result<()> {
    out.write_all(b"{")?;
    for (i, (name, language)) in doc.iter().enumerate() {
        out.write_all(if i == 0 { b"" } else { b"," })?;
        key(out, name)?;
        write_language(out, language, threads)?;
    }
    out.write_all(b"}")
}

fn key(out: &mut impl Write, name: &str) -> io::Result<()> {
    json_string(out, name)?;
    out.write_all(b":")
}

fn write_language(out: &mut impl Write, l: &Language, threads: usize) -> io::Result<()> {
    labelled(out, &[("{\"blanks\":", l.blanks), (",\"code\":", l.code), (",\"comments\":", l.comments)])?;
    out.write_all(b",\"reports\":")?;
    write_entries(out, &l.reports, threads)?;
    out.write_all(b",\"children\":{")?;
    for (i, (name, list)) in l.children.iter().enumerate() {
        out.write_all(if i == 0 { b"" } else { b"," })?;
        key(out, name)?;
        write_entries(out, list, threads)?;
    }
    out.write_all(b"},\"inaccurate\":")?;
    out.write_all(if l.inaccurate { b"true}" } else { b"false}" })
}

/// A list of files, on up to `threads` threads.
fn write_entries(out: &mut impl Write, entries: &Entries, threads: usize) -> io::Result<()> {
    out.write_all(b"[")?;
    match entries {
        Entries::Own(files) => write_rows(out, files, threads, |out, i, &f| {
            warm(files, i, |&f| f);
            write_entry(out, i, FileEntry::Own(f))
        }),
        Entries::Regions(regions) => write_rows(out, regions, threads, |out, i, &(f, c)| {
            warm(regions, i, |&(f, _)| f);
            write_entry(out, i, FileEntry::Region(f, c))
        }),
    }?;
    out.write_all(b"]")
}

/// The list's entry `i`.
fn write_entry(out: &mut Vec<u8>, i: usize, e: FileEntry) -> io::Result<()> {
    out.write_all(if i == 0 { b"{\"stats\":" } else { b",{\"stats\":" })?;
    let (FileEntry::Own(f) | FileEntry::Region(f, _)) = e;
    match e {
        // A file without regions, nearly every file, has its counts and no blobs: written
        // without the map that gathers blobs.
        FileEntry::Own(f) if f.counted.embedded.is_empty() => counts(out, &f.counted.counts)?,
        FileEntry::Region(_, c) => counts(out, &c)?,
        FileEntry::Own(_) => write_stats(out, &e.doc().stats)?,
    }
    out.write_all(b",\"name\":")?;
    json_path(out, f.path.as_os_str().as_bytes())?;
    out.write_all(b"}")
}

/// [`write_stats`] of counts without blobs.
fn counts(out: &mut impl Write, c: &Counts) -> io::Result<()> {
    labelled(out, &[("{\"blanks\":", c.blanks), (",\"code\":", c.code), (",\"comments\":", c.comments)])?;
    out.write_all(b",\"blobs\":{}}")
}

fn write_stats(out: &mut impl Write, s: &Stats) -> io::Result<()> {
    labelled(out, &[("{\"blanks\":", s.blanks), (",\"code\":", s.code), (",\"comments\":", s.comments)])?;
    out.write_all(b",\"blobs\":{")?;
    for (i, (name, blob)) in s.blobs.iter().enumerate() {
        out.write_all(if i == 0 { b"" } else { b"," })?;
        json_string(out, name)?;
        out.write_all(b":")?;
        write_stats(out, blob)?;
    }
    out.write_all(b"}}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CountedFile, Outcome, Report, Shape};

    /// A JSON object whose keys keep the given order: what [`write_doc`] writes, as serde writes it.
    struct Ordered<'a>(Vec<(&'a str, Language<'a>)>);

    impl Serialize for Ordered<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }

    fn counts(code: u64, comments: u64, blanks: u64) -> Counts {
        Counts { lines: code + comments + blanks, code, comments, blanks }
    }

    #[test]
    fn embedded_regions_move_to_blobs_and_children_and_stay_in_total() {
        let lang = |name| LangId::from_name(name).unwrap();
        let mut report = Report::default();
        let embedded = vec![(lang("JavaScript"), counts(2, 1, 1)), (lang("CSS"), counts(1, 0, 0))];
        let page = Outcome::Counted(CountedFile {
            language: lang("HTML"),
            bytes: 99,
            counts: counts(7, 2, 1),
            generated: false,
            minified: false,
            embedded,
            complexity: None,
            uloc: None,
            digest: None,
        });
        report.record(0, page, true, || "p.html".into());
        let view = View::new(&report, &Shape { by_file: true, ..Shape::default() });
        let mut out = Vec::new();
        TokeiJson.report(&view, &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let no_blobs = serde_json::json!({});
        let html = &doc["HTML"];
        assert_eq!([&html["code"], &html["comments"], &html["blanks"]], [4, 1, 0], "the page's own lines");
        let file = &html["reports"][0]["stats"];
        assert_eq!([&file["code"], &file["comments"], &file["blanks"]], [4, 1, 0]);
        assert_eq!([&file["blobs"]["CSS"]["code"], &file["blobs"]["JavaScript"]["comments"]], [1, 1]);
        let js = &html["children"]["JavaScript"][0];
        assert_eq!((&js["name"], &js["stats"]["blobs"]), (&serde_json::json!("p.html"), &no_blobs));
        assert_eq!([&js["stats"]["code"], &js["stats"]["comments"], &js["stats"]["blanks"]], [2, 1, 1]);
        assert_eq!([&doc["Total"]["code"], &doc["Total"]["comments"], &doc["Total"]["blanks"]], [7, 2, 1]);
        assert_eq!(doc["Total"]["children"]["HTML"][0]["stats"]["blobs"]["JavaScript"]["code"], 2);
    }

    #[test]
    fn the_hand_written_document_is_what_serde_writes() {
        let lang = |name| LangId::from_name(name).unwrap();
        let mut report = Report::default();
        // A CSS file: a language written before HTML, whose regions of CSS are not its files.
        let files = [
            ("p.html", "HTML", 2),
            ("a/\"q\"\\.c", "C", 0),
            ("b\tc.c", "C", 1),
            ("x.rs", "Rust", 0),
            ("s.css", "CSS", 0),
        ];
        for (path, language, regions) in files {
            let embedded = [(lang("JavaScript"), counts(2, 1, 1)), (lang("CSS"), counts(1, 0, 0))];
            let file = Outcome::Counted(CountedFile {
                language: lang(language),
                bytes: 99,
                counts: counts(7, 2, 1),
                generated: false,
                minified: false,
                embedded: embedded[..regions].to_vec(),
                complexity: None,
                uloc: None,
                digest: None,
            });
            report.record(0, file, true, || path.into());
        }
        let view = View::new(&report, &Shape { by_file: true, ..Shape::default() });
        let mut hand = Vec::new();
        TokeiJson.report(&view, &mut hand).unwrap();
        let by_language = files_by_language(&view);
        let doc = document(&view, &by_language);
        assert_eq!(String::from_utf8(hand).unwrap(), serde_json::to_string(&Ordered(doc)).unwrap());
    }
}
