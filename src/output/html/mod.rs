//! `--format html`: one self-contained page for people, working offline (no network, nothing
//! loaded): totals, a bar per language, a zoomable treemap of code by directory coloured by
//! language, a sortable table of files, embedded regions, flagged and skipped files, errors. The
//! page's markup, style and script are files beside this one; the report goes in as JSON
//! ([`data`]), read by the script. The page checks itself once drawn and writes what it found into
//! `#self-check` (directories in the data, rectangles drawn, script errors), which the tests read.

mod data;

use std::io::{self, Write};

use super::Output;
use crate::report::{Diff, View};

pub struct Html;

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("report.css");
const SCRIPT: &str = include_str!("report.js");

/// The page around its three insertions, in order: style, data, script.
fn page_parts() -> [&'static str; 4] {
    let (head, rest) = PAGE.split_once("/*style*/").expect("page.html has /*style*/");
    let (body, rest) = rest.split_once("{data}").expect("page.html has {data}");
    let (between, tail) = rest.split_once("/*script*/").expect("page.html has /*script*/");
    [head, body, between, tail]
}

impl Output for Html {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let [head, body, between, tail] = page_parts();
        out.write_all(head.as_bytes())?;
        out.write_all(STYLE.as_bytes())?;
        out.write_all(body.as_bytes())?;
        out.write_all(&data::data(view))?;
        out.write_all(between.as_bytes())?;
        out.write_all(SCRIPT.as_bytes())?;
        out.write_all(tail.as_bytes())
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("html"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_takes_each_insertion_once_and_loads_nothing() {
        for marker in ["/*style*/", "{data}", "/*script*/"] {
            assert_eq!(PAGE.matches(marker).count(), 1, "{marker} in page.html");
        }
        for part in [PAGE, STYLE, SCRIPT] {
            for remote in ["http:", "https:", "//cdn", "src=", "@import", "url("] {
                assert!(!part.contains(remote), "the page must load nothing: {remote}");
            }
        }
        assert!(!SCRIPT.contains("</script") && !STYLE.contains("</style"), "no element may close early");
        let parts = page_parts().concat();
        assert_eq!(parts.len() + "/*style*/{data}/*script*/".len(), PAGE.len());
    }
}
