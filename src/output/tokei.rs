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

use serde::Serialize;

use super::buffer::buffered;
use super::paths::escaped;
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

#[derive(Serialize)]
struct FileEntry<'a> {
    stats: Stats,
    name: Cow<'a, str>,
}

#[derive(Serialize)]
struct Language<'a> {
    blanks: u64,
    code: u64,
    comments: u64,
    reports: Vec<FileEntry<'a>>,
    children: BTreeMap<&'static str, Vec<FileEntry<'a>>>,
    inaccurate: bool,
}

impl<'a> Language<'a> {
    fn new(
        c: &Counts,
        reports: Vec<FileEntry<'a>>,
        children: BTreeMap<&'static str, Vec<FileEntry<'a>>>,
    ) -> Language<'a> {
        let (blanks, code, comments) = (c.blanks, c.code, c.comments);
        Language { blanks, code, comments, reports, children, inaccurate: false }
    }
}

/// `counts` less the lines of the regions embedded in them.
fn less(counts: &Counts, embedded: &[(LangId, Counts)]) -> Counts {
    let mut own = *counts;
    for (_, c) in embedded {
        own.code = own.code.saturating_sub(c.code);
        own.comments = own.comments.saturating_sub(c.comments);
        own.blanks = own.blanks.saturating_sub(c.blanks);
    }
    own
}

fn entry(f: &FileReport) -> FileEntry<'_> {
    let mut stats = Stats::of(&less(&f.counts, &f.embedded));
    for (inner, c) in &f.embedded {
        let blob = stats.blobs.entry(inner.name()).or_default();
        (blob.blanks, blob.code, blob.comments) =
            (blob.blanks + c.blanks, blob.code + c.code, blob.comments + c.comments);
    }
    FileEntry { stats, name: escaped(&f.path) }
}

/// One language: its lines less its files' regions, each file, and each file's regions by language.
fn language<'a>(totals: &Totals, files: &[&'a FileReport]) -> Language<'a> {
    let mut children: BTreeMap<&str, Vec<FileEntry<'a>>> = BTreeMap::new();
    let mut regions = Vec::new();
    for f in files {
        for &(inner, c) in &f.embedded {
            let name = escaped(&f.path);
            children.entry(inner.name()).or_default().push(FileEntry { stats: Stats::of(&c), name });
            regions.push((inner, c));
        }
    }
    Language::new(&less(&totals.counts, &regions), files.iter().map(|f| entry(f)).collect(), children)
}

impl Output for TokeiJson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let mut by_language: BTreeMap<&str, Vec<&FileReport>> = BTreeMap::new();
        for f in view.files.iter().flatten() {
            by_language.entry(f.language.name()).or_default().push(f);
        }
        // tokei's keys are its language names in order, then `Total`.
        let mut languages: Vec<(&str, &Totals)> = view.languages.iter().map(|(l, t)| (l.name(), t)).collect();
        languages.sort_by_key(|(name, _)| *name);
        let files = |name: &str| by_language.get(name).map_or(&[][..], Vec::as_slice);
        let mut doc: Vec<(&str, Language)> =
            languages.iter().map(|&(name, t)| (name, language(t, files(name)))).collect();
        let every_file =
            languages.iter().map(|&(name, _)| (name, files(name).iter().map(|f| entry(f)).collect()));
        doc.push(("Total", Language::new(&view.total.counts, Vec::new(), every_file.collect())));
        buffered(out, |out| serde_json::to_writer(out, &Ordered(doc)).map_err(io::Error::from))
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("tokei-json"))
    }
}

/// A JSON object whose keys keep the given order.
struct Ordered<'a>(Vec<(&'a str, Language<'a>)>);

impl Serialize for Ordered<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CountedFile, Outcome, Report, Shape};

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
}
