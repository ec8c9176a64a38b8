//! ringloc counts lines of code, comments and blanks across very large trees.
pub mod count;
pub mod lang;
