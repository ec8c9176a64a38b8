//! Opens that leave access times alone. On a relatime mount the first read of a fresh checkout
//! (atime no later than mtime) updates every file's atime: a count would dirty every inode it
//! opens, for the disk to write back later (warm kernel tree with stale atimes: 0.38-0.43 s
//! against 0.35-0.36 s). The kernel grants O_NOATIME only on files the caller owns, or with
//! CAP_FOWNER, and refuses it with EPERM elsewhere.

use rustix::fs::OFlags;
use rustix::io::Errno;

/// Whether this worker's opens still ask for O_NOATIME: one refusal turns it off for the rest of
/// the run, so a tree owned by someone else costs one extra open per worker, not one per file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NoAtime {
    on: bool,
}

impl Default for NoAtime {
    fn default() -> Self {
        NoAtime { on: true }
    }
}

impl NoAtime {
    pub(crate) fn flags(self) -> OFlags {
        if self.on {
            OFlags::NOATIME
        } else {
            OFlags::empty()
        }
    }

    /// Whether an open that asked for O_NOATIME (`asked`) and failed with `errno` is to be made
    /// again without it; if so, no later open asks.
    pub(crate) fn refused(&mut self, asked: bool, errno: Errno) -> bool {
        let refused = asked && errno == Errno::PERM;
        self.on &= !refused;
        refused
    }

    /// Opens with `open`, given the flag to add, once more without O_NOATIME if it was refused.
    pub(crate) fn open<T>(
        &mut self,
        mut open: impl FnMut(OFlags) -> rustix::io::Result<T>,
    ) -> rustix::io::Result<T> {
        let asked = self.flags();
        match open(asked) {
            Err(e) if self.refused(!asked.is_empty(), e) => open(self.flags()),
            opened => opened,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_refused_noatime_open_is_retried_and_it_stays_off() {
        let mut n = NoAtime::default();
        assert_eq!(n.flags(), OFlags::NOATIME);
        assert!(!n.refused(true, Errno::ACCESS), "another error is the file's own");
        assert!(!n.refused(false, Errno::PERM), "an open without the flag has nothing to drop");
        assert_eq!(n.flags(), OFlags::NOATIME);
        assert!(n.refused(true, Errno::PERM));
        assert_eq!(n.flags(), OFlags::empty());
        assert!(n.refused(true, Errno::PERM), "an open already in flight with the flag is retried too");
    }

    #[test]
    fn an_open_refused_for_the_flag_is_made_once_more_without_it() {
        let mut n = NoAtime::default();
        let asked = std::cell::RefCell::new(Vec::new());
        let open = |flags: OFlags| {
            asked.borrow_mut().push(flags);
            if flags.contains(OFlags::NOATIME) {
                Err(Errno::PERM)
            } else {
                Ok(())
            }
        };
        assert_eq!(n.open(open), Ok(()));
        assert_eq!(n.open(open), Ok(()));
        assert_eq!(*asked.borrow(), [OFlags::NOATIME, OFlags::empty(), OFlags::empty()]);
        assert_eq!(NoAtime::default().open(|_| Err::<(), _>(Errno::ACCESS)), Err(Errno::ACCESS));
    }
}
