//! Turns an allocation failure into a message and exit status 1.
//!
//! When an allocation fails, Rust's standard library writes "memory allocation of N bytes failed"
//! and aborts: SIGABRT, a core dump where they are on, and a shell's "Aborted". The hook that
//! would change that is unstable, and a wrapping global allocator needs `unsafe`, which this crate
//! keeps to the io_uring module. Allocations fail in practice only under an address-space or data
//! limit (`ulimit -v`, `ulimit -d`; Linux overcommits otherwise, and a cgroup's limit ends a process
//! with SIGKILL, which nothing in the process can report). So where such a limit is set, `ringloc`
//! runs itself as a child with the same arguments and streams, waits, and passes its exit status
//! on; a child that aborted is reported in words. Where no limit is set (the usual case) nothing of
//! this runs: one `getrlimit` pair per invocation.

use std::env;
use std::process::{Command, ExitStatus};

use rustix::process::{getrlimit, Resource};

/// Set in the child's environment, so that the child counts instead of supervising again.
const CHILD_MARK: &str = "RINGLOC_SUPERVISED";

const SIGABRT: i32 = 6;

/// What `main` should do.
pub enum Supervision {
    /// No memory limit, or this is the child, or no way to start one: count here.
    CountHere,
    /// The child ran; exit with this status.
    Exit(u8),
    /// The child aborted or could not be started: say this and exit with status 1.
    Failed(String),
}

/// Runs the child where a memory limit is set; see the module's documentation.
pub fn supervise() -> Supervision {
    let Some(limit) = memory_limit() else { return Supervision::CountHere };
    if env::var_os(CHILD_MARK).is_some() {
        return Supervision::CountHere;
    }
    let Ok(exe) = env::current_exe() else { return Supervision::CountHere };
    let mut child = Command::new(exe);
    child.args(env::args_os().skip(1)).env(CHILD_MARK, "1");
    // Each worker thread's malloc arena reserves 64 MiB of address space, which a tight limit
    // cannot spare; one arena keeps what is left for the count.
    if env::var_os("MALLOC_ARENA_MAX").is_none() {
        child.env("MALLOC_ARENA_MAX", "1");
    }
    match child.status() {
        Ok(status) => interpret(status, &limit),
        Err(e) => {
            Supervision::Failed(format!("out of memory: could not start the count ({e}) under {limit}"))
        }
    }
}

fn interpret(status: ExitStatus, limit: &str) -> Supervision {
    use std::os::unix::process::ExitStatusExt;
    if let Some(code) = status.code() {
        return Supervision::Exit(u8::try_from(code).unwrap_or(1));
    }
    match status.signal() {
        Some(SIGABRT) => Supervision::Failed(format!(
            "out of memory: an allocation failed under {limit}; raise the limit, or count with \
             fewer threads (-j 1) and without --by-file"
        )),
        Some(signal) => Supervision::Exit(128u8.saturating_add(u8::try_from(signal).unwrap_or(127))),
        None => Supervision::Exit(1),
    }
}

/// The address-space or data limit in force, in words, if either is finite.
fn memory_limit() -> Option<String> {
    [(Resource::As, "ulimit -v"), (Resource::Data, "ulimit -d")].into_iter().find_map(|(resource, name)| {
        let kib = getrlimit(resource).current? / 1024;
        Some(format!("the memory limit of {kib} KiB ({name})"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn an_abort_is_reported_in_words_and_exit_codes_pass_through() {
        let limit = "the memory limit of 100000 KiB (ulimit -v)";
        match interpret(ExitStatus::from_raw(SIGABRT), limit) {
            Supervision::Failed(message) => assert!(message.contains("out of memory"), "{message}"),
            _ => panic!("an abort must be reported"),
        }
        assert!(matches!(interpret(ExitStatus::from_raw(2 << 8), limit), Supervision::Exit(2)));
        assert!(matches!(interpret(ExitStatus::from_raw(0), limit), Supervision::Exit(0)));
        assert!(matches!(interpret(ExitStatus::from_raw(9), limit), Supervision::Exit(137)));
    }
}
