//! Which entries a walk keeps: hidden names, excluded directories and globs, extension and
//! language filters, depth. Built once from the [`crate::Config`], shared by every worker.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::ignore::IgnorePolicy;
use crate::lang::{LangId, NameMatch};

#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Count names starting with a dot (skipped by default, as ripgrep, fd and tokei do).
    pub hidden: bool,
    /// Follow symbolic links (`--follow`), counting each target once.
    pub follow: bool,
    pub ignore: IgnorePolicy,
    /// Directory names never entered.
    pub exclude_dirs: HashSet<Vec<u8>>,
    /// Gitignore-style globs matched against a name and against the path below its root.
    pub exclude: Option<Excludes>,
    /// Lower-case extensions; when not empty, only files with one of them are counted.
    pub include_ext: HashSet<Vec<u8>>,
    pub exclude_ext: HashSet<Vec<u8>>,
    /// When not empty, only these languages are counted.
    pub types: Vec<LangId>,
    /// Entries deeper than this below a root are not counted (a root's own entries are depth 1).
    pub max_depth: Option<usize>,
    /// Enter no directory on another device than its root (`-x`, as `find -xdev` and `du -x`):
    /// `ringloc -x /` leaves out /proc, /sys and other mounts.
    pub one_file_system: bool,
}

/// `--exclude` globs, and which of them ever matched: a pattern that never did is most often a typo
/// or a path written from the wrong directory, and the binary says so.
#[derive(Debug, Clone)]
pub struct Excludes {
    set: GlobSet,
    patterns: Vec<String>,
    /// Shared by every worker's copy of the selection.
    matched: Arc<[AtomicBool]>,
}

impl Excludes {
    fn is_match(&self, path: &Path) -> bool {
        // Most entries match nothing: one test, and the patterns are looked at only on a match.
        if !self.set.is_match(path) {
            return false;
        }
        for i in self.set.matches(path) {
            self.matched[i].store(true, Ordering::Relaxed);
        }
        true
    }

    /// The patterns, as given, that have matched nothing so far.
    pub fn unmatched(&self) -> impl Iterator<Item = &str> {
        self.patterns
            .iter()
            .zip(self.matched.iter())
            .filter(|(_, hit)| !hit.load(Ordering::Relaxed))
            .map(|(p, _)| p.as_str())
    }
}

/// Compiles `--exclude` globs; a bad glob is a usage error, reported before any work starts.
pub fn exclude_globs(patterns: &[String]) -> Result<Option<Excludes>, globset::Error> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let mut builder = GlobSetBuilder::new();
    for p in patterns {
        builder.add(Glob::new(p.trim_end_matches('/'))?);
    }
    Ok(Some(Excludes {
        set: builder.build()?,
        patterns: patterns.to_vec(),
        matched: patterns.iter().map(|_| AtomicBool::new(false)).collect(),
    }))
}

fn extension(name: &[u8]) -> Option<Vec<u8>> {
    let dot = name.iter().rposition(|&b| b == b'.').filter(|&d| d > 0)?;
    Some(name[dot + 1..].to_ascii_lowercase())
}

impl Selection {
    pub fn skips_name(&self, name: &[u8]) -> bool {
        !self.hidden && name.first() == Some(&b'.')
    }

    pub fn skips_dir(&self, name: &[u8], depth: usize) -> bool {
        self.exclude_dirs.contains(name) || self.max_depth.is_some_and(|max| depth >= max)
    }

    /// Whether [`Selection::skips_file`] can skip anything: without `--include-ext`, `--exclude-ext`
    /// or `--type` it cannot, and a walk asks once a directory instead of calling it for every file
    /// (~27 instructions a file).
    pub fn filters_files(&self) -> bool {
        !self.include_ext.is_empty() || !self.exclude_ext.is_empty() || !self.types.is_empty()
    }

    /// Filters that need only the name (and its language guess), checked before any path is built.
    pub fn skips_file(&self, name: &[u8], language: NameMatch) -> bool {
        let ext = || extension(name).unwrap_or_default();
        if !self.include_ext.is_empty() && !self.include_ext.contains(&ext()) {
            return true;
        }
        if !self.exclude_ext.is_empty() && self.exclude_ext.contains(&ext()) {
            return true;
        }
        match language {
            NameMatch::Known(id) => !self.types.is_empty() && !self.types.contains(&id),
            _ => false,
        }
    }

    /// Whether a shebang-detected language passes `--type`.
    pub fn keeps_language(&self, id: LangId) -> bool {
        self.types.is_empty() || self.types.contains(&id)
    }

    /// `path` is matched as seen from `root`; the prefix is only stripped when there are globs, since
    /// this runs for every entry of the tree.
    pub fn excluded_by_glob(&self, name: &[u8], path: &Path, root: &Path) -> bool {
        self.exclude.as_ref().is_some_and(|set| {
            // Both, so that every pattern that matches is marked as having matched.
            let by_name = set.is_match(Path::new(OsStr::from_bytes(name)));
            set.is_match(path.strip_prefix(root).unwrap_or(path)) || by_name
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Selection;
    use crate::lang::{detect_by_name, NameMatch};

    /// The walk asks `skips_file` only when `filters_files` says it can skip: under every mix of
    /// the three filters, that shortcut skips exactly what `skips_file` alone skips.
    #[test]
    fn asking_only_when_files_are_filtered_skips_what_skips_file_skips() {
        let names: [&[u8]; 6] = [b"a.rs", b"b.C", b"Makefile", b".hidden", b"x.unknownext", b"noext"];
        let rust = match detect_by_name(b"a.rs") {
            NameMatch::Known(id) => id,
            other => panic!("a.rs is {other:?}"),
        };
        let mut skipped = 0;
        for mix in 0..8 {
            let mut sel = Selection::default();
            if mix & 1 != 0 {
                sel.include_ext.insert(b"rs".to_vec());
            }
            if mix & 2 != 0 {
                sel.exclude_ext.insert(b"c".to_vec());
            }
            if mix & 4 != 0 {
                sel.types.push(rust);
            }
            for name in names {
                let language = detect_by_name(name);
                let alone = sel.skips_file(name, language);
                assert_eq!(sel.filters_files() && sel.skips_file(name, language), alone, "{mix} {name:?}");
                skipped += usize::from(alone);
            }
        }
        assert!(skipped > 0, "some mix skips some name");
    }
}
