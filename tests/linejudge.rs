//! The linejudge corpus, judged in-process: every case's right answer is derived from ringloc's own
//! declared rules (`.linejudge/dialects/ringloc/*.toml`) and held against what the library counts,
//! counts and regions alike. `linejudge check --counter ringloc` asks the same of the binary.
//!
//! A case that fails must be listed in [`KNOWN_FAILURES`] with what it needs; a listed case that
//! starts to pass fails the test too, so the list cannot go stale.

use std::path::{Path, PathBuf};

use linejudge::adapter::Adapter;
use linejudge::answer::{Answer, Counts as Buckets, RegionCounts};
use linejudge::corpus::{Case, Corpus};
use linejudge::deriver::{derive_answer, explain_every_line};
use linejudge::dialects::{Dialect, Dialects};
use linejudge::per_line::read_per_line;
use linejudge::shipped::create_the_shipped_dir;
use linejudge::verdict::{judge_conformance, Conformance};
use ringloc::count::{count_embedded, explain_with, Counts, Options};
use ringloc::lang::{detect, LangId};
use ringloc::output::json::per_line_json;

/// Cases ringloc gets wrong today, by dialect, each with what it would take. Everything not listed
/// must agree.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// Every dialect ringloc declares, and the options that select it.
const DIALECTS: &[(&str, Options)] = &[
    ("default", Options { docstrings_as_code: false }),
    ("docstrings-as-code", Options { docstrings_as_code: true }),
];

fn linejudge_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(".linejudge")
}

/// linejudge's corpus, written out where it says (the directory, and the corpus read from it), and
/// ringloc's dialects.
fn shipped() -> (PathBuf, Corpus, Dialects) {
    let carried = create_the_shipped_dir().expect("linejudge writes out its corpus");
    let corpus = Corpus::read(&carried.join("cases")).unwrap_or_else(|faults| panic!("{faults:?}"));
    let dialects = Dialects::read(&[linejudge_dir().join("dialects")])
        .unwrap_or_else(|faults| panic!("{}", faults.join("\n")));
    (carried, corpus, dialects)
}

/// The language ringloc would count this file as, the way the reader decides it: binary files
/// and unknown names are not claimed.
fn claim(path: &Path, bytes: &[u8]) -> Option<LangId> {
    if bytes[..bytes.len().min(8000)].contains(&0) {
        return None;
    }
    detect(path.file_name().expect("a file name").as_encoded_bytes(), bytes)
}

/// What the library counts, shaped as linejudge's answer: the file's totals, and one region per
/// embedded language (as the adapter reads `languages[].embedded[]`).
fn counted(case: &Case, options: Options) -> Option<Answer> {
    let bytes = std::fs::read(&case.input_file).expect("read the case's input");
    let id = claim(&case.input_file, &bytes)?;
    let (c, embedded) = count_embedded(id, options, &bytes);
    let mut regions: Vec<RegionCounts> = embedded
        .iter()
        .map(|(lang, c)| {
            let b = buckets(c);
            RegionCounts { language: lang.name().to_string(), lines: b.lines, buckets: b.buckets }
        })
        .collect();
    regions.sort();
    Some(Answer { counts: buckets(&c), regions })
}

fn buckets(c: &Counts) -> Buckets {
    let n = |v: u64| u32::try_from(v).expect("a small file");
    let named = [("code", c.code), ("comments", c.comments), ("blanks", c.blanks)];
    Buckets { lines: n(c.lines), buckets: named.iter().map(|&(k, v)| (k.to_string(), n(v))).collect() }
}

/// The cases that disagree. Over the whole corpus, a rule that no case used fails at once: the
/// dialect would hold a rule nothing checks.
fn failures(cases: &[Case], corpus: &Corpus, rules: &Dialect, options: Options) -> Vec<String> {
    let mut failing = Vec::new();
    let mut fired = vec![false; rules.rules.len()];
    for case in cases {
        let derived = derive_answer(&case.truth, rules, &corpus.readings)
            .unwrap_or_else(|faults| panic!("{}: the rules cannot place a line: {faults:?}", case.name));
        for (ever, now) in fired.iter_mut().zip(&derived.rules_that_fired) {
            *ever |= now;
        }
        let live = counted(case, options);
        match judge_conformance(&derived.real, live.as_ref()) {
            Conformance::Agrees => {}
            verdict => failing
                .push(format!("{} {verdict:?}: wants {:?}, counted {:?}", case.name, derived.real, live)),
        }
    }
    let dead: Vec<&str> =
        rules.rules.iter().zip(&fired).filter(|(_, f)| !**f).map(|(r, _)| r.name.as_str()).collect();
    assert!(
        cases.len() < corpus.cases.len() || dead.is_empty(),
        "{}: rules no case uses: {dead:?}",
        rules.name
    );
    failing
}

#[test]
fn every_case_is_counted_the_way_our_rules_say() {
    let (_, corpus, dialects) = shipped();
    Adapter::read_one(&[linejudge_dir().join("adapters")], "ringloc", &dialects)
        .unwrap_or_else(|message| panic!("the adapter does not read: {message}"));

    let known = |name: &str| KNOWN_FAILURES.iter().any(|(k, _)| *k == name);
    let mut wrong = Vec::new();
    for &(dialect, options) in DIALECTS {
        let rules = dialects.find("ringloc", dialect).unwrap_or_else(|| panic!("no dialect {dialect}"));
        let failing = failures(&corpus.cases, &corpus, rules, options);
        let name_of = |line: &String| line.split(' ').next().unwrap_or_default().to_string();
        for line in &failing {
            if !known(&name_of(line)) {
                wrong.push(format!("{dialect}: {line}"));
            }
        }
        for (name, _) in KNOWN_FAILURES {
            if !failing.iter().any(|line| name_of(line) == *name) {
                wrong.push(format!("{dialect}: {name} passes now: take it off KNOWN_FAILURES"));
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// The cases linejudge sets aside (a `disabled-` directory: each waits for a completeness suite,
/// since the counters it caught lacked a language form, not a rule) are held to our rules too:
/// Lua's long-bracket string, Rust's hashless raw string and D's wysiwyg string ending in a
/// backslash are forms ringloc's tables carry.
#[test]
fn the_cases_linejudge_sets_aside_are_counted_the_way_our_rules_say() {
    let (carried, corpus, dialects) = shipped();
    let groups = std::fs::read_dir(carried.join("cases")).expect("the cases directory");
    let dirs = groups.flat_map(|g| std::fs::read_dir(g.expect("a group").path()).into_iter().flatten());
    let aside: Vec<Case> = dirs
        .map(|d| d.expect("a case directory").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("disabled-")))
        .map(|p| Case::read(&p, &corpus.readings).unwrap_or_else(|faults| panic!("{faults:?}")))
        .collect();
    assert_eq!(aside.len(), corpus.disabled.len(), "every set-aside case is read");
    assert!(!aside.is_empty(), "this linejudge sets no case aside: the test has nothing to hold");
    for &(dialect, options) in DIALECTS {
        let rules = dialects.find("ringloc", dialect).unwrap_or_else(|| panic!("no dialect {dialect}"));
        let failing = failures(&aside, &corpus, rules, options);
        assert!(failing.is_empty(), "{dialect}:\n{}", failing.join("\n"));
    }
}

/// `ringloc explain`'s document, line by line, against the same rules: linejudge reads it (so its
/// shape is the per-line format), and every line's bucket and language must be the ones the rules
/// derive for it. Only the cases that agree in total are held to it, which today is all of them.
#[test]
fn every_line_is_explained_the_way_our_rules_say() {
    let (_, corpus, dialects) = shipped();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for &(dialect, options) in DIALECTS {
        let rules = dialects.find("ringloc", dialect).unwrap_or_else(|| panic!("no dialect {dialect}"));
        let names: Vec<String> = rules.buckets.clone();
        for case in &corpus.cases {
            if KNOWN_FAILURES.iter().any(|(k, _)| *k == case.name) {
                continue;
            }
            let bytes = std::fs::read(&case.input_file).expect("read the case's input");
            let Some(id) = claim(&case.input_file, &bytes) else { continue };
            let lines = explain_with(id, options, &bytes);
            let read = read_per_line(&per_line_json(&lines), &names, case.truth.lines.len())
                .unwrap_or_else(|why| panic!("{}: linejudge refuses the document: {why}", case.name));
            let derived = explain_every_line(&case.truth, rules, &corpus.readings).expect("placeable");
            for ((n, ours), (bucket, theirs)) in
                lines.iter().enumerate().zip(read.buckets_of_lines.iter().zip(&derived))
            {
                checked += 1;
                let language = (ours.language != id).then(|| ours.language.name().to_string());
                if *bucket != theirs.bucket || language != theirs.region {
                    wrong.push(format!(
                        "{dialect} {} line {}: explained {bucket} in {language:?} ({}), the rules say {} in {:?}",
                        case.name,
                        n + 1,
                        ours.reason,
                        theirs.bucket,
                        theirs.region
                    ));
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} lines explained");
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
