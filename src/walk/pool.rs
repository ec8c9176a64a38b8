//! Work-stealing across workers: each owns a LIFO deque of jobs (depth-first keeps few directory
//! descriptors open), idle workers steal, and a count of unfinished jobs says when all is done.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};

use crossbeam_deque::{Injector, Stealer, Worker};

use super::select::Selection;
use super::{DirJob, Lister};
use crate::io::{FileJob, Reader};
use crate::report::Report;

/// Files a worker keeps queued for its reader; beyond this, a directory's files are shared out.
const FILE_QUEUE: usize = 64;
/// Files per shareable batch from a large directory.
const FILE_BATCH: usize = 32;

#[derive(Debug)]
pub enum Job {
    Dir(DirJob),
    /// Files of a large directory, stealable so one huge directory still feeds every ring.
    Files(Vec<FileJob>),
}

struct Shared<'a> {
    injector: &'a Injector<Job>,
    stealers: &'a [Stealer<Job>],
    /// Jobs pushed and not yet taken apart. Zero means no job exists and none can appear.
    pending: &'a AtomicUsize,
    keep_files: bool,
    selection: &'a Selection,
}

impl Shared<'_> {
    fn find(&self, local: &Worker<Job>) -> Option<Job> {
        local.pop().or_else(|| {
            std::iter::repeat_with(|| {
                self.injector
                    .steal_batch_and_pop(local)
                    .or_else(|| self.stealers.iter().map(|s| s.steal()).collect())
            })
            .find(|s| !s.is_retry())
            .and_then(|s| s.success())
        })
    }

    fn push(&self, local: &Worker<Job>, job: Job) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        local.push(job);
    }
}

/// Runs `threads` workers over `jobs` and returns their reports, not yet merged. Each worker makes
/// its reader on its own thread: a SINGLE_ISSUER ring belongs to the thread that created it.
pub fn run_pool<R, F>(
    jobs: Vec<Job>,
    threads: usize,
    make_reader: F,
    selection: &Selection,
    keep_files: bool,
) -> Vec<Report>
where
    R: Reader,
    F: Fn(&mut Report) -> R + Sync,
{
    let injector = Injector::new();
    let pending = AtomicUsize::new(jobs.len());
    jobs.into_iter().for_each(|j| injector.push(j));
    let locals: Vec<Worker<Job>> = (0..threads.max(1)).map(|_| Worker::new_lifo()).collect();
    let stealers: Vec<Stealer<Job>> = locals.iter().map(Worker::stealer).collect();
    let shared =
        Shared { injector: &injector, stealers: &stealers, pending: &pending, keep_files, selection };
    std::thread::scope(|scope| {
        let handles: Vec<_> = locals
            .into_iter()
            .map(|local| {
                let (shared, make_reader) = (&shared, &make_reader);
                scope.spawn(move || {
                    let mut report = Report::default();
                    let reader = make_reader(&mut report);
                    work(shared, local, reader, report)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker panicked")).collect()
    })
}

fn work<R: Reader>(shared: &Shared<'_>, local: Worker<Job>, mut reader: R, mut report: Report) -> Report {
    let mut lister = Lister::default();
    let mut files: VecDeque<FileJob> = VecDeque::new();
    loop {
        while files.len() < FILE_QUEUE {
            let Some(job) = shared.find(&local) else { break };
            take_apart(shared, &local, &mut lister, job, &mut files, &mut report);
            shared.pending.fetch_sub(1, Ordering::SeqCst);
        }
        if files.is_empty() && reader.is_idle() {
            if shared.pending.load(Ordering::SeqCst) == 0 {
                return report;
            }
            std::thread::yield_now();
            continue;
        }
        reader.pump(&mut files, &mut report, shared.keep_files);
    }
}

fn take_apart(
    shared: &Shared<'_>,
    local: &Worker<Job>,
    lister: &mut Lister,
    job: Job,
    files: &mut VecDeque<FileJob>,
    report: &mut Report,
) {
    let mut found = match job {
        Job::Files(batch) => return files.extend(batch),
        Job::Dir(dir) => lister.list(dir, shared.selection, report, shared.keep_files),
    };
    for dir in found.dirs.drain(..).rev() {
        shared.push(local, Job::Dir(dir));
    }
    let room = FILE_QUEUE.saturating_sub(files.len()).max(FILE_BATCH);
    while found.files.len() > room {
        let batch = found.files.split_off(found.files.len().saturating_sub(FILE_BATCH).max(room));
        shared.push(local, Job::Files(batch));
    }
    files.extend(found.files);
}
