//! The binary's own modules, which the library never sees: the flags, what each command does,
//! `explain`, and the progress line.

pub mod commands;
pub mod explain;
pub mod flags;
pub mod progress;
