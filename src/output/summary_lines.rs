//! The lines scc writes under its table, `--uloc`'s then `--cocomo`'s, as (label, figure) pairs:
//! the table writes them as scc does, markdown as a list after its tables, the html page as cards.

use super::cocomo::{self, CocomoDoc};
use super::uloc::{self, UlocDoc};
use crate::report::View;

/// The pairs of a view: none where it asked for neither estimate.
pub struct SummaryLines {
    /// ULOC, then DRYness with `--dryness`; scc right-aligns their figures to one column.
    pub uloc: Vec<(&'static str, String)>,
    /// COCOMO's cost, schedule and people, their figures a space after their labels.
    pub cocomo: Vec<(String, String)>,
}

impl SummaryLines {
    pub fn of(view: &View) -> SummaryLines {
        SummaryLines {
            uloc: UlocDoc::of(view).map(|doc| uloc::figures(&doc, view.dryness)).unwrap_or_default(),
            cocomo: CocomoDoc::of(view)
                .map(|doc| cocomo::figures(&doc, view.currency).to_vec())
                .unwrap_or_default(),
        }
    }

    /// Every pair, in the order scc writes them.
    pub fn all(&self) -> impl Iterator<Item = (&str, &str)> {
        let uloc = self.uloc.iter().map(|(label, figure)| (*label, figure.as_str()));
        uloc.chain(self.cocomo.iter().map(|(label, figure)| (label.as_str(), figure.as_str())))
    }
}
