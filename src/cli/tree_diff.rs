//! `ringloc diff OLD NEW` between two directories, as `cloc --diff OLD NEW` compares two trees.

use std::path::Path;

use ringloc::report::Diff;
use ringloc::run::{diff_trees, BackendUsed};

use super::commands::{report_errors, unmatched_notes, write_diff, Finished};
use super::flags::{FormatArgs, SelectArgs};
use super::messages::say;

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
    let shape = format.shape(format.format, None);
    let diff = Diff::new(&trees.old, &trees.new, true, &shape).with_lines(trees.lines, shape.top);
    write_diff(&diff, format)?;
    let errors = [report_errors(&trees.old), report_errors(&trees.new)];
    Ok(match errors.iter().any(|o| matches!(o, Finished::FileErrors)) {
        true => Finished::FileErrors,
        false => Finished::Clean,
    })
}
