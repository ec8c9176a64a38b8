//! `--format tokei-json`: the document tokei 15 writes with `--output json`, so that what reads
//! tokei's (CodeCharta's importer, `jq .Total.code`) reads ringloc's: an object per language with
//! its totals and a `reports` entry per file, then `Total`, whose `children` list every file by
//! language. The numbers are ringloc's: a file's embedded regions stay in its own counts (tokei
//! moves them to `children` and `blobs`, which stay empty here), and doc strings are comments unless
//! `--docstrings-as-code` (tokei counts them as code).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use super::buffer::buffered;
use super::paths::escaped;
use super::Output;
use crate::report::{Diff, FileReport, Totals, View};

pub struct TokeiJson;

#[derive(Serialize, Default)]
struct Stats {
    blanks: u64,
    code: u64,
    comments: u64,
    /// Embedded regions by language; always empty (see the module's note).
    blobs: BTreeMap<String, Stats>,
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
    fn new(t: &Totals, reports: Vec<FileEntry<'a>>) -> Language<'a> {
        let c = t.counts;
        let (blanks, code, comments) = (c.blanks, c.code, c.comments);
        Language { blanks, code, comments, reports, children: BTreeMap::new(), inaccurate: false }
    }
}

fn entry(f: &FileReport) -> FileEntry<'_> {
    let c = f.counts;
    let stats = Stats { blanks: c.blanks, code: c.code, comments: c.comments, blobs: BTreeMap::new() };
    FileEntry { stats, name: escaped(&f.path) }
}

impl Output for TokeiJson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let mut by_language: BTreeMap<&str, Vec<&FileReport>> = BTreeMap::new();
        for f in view.files.iter().flatten() {
            by_language.entry(f.language.name()).or_default().push(f);
        }
        let reports = |name: &str| {
            by_language.get(name).map_or_else(Vec::new, |fs| fs.iter().map(|f| entry(f)).collect())
        };
        // tokei's keys are its language names in order, then `Total`.
        let mut languages: Vec<(&str, &Totals)> = view.languages.iter().map(|(l, t)| (l.name(), t)).collect();
        languages.sort_by_key(|(name, _)| *name);
        let mut doc: Vec<(&str, Language)> =
            languages.iter().map(|&(name, t)| (name, Language::new(t, reports(name)))).collect();
        let mut total = Language::new(&view.total, Vec::new());
        total.children = languages.iter().map(|&(name, _)| (name, reports(name))).collect();
        doc.push(("Total", total));
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
