//! `--uloc`'s figures as the formats that show them write them: scc's lines (under the table,
//! after the markdown tables, as the html page's cards), and the `uloc` object of the json and
//! yaml documents.

use std::collections::BTreeMap;

use serde::Serialize;

use super::cocomo::grouped;
use crate::report::View;

/// The `uloc` object: the run's distinct lines, their share of its lines, and each language's.
#[derive(Debug, Clone, Serialize)]
pub struct UlocDoc {
    pub total: u64,
    pub dryness: f64,
    pub languages: BTreeMap<&'static str, u64>,
}

impl UlocDoc {
    /// The whole run's figures (never cut by `--top`), where `--uloc` counted them.
    pub fn of(view: &View) -> Option<UlocDoc> {
        let uloc = view.uloc?;
        Some(UlocDoc {
            total: uloc.total,
            dryness: uloc.dryness(view.total.counts.lines),
            languages: uloc.languages.iter().map(|(id, &n)| (id.name(), n)).collect(),
        })
    }
}

/// scc's lines under its table (`fileSummarizeShort` in its `processor/formatters.go`) as
/// (label, figure): the total, its thousands grouped as scc's English locale groups them, and with
/// `--dryness` the share of lines that are unique, as a fraction with two decimals despite its `%`.
pub fn figures(doc: &UlocDoc, dryness: bool) -> Vec<(&'static str, String)> {
    let mut lines = vec![("Unique Lines of Code (ULOC)", grouped(&doc.total.to_string()))];
    if dryness {
        lines.push(("DRYness %", format!("{:.2}", doc.dryness)));
    }
    lines
}
