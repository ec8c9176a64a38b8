//! `--by-dir`: per-directory totals from the per-file rows, so they need no help from the walk.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use super::{FileReport, Totals};

/// The counted files under one directory, at any depth below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirTotals {
    pub path: PathBuf,
    pub totals: Totals,
}

/// Adds each file to its ancestor `depth` levels below the root it was found under (or to its own
/// directory when that is shallower). Depth 0 gives one row per root.
/// Files named on their own (`--files-from`) have no root: their depth counts from the working
/// directory, so `git ls-files | ringloc --files-from - --by-dir` totals the top-level directories.
pub fn by_dir(files: &[FileReport], roots: &[PathBuf], depth: usize) -> Vec<DirTotals> {
    let mut dirs: BTreeMap<PathBuf, Totals> = BTreeMap::new();
    for f in files {
        dirs.entry(ancestor(&f.path, roots, depth)).or_default().add(&f.totals());
    }
    dirs.into_iter().map(|(path, totals)| DirTotals { path, totals }).collect()
}

fn ancestor(path: &Path, roots: &[PathBuf], depth: usize) -> PathBuf {
    if roots.iter().any(|r| r == path) {
        // A file named as a root: its own directory.
        return path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    }
    // The deepest matching root: with roots `a` and `a/b`, a file under `a/b` was found there too.
    // A file under no root (from `--files-from`) counts from the working directory, or from `/`.
    let root = roots
        .iter()
        .map(PathBuf::as_path)
        .filter(|r| path.starts_with(r))
        .max_by_key(|r| r.components().count())
        .unwrap_or(if path.has_root() { Path::new("/") } else { Path::new("") });
    let below = path.strip_prefix(root).expect("starts_with checked");
    let dirs = below.parent().map_or(0, |p| p.components().count());
    let mut out = root.to_path_buf();
    out.extend(below.components().take(depth.min(dirs)).filter(|c| matches!(c, Component::Normal(_))));
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::CountedFile;

    fn file(path: &str, code: u64) -> FileReport {
        let counts = Counts { lines: code, code, comments: 0, blanks: 0 };
        FileReport {
            path: path.into(),
            counted: CountedFile {
                language: LangId(0),
                bytes: code * 10,
                counts,
                generated: false,
                minified: false,
                embedded: Vec::new(),
                complexity: None,
                uloc: None,
                digest: None,
            },
        }
    }

    fn rows(files: &[FileReport], roots: &[&str], depth: usize) -> Vec<(String, u64, u64)> {
        let roots: Vec<PathBuf> = roots.iter().map(PathBuf::from).collect();
        by_dir(files, &roots, depth)
            .into_iter()
            .map(|d| (d.path.display().to_string(), d.totals.files, d.totals.counts.code))
            .collect()
    }

    #[test]
    fn files_go_to_their_ancestor_at_depth() {
        let files = [file("./a.c", 1), file("./src/b.c", 2), file("./src/x/c.c", 4), file("./t/d.c", 8)];
        let row = |p: &str, n, c| (p.to_string(), n, c);
        assert_eq!(rows(&files, &["."], 1), [row(".", 1, 1), row("./src", 2, 6), row("./t", 1, 8)]);
        assert_eq!(
            rows(&files, &["."], 2),
            [row(".", 1, 1), row("./src", 1, 2), row("./src/x", 1, 4), row("./t", 1, 8)]
        );
        assert_eq!(rows(&files, &["."], 0), [row(".", 4, 15)]);
    }

    #[test]
    fn the_deepest_root_wins_and_file_roots_use_their_directory() {
        let files = [file("a/b/c/x.c", 1), file("a/y.c", 2), file("lone/z.c", 4)];
        let got = rows(&files, &["a", "a/b", "lone/z.c"], 1);
        let want = [("a".to_string(), 1, 2), ("a/b/c".to_string(), 1, 1), ("lone".to_string(), 1, 4)];
        assert_eq!(got, want);
    }

    #[test]
    fn files_under_no_root_count_from_the_working_directory() {
        let files = [file("src/a/x.c", 1), file("top.c", 2), file("/abs/d/y.c", 4)];
        let got = rows(&files, &[], 1);
        let want = [("/abs".to_string(), 1, 4), (".".to_string(), 1, 2), ("src".to_string(), 1, 1)];
        assert_eq!(got, want);
    }
}
