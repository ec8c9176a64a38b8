//! The binary's own modules, which the library never sees: the flags, the config files, and the `--files-from` list,
//! what each command does, `explain`, the progress line, where reports go, the messages on stderr,
//! reading `merge` and `diff` inputs, the commands that read git revisions, and the supervisor that
//! reports an allocation failure.

pub mod commands;
mod completions;
pub mod config_file;
mod config_keys;
pub mod destinations;
pub mod estimate_flags;
pub mod explain;
mod file_list;
pub mod flags;
pub mod lang_defs;
pub mod messages;
mod negations;
pub mod outputs;
mod pieces;
pub mod progress;
mod report_input;
mod reserve;
pub mod revisions;
pub mod supervise;
mod temporary;
mod tree_diff;
