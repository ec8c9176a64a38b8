//! ringloc counts lines of code, comments and blanks across very large trees, reading files through
//! io_uring (or plain syscalls where the kernel refuses it) with one ring per core (two plain
//! readers), and more workers once the disk is in play.
//! [`count_paths`] runs it over a [`Config`]; [`count::count`] classifies one buffer.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("ringloc-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! std::fs::write(dir.join("main.c"), "int main(void) {\n  /* nothing */\n\n  return 0;\n}\n").unwrap();
//! let config = ringloc::Config { paths: vec![dir.clone()], ..Default::default() };
//! let run = ringloc::count_paths(&config).unwrap();
//! let total = run.report.total();
//! assert_eq!((total.files, total.counts.code, total.counts.comments, total.counts.blanks), (1, 3, 1, 1));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

// `unsafe` is kept to the io_uring module (`io::uring`), which allows it for itself.
#![deny(unsafe_code)]

pub mod config;
pub mod count;
pub mod fs;
pub mod git;
pub mod io;
pub mod lang;
pub mod output;
pub mod report;
pub mod run;
mod simd;
pub mod stats;
pub mod walk;

#[cfg(test)]
mod test_random;

pub use config::Config;
pub use report::Report;
pub use run::{count_paths, BackendUsed, Error, Run};
