//! cloc's regular expressions on names and directories (`--match-f`, `--not-match-f`,
//! `--match-d`, `--not-match-d`, `--fullpath`), meaning exactly what they mean to cloc 1.96, so
//! that a cloc command line in a script selects the same files here. cloc's rules are its own,
//! and followed as they are rather than made regular:
//! - `--match-f` / `--not-match-f`: a file's name (with `--fullpath`: its path as named, the root
//!   first) must match / must not match.
//! - `--not-match-d`: a directory whose own name matches has its files left out, while its
//!   subdirectories are still entered; with `--fullpath`, a directory whose path as named matches
//!   is not entered at all.
//! - `--match-d`: only the files of directories whose absolute path (links resolved, as the
//!   working directory cloc changes into) matches are counted, whatever `--fullpath` says.
//!
//!
//! And scc's `-M/--not-match` (repeatable), with scc 4.1's meaning: a directory whose name matches
//! is not entered (a root always is), and a file whose name or path matches is left out (its path
//! as scc names it: without the `./` of the root `.`).
//!
//! An expression matches anywhere unless anchored, as Perl's `m{...}` and Go's `MatchString` do;
//! the syntax is the `regex` crate's, Perl's without look-around and back-references.

use std::collections::HashMap;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use regex::bytes::Regex;

/// cloc's four expressions, `--fullpath` and scc's `-M`, as given.
#[derive(Debug, Clone, Default)]
pub struct PatternFlags {
    pub match_f: Option<String>,
    pub not_match_f: Option<String>,
    pub match_d: Option<String>,
    pub not_match_d: Option<String>,
    pub fullpath: bool,
    /// scc's `-M`.
    pub not_match: Vec<String>,
}

/// The expressions compiled, shared by every worker's copy of the selection.
#[derive(Debug, Clone)]
pub struct PathPatterns {
    match_f: Option<Regex>,
    not_match_f: Option<Regex>,
    match_d: Option<Regex>,
    not_match_d: Option<Regex>,
    fullpath: bool,
    not_match: Vec<Regex>,
    /// Each root made absolute with its links resolved, once: `--match-d` asks for every directory.
    absolute_roots: Arc<Mutex<HashMap<PathBuf, PathBuf>>>,
}

/// What the directory rules say of one directory's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirVerdict {
    /// Its subdirectories are entered (and its files looked at).
    pub enter: bool,
    /// Its files may be counted.
    pub files: bool,
}

impl PathPatterns {
    /// `None` where no expression is given (`--fullpath` alone changes nothing); an expression
    /// that does not compile is an error naming its flag.
    pub fn new(flags: &PatternFlags) -> Result<Option<PathPatterns>, String> {
        let compile = |value: &Option<String>, flag: &str| {
            let compiled = value.as_deref().map(Regex::new).transpose();
            compiled.map_err(|e| {
                format!("bad {flag} expression '{}': {}", value.as_deref().unwrap_or(""), why(&e))
            })
        };
        let patterns = PathPatterns {
            match_f: compile(&flags.match_f, "--match-f")?,
            not_match_f: compile(&flags.not_match_f, "--not-match-f")?,
            match_d: compile(&flags.match_d, "--match-d")?,
            not_match_d: compile(&flags.not_match_d, "--not-match-d")?,
            fullpath: flags.fullpath,
            not_match: (flags.not_match.iter())
                .filter_map(|re| compile(&Some(re.clone()), "-M/--not-match").transpose())
                .collect::<Result<_, _>>()?,
            absolute_roots: Arc::default(),
        };
        let any = [&patterns.match_f, &patterns.not_match_f, &patterns.match_d, &patterns.not_match_d]
            .iter()
            .any(|re| re.is_some())
            || !patterns.not_match.is_empty();
        Ok(any.then_some(patterns))
    }

    /// The verdict on the directory `dir`, named as reported (its root `root` first).
    pub fn dir_verdict(&self, dir: &Path, root: &Path) -> DirVerdict {
        let named = dir.as_os_str().as_bytes();
        let not_match_d = self.not_match_d.as_ref();
        let not_match = || dir != root && self.not_match.iter().any(|re| re.is_match(base_name(named)));
        if self.fullpath && not_match_d.is_some_and(|re| re.is_match(named)) || not_match() {
            return DirVerdict { enter: false, files: false };
        }
        let by_name = !self.fullpath && not_match_d.is_some_and(|re| re.is_match(base_name(named)));
        let outside = self.match_d.as_ref().is_some_and(|re| {
            let absolute = self.absolute(dir, root);
            !re.is_match(absolute.as_os_str().as_bytes())
        });
        DirVerdict { enter: true, files: !by_name && !outside }
    }

    /// Whether the file `name`, at `path` (built only where an expression looks at it), is counted.
    pub fn keeps_file(&self, name: &[u8], path: impl FnOnce() -> PathBuf) -> bool {
        let by_name = self.match_f.is_some() || self.not_match_f.is_some();
        if !by_name && self.not_match.is_empty() {
            return true;
        }
        let full = if self.fullpath || !self.not_match.is_empty() { path() } else { PathBuf::new() };
        let full = full.as_os_str().as_bytes();
        let subject = if self.fullpath { full } else { name };
        let as_scc_names = full.strip_prefix(b"./").unwrap_or(full);
        self.match_f.as_ref().map_or(true, |re| re.is_match(subject))
            && !self.not_match_f.as_ref().is_some_and(|re| re.is_match(subject))
            && !self.not_match.iter().any(|re| re.is_match(name) || re.is_match(as_scc_names))
    }

    /// `dir` with its root replaced by the root's absolute path, links resolved (the root as
    /// named where it cannot be resolved).
    fn absolute(&self, dir: &Path, root: &Path) -> PathBuf {
        let mut roots = self.absolute_roots.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let absolute_root = roots
            .entry(root.to_path_buf())
            .or_insert_with(|| std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()));
        match dir.strip_prefix(root) {
            Ok(below) if below.as_os_str().is_empty() => absolute_root.clone(),
            Ok(below) => absolute_root.join(below),
            Err(_) => dir.to_path_buf(),
        }
    }
}

/// What is wrong with an expression, in one line: the `regex` crate draws the expression with a
/// caret under the fault over several lines, and ends with the reason.
fn why(e: &regex::Error) -> String {
    let text = e.to_string();
    let last = text.lines().last().unwrap_or_default();
    last.strip_prefix("error: ").unwrap_or(last).to_string()
}

/// The last component of `path` as Perl's `basename` gives it: trailing slashes dropped.
fn base_name(path: &[u8]) -> &[u8] {
    let Some(last) = path.iter().rposition(|&b| b != b'/') else { return &path[..path.len().min(1)] };
    let path = &path[..=last];
    path.iter().rposition(|&b| b == b'/').map_or(path, |at| &path[at + 1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patterns(flags: PatternFlags) -> PathPatterns {
        PathPatterns::new(&flags).expect("the expressions compile").expect("an expression is given")
    }

    #[test]
    fn base_names_are_perls() {
        for (path, name) in [("mt/src", "src"), ("mt/", "mt"), (".", "."), ("./src/", "src"), ("/", "/")] {
            assert_eq!(base_name(path.as_bytes()), name.as_bytes(), "{path}");
        }
    }

    /// Without `--fullpath`, `--not-match-d` leaves out a directory's own files and enters its
    /// subdirectories; with it, a directory whose path matches is not entered.
    #[test]
    fn not_match_d_drops_files_by_name_and_whole_directories_by_path() {
        let by_name = patterns(PatternFlags { not_match_d: Some("^s".into()), ..PatternFlags::default() });
        let verdict = |p: &PathPatterns, dir: &str| p.dir_verdict(Path::new(dir), Path::new("mt"));
        assert_eq!(verdict(&by_name, "mt/src"), DirVerdict { enter: true, files: false });
        assert_eq!(verdict(&by_name, "mt/src/net"), DirVerdict { enter: true, files: true });
        let by_path = PathPatterns { fullpath: true, ..by_name };
        assert_eq!(verdict(&by_path, "mt/src"), DirVerdict { enter: true, files: true });
        let by_path = patterns(PatternFlags {
            not_match_d: Some("^mt/src$".into()),
            fullpath: true,
            ..PatternFlags::default()
        });
        assert_eq!(verdict(&by_path, "mt/src"), DirVerdict { enter: false, files: false });
    }

    #[test]
    fn match_f_and_not_match_f_look_at_the_name_or_the_whole_path() {
        let name = patterns(PatternFlags {
            match_f: Some("^[Ww]idget".into()),
            not_match_f: Some(r"\.h$".into()),
            ..PatternFlags::default()
        });
        let path = || PathBuf::from("mt/lib/Widget.c");
        assert!(name.keeps_file(b"Widget.c", path));
        assert!(!name.keeps_file(b"widget.h", path));
        assert!(!name.keeps_file(b"gadget.c", path));
        let full = PathPatterns { fullpath: true, ..name };
        assert!(!full.keeps_file(b"Widget.c", path), "the path does not start with the name");
    }

    /// scc's `-M`: a directory by its name, never a root; a file by its name or its path, the
    /// `./` of the root `.` left off.
    #[test]
    fn not_match_prunes_directories_by_name_and_drops_files_by_name_or_path() {
        let scc = patterns(PatternFlags {
            not_match: vec!["^src$".into(), "^lib/W".into()],
            ..PatternFlags::default()
        });
        let verdict = |dir: &str, root: &str| scc.dir_verdict(Path::new(dir), Path::new(root));
        assert_eq!(verdict("mt/src", "mt"), DirVerdict { enter: false, files: false });
        assert_eq!(verdict("src", "src"), DirVerdict { enter: true, files: true }, "a root");
        assert_eq!(verdict("mt/lib", "mt"), DirVerdict { enter: true, files: true });
        assert!(!scc.keeps_file(b"Widget.c", || PathBuf::from("./lib/Widget.c")));
        assert!(scc.keeps_file(b"Widget.c", || PathBuf::from("mt/lib/Widget.c")));
        assert!(!scc.keeps_file(b"src", || PathBuf::from("mt/lib/src")));
    }

    #[test]
    fn a_bad_expression_names_its_flag_and_none_given_is_none() {
        let bad = PatternFlags { match_d: Some("(".into()), ..PatternFlags::default() };
        let error = PathPatterns::new(&bad).expect_err("an unclosed group");
        assert_eq!(error, "bad --match-d expression '(': unclosed group");
        let none = PatternFlags { fullpath: true, ..PatternFlags::default() };
        assert!(PathPatterns::new(&none).expect("nothing to compile").is_none());
    }
}
