//! `--format scc-json`: the array scc 4.1 writes with `--format json`, one object per language,
//! most files first, with its files under `Files` when `--by-file` asks for them. Keys and types are
//! scc's; what ringloc does not measure is zero or empty as in an scc run that skipped it
//! (`Complexity` as with `--no-complexity`, `CodeBytes`, `ULOC`, `Hash`).

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::paths::escaped;
use super::Output;
use crate::report::{Diff, FileReport, Totals, View};

pub struct SccJson;

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct Language {
    name: &'static str,
    bytes: u64,
    code_bytes: u64,
    lines: u64,
    code: u64,
    comment: u64,
    blank: u64,
    complexity: u64,
    count: u64,
    weighted_complexity: u64,
    files: Vec<File>,
    line_length: Option<Vec<u64>>,
    #[serde(rename = "ULOC")]
    uloc: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct File {
    language: &'static str,
    possible_languages: [&'static str; 1],
    filename: String,
    extension: String,
    location: String,
    symlocation: &'static str,
    bytes: u64,
    lines: u64,
    code: u64,
    comment: u64,
    blank: u64,
    complexity: u64,
    weighted_complexity: u64,
    hash: Option<String>,
    binary: bool,
    minified: bool,
    generated: bool,
    end_point: u64,
    uloc: u64,
}

fn file(f: &FileReport) -> File {
    let c = f.counts;
    let name = f.path.file_name().map(|n| escaped(Path::new(n)).into_owned()).unwrap_or_default();
    let extension = name.rsplit_once('.').map(|(_, e)| e.to_string()).unwrap_or_default();
    let path = escaped(&f.path);
    File {
        language: f.language.name(),
        possible_languages: [f.language.name()],
        filename: name,
        extension,
        // scc names files from where it started, without a leading `./`.
        location: path.strip_prefix("./").unwrap_or(&path).to_string(),
        symlocation: "",
        bytes: f.bytes,
        lines: c.lines,
        code: c.code,
        comment: c.comments,
        blank: c.blanks,
        complexity: 0,
        weighted_complexity: 0,
        hash: None,
        binary: false,
        minified: false,
        generated: false,
        end_point: 0,
        uloc: 0,
    }
}

fn language(name: &'static str, t: &Totals, files: Vec<File>) -> Language {
    let c = t.counts;
    Language {
        name,
        bytes: t.bytes,
        code_bytes: 0,
        lines: c.lines,
        code: c.code,
        comment: c.comments,
        blank: c.blanks,
        complexity: 0,
        count: t.files,
        weighted_complexity: 0,
        files,
        line_length: None,
        uloc: 0,
    }
}

impl Output for SccJson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        // scc orders languages by file count, most first, then by name.
        let mut languages = view.languages.clone();
        languages.sort_by(|(a, at), (b, bt)| bt.files.cmp(&at.files).then_with(|| a.name().cmp(b.name())));
        let doc: Vec<Language> = languages
            .iter()
            .map(|(lang, t)| {
                let files =
                    view.files.iter().flatten().filter(|f| f.language == *lang).map(|f| file(f)).collect();
                language(lang.name(), t, files)
            })
            .collect();
        serde_json::to_writer(&mut *out, &doc).map_err(io::Error::from)?;
        writeln!(out)
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("scc-json"))
    }
}
