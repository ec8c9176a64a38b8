//! `ringloc diff OLD NEW` between two directories, as `cloc --diff OLD NEW` compares two trees.

use std::path::Path;

use ringloc::run::{diff_trees, BackendUsed};

use super::commands::{unmatched_notes, Finished};
use super::flags::{FormatArgs, SelectArgs};
use super::messages::say;
use super::revisions::write_line_diff;

/// Both trees counted with the selection flags, their files matched by path below each, and the
/// lines of each file on both sides matched, in every format a diff between revisions has.
pub fn between_trees(
    (old, new): (&Path, &Path),
    (by_dir, quiet): (bool, bool),
    select: &SelectArgs,
    format: &FormatArgs,
) -> Result<Finished, String> {
    if by_dir {
        return Err("--by-dir compares reports; between directories use --by-file rows (always shown)".into());
    }
    let config = select.config(old.to_path_buf())?;
    let trees = diff_trees(old, new, &config).map_err(|e| e.to_string())?;
    if !quiet {
        if let BackendUsed::Sync { fallback: Some(why) } = &trees.backend {
            say(format_args!("{why}"));
        }
        let warnings = trees.old.warnings.iter().chain(&trees.new.warnings);
        warnings.for_each(|w| say(format_args!("{w}")));
        unmatched_notes(&config.selection);
    }
    write_line_diff((&trees.old, &trees.new), trees.lines, format)
}
