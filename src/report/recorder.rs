//! One worker's recorder: what the walk and the readers hand every file's outcome to. It holds
//! what the run asked to be done with each (keep its row, stream it, count it for progress), so
//! the lister and the readers are handed one thing and decide none of it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::watch::{FileSink, Progress, Tally};
use super::{CountedFile, FileReport, HeldFile, Outcome, Report, RootTotals, Totals};
use crate::lang::LangId;
use crate::stats::{Clock, WorkerStats};

/// What the run asks of every worker's [`Recorder`].
#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Keep a row per file (`--by-file`): counted ones in `files`, skipped ones in `skipped_files`.
    pub keep_files: bool,
    /// Counters to publish to, for a progress display.
    pub progress: Option<Arc<Progress>>,
    /// Where counted files go instead of `files`, when output streams.
    pub sink: Option<FileSink>,
    /// With `--by-root`, the empty sections each worker fills (see [`Report::by_root`]).
    pub by_root: Option<Vec<RootTotals>>,
    /// Time the workers' phases and the classifier (`--stats`); off, no clock is read.
    pub timed: bool,
    /// Hold counted files in [`Report::held`] instead of recording them (`--no-duplicates`).
    pub hold: bool,
}

/// A worker's part of the run's [`Report`], and what it publishes while the run goes.
#[derive(Debug)]
pub struct Recorder {
    report: Report,
    keep_files: bool,
    /// This worker's unpublished progress; dropped (so published) with the recorder.
    tally: Option<Tally>,
    sink: Option<FileSink>,
    /// The sink refused a file: this worker stops taking work.
    halted: bool,
    /// Counted files with a digest go to [`Report::held`], recorded nowhere else yet.
    hold: bool,
    stats: WorkerStats,
    clock: Clock,
    /// No row kept or streamed and no `--by-root` section: a counted file without embedded lines
    /// is only added up ([`Recorder::add_up`]).
    plain: bool,
    /// Counted files' totals by language (indexed by [`LangId`]), not yet in the report's
    /// languages: a `BTreeMap` entry a file cost ~60 instructions, an index costs a few. Empty until
    /// the first file is counted.
    by_language: Vec<Totals>,
}

impl Recorder {
    pub fn new(recording: &Recording) -> Recorder {
        let report = Report { by_root: recording.by_root.clone(), ..Report::default() };
        Recorder {
            report,
            keep_files: recording.keep_files,
            plain: !recording.keep_files
                && recording.sink.is_none()
                && recording.by_root.is_none()
                && !recording.hold,
            tally: recording.progress.as_ref().map(|p| Tally::new(Arc::clone(p))),
            sink: recording.sink.clone(),
            halted: false,
            hold: recording.hold,
            stats: WorkerStats::default(),
            clock: Clock { on: recording.timed },
            by_language: Vec::new(),
        }
    }

    /// Inlined: called, its frame and the totals copied into the call cost ~20 instructions a file.
    #[inline(always)]
    fn add_to_language(&mut self, language: LangId, totals: Totals) {
        if self.by_language.is_empty() {
            self.start_languages();
        }
        self.by_language[usize::from(language.0)].add(&totals);
    }

    /// The first counted file's: kept apart so that the inlined [`Recorder::add_to_language`] holds
    /// no allocation.
    #[cold]
    #[inline(never)]
    fn start_languages(&mut self) {
        self.by_language = vec![Totals::default(); LangId::all().len()];
    }

    /// The report, with the counted files in its languages.
    fn report(mut self) -> Report {
        for (language, totals) in LangId::all().zip(&self.by_language) {
            if totals.files > 0 {
                self.report.languages.entry(language).or_default().add(totals);
            }
        }
        self.report
    }

    /// Records one file reached from the root with index `root`; `path` is built only when it is
    /// needed (a row kept or streamed, a skip kept, an error).
    pub fn record(&mut self, root: usize, outcome: Outcome, path: impl FnOnce() -> PathBuf) {
        if let Some(tally) = &mut self.tally {
            match &outcome {
                Outcome::Counted(file) => tally.add(file.bytes),
                Outcome::Skipped(_) => tally.add(0),
                Outcome::Failed(_) => {}
            }
        }
        match outcome {
            Outcome::Counted(file) if self.plain && file.embedded.is_empty() => self.add_up(&file),
            outcome => self.record_in_full(root, outcome, path),
        }
    }

    /// A counted file whose row is not kept, in a plain run: its totals and flags, all that the
    /// report keeps of it. The full path's checks, the outcome's move into it and its spills cost
    /// ~17 instructions a file more in the monorepo (`--count none -j 1`), ~25 in tiny files.
    #[inline(always)]
    fn add_up(&mut self, file: &CountedFile) {
        self.add_to_language(
            file.language,
            Totals { files: 1, bytes: file.bytes, counts: file.counts, complexity: file.complexity },
        );
        self.report.flagged.count(file.generated, file.minified);
    }

    /// [`Recorder::record`] past the progress tally, for any file. Kept out of line, so that the
    /// plain path's caller saves no registers for it.
    #[inline(never)]
    fn record_in_full(&mut self, root: usize, outcome: Outcome, path: impl FnOnce() -> PathBuf) {
        let outcome = match outcome {
            Outcome::Counted(counted) if self.hold && counted.digest.is_some() => {
                self.report.held.push(HeldFile { root, path: path(), counted });
                return;
            }
            outcome => outcome,
        };
        if let Outcome::Counted(file) = &outcome {
            self.add_to_language(
                file.language,
                Totals { files: 1, bytes: file.bytes, counts: file.counts, complexity: file.complexity },
            );
        }
        match (&self.sink, &outcome) {
            (Some(sink), Outcome::Counted(counted)) => {
                let file = FileReport { path: path(), counted: counted.clone() };
                self.halted |= (sink.0)(&file).is_break();
                // Streamed, so not kept: a counted file's path is asked for only to keep its row.
                self.report.record_but_languages(root, outcome, false, PathBuf::new);
            }
            _ => self.report.record_but_languages(root, outcome, self.keep_files, path),
        }
    }

    /// Whether the run should stop: the file sink has nowhere to put files any more, so counting on
    /// is wasted work.
    pub fn halted(&self) -> bool {
        self.halted
    }

    /// Something the user should know that is not about one file.
    pub fn warn(&mut self, warning: String) {
        self.report.warnings.push(warning);
    }

    /// The worker's report, to be merged; its last progress is published.
    pub fn into_report(self) -> Report {
        self.report()
    }

    /// This worker's figures, for the lister and the reader to count into.
    pub fn stats(&mut self) -> &mut WorkerStats {
        &mut self.stats
    }

    /// The clock, read only when the run is timed.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// Adds the time since `start` (when timed) to the classifier's time for `language` (`None`:
    /// a file it read no line of).
    pub fn classified(&mut self, language: Option<LangId>, start: Option<Instant>) {
        if let Some(start) = start {
            self.stats.classifier.add(language, start.elapsed());
        }
    }

    /// The worker's report and figures. The reader's time, counted whole, is split here: the
    /// classifier's part becomes `count`, the rest stays `read`.
    pub fn finish(mut self) -> (Report, WorkerStats) {
        let mut stats = std::mem::take(&mut self.stats);
        stats.time.count = stats.classifier.total();
        stats.time.read = stats.time.read.saturating_sub(stats.time.count);
        (self.report(), stats)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::Skip;

    fn counted(code: u64) -> Outcome {
        let language = LangId::from_name("C").expect("C is a language");
        let counts = Counts { lines: code, code, comments: 0, blanks: 0 };
        Outcome::Counted(CountedFile {
            language,
            bytes: 10,
            counts,
            generated: false,
            minified: false,
            embedded: Vec::new(),
            complexity: None,
            uloc: None,
            digest: None,
        })
    }

    #[test]
    fn a_sink_takes_the_counted_rows_and_kept_skips_stay_in_the_report() {
        let seen: Arc<Mutex<Vec<PathBuf>>> = Arc::default();
        let sink = {
            let seen = Arc::clone(&seen);
            FileSink(Arc::new(move |f: &FileReport| {
                seen.lock().unwrap().push(f.path.clone());
                std::ops::ControlFlow::Continue(())
            }))
        };
        let progress = Arc::new(Progress::default());
        let recording = Recording {
            keep_files: true,
            progress: Some(Arc::clone(&progress)),
            sink: Some(sink),
            by_root: None,
            timed: false,
            hold: false,
        };
        let mut out = Recorder::new(&recording);
        out.record(0, counted(3), || "a.c".into());
        out.record(0, Outcome::Skipped(Skip::Binary), || "b.bin".into());
        assert_eq!(progress.files(), 0, "held back until a batch is full");
        let report = out.into_report();
        assert_eq!(*seen.lock().unwrap(), [PathBuf::from("a.c")]);
        assert!(report.files.is_empty(), "streamed, not kept");
        assert_eq!(report.total().counts.code, 3);
        assert_eq!(report.skipped_files.len(), 1);
        assert_eq!((progress.files(), progress.bytes()), (2, 10), "published when the recorder ends");
    }

    #[test]
    fn only_a_timed_recorder_reads_the_clock_and_its_classifier_time_leaves_the_reader_time() {
        let c = LangId::from_name("C").expect("C is a language");
        let mut quiet = Recorder::new(&Recording::default());
        assert!(quiet.clock().start().is_none());
        quiet.classified(Some(c), None);
        assert!(quiet.finish().1.classifier.by_language.is_empty());
        let mut timed = Recorder::new(&Recording { timed: true, ..Recording::default() });
        let start = timed.clock().start();
        assert!(start.is_some());
        std::thread::sleep(std::time::Duration::from_millis(2));
        timed.classified(Some(c), start);
        timed.classified(None, timed.clock().start());
        timed.stats().time.read = std::time::Duration::from_secs(1);
        let (_, stats) = timed.finish();
        let spent = stats.classifier.by_language[&c];
        assert!(spent >= std::time::Duration::from_millis(2));
        assert_eq!(stats.time.count, spent + stats.classifier.other);
        assert_eq!(stats.time.read + stats.time.count, std::time::Duration::from_secs(1));
    }

    /// Totals kept by index, against the report's own file-by-file `record`.
    #[test]
    fn languages_add_up_as_files_recorded_one_by_one() {
        let [c, rust] = ["C", "Rust"].map(|n| LangId::from_name(n).expect("a language"));
        let of = |language, code| match counted(code) {
            Outcome::Counted(file) => Outcome::Counted(CountedFile { language, ..file }),
            other => other,
        };
        let files = [(c, 1), (c, 2), (rust, 4), (c, 8), (rust, 16), (rust, 32), (c, 64)];
        let mut out = Recorder::new(&Recording::default());
        let mut plain = Report::default();
        for (language, code) in files {
            out.record(0, of(language, code), || "x".into());
            plain.record(0, of(language, code), false, || "x".into());
        }
        out.record(0, Outcome::Skipped(Skip::Binary), || "b.bin".into());
        let report = out.into_report();
        assert_eq!(report.languages, plain.languages);
        assert_eq!(report.languages[&c].counts.code, 75);
        assert_eq!(report.languages[&rust].files, 3);
    }

    /// The plain path ([`Recorder::add_up`]) against the report's own `record`, with flags, files
    /// with embedded lines (the full path) and skips among the counted files.
    #[test]
    fn a_plain_recorder_adds_up_flags_and_embedded_lines_as_the_report_does() {
        let [c, html, js] = ["C", "HTML", "JavaScript"].map(|n| LangId::from_name(n).expect("a language"));
        let of = |language, code, flags: u8, embedded: bool| match counted(code) {
            Outcome::Counted(file) => Outcome::Counted(CountedFile {
                language,
                generated: flags & 1 != 0,
                minified: flags & 2 != 0,
                embedded: if embedded { vec![(js, file.counts)] } else { Vec::new() },
                ..file
            }),
            other => other,
        };
        let files =
            [(c, 1, 0, false), (c, 2, 1, false), (html, 4, 2, true), (c, 8, 3, false), (html, 16, 1, false)];
        let mut out = Recorder::new(&Recording::default());
        let mut plain = Report::default();
        for (language, code, flags, embedded) in files {
            out.record(0, of(language, code, flags, embedded), || "x".into());
            plain.record(0, of(language, code, flags, embedded), false, || "x".into());
        }
        out.record(0, Outcome::Skipped(Skip::Generated), || "g.c".into());
        plain.record(0, Outcome::Skipped(Skip::Generated), false, || "g.c".into());
        let report = out.into_report();
        assert_eq!(report.languages, plain.languages);
        assert_eq!(report.embedded, plain.embedded);
        assert_eq!(report.flagged, plain.flagged);
        assert_eq!(report.skipped, plain.skipped);
        assert_eq!((report.flagged.generated, report.flagged.minified), (3, 2));
        assert!(report.files.is_empty() && report.skipped_files.is_empty());
    }

    #[test]
    fn without_a_sink_rows_are_kept_only_when_asked() {
        for keep_files in [false, true] {
            let mut out = Recorder::new(&Recording { keep_files, ..Recording::default() });
            out.record(0, counted(2), || "a.c".into());
            out.warn("a note".into());
            let report = out.into_report();
            assert_eq!(report.files.len(), usize::from(keep_files));
            assert_eq!((report.total().files, report.warnings.len()), (1, 1));
        }
    }
}
