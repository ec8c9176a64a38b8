//! The vector lanes, knowing no language: 64-byte masks of newlines, blanks and chosen bytes, 16
//! bytes at a time anywhere, 32 with AVX2 and 64 with AVX-512, and the scan for stop bytes.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
pub(crate) mod bits;
pub(crate) mod dispatch;
pub(crate) mod masks;
pub(crate) mod scan;
