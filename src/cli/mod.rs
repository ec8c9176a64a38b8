//! The binary's own modules, which the library never sees: the flags, what each command does,
//! `explain`, the progress line, and the commands that read git revisions.

pub mod commands;
pub mod explain;
pub mod flags;
pub mod progress;
pub mod revisions;
