//! Heredocs opened on one line after the first (Perl's `print <<"A" . <<"B";`, Ruby's
//! `"#{<<-A}\n#{<<-B}"`): their bodies follow the first one's, one after the other in the order
//! they were opened, as Perl and Ruby read them. The first waits as the line's [`Pending`] body;
//! the others wait here. Shared by the fast machine and its twin like `markers.rs`.

use super::markers::{Pending, Tag};

/// How many heredocs may wait behind the first one of a line. A further opener on that line is
/// read as code, so its body is read as the code after the last body: the oracle's trees have no
/// line with more than two.
const LATER: usize = 3;

/// The heredocs waiting behind the pending one, oldest first: each one's word and whether its
/// closing word may be indented. Boxed, and only while one waits: a counter is made and moved for
/// every file, and lines opening two heredocs are rare.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct HeredocQueue(Option<Box<Waiting>>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Waiting {
    words: [(Tag, bool); LATER],
    len: usize,
}

impl HeredocQueue {
    /// Whether a heredoc opener may be read while `pending` waits for its line to end: nothing
    /// waits, or heredocs do and one more fits behind them (a block scalar takes no heredoc).
    pub(crate) fn takes(&self, pending: &Option<Pending>) -> bool {
        match pending {
            None => true,
            Some(Pending::Heredoc(..)) => self.0.as_ref().map_or(true, |w| w.len < LATER),
            Some(Pending::Scalar(_)) => false,
        }
    }

    /// A heredoc opened: its body pends if none does, else it waits behind those that do. Only
    /// after [`HeredocQueue::takes`] said yes.
    pub(crate) fn add(&mut self, pending: &mut Option<Pending>, word: Tag, indent: bool) {
        if pending.is_none() {
            *pending = Some(Pending::Heredoc(word, indent));
            return;
        }
        let waiting =
            self.0.get_or_insert_with(|| Box::new(Waiting { words: [(Tag::EMPTY, false); LATER], len: 0 }));
        waiting.words[waiting.len] = (word, indent);
        waiting.len += 1;
    }

    /// A heredoc's body has ended: the next waiting one (the oldest) pends, to start on the line
    /// after the closing word's.
    pub(crate) fn next(&mut self) -> Option<Pending> {
        let waiting = self.0.as_mut()?;
        let (word, indent) = waiting.words[0];
        waiting.words.copy_within(1.., 0);
        waiting.len -= 1;
        if waiting.len == 0 {
            self.0 = None;
        }
        Some(Pending::Heredoc(word, indent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::syntax::markers::block_scalar_opens;

    #[test]
    fn bodies_follow_in_the_order_opened_up_to_the_queue_size() {
        let (mut q, mut pending) = (HeredocQueue::default(), None);
        let word = |w: &[u8]| Some(Pending::Heredoc(Tag::new(w), false));
        for w in [&b"A"[..], b"B", b"C", b"D"] {
            assert!(q.takes(&pending));
            q.add(&mut pending, Tag::new(w), false);
        }
        assert!(!q.takes(&pending), "a fifth heredoc on the line is code");
        assert_eq!(pending, word(b"A"));
        assert_eq!((q.next(), q.next(), q.next(), q.next()), (word(b"B"), word(b"C"), word(b"D"), None));
        let scalar = block_scalar_opens(b"|\n", b' ', Some(b':'), || 0).map(Pending::Scalar);
        assert!(q.takes(&None) && !q.takes(&scalar), "a block scalar takes no heredoc");
    }
}
