//! The flags for scc's estimates beyond line counts: complexity (counted per file) and COCOMO
//! (worked out from the total). Counting takes them; `merge` and `diff` count nothing.

use clap::Args;

#[derive(Debug, Clone, Default, Args)]
pub struct EstimateArgs {
    /// Also count each file's complexity, as scc does: the branch tokens of its language (if, for,
    /// &&, ...) in code, not in strings or comments. A Complexity column in table, csv and
    /// markdown, `complexity` in json and ndjson. Slower: files are read byte by byte
    #[arg(long, help_heading = "Counting", conflicts_with = "cache")]
    pub complexity: bool,
}
