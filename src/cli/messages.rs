//! Messages on stderr. `eprintln!` panics when stderr cannot be written (a full disk behind
//! `2>file`); here a lost message is remembered instead, and `main` turns it into exit status 1,
//! so nothing the user should have read is lost silently.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static LOST: AtomicBool = AtomicBool::new(false);

/// Writes `ringloc: MESSAGE` and a newline to stderr.
pub fn say(message: fmt::Arguments<'_>) {
    raw(format_args!("ringloc: {message}\n"));
}

/// Writes `text` to stderr as it is (the progress line's redraws).
pub fn raw(text: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    if stderr.write_fmt(text).and_then(|()| stderr.flush()).is_err() {
        LOST.store(true, Ordering::Relaxed);
    }
}

/// Whether some message could not be written.
pub fn lost() -> bool {
    LOST.load(Ordering::Relaxed)
}
