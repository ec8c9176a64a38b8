//! Messages on stderr. `eprintln!` panics when stderr cannot be written (a full disk behind
//! `2>file`); here a lost message is remembered instead, and `main` turns it into exit status 1,
//! so nothing the user should have read is lost silently.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ringloc::output::paths::shown;

static LOST: AtomicBool = AtomicBool::new(false);

/// Writes `ringloc: MESSAGE` and a newline to stderr, with the characters a terminal would not
/// show for what they are escaped ([`shown`]): a message may quote a name from the tree or an
/// argument (a report, a glob, a note of the library's), and an escape sequence in it must not
/// recolour the terminal nor a newline pass for another message.
pub fn say(message: fmt::Arguments<'_>) {
    let message = message.to_string();
    raw(format_args!("ringloc: {}\n", shown(&message)));
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
