//! `--by-root`: language totals kept apart for each root, in the same run (one pool of workers for
//! every root). A file belongs to the root it was reached from, so each section is what a run on
//! that root alone would count, and the sections add up to the whole run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Totals;
use crate::lang::LangId;

/// The name of the section that holds files listed with `--files-from`, which have no root.
pub const LISTED_FILES: &str = "--files-from";

/// One root's counted files, by language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootTotals {
    pub path: PathBuf,
    pub languages: BTreeMap<LangId, Totals>,
}

impl RootTotals {
    pub fn new(path: &Path) -> RootTotals {
        RootTotals { path: path.to_path_buf(), languages: BTreeMap::new() }
    }

    pub fn total(&self) -> Totals {
        let mut t = Totals::default();
        self.languages.values().for_each(|v| t.add(v));
        t
    }

    fn add(&mut self, other: RootTotals) {
        for (lang, t) in other.languages {
            self.languages.entry(lang).or_default().add(&t);
        }
    }
}

/// Adds `other`'s sections into `into`. Workers of one run hold the same roots in the same order and
/// are added section by section (so a root named twice keeps two sections, as two runs would);
/// reports of different runs (`ringloc merge`) are added by root path, new paths appended.
pub fn merge(into: &mut Vec<RootTotals>, other: Vec<RootTotals>) {
    let same_roots = into.len() == other.len() && into.iter().zip(&other).all(|(a, b)| a.path == b.path);
    if same_roots {
        into.iter_mut().zip(other).for_each(|(a, b)| a.add(b));
        return;
    }
    for section in other {
        match into.iter_mut().find(|s| s.path == section.path) {
            Some(s) => s.add(section),
            None => into.push(section),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;

    fn section(path: &str, code: u64) -> RootTotals {
        let mut s = RootTotals::new(Path::new(path));
        let counts = Counts { lines: code, code, comments: 0, blanks: 0 };
        s.languages.insert(LangId(0), Totals { files: 1, bytes: code, counts, complexity: None });
        s
    }

    fn code(sections: &[RootTotals]) -> Vec<(String, u64)> {
        sections.iter().map(|s| (s.path.display().to_string(), s.total().counts.code)).collect()
    }

    #[test]
    fn same_roots_add_in_place_and_others_by_path() {
        let mut into = vec![section("a", 1), section("a", 2)];
        merge(&mut into, vec![section("a", 10), section("a", 20)]);
        assert_eq!(code(&into), [("a".into(), 11), ("a".into(), 22)]);
        let mut into = vec![section("a", 1), section("b", 2)];
        merge(&mut into, vec![section("b", 10), section("c", 20)]);
        assert_eq!(code(&into), [("a".into(), 1), ("b".into(), 12), ("c".into(), 20)]);
    }
}
