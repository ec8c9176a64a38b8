//! Work-stealing across workers: each owns a LIFO deque of jobs (depth-first keeps few directory
//! descriptors open), idle workers steal, and a count of unfinished jobs says when all is done, or,
//! with `--follow`, when the next wave of followed links begins.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use crossbeam_deque::{Injector, Stealer, Worker};

use super::queued_dirs::QueuedDirs;
use crate::fs::FileJob;
use crate::io::{fd_limit, Reader, FD_WAITS};
use crate::report::{Recorder, Recording, Report};
use crate::stats::{Clock, Syscall, WorkerStats};
use crate::walk::select::Selection;
use crate::walk::{DirJob, Follow, Linked, ListContext, Listed, Lister, Listing, Wave};

/// Files a worker keeps queued for its reader; beyond this, a directory's files are shared out.
const FILE_QUEUE: usize = 256;
/// Most directories whose files a worker keeps queued: each holds a descriptor open until its files
/// are read, so this bounds descriptors per worker where directories hold one file each.
const DIR_QUEUE: usize = 8;

/// Directories a worker may keep queued under the process's descriptor limit: a quarter of the
/// limit is shared out, the rest is left for listings, reads, rings and the caller.
fn dir_queue(workers: usize) -> usize {
    let share = usize::try_from(fd_limit() / 4).unwrap_or(usize::MAX) / workers.max(1);
    share.clamp(1, DIR_QUEUE)
}
/// Descriptors per worker from which queued subdirectories hold their parent open (cheaper to
/// open, and any depth): below it (`ulimit -n 16`), a deep tree's queue held one per level and
/// files met EMFILE, so subdirectories are opened by path.
const HOLD_PARENTS: u64 = 64;

/// Most other workers an idle one tries per look for a job: with every worker looking at every
/// other, `-j 30000` cost grew with the square of the workers (36 s on 6 files); past this many,
/// each look tries a different window of them.
const STEAL_VICTIMS: usize = 8;

/// Files per shareable batch from a large directory.
const FILE_BATCH: usize = 32;

#[derive(Debug)]
pub enum Job {
    Dir(DirJob),
    /// Files of a large directory, stealable so one huge directory still feeds every ring.
    Files(Vec<FileJob>),
    /// Files that followed links lead to (`--follow`), each opened when taken.
    Linked(Vec<Linked>),
}

impl Job {
    /// The jobs of a wave of followed links: its directories, and its files in batches.
    pub fn wave(wave: Wave) -> Vec<Job> {
        let mut files = wave.files.into_iter().peekable();
        let batches = std::iter::from_fn(|| {
            files.peek()?;
            Some(Job::Linked(files.by_ref().take(FILE_BATCH).collect()))
        });
        wave.dirs.into_iter().map(Job::Dir).chain(batches).collect()
    }
}

/// Spare workers are started once a reader first waits for the disk (then more workers keep more
/// directory listings and reads going at once); the calling thread waits for that, or for the run
/// to end without it. Until then they are not threads at all: 60 sleeping ones cost a small tree
/// 3 ms of wall time to spawn.
#[derive(Default)]
struct Spares {
    state: Mutex<Wake>,
    woken: Condvar,
    /// Set once the spares were told to start: later disk waits cost one load.
    started: AtomicBool,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum Wake {
    #[default]
    Asleep,
    Work,
    Done,
}

impl Spares {
    fn tell(&self, wake: Wake) {
        let mut state = self.state.lock().expect("spares lock");
        if *state == Wake::Asleep {
            *state = wake;
            self.woken.notify_all();
        }
    }

    fn start(&self) {
        if !self.started.load(Ordering::Relaxed) && !self.started.swap(true, Ordering::Relaxed) {
            self.tell(Wake::Work);
        }
    }

    /// Waits to be told; true when the spares are wanted.
    fn wait(&self) -> bool {
        let state = self.state.lock().expect("spares lock");
        let state = self.woken.wait_while(state, |s| *s == Wake::Asleep).expect("spares lock");
        *state == Wake::Work
    }
}

/// A worker that ends, done or panicking, ends the wait for the disk: once no job is left the
/// spares are not wanted, and a panic must reach the caller, not leave it waiting.
struct RunEnds<'a>(&'a Spares);

impl Drop for RunEnds<'_> {
    fn drop(&mut self) {
        self.0.tell(Wake::Done);
    }
}

struct Shared<'a> {
    injector: &'a Injector<Job>,
    stealers: &'a [Stealer<Job>],
    /// Jobs pushed and not yet taken apart. Zero means no job exists and none can appear.
    pending: &'a AtomicUsize,
    selection: &'a Selection,
    follow: Option<&'a Follow>,
    listed: Option<&'a Listed>,
    dir_queue: usize,
    /// See [`ListContext::hold_parents`].
    hold_parents: bool,
    /// Where the next look for a job to steal starts, when there are more than [`STEAL_VICTIMS`].
    victim: AtomicUsize,
    spares: &'a Spares,
    /// Held to begin a wave of followed links ([`Shared::next_wave`]): one worker at a time.
    wave: Mutex<()>,
}

impl Shared<'_> {
    /// A job from this worker's deque, the injector, or at most [`STEAL_VICTIMS`] other workers.
    fn find(&self, local: &Worker<Job>) -> Option<Job> {
        local.pop().or_else(|| {
            let n = self.stealers.len();
            let start =
                if n > STEAL_VICTIMS { self.victim.fetch_add(STEAL_VICTIMS, Ordering::Relaxed) } else { 0 };
            let window = || self.stealers.iter().cycle().skip(start % n).take(n.min(STEAL_VICTIMS));
            std::iter::repeat_with(|| {
                self.injector.steal_batch_and_pop(local).or_else(|| window().map(|s| s.steal()).collect())
            })
            .find(|s| !s.is_retry())
            .and_then(|s| s.success())
        })
    }

    fn push(&self, local: &Worker<Job>, job: Job) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        local.push(job);
    }

    /// Once no job is left, with `--follow`: the links to targets outside the roots that the last
    /// wave's listings found (all of them, since none is left) are claimed, and what they lead to
    /// goes to the injector. False when there is none: the run is done. A worker that finds jobs
    /// pushed meanwhile goes on. Reads of the last wave's files may still be in flight.
    fn next_wave(&self) -> bool {
        let Some(follow) = self.follow else { return false };
        let _turn = self.wave.lock().unwrap_or_else(|e| e.into_inner());
        if self.pending.load(Ordering::SeqCst) != 0 {
            return true;
        }
        let jobs = Job::wave(follow.next_wave());
        self.pending.fetch_add(jobs.len(), Ordering::SeqCst);
        let any = !jobs.is_empty();
        jobs.into_iter().for_each(|job| self.injector.push(job));
        any
    }
}

/// Runs `threads` workers over `jobs`, and `spares` more once a reader first waits for the disk,
/// and returns their reports, not yet merged, with their figures. Each worker records as `recording`
/// asks and makes its reader on its own thread: a SINGLE_ISSUER ring belongs to the thread that
/// created it.
pub fn run_pool<R, F>(
    jobs: Vec<Job>,
    (threads, spares): (usize, usize),
    make_reader: F,
    recording: &Recording,
    selection: &Selection,
    (follow, listed): (Option<&Follow>, Option<&Listed>),
) -> Vec<(Report, WorkerStats)>
where
    R: Reader,
    F: Fn(&mut Recorder) -> R + Sync,
{
    let injector = Injector::new();
    let pending = AtomicUsize::new(jobs.len());
    jobs.into_iter().for_each(|j| injector.push(j));
    let threads = threads.max(1);
    let locals: Vec<Worker<Job>> = (0..threads + spares).map(|_| Worker::new_lifo()).collect();
    let stealers: Vec<Stealer<Job>> = locals.iter().map(Worker::stealer).collect();
    let dir_queue = dir_queue(locals.len());
    let sleeping = Spares::default();
    let shared = Shared {
        injector: &injector,
        stealers: &stealers,
        pending: &pending,
        selection,
        follow,
        listed,
        dir_queue,
        hold_parents: fd_limit() >= HOLD_PARENTS * locals.len() as u64,
        victim: AtomicUsize::new(0),
        spares: &sleeping,
        wave: Mutex::new(()),
    };
    let shared = &shared;
    let run = |local: Worker<Job>| {
        let mut recorder = Recorder::new(recording);
        let started = recorder.clock().thread_start();
        let reader = make_reader(&mut recorder);
        let mut out = work(shared, local, reader, recorder);
        if started.add_to(&mut out.stats().time) {
            out.stats().calls.add_n(Syscall::ClockGettime, 2);
        }
        out.finish()
    };
    let run = &run;
    std::thread::scope(|scope| {
        let start = |local: Worker<Job>| {
            std::thread::Builder::new().spawn_scoped(scope, move || {
                let _ends = RunEnds(shared.spares);
                run(local)
            })
        };
        // A worker the system has no thread for (a pids limit) is a worker less: its deque stays
        // empty, and the others take the work. With none at all, this thread counts alone.
        let mut locals = locals.into_iter();
        let mut handles: Vec<_> = locals.by_ref().take(threads).map_while(|l| start(l).ok()).collect();
        if handles.is_empty() {
            return vec![run(Worker::new_lifo())];
        }
        if spares > 0 && shared.spares.wait() {
            handles.extend(locals.map_while(|l| start(l).ok()));
        }
        handles.into_iter().map(|h| h.join().expect("worker panicked")).collect()
    })
}

fn work<R: Reader>(shared: &Shared<'_>, local: Worker<Job>, mut reader: R, mut out: Recorder) -> Recorder {
    let mut lister = Lister::default();
    // Its `files` are this worker's queue of files to read, which listings add to.
    let mut listing = Listing::default();
    let mut dirs = QueuedDirs::default();
    // Out of descriptors, a directory goes back on the deque until this worker's queued files (each
    // holding its directory open) are read; waits are counted over the whole run so that a limit
    // too low to work under ends in reported errors, not in a crawl.
    let mut deferred = false;
    let mut fd_waits = 0;
    let clock = out.clock();
    loop {
        if out.halted() {
            drained(&mut listing.files, &mut reader, &mut out);
            return finished(&lister, reader, out);
        }
        let holding = !(listing.files.is_empty() && reader.is_idle());
        deferred &= holding;
        while listing.files.len() < FILE_QUEUE && !deferred && dirs.count() < shared.dir_queue {
            let Some(job) = shared.find(&local) else { break };
            let holding = !(listing.files.is_empty() && reader.is_idle());
            let defer = holding || fd_waits < FD_WAITS;
            let started = clock.start();
            let queued = listing.files.len();
            let taken = take_apart(shared, &local, (&mut lister, &mut listing), job, &mut out, defer);
            dirs.added(&listing.files, queued);
            Clock::add(started, &mut out.stats().time.walk);
            if let Err(job) = taken {
                deferred = true;
                shared.push(&local, job);
                if !holding {
                    fd_waits += 1;
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            }
            shared.pending.fetch_sub(1, Ordering::SeqCst);
        }
        if listing.files.is_empty() && reader.is_idle() {
            if shared.pending.load(Ordering::SeqCst) == 0 && !shared.next_wave() {
                return finished(&lister, reader, out);
            }
            std::thread::yield_now();
            continue;
        }
        let started = clock.start();
        let queued = listing.files.len();
        reader.pump(&mut listing.files, &mut out);
        dirs.taken(queued - listing.files.len());
        Clock::add(started, &mut out.stats().time.read);
        if reader.waits_for_disk() {
            shared.spares.start();
        }
    }
}

/// Stops a worker whose files have nowhere to go: its queue is dropped, and what is in flight is
/// finished (the kernel still writes into the buffers of reads in flight).
fn drained<R: Reader>(files: &mut VecDeque<FileJob>, reader: &mut R, out: &mut Recorder) {
    files.clear();
    while !reader.is_idle() {
        reader.pump(files, out);
    }
}

/// A worker is done: its reader and its lister hand their figures to its recorder.
fn finished<R: Reader>(lister: &Lister, mut reader: R, mut out: Recorder) -> Recorder {
    reader.finish(&mut out);
    out.stats().calls.merge(&lister.calls);
    out
}

/// Lists a directory job or unpacks a file batch onto the worker's queue, `listing.files`; a
/// directory's files beyond the queue's room go back out as batches, from the back. `Err` gives a
/// directory back when the process is out of descriptors and `defer` allows trying again later.
fn take_apart(
    shared: &Shared<'_>,
    local: &Worker<Job>,
    (lister, listing): (&mut Lister, &mut Listing),
    job: Job,
    out: &mut Recorder,
    defer: bool,
) -> Result<(), Job> {
    let dir = match job {
        Job::Files(batch) => {
            listing.files.extend(batch);
            return Ok(());
        }
        Job::Linked(batch) => {
            listing.files.extend(batch.into_iter().filter_map(|file| file.job(out)));
            return Ok(());
        }
        Job::Dir(dir) => dir,
    };
    let ctx = ListContext {
        selection: shared.selection,
        follow: shared.follow,
        listed: shared.listed,
        defer,
        hold_parents: shared.hold_parents,
    };
    let queued = listing.files.len();
    lister.list(dir, &ctx, out, listing).map_err(Job::Dir)?;
    for dir in listing.dirs.drain(..).rev() {
        shared.push(local, Job::Dir(dir));
    }
    let room = queued + FILE_QUEUE.saturating_sub(queued).max(FILE_BATCH);
    while listing.files.len() > room {
        let batch = listing.files.drain(listing.files.len().saturating_sub(FILE_BATCH).max(room)..);
        shared.push(local, Job::Files(batch.collect()));
    }
    Ok(())
}

#[cfg(test)]
#[path = "pool_tests.rs"]
mod tests;
