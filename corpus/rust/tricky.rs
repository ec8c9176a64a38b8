// ringloc-expect: lines=22 code=11 comments=7 blanks=4
//! Traps: nested /* /* */ */ comments, a raw string r#"..."# holding quotes and comment
//! markers, lifetimes that must not open strings, a multi-line string with a blank line,
//! and a string that ends in an escaped backslash.

/// Doc comments are comments.
pub fn longest<'a>(x: &'a str, y: &'a str) -> &'a str {
    if x.len() > y.len() { x } else { y }
}

/* outer /* inner */ still the outer comment

   */ pub const AFTER: u8 = 1;
pub const RAW: &str = r#"a "quoted" // word /* and */"#;
pub const MULTI: &str = "first line
    // inside a string

    last line";
pub const BACKSLASH: &str = "C:\\"; // a real comment
/**/ pub const TINY: u8 = 2;
/* /* */ */
pub fn main() { let _ = (longest("a", "b"), AFTER, RAW, MULTI, BACKSLASH, TINY); }
