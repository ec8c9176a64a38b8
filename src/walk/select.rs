//! Which entries a walk keeps: hidden names, excluded directories and globs, extension and
//! language filters, depth. Built once from the [`crate::Config`], shared by every worker.

use std::collections::{HashMap, HashSet};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};

use super::ignore::{IgnoreLevel, IgnorePolicy};
use super::patterns::{DirVerdict, PathPatterns};
use crate::lang::{LangId, NameMatch};

#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Count names starting with a dot (skipped by default, as ripgrep, fd and tokei do).
    pub hidden: bool,
    /// Follow symbolic links (`--follow`), counting each target once.
    pub follow: bool,
    pub ignore: IgnorePolicy,
    /// scc's `--ignore-file`: gitignore lines applied from each root, below every ignore file of
    /// the tree (whose `!` lines re-include what they leave out), whatever `--no-ignore` says.
    pub ignore_files: Option<Arc<Gitignore>>,
    /// `--exclude-dir` and `--exclude`: directories never entered, and globs matched against the
    /// path below its root, as a `.gitignore` at the root matches.
    pub exclude: Option<Excludes>,
    /// cloc's `--match-f`, `--not-match-f`, `--match-d` and `--not-match-d` and scc's `-M`, on the
    /// files and directories a walk finds.
    pub patterns: Option<PathPatterns>,
    /// Lower-case extensions; when not empty, only files with one of them are counted.
    pub include_ext: HashSet<Vec<u8>>,
    pub exclude_ext: HashSet<Vec<u8>>,
    /// scc's `--exclude-file`: file names left out wherever they are, exactly as written.
    pub exclude_file: HashSet<Vec<u8>>,
    /// When not empty, only these languages are counted; sorted, so that a file's language is
    /// found by a binary search (`--exclude-lang` alone selects every language but a few).
    pub types: Vec<LangId>,
    /// Entries deeper than this below a root are not counted (a root's own entries are depth 1).
    pub max_depth: Option<usize>,
    /// Enter no directory on another device than its root (`-x`, as `find -xdev` and `du -x`):
    /// `ringloc -x /` leaves out /proc, /sys and other mounts.
    pub one_file_system: bool,
}

/// The filter that leaves a file out by its name: the binary names it for a file named on the
/// command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    IncludeExt,
    ExcludeExt,
    ExcludeFile,
    /// `-t` or `--exclude-lang`, by the language the name says.
    Type,
}

/// The option an exclusion came from, for the note on one that matched nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exclusion {
    /// `--exclude-dir`: a directory's name, or its path below the root.
    Dir,
    /// `--exclude`: a glob.
    Glob,
}

/// `--exclude-dir` values and `--exclude` globs, and which of them ever matched: one that never did
/// is most often a typo or a path written from the wrong directory, and the binary says so.
#[derive(Debug, Clone)]
pub struct Excludes {
    /// Directory names, looked up before any path is built, with their indices in `given` (one
    /// name may be given twice, as `src` and `src/`).
    dir_names: HashMap<Vec<u8>, Vec<usize>>,
    /// Directory paths below the root, with their indices in `given`.
    dir_paths: HashMap<PathBuf, Vec<usize>>,
    /// Every glob at once: most entries match none, and take this one test.
    all: Gitignore,
    /// Each glob alone, with its index in `given`, looked at only when `all` matched, to mark every
    /// one that did.
    each: Vec<(Gitignore, usize)>,
    given: Vec<(Exclusion, String)>,
    /// Shared by every worker's copy of the selection.
    matched: Arc<[AtomicBool]>,
}

impl Excludes {
    fn mark(&self, given: &[usize]) {
        given.iter().for_each(|&i| self.matched[i].store(true, Ordering::Relaxed));
    }

    fn skips_dir_name(&self, name: &[u8]) -> bool {
        self.dir_names.get(name).map(|given| self.mark(given)).is_some()
    }

    /// Whether the directory at `path`, below the root, is an `--exclude-dir` path.
    fn skips_dir_path(&self, path: &Path) -> bool {
        self.dir_paths.get(path).map(|given| self.mark(given)).is_some()
    }

    /// `path` is below the root; `is_dir`, since directory paths and a glob ending in `/` match
    /// directories only. Both kinds are asked, so that every one that matches is marked.
    fn is_match(&self, path: &Path, is_dir: bool) -> bool {
        let by_dir = is_dir && self.skips_dir_path(path);
        by_dir | self.glob_matches(path, is_dir)
    }

    fn glob_matches(&self, path: &Path, is_dir: bool) -> bool {
        if !self.all.matched(path, is_dir).is_ignore() {
            return false;
        }
        for (glob, i) in &self.each {
            if glob.matched(path, is_dir).is_ignore() {
                self.mark(&[*i]);
            }
        }
        true
    }

    /// What leaves out the entry at `path`, read as a path below the root: an `--exclude-dir` name
    /// or path matching one of its directories, or an `--exclude` glob matching one of them or
    /// itself; the first directory that matches marks what matched it, as a walk that stops there.
    fn exclusion_of(&self, path: &Path, is_dir: bool) -> Option<Exclusion> {
        let components: Vec<_> = path.components().map(Component::as_os_str).collect();
        let mut above = PathBuf::new();
        for (depth, name) in components.iter().enumerate() {
            above.push(name);
            let dir = is_dir || depth + 1 < components.len();
            let by_dir = dir && (self.skips_dir_name(name.as_bytes()) || self.skips_dir_path(&above));
            if by_dir {
                return Some(Exclusion::Dir);
            }
            if self.glob_matches(&above, dir) {
                return Some(Exclusion::Glob);
            }
        }
        None
    }

    /// The values, as given and with the option they came from, that have matched nothing so far.
    pub fn unmatched(&self) -> impl Iterator<Item = (Exclusion, &str)> {
        self.given
            .iter()
            .zip(self.matched.iter())
            .filter(|(_, hit)| !hit.load(Ordering::Relaxed))
            .map(|((from, value), _)| (*from, value.as_str()))
    }
}

/// What `--exclude-dir VALUE` leaves out. Shell completion ends a directory with `/`, which is
/// dropped; a value with a `/` left in it is a path below the root, as scc takes one (`src/net`;
/// `.` components and a leading `/` dropped), otherwise a name at any depth, as cloc and tokei
/// take one.
enum DirRule {
    Name(Vec<u8>),
    Path(PathBuf),
}

fn dir_rule(value: &str) -> DirRule {
    let value = value.trim_end_matches('/');
    match value.contains('/') {
        true => DirRule::Path(
            Path::new(value)
                .components()
                .filter(|c| !matches!(c, Component::CurDir | Component::RootDir))
                .collect(),
        ),
        false => DirRule::Name(value.as_bytes().to_vec()),
    }
}

/// Compiles `--exclude-dir` values ([`DirRule`]) and `--exclude` globs; `None` for neither. Globs
/// are read by gitignore's rules, as tokei, ripgrep's `-g` and git read them, by the `ignore`
/// crate's own matcher: `*` stays within a name and `**` crosses directories; a glob with a `/`
/// before its end is anchored at the root (a leading `/` only anchors), one without matches a name
/// at any depth; a trailing `/` matches directories only. A leading `!` or `#` is part of the name
/// (an exclusion re-includes nothing). A bad glob, such as an unclosed `[`, is a usage error,
/// reported before any work starts.
pub fn excludes(dirs: &[String], globs: &[String]) -> Result<Option<Excludes>, ignore::Error> {
    if dirs.is_empty() && globs.is_empty() {
        return Ok(None);
    }
    let (mut dir_names, mut dir_paths) = (HashMap::<_, Vec<_>>::new(), HashMap::<_, Vec<_>>::new());
    for (i, value) in dirs.iter().enumerate() {
        match dir_rule(value) {
            DirRule::Name(name) => dir_names.entry(name).or_default().push(i),
            DirRule::Path(path) => dir_paths.entry(path).or_default().push(i),
        }
    }
    let lines: Vec<String> = globs.iter().map(|g| gitignore_line(g)).collect();
    let mut each = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        each.push((gitignore(std::slice::from_ref(line))?, dirs.len() + i));
    }
    let given = dirs
        .iter()
        .map(|d| (Exclusion::Dir, d.clone()))
        .chain(globs.iter().map(|g| (Exclusion::Glob, g.clone())));
    let given: Vec<_> = given.collect();
    Ok(Some(Excludes {
        dir_names,
        dir_paths,
        all: gitignore(&lines)?,
        each,
        matched: given.iter().map(|_| AtomicBool::new(false)).collect(),
        given,
    }))
}

/// A glob as a line of a `.gitignore`: a leading `!` (which re-includes) or `#` (a comment) escaped.
fn gitignore_line(glob: &str) -> String {
    match glob.starts_with(['!', '#']) {
        true => format!("\\{glob}"),
        false => glob.to_string(),
    }
}

/// A matcher of `lines`, rooted at `.`: it is given paths below the root.
fn gitignore(lines: &[String]) -> Result<Gitignore, ignore::Error> {
    let mut builder = GitignoreBuilder::new(".");
    builder.allow_unclosed_class(false);
    for line in lines {
        builder.add_line(None, line)?;
    }
    builder.build()
}

/// Whether one of `name`'s extensions is in `set`: the last (`ts`) or a longer one (`d.ts`), as a
/// user names them (`--include-ext d.ts` matched nothing, with no word); a name with no dot after
/// its first byte has the empty one. Case is ignored.
fn has_extension_in(set: &HashSet<Vec<u8>>, name: &[u8]) -> bool {
    let name = name.to_ascii_lowercase();
    let mut dots = name.iter().enumerate().skip(1).filter(|&(_, &b)| b == b'.').peekable();
    if dots.peek().is_none() {
        return set.contains(&b""[..]);
    }
    dots.any(|(dot, _)| set.contains(&name[dot + 1..]))
}

impl Selection {
    pub fn skips_name(&self, name: &[u8]) -> bool {
        !self.hidden && name.first() == Some(&b'.')
    }

    pub fn skips_dir(&self, name: &[u8], depth: usize) -> bool {
        self.exclude.as_ref().is_some_and(|e| e.skips_dir_name(name))
            || self.max_depth.is_some_and(|max| depth >= max)
    }

    /// Whether the selection's part of [`Selection::drops_path`] can drop anything: without
    /// `--ignore-file`, `--exclude` or an `--exclude-dir` path it cannot, and a walk (whose tree
    /// has no ignore files) builds no path to ask it.
    pub fn filters_paths(&self) -> bool {
        self.ignore_files.is_some()
            || self.exclude.as_ref().is_some_and(|e| !e.dir_paths.is_empty() || !e.each.is_empty())
    }

    /// Whether the entry at `path` below `root` is left out by a path: by the tree's ignore files
    /// (`ignore`, the level of its directory), else by `--ignore-file`'s lines, or by `--exclude`
    /// and `--exclude-dir`'s paths.
    pub fn drops_path(&self, ignore: &IgnoreLevel, path: &Path, root: &Path, is_dir: bool) -> bool {
        let ignored = ignore.verdict(path, is_dir).unwrap_or_else(|| {
            self.ignore_files.as_ref().is_some_and(|lines| {
                lines.matched(path.strip_prefix(root).unwrap_or(path), is_dir).is_ignore()
            })
        });
        ignored || self.excluded_by_path(path, root, is_dir)
    }

    /// Whether [`Selection::skips_file`] can skip anything: without `--include-ext`, `--exclude-ext`
    /// or `--type` it cannot, and a walk asks once a directory instead of calling it for every file
    /// (~27 instructions a file).
    pub fn filters_files(&self) -> bool {
        !self.include_ext.is_empty()
            || !self.exclude_ext.is_empty()
            || !self.exclude_file.is_empty()
            || !self.types.is_empty()
    }

    /// Filters that need only the name (and its language guess), checked before any path is built.
    pub fn skips_file(&self, name: &[u8], language: NameMatch) -> bool {
        self.left_out_by(name, language).is_some()
    }

    /// Which of [`Selection::skips_file`]'s filters leaves the file out, if one does.
    pub fn left_out_by(&self, name: &[u8], language: NameMatch) -> Option<Filter> {
        if !self.include_ext.is_empty() && !has_extension_in(&self.include_ext, name) {
            return Some(Filter::IncludeExt);
        }
        if !self.exclude_ext.is_empty() && has_extension_in(&self.exclude_ext, name) {
            return Some(Filter::ExcludeExt);
        }
        if self.exclude_file.contains(name) {
            return Some(Filter::ExcludeFile);
        }
        match language {
            NameMatch::Known(id) if !self.keeps_language(id) => Some(Filter::Type),
            _ => None,
        }
    }

    /// Whether a shebang-detected language passes `--type`.
    pub fn keeps_language(&self, id: LangId) -> bool {
        id.in_selection(&self.types)
    }

    /// What cloc's and scc's directory expressions say of the directory `dir` below `root`:
    /// everything is kept without them.
    pub fn dir_verdict(&self, dir: &Path, root: &Path) -> DirVerdict {
        match &self.patterns {
            Some(patterns) => patterns.dir_verdict(dir, root),
            None => DirVerdict { enter: true, files: true },
        }
    }

    /// Whether cloc's and scc's file expressions keep the file `name` at `path` (built only if they
    /// need it).
    pub fn keeps_by_pattern(&self, name: &[u8], path: impl FnOnce() -> PathBuf) -> bool {
        self.patterns.as_ref().map_or(true, |patterns| patterns.keeps_file(name, path))
    }

    /// What leaves out a file named on the command line, or a file or directory listed by
    /// `--files-from`, at `path` as written: `--exclude-dir` and `--exclude` read it as a path below
    /// the working directory (`.` and a leading `/` dropped), as cloc's `--exclude-dir` leaves out
    /// a listed file, so that a list of a tree's files (`git ls-files`) selects what a walk of it
    /// does. A walk never reaches what these leave out; the other path rules look at walked entries
    /// only, as cloc's expressions and scc's do.
    pub fn excludes_named(&self, path: &Path, is_dir: bool) -> Option<Exclusion> {
        let excludes = self.exclude.as_ref()?;
        let below: PathBuf =
            (path.components()).filter(|c| !matches!(c, Component::CurDir | Component::RootDir)).collect();
        excludes.exclusion_of(&below, is_dir)
    }

    /// `path` is matched as seen from `root`; the prefix is only stripped when there are globs or
    /// directory paths, since this runs for every entry of the tree.
    pub fn excluded_by_path(&self, path: &Path, root: &Path, is_dir: bool) -> bool {
        self.exclude.as_ref().is_some_and(|set| set.is_match(path.strip_prefix(root).unwrap_or(path), is_dir))
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{excludes, Exclusion, Selection};
    use crate::lang::{detect_by_name, NameMatch};

    /// A path that several globs match marks each of them as having matched, not only the one the
    /// matcher reports.
    #[test]
    fn every_glob_that_matches_is_marked() {
        let globs = ["*.c", "src/*.c", "/src/", "nothing", "#x"].map(String::from);
        let excludes = excludes(&[], &globs).expect("globs build").expect("globs given");
        assert!(excludes.is_match(Path::new("src/a.c"), false));
        assert!(!excludes.is_match(Path::new("src/a.h"), false));
        assert!(excludes.is_match(Path::new("src"), true));
        assert!(excludes.is_match(Path::new("#x"), false));
        assert_eq!(excludes.unmatched().collect::<Vec<_>>(), [(Exclusion::Glob, "nothing")]);
    }

    /// The walk asks `skips_file` only when `filters_files` says it can skip: under every mix of
    /// the four filters, that shortcut skips exactly what `skips_file` alone skips.
    #[test]
    fn asking_only_when_files_are_filtered_skips_what_skips_file_skips() {
        let names: [&[u8]; 6] = [b"a.rs", b"b.C", b"Makefile", b".hidden", b"x.unknownext", b"noext"];
        let rust = match detect_by_name(b"a.rs") {
            NameMatch::Known(id) => id,
            other => panic!("a.rs is {other:?}"),
        };
        let mut skipped = 0;
        for mix in 0..16 {
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
            if mix & 8 != 0 {
                sel.exclude_file.insert(b"Makefile".to_vec());
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
