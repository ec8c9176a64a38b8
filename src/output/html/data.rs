//! The report as the page's data: one JSON object, compact, written straight into a buffer. Files
//! are `[dir, name, language, code, comments, blanks, bytes, flags]` under a table of directories
//! (`[parent, name]`, parents first) and one of language names, so the kernel's 76k paths are not
//! written whole and the page builds its tree without splitting strings. Strings escape `<`, `>`
//! and `&` too, so no name can close the `<script>` element the data sits in.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use crate::lang::LangId;
use crate::output::buffer::{count, has_any};
use crate::output::paths::{escaped, escaped_bytes};
use crate::output::rows::write_rows;
use crate::output::summary_lines::SummaryLines;
use crate::output::warm::warm;
use crate::report::{FileReport, Totals, View};

/// The data object, in the order the page reads it.
pub fn data(view: &View) -> Vec<u8> {
    let mut json = Json(Vec::with_capacity(64 * view.files.as_ref().map_or(0, Vec::len) + 4096));
    let mut names = Names::default();
    json.raw("{\"roots\":[");
    json.list(view.roots, |json, root| json.string(&escaped(root)));
    json.raw("],\"total\":");
    json.totals(&view.total);
    json.raw(",\"languages\":[");
    json.list(&view.languages, |json, (id, totals)| {
        json.raw("[");
        json.number(names.index(*id));
        json.raw(",");
        json.totals(totals);
        json.raw("]");
    });
    json.raw("],\"embedded\":[");
    json.list(view.embedded, |json, ((outer, inner), c)| {
        json.raw("[");
        json.number(names.index(*outer));
        json.raw(",");
        json.number(names.index(*inner));
        json.numbers(&[c.lines, c.code, c.comments, c.blanks]);
        json.raw("]");
    });
    json.raw("],");
    files(&mut json, view.files.as_deref().unwrap_or_default(), &mut names, view.threads);
    json.raw(",\"names\":[");
    json.list(&names.list, |json, id| json.string(id.name()));
    json.raw("],\"summary\":[");
    let summary = SummaryLines::of(view);
    json.list(summary.all(), |json, (label, figure)| {
        json.raw("[");
        json.string(label);
        json.raw(",");
        json.string(figure);
        json.raw("]");
    });
    json.raw("],");
    left_out(&mut json, view);
    json.raw("}");
    json.0
}

/// The skipped, flagged and errors, and how many rows `--top` cut.
fn left_out(json: &mut Json, view: &View) {
    let s = view.skipped;
    json.raw("\"skipped\":[");
    json.numbers_bare(&[s.binary, s.unknown, s.too_large, s.generated, s.minified, s.duplicate]);
    json.raw("],\"skipped_files\":[");
    json.list(view.skipped_files.unwrap_or_default(), |json, f| {
        json.raw("[");
        json.string(&escaped(&f.path));
        json.raw(",");
        json.string(f.why.name());
        json.raw("]");
    });
    json.raw("],\"flagged\":[");
    json.numbers_bare(&[view.flagged.generated, view.flagged.minified]);
    json.raw("],\"errors\":[");
    json.list(view.errors, |json, e| {
        json.raw("[");
        json.string(&escaped(&e.path));
        json.raw(",");
        json.string(&e.error.to_string());
        json.raw("]");
    });
    let o = view.omitted;
    json.raw("],\"omitted\":[");
    json.numbers_bare(&[o.languages as u64, o.files as u64, o.dirs as u64]);
    json.raw("]");
}

/// `"dirs":[...],"files":[...]`: each file under the index of its directory. Directories and
/// languages are numbered in one pass, in order, then the directories are written, then the rows
/// on up to `threads` threads.
fn files(json: &mut Json, files: &[&FileReport], names: &mut Names, threads: usize) {
    let mut dirs = Dirs::default();
    let placed: Vec<(u64, &OsStr, u64)> = files
        .iter()
        .map(|f| {
            let (dir, name) = split(&f.path);
            (dirs.index(dir) as u64, name, names.index(f.counted.language))
        })
        .collect();
    let row = |out: &mut Vec<u8>, i: usize, &(dir, name, language): &(u64, &OsStr, u64)| {
        warm(files, i, |&f| f);
        let f = files[i];
        let mut row = Json(std::mem::take(out));
        row.raw(if i == 0 { "[" } else { ",[" });
        row.number(dir);
        row.raw(",");
        row.text(&escaped_bytes(Path::new(name)));
        row.raw(",");
        row.number(language);
        let c = f.counted.counts;
        row.numbers(&[c.code, c.comments, c.blanks, f.counted.bytes]);
        row.raw(",");
        row.number(u64::from(f.counted.generated) | u64::from(f.counted.minified) << 1);
        row.raw("]");
        *out = row.0;
        Ok(())
    };
    json.raw("\"dirs\":[");
    json.list(&dirs.rows, |json, (parent, name)| {
        json.raw("[");
        match parent {
            Some(p) => json.number(*p as u64),
            None => json.raw("-1"),
        }
        json.raw(",");
        json.text(&escaped_bytes(Path::new(name)));
        json.raw("]");
    });
    json.raw("],\"files\":[");
    // Straight into the document: rows made apart and copied in were 3.6 MB more of new memory.
    write_rows(&mut json.0, &placed, threads, row).expect("rows are written into memory");
    json.raw("]");
}

/// `path.parent()` and `path.file_name()` (the whole path where it has none): split at the last
/// `/` where that is exact, neither the name nor the parent's last component empty, `.` or `..`
/// (a file of a walk, always); else as `Path` splits it. `Path` parses components to find them.
fn split(path: &Path) -> (&Path, &OsStr) {
    let bytes = path.as_os_str().as_bytes();
    let plain = |part: &[u8]| !matches!(part, b"" | b"." | b"..");
    match memchr::memrchr(b'/', bytes) {
        Some(slash) => {
            let (parent, name) = (&bytes[..slash], &bytes[slash + 1..]);
            let last = parent.rsplit(|&b| b == b'/').next().unwrap_or_default();
            if plain(name) && plain(last) {
                return (Path::new(OsStr::from_bytes(parent)), OsStr::from_bytes(name));
            }
        }
        None if plain(bytes) => return (Path::new(""), path.as_os_str()),
        None => {}
    }
    (path.parent().unwrap_or(Path::new("")), path.file_name().unwrap_or(path.as_os_str()))
}

/// Directories numbered as first seen, each after its parent.
#[derive(Default)]
struct Dirs<'a> {
    /// Hashed with foldhash: a kernel's files leave their last directory and come back to it
    /// tens of thousands of times, and std's SipHash of a whole directory path cost more than the
    /// rest of a file's placing.
    seen: HashMap<&'a [u8], usize, foldhash::fast::RandomState>,
    /// Parent index (none at the top) and name.
    rows: Vec<(Option<usize>, &'a std::ffi::OsStr)>,
    /// Files come sorted by path, so most share the last one's directory.
    last: Option<(&'a [u8], usize)>,
}

impl<'a> Dirs<'a> {
    fn index(&mut self, dir: &'a Path) -> usize {
        let bytes = dir.as_os_str().as_bytes();
        if let Some((_, i)) = self.last.filter(|(last, _)| *last == bytes) {
            return i;
        }
        let i = match self.seen.get(bytes) {
            Some(&i) => i,
            None => {
                let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).map(|p| self.index(p));
                let name = dir.file_name().unwrap_or(dir.as_os_str());
                self.rows.push((parent, name));
                self.seen.insert(bytes, self.rows.len() - 1);
                self.rows.len() - 1
            }
        };
        self.last = Some((bytes, i));
        i
    }
}

/// Language names numbered as first seen.
#[derive(Default)]
struct Names {
    /// Each language's number, by its index in the table.
    seen: Vec<Option<u64>>,
    list: Vec<LangId>,
}

impl Names {
    fn index(&mut self, id: LangId) -> u64 {
        let slot = usize::from(id.0);
        if self.seen.len() <= slot {
            self.seen.resize(slot + 1, None);
        }
        *self.seen[slot].get_or_insert_with(|| {
            self.list.push(id);
            self.list.len() as u64 - 1
        })
    }
}

/// A JSON text being written.
struct Json(Vec<u8>);

impl Json {
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    fn number(&mut self, n: u64) {
        count(&mut self.0, n).expect("writing into memory");
    }

    /// `,a,b,c`: numbers after a value already written.
    fn numbers(&mut self, ns: &[u64]) {
        for &n in ns {
            self.raw(",");
            self.number(n);
        }
    }

    /// `a,b,c`.
    fn numbers_bare(&mut self, ns: &[u64]) {
        for (i, &n) in ns.iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.number(n);
        }
    }

    /// `[files,lines,code,comments,blanks,bytes]`.
    fn totals(&mut self, t: &Totals) {
        let c = t.counts;
        self.raw("[");
        self.numbers_bare(&[t.files, c.lines, c.code, c.comments, c.blanks, t.bytes]);
        self.raw("]");
    }

    /// Items written by `each`, comma-separated.
    fn list<T>(&mut self, items: impl IntoIterator<Item = T>, mut each: impl FnMut(&mut Json, T)) {
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            each(self, item);
        }
    }

    /// A string with JSON's escapes, plus `<`, `>` and `&` as `\u00XX` so that nothing in it can
    /// end the `<script>` element or open a comment there.
    fn string(&mut self, text: &str) {
        self.text(text.as_bytes());
    }

    /// [`Json::string`] of UTF-8 text given as its bytes (a path's escaped text).
    fn text(&mut self, bytes: &[u8]) {
        let out = &mut self.0;
        out.push(b'"');
        if !has_any(bytes, b'\'', [b'\\', b'<', b'>']) {
            out.extend_from_slice(bytes);
            return out.push(b'"');
        }
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let escape: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\t' => b"\\t",
                0..=0x1F | b'<' | b'>' | b'&' => b"",
                _ => continue,
            };
            out.extend_from_slice(&bytes[start..i]);
            start = i + 1;
            match escape.is_empty() {
                true => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
                false => out.extend_from_slice(escape),
            }
        }
        out.extend_from_slice(&bytes[start..]);
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(text: &str) -> String {
        let mut json = Json(Vec::new());
        json.string(text);
        String::from_utf8(json.0).unwrap()
    }

    #[test]
    fn hostile_strings_cannot_leave_the_script_element() {
        let hostile = "</script><!-- \"q\" \\ \u{1}\n\té & >";
        let text = string(hostile);
        assert_eq!(text, r#""\u003c/script\u003e\u003c!-- \"q\" \\ \u0001\n\té \u0026 \u003e""#);
        assert_eq!(serde_json::from_str::<String>(&text).unwrap(), hostile);
        assert_eq!(string("plain/é.c"), "\"plain/é.c\"");
    }

    #[test]
    fn paths_split_as_path_splits_them() {
        let mut paths = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..6 {
            last = last
                .iter()
                .flat_map(|p: &Vec<u8>| b"a./".iter().map(move |&c| [&p[..], &[c]].concat()))
                .collect();
            paths.extend(last.iter().cloned());
        }
        for bytes in &paths {
            let path = Path::new(OsStr::from_bytes(bytes));
            let by_path =
                (path.parent().unwrap_or(Path::new("")), path.file_name().unwrap_or(path.as_os_str()));
            assert_eq!(split(path), by_path, "{path:?}");
        }
    }

    #[test]
    fn directories_are_numbered_parents_first_and_once() {
        let paths = ["./a/b/x.c", "./a/b/y.c", "./a/z.c", "/abs/q.c", "top.c", "./a/b/w.c"];
        let mut dirs = Dirs::default();
        let found: Vec<usize> = paths.iter().map(|p| dirs.index(Path::new(p).parent().unwrap())).collect();
        assert_eq!(found, [2, 2, 1, 4, 5, 2]);
        let rows: Vec<(Option<usize>, &str)> =
            dirs.rows.iter().map(|(p, n)| (*p, n.to_str().unwrap())).collect();
        let expected =
            [(None, "."), (Some(0), "a"), (Some(1), "b"), (None, "/"), (Some(3), "abs"), (None, "")];
        assert_eq!(rows, expected);
    }
}
