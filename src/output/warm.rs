//! A report's files read ahead of the rows that write them. The rows list files in an order that
//! is not theirs in memory: a count's files are recorded as the threads finish them and listed by
//! path, cloc's by code. Each row's file, then its path, is a cache miss, the second waiting on the
//! first, before anything of the row is written: three quarters of cloc's writing in perf, and
//! half a count's tokei rows. [`warm`] reads them a group of rows ahead with loads that wait on
//! none of each other, so that their misses overlap.

use std::os::unix::ffi::OsStrExt;

use crate::report::FileReport;

/// Rows whose memory [`warm`] reads at once.
const GROUP: usize = 8;

/// At the first row of each group of [`GROUP`], reads the files of the group after next and the
/// paths of the next group (whose files the group before read); `file` finds a row's file. What
/// is read is thrown away: a row writes the same with or without it.
pub fn warm<T>(rows: &[T], i: usize, file: impl Fn(&T) -> &FileReport) {
    if i % GROUP != 0 {
        return;
    }
    let group = |from: usize| rows.get(from..).unwrap_or_default().iter().take(GROUP).map(&file);
    let mut read = 0;
    for f in group(i + 2 * GROUP) {
        read ^= f.counted.counts.code ^ f.path.as_os_str().len() as u64;
    }
    for f in group(i + GROUP) {
        let path = f.path.as_os_str().as_bytes();
        read ^= u64::from(path.first().copied().unwrap_or(0) ^ path.last().copied().unwrap_or(0));
    }
    std::hint::black_box(read);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::CountedFile;

    #[test]
    fn every_row_of_any_list_may_warm_without_reading_past_its_end() {
        let files: Vec<FileReport> = (0..40)
            .map(|i| FileReport {
                path: if i % 5 == 0 { "".into() } else { format!("d/f{i}.c").into() },
                counted: CountedFile {
                    language: crate::lang::LangId::from_name("C").unwrap(),
                    bytes: i,
                    counts: Default::default(),
                    generated: false,
                    minified: false,
                    embedded: Default::default(),
                    complexity: None,
                    uloc: None,
                    digest: None,
                },
            })
            .collect();
        let refs: Vec<&FileReport> = files.iter().collect();
        for len in [0, 1, GROUP - 1, GROUP, GROUP + 1, 2 * GROUP + 3, refs.len()] {
            (0..len).for_each(|i| warm(&refs[..len], i, |&f| f));
        }
    }
}
