//! What a language's syntax becomes before a byte is read: the classifier's tables, the markers
//! and their openers, the embedded-language tags, the lead-byte filter, and the C family's, markup's and prose's shapes.

pub(crate) mod c_family;
pub(crate) mod classifier;
pub(crate) mod condition;
pub(crate) mod doc_prefix;
pub(crate) mod embed;
pub(crate) mod heredoc_queue;
pub(crate) mod lead;
pub(crate) mod markers;
pub(crate) mod markup;
pub(crate) mod plan;
pub(crate) mod prose;
pub(crate) mod quote_like;
