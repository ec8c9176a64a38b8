//! The annotated corpus: one tricky sample per language under `corpus/<slug>/`, each stating its
//! expected counts on one line within its first five lines,
//! `ringloc-expect: lines=N code=N comments=N blanks=N`, or in a `<file>.expect` sidecar for
//! formats without comments (JSON). The expectations were worked out by hand from the counting
//! rules, never copied from the counter. A sample whose header also holds
//! `ringloc-known-bug: <reason>` documents a counter bug: it is reported and skipped, and the test
//! fails once the bug is fixed so the marker gets removed.
//!
//! A sample holding other languages (a page's scripts, Markdown's fences) states what each
//! counts too, on a header line
//! `ringloc-embedded: JavaScript: lines=N code=N comments=N blanks=N; CSS: ...`; a sample without
//! that line must embed nothing.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use ringloc::count::{count_embedded, count_reference_embedded, Counts, Embedded, Options};
use ringloc::lang::{detect, LangId};

const MIN_SAMPLES: usize = 24;
const HEADER_LINES: usize = 5;
const EXPECT: &str = "ringloc-expect:";
const KNOWN_BUG: &str = "ringloc-known-bug:";
const EMBEDDED: &str = "ringloc-embedded:";
const SIDECAR_EXT: &str = "expect";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Every file under `dir`, sorted, except sidecars and hidden files (.gitattributes).
fn collect_samples(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if path.is_dir() {
            collect_samples(&path, out);
        } else if !name.starts_with('.') && path.extension() != Some(OsStr::new(SIDECAR_EXT)) {
            out.push(path);
        }
    }
}

/// The display name turned into a directory name: "C Header" -> "c-header", "C++" -> "cpp".
fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        match c {
            '+' => s.push('p'),
            '#' => s.push_str("sharp"),
            c if c.is_ascii_alphanumeric() => s.push(c.to_ascii_lowercase()),
            _ if !s.is_empty() && !s.ends_with('-') => s.push('-'),
            _ => {}
        }
    }
    s.trim_end_matches('-').to_string()
}

fn header(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').take(HEADER_LINES)
}

/// Parses `lines=N code=N comments=N blanks=N` after the marker; words after the four fields
/// (a closing `-->` or `*)`) are ignored.
fn parse_expectation(line: &str) -> Result<Counts, String> {
    let at = line.find(EXPECT).ok_or("no expectation")?;
    parse_fields(&line[at + EXPECT.len()..])
}

/// `Name: lines=N ...; Name: ...` after the embedded marker, by language name.
fn parse_embedded(line: &str) -> Result<Vec<(String, Counts)>, String> {
    let at = line.find(EMBEDDED).ok_or("no embedded expectation")?;
    let list = line[at + EMBEDDED.len()..].split("-->").next().unwrap_or_default();
    let mut out = Vec::new();
    for entry in list.split(';') {
        let (name, fields) = entry.split_once(':').ok_or(format!("{entry:?} is not `Name: fields`"))?;
        out.push((name.trim().to_string(), parse_fields(fields)?));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

fn parse_fields(fields: &str) -> Result<Counts, String> {
    let (mut lines, mut code, mut comments, mut blanks) = (None, None, None, None);
    for word in fields.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else { break };
        let slot = match key {
            "lines" => &mut lines,
            "code" => &mut code,
            "comments" => &mut comments,
            "blanks" => &mut blanks,
            _ => return Err(format!("unknown field {key:?}")),
        };
        if slot.is_some() {
            return Err(format!("field {key:?} given twice"));
        }
        *slot = Some(value.parse::<u64>().map_err(|e| format!("{key}={value:?}: {e}"))?);
    }
    match (lines, code, comments, blanks) {
        (Some(lines), Some(code), Some(comments), Some(blanks)) => {
            if lines != code + comments + blanks {
                return Err(format!("lines={lines} is not code + comments + blanks"));
            }
            Ok(Counts { lines, code, comments, blanks })
        }
        _ => Err(format!("need lines, code, comments and blanks in {:?}", fields.trim())),
    }
}

/// The expectation from the sample's own header or from its sidecar, never both.
fn expectation(path: &Path, text: &str) -> Result<Counts, String> {
    let inline = header(text).find(|l| l.contains(EXPECT));
    let mut sidecar = path.as_os_str().to_owned();
    sidecar.push(".");
    sidecar.push(SIDECAR_EXT);
    let sidecar = PathBuf::from(sidecar);
    match (inline, sidecar.exists()) {
        (Some(line), false) => parse_expectation(line),
        (None, true) => {
            let side = fs::read_to_string(&sidecar).map_err(|e| format!("{}: {e}", sidecar.display()))?;
            let line = header(&side).find(|l| l.contains(EXPECT));
            parse_expectation(line.ok_or(format!("{} has no `{EXPECT}` line", sidecar.display()))?)
        }
        (Some(_), true) => Err("expectation both in the header and in a sidecar".into()),
        (None, false) => Err(format!("no `{EXPECT}` line in the first {HEADER_LINES} lines, nor a sidecar")),
    }
}

fn language(path: &Path, bytes: &[u8]) -> Result<LangId, String> {
    let name = path.file_name().and_then(|n| n.to_str()).ok_or("file name is not UTF-8")?;
    detect(name.as_bytes(), bytes).ok_or_else(|| "no language by name, shebang or heuristic".into())
}

fn check_embedded(text: &str, embedded: &Embedded) -> Result<(), String> {
    let want = match header(text).find(|l| l.contains(EMBEDDED)) {
        Some(line) => parse_embedded(line)?,
        None => Vec::new(),
    };
    let mut got: Vec<(String, Counts)> = embedded.iter().map(|(l, c)| (l.name().to_string(), *c)).collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    if got != want {
        return Err(format!("embedded languages miscounted\n  expected {want:?}\n  got      {got:?}"));
    }
    Ok(())
}

fn known_bug(text: &str) -> Option<&str> {
    header(text).find_map(|l| l.split_once(KNOWN_BUG)).map(|(_, reason)| reason.trim())
}

/// Lines as the rules define them, counted without the counter: a check on the expectation.
fn line_total(bytes: &[u8]) -> u64 {
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
    newlines + u64::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

fn check(root: &Path, path: &Path) -> Result<(), String> {
    let bytes = fs::read(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&bytes);
    let want = expectation(path, &text)?;
    let id = language(path, &bytes)?;
    let dir = path.parent().and_then(|p| p.strip_prefix(root).ok()).and_then(|p| p.to_str()).unwrap_or("");
    if dir != slug(id.name()) {
        return Err(format!(
            "detected as {:?}, but it lives in {dir:?}, not {:?}",
            id.name(),
            slug(id.name())
        ));
    }
    if want.lines != line_total(&bytes) {
        return Err(format!("expects lines={} but the file has {} lines", want.lines, line_total(&bytes)));
    }
    let (got, embedded) = count_embedded(id, Options::default(), &bytes);
    let reference = count_reference_embedded(id, Options::default(), &bytes);
    if (got, &embedded) != (reference.0, &reference.1) {
        return Err(format!("fast path {got:?} and byte-by-byte twin {reference:?} disagree"));
    }
    check_embedded(&text, &embedded)?;
    match known_bug(&text) {
        Some(_) if got == want => {
            Err(format!("marked `{KNOWN_BUG}` but counts as expected now: remove the marker"))
        }
        Some(reason) => {
            println!(
                "skipped {}: known counter bug: {reason}\n  expected {want:?}\n  got      {got:?}",
                path.display()
            );
            Ok(())
        }
        None if got == want => Ok(()),
        None => Err(format!("{} miscounted\n  expected {want:?}\n  got      {got:?}", id.name())),
    }
}

#[test]
fn corpus_samples_count_as_annotated() {
    let root = corpus_dir();
    let mut samples = Vec::new();
    collect_samples(&root, &mut samples);
    let mut failures = Vec::new();
    for path in &samples {
        if let Err(why) = check(&root, path) {
            failures.push(format!("{}: {why}", path.strip_prefix(&root).unwrap_or(path).display()));
        }
    }
    if samples.len() < MIN_SAMPLES {
        failures.push(format!("only {} samples under corpus/, want at least {MIN_SAMPLES}", samples.len()));
    }
    assert!(failures.is_empty(), "{} corpus failure(s):\n{}", failures.len(), failures.join("\n"));
    println!("{} corpus samples counted as annotated", samples.len());
}

#[test]
fn expectation_lines_parse() {
    let c = |lines, code, comments, blanks| Counts { lines, code, comments, blanks };
    let line = "<!-- ringloc-expect: lines=4 code=2 comments=1 blanks=1 -->";
    assert_eq!(parse_expectation(line), Ok(c(4, 2, 1, 1)));
    assert!(parse_expectation("# ringloc-expect: lines=4 code=2 comments=1").is_err());
    assert!(parse_expectation("# ringloc-expect: lines=5 code=2 comments=1 blanks=1").is_err());
    assert!(parse_expectation("# ringloc-expect: lines=1 code=1 code=1 comments=0 blanks=0").is_err());
    let two = "<!-- ringloc-embedded: CSS: lines=1 code=1 comments=0 blanks=0; C Header: lines=2 code=0 \
               comments=1 blanks=1 -->";
    let named = |n: &str, c| (n.to_string(), c);
    assert_eq!(parse_embedded(two), Ok(vec![named("C Header", c(2, 0, 1, 1)), named("CSS", c(1, 1, 0, 0))]));
    assert_eq!(slug("C Header"), "c-header");
    assert_eq!(slug("C++"), "cpp");
    assert_eq!(slug("C#"), "csharp");
    assert_eq!(slug("Device Tree"), "device-tree");
}
