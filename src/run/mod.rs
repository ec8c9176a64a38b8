//! One run from top to bottom: the roots become the first jobs, the pool of workers lists
//! directories (`walk`) and reads files (`io`), and the workers' reports merge once at the end.

mod listing_log;
mod pipeline;
mod pool;
mod queued_dirs;
mod roots;
mod tree_diff;

pub use pipeline::{count_paths, BackendUsed, Error, Run};
pub use tree_diff::{diff_trees, TreeDiff};
