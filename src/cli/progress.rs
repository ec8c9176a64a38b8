//! The progress line on stderr: files and bytes so far, and their rates. Shown only to a person
//! (stderr a terminal, no --quiet) and only once a run has taken a second, so quick runs and pipes
//! never see it. The library only counts (ringloc::report::Progress); printing is here.

use std::io::IsTerminal;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ringloc::report::Progress;

use super::messages::raw;

/// Runs without a line for this long first.
const DELAY: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// The watching thread; [`ProgressLine::finish`] stops it and clears the line.
pub struct ProgressLine {
    progress: Arc<Progress>,
    stop: Sender<()>,
    thread: JoinHandle<()>,
}

impl ProgressLine {
    /// Starts watching a new [`Progress`] if stderr is a terminal; `None` otherwise, and then the
    /// run is not watched at all.
    pub fn start() -> Option<ProgressLine> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let progress = Arc::new(Progress::default());
        let watched = Arc::clone(&progress);
        let (stop, stopped) = channel();
        let thread = std::thread::spawn(move || {
            let progress = watched;
            let start = Instant::now();
            let mut shown = false;
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                let elapsed = start.elapsed();
                if elapsed >= DELAY {
                    raw(format_args!("\r\x1b[K{}", line(progress.files(), progress.bytes(), elapsed)));
                    shown = true;
                }
            }
            if shown {
                raw(format_args!("\r\x1b[K"));
            }
        });
        Some(ProgressLine { progress, stop, thread })
    }

    /// The counters for the run's [`Config`](ringloc::Config).
    pub fn progress(&self) -> Arc<Progress> {
        Arc::clone(&self.progress)
    }

    /// Stops the thread and clears the line, before anything else goes to stderr.
    pub fn finish(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
}

/// `12345 files, 67.8 MiB (6172 files/s, 33.9 MiB/s)`.
fn line(files: u64, bytes: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(f64::EPSILON);
    let mib = bytes as f64 / (1024.0 * 1024.0);
    format!("{files} files, {mib:.1} MiB ({:.0} files/s, {:.1} MiB/s)", files as f64 / secs, mib / secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_gives_totals_and_rates() {
        let text = line(12_000, 30 << 20, Duration::from_secs(2));
        assert_eq!(text, "12000 files, 30.0 MiB (6000 files/s, 15.0 MiB/s)");
        assert_eq!(line(0, 0, Duration::ZERO), "0 files, 0.0 MiB (0 files/s, 0.0 MiB/s)");
    }
}
