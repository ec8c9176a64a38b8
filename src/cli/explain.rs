//! `ringloc explain FILE`: every physical line with the bucket ringloc gave it and why (the byte
//! that decided it and the span it sat in), so a dispute about a count can be settled line by line.
//! `--format json` prints linejudge's per-line document.

use std::path::Path;

use ringloc::count::{explain_with, Options};
use ringloc::lang::{detect, LangId};
use ringloc::output::json::per_line_json;
use ringloc::output::paths::escaped;

use super::commands::{print, Outcome};

/// Bytes of the head that language detection may look at (shebangs and content heuristics).
const HEAD: usize = 8000;
/// Source text shown per line in the table, in characters.
const SHOWN: usize = 48;

pub fn explain(file: &Path, json: bool, options: Options, language: Option<&str>) -> Result<Outcome, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", escaped(file)))?;
    let lang = match language {
        Some(name) => LangId::from_name(name).ok_or_else(|| format!("unknown language '{name}'"))?,
        None => {
            let name = file.file_name().map_or(&b""[..], |n| std::os::unix::ffi::OsStrExt::as_bytes(n));
            detect(name, &bytes[..bytes.len().min(HEAD)])
                .ok_or_else(|| format!("{}: language unknown; name one with --language", escaped(file)))?
        }
    };
    let lines = explain_with(lang, options, &bytes);
    if json {
        print(|out| writeln!(out, "{}", per_line_json(&lines)))?;
        return Ok(Outcome::Clean);
    }
    let text: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    print(|out| {
        writeln!(out, "{:>6}  {:<8}  {:<12}  {:<50}  source", "line", "bucket", "language", "why")?;
        for l in &lines {
            let source = text.get(l.line as usize - 1).copied().unwrap_or_default();
            let source: String = String::from_utf8_lossy(source).trim_end().chars().take(SHOWN).collect();
            let bucket = format!("{:?}", l.bucket).to_lowercase();
            let why = l.reason.to_string();
            writeln!(out, "{:>6}  {bucket:<8}  {:<12}  {why:<50}  {source}", l.line, l.language.name())?;
        }
        Ok(())
    })?;
    Ok(Outcome::Clean)
}
