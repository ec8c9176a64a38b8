//! Totals of selected subtrees, summed once per distinct directory: a history's samples share
//! almost every directory, so a sample costs the directories it changed, not its whole tree.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::blobs::BlobCache;
use super::tree::Node;
use crate::count::Counts;
use crate::lang::LangId;
use crate::report::{FileError, Flagged, Report, Skipped, Totals};

/// What [`Report`] holds without its file rows, for one subtree.
#[derive(Debug, Default, Clone)]
struct Sums {
    languages: BTreeMap<LangId, Totals>,
    embedded: BTreeMap<(LangId, LangId), Counts>,
    skipped: Skipped,
    flagged: Flagged,
    errors: Vec<(PathBuf, String)>,
}

impl Sums {
    fn add(&mut self, o: &Sums) {
        o.languages.iter().for_each(|(l, t)| self.languages.entry(*l).or_default().add(t));
        o.embedded.iter().for_each(|(k, c)| *self.embedded.entry(*k).or_default() += *c);
        let (s, t) = (&mut self.skipped, &o.skipped);
        (s.binary, s.unknown, s.too_large) =
            (s.binary + t.binary, s.unknown + t.unknown, s.too_large + t.too_large);
        (s.generated, s.minified) = (s.generated + t.generated, s.minified + t.minified);
        self.flagged.generated += o.flagged.generated;
        self.flagged.minified += o.flagged.minified;
        self.errors.extend(o.errors.iter().cloned());
    }

    fn from_report(r: Report) -> Sums {
        let errors = r.errors.into_iter().map(|e| (e.path, e.error.to_string())).collect();
        Sums { languages: r.languages, embedded: r.embedded, skipped: r.skipped, flagged: r.flagged, errors }
    }
}

/// Sums of the directories seen so far, by node.
#[derive(Debug, Default)]
pub struct SubtreeSums {
    done: HashMap<usize, Arc<Sums>>,
}

fn id(node: &Arc<Node>) -> usize {
    Arc::as_ptr(node) as usize
}

impl SubtreeSums {
    /// The report of the subtree `root` (no file rows), every blob under it counted in `blobs`.
    pub fn report(&mut self, root: &Arc<Node>, blobs: &BlobCache, path: &Path) -> Report {
        let sums = self.sums(root, blobs);
        let mut report = Report { roots: vec![path.to_path_buf()], ..Report::default() };
        report.languages.clone_from(&sums.languages);
        report.embedded.clone_from(&sums.embedded);
        (report.skipped, report.flagged) = (sums.skipped, sums.flagged);
        let error = |(path, e): &(PathBuf, String)| FileError {
            path: path.clone(),
            error: io::Error::other(e.clone()),
        };
        report.errors = sums.errors.iter().map(error).collect();
        report
    }

    /// The sums of `root`'s subtree, each directory summed after those below it, on a stack of
    /// its own: one frame a level overflowed the stack of a deep tree.
    fn sums(&mut self, root: &Arc<Node>, blobs: &BlobCache) -> Arc<Sums> {
        let mut stack = vec![(root, false)];
        while let Some((node, below_done)) = stack.pop() {
            if self.done.contains_key(&id(node)) {
                continue;
            }
            if !below_done {
                stack.push((node, true));
                stack.extend(node.dirs.iter().map(|dir| (dir, false)));
                continue;
            }
            let mut own = Report::default();
            blobs.record(&node.files, &mut own, false, false);
            let mut sums = Sums::from_report(own);
            sums.errors.extend(node.listed_twice.iter().cloned());
            for dir in &node.dirs {
                sums.add(&self.done[&id(dir)]);
            }
            self.done.insert(id(node), Arc::new(sums));
        }
        Arc::clone(&self.done[&id(root)])
    }
}
