//! `ringloc history` output: a row per sampled commit and language (CSV), or one document with a
//! commit per entry (JSON), oldest commit first.

use std::io::{self, Write};

use serde::Serialize;

use super::json::doc::{TotalsDoc, SCHEMA_VERSION};
use crate::git::Sample;
use crate::report::Totals;

const HEADER: &str = "commit,date,language,files,lines,code,comments,blanks,bytes";

/// `seconds` since the epoch as an ISO 8601 UTC date and time (`2024-05-01T12:00:00Z`).
pub fn utc(seconds: i64) -> String {
    let [year, month, day, h, m, s] = super::civil_time::civil(seconds);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}Z")
}

/// Rows of every language of each commit, then its total (language `Total`).
pub fn write_csv(samples: &[Sample], out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{HEADER}")?;
    let row = |out: &mut dyn Write, s: &Sample, name: &str, t: &Totals| {
        let c = t.counts;
        let date = utc(s.time);
        writeln!(
            out,
            "{},{date},{name},{},{},{},{},{},{}",
            s.commit, t.files, c.lines, c.code, c.comments, c.blanks, t.bytes
        )
    };
    for s in samples {
        for (lang, t) in &s.report.languages {
            row(out, s, lang.name(), t)?;
        }
        row(out, s, "Total", &s.report.total())?;
    }
    Ok(())
}

#[derive(Serialize)]
struct HistoryDoc {
    schema_version: u32,
    kind: &'static str,
    commits: Vec<CommitDoc>,
    /// Distinct blobs this run counted for all the commits together (not those a cache file kept).
    blobs_counted: u64,
}

#[derive(Serialize)]
struct CommitDoc {
    commit: String,
    time: i64,
    date: String,
    total: TotalsDoc,
    languages: Vec<LanguageTotalsDoc>,
}

#[derive(Serialize)]
struct LanguageTotalsDoc {
    name: &'static str,
    #[serde(flatten)]
    totals: TotalsDoc,
}

/// One document: `{"schema_version":1,"kind":"history","commits":[...],"blobs_counted":N}`.
pub fn write_json(samples: &[Sample], blobs_counted: u64, out: &mut dyn Write) -> io::Result<()> {
    let commits = samples
        .iter()
        .map(|s| CommitDoc {
            commit: s.commit.to_string(),
            time: s.time,
            date: utc(s.time),
            total: (&s.report.total()).into(),
            languages: s
                .report
                .languages
                .iter()
                .map(|(l, t)| LanguageTotalsDoc { name: l.name(), totals: t.into() })
                .collect(),
        })
        .collect();
    let doc = HistoryDoc { schema_version: SCHEMA_VERSION, kind: "history", commits, blobs_counted };
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::from)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::utc;

    #[test]
    fn dates_are_utc_civil_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(utc(-1), "1969-12-31T23:59:59Z");
    }
}
