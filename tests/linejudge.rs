//! The linejudge corpus, judged in-process: every case's right answer is derived from ringloc's own
//! declared rules (`.linejudge/dialects/ringloc/*.toml`) and held against what the library counts,
//! counts and regions alike. `linejudge check --counter ringloc` asks the same of the binary.
//!
//! A case that fails must be listed in [`KNOWN_FAILURES`] with what it needs; a listed case that
//! starts to pass fails the test too, so the list cannot go stale.

use std::path::{Path, PathBuf};

use linejudge::adapter::Adapter;
use linejudge::answer::{Answer, Counts as Buckets};
use linejudge::corpus::{Case, Corpus};
use linejudge::deriver::derive_answer;
use linejudge::dialects::{Dialect, Dialects};
use linejudge::shipped::create_the_shipped_dir;
use linejudge::verdict::{judge_conformance, Conformance};
use ringloc::count::{count_with, Options};
use ringloc::lang::{detect_by_name, detect_by_shebang, LangId, NameMatch};

/// Cases ringloc gets wrong today, by dialect, each with what it would take. Everything not listed
/// must agree.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    // MATLAB is not in the table (`.m` is Objective-C's), and its %{ %} count only alone on a line.
    ("1280-matlab_block_markers_sharing_their_line", "MATLAB, told apart from Objective-C"),
    // The rest are pages holding other languages: ringloc counts a file as one language and
    // reports no regions, so these fail on the regions even where the counts agree.
    ("6030-opening_tag_split_over_two_lines", "embedded-language regions"),
    ("6040-script_tag_in_upper_case", "embedded-language regions"),
    ("6050-script_closer_written_with_a_space", "embedded-language regions"),
    ("6080-block_named_by_a_mime_type", "embedded-language regions"),
    ("6110-php_block_holding_html_around_it", "embedded-language regions"),
    ("6120-script_inside_html_inside_php", "embedded-language regions"),
    // Vue is not in the table (unclaimed), and its blocks are regions of their own.
    ("6090-vue_blocks_count_as_their_own_languages", "Vue, and regions"),
    ("6100-block_language_named_by_the_tag", "Vue, and regions"),
    ("6105-block_language_named_on_a_middle_line_of_the_tag", "Vue, and regions"),
];

/// Every dialect ringloc declares, and the options that select it.
const DIALECTS: &[(&str, Options)] = &[
    ("default", Options { docstrings_as_code: false }),
    ("docstrings-as-code", Options { docstrings_as_code: true }),
];

fn linejudge_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(".linejudge")
}

/// The language ringloc would count this file as, the way the reader decides it: binary files
/// and unknown names are not claimed.
fn claim(path: &Path, bytes: &[u8]) -> Option<LangId> {
    if bytes[..bytes.len().min(8000)].contains(&0) {
        return None;
    }
    let name = path.file_name().expect("a file name").as_encoded_bytes();
    match detect_by_name(name) {
        NameMatch::Known(id) => Some(id),
        NameMatch::NeedsShebang => detect_by_shebang(bytes),
        NameMatch::Unknown => None,
    }
}

fn counted(case: &Case, options: Options) -> Option<Answer> {
    let bytes = std::fs::read(&case.input_file).expect("read the case's input");
    let id = claim(&case.input_file, &bytes)?;
    let c = count_with(id, options, &bytes);
    let n = |v: u64| u32::try_from(v).expect("a small file");
    let buckets = [("code", c.code), ("comments", c.comments), ("blanks", c.blanks)];
    Some(Answer {
        counts: Buckets {
            lines: n(c.lines),
            buckets: buckets.iter().map(|&(k, v)| (k.to_string(), n(v))).collect(),
        },
        regions: Vec::new(),
    })
}

fn failures(corpus: &Corpus, rules: &Dialect, options: Options) -> Vec<String> {
    let mut failing = Vec::new();
    let mut fired = vec![false; rules.rules.len()];
    for case in &corpus.cases {
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
    assert!(dead.is_empty(), "{}: rules no case uses: {dead:?}", rules.name);
    failing
}

#[test]
fn every_case_is_counted_the_way_our_rules_say() {
    let carried = create_the_shipped_dir().expect("linejudge writes out its corpus");
    let corpus = Corpus::read(&carried.join("cases")).unwrap_or_else(|faults| panic!("{faults:?}"));
    let dialects = Dialects::read(&[linejudge_dir().join("dialects")])
        .unwrap_or_else(|faults| panic!("{}", faults.join("\n")));
    Adapter::read_one(&[linejudge_dir().join("adapters")], "ringloc", &dialects)
        .unwrap_or_else(|message| panic!("the adapter does not read: {message}"));

    let known = |name: &str| KNOWN_FAILURES.iter().any(|(k, _)| *k == name);
    let mut wrong = Vec::new();
    for &(dialect, options) in DIALECTS {
        let rules = dialects.find("ringloc", dialect).unwrap_or_else(|| panic!("no dialect {dialect}"));
        let failing = failures(&corpus, rules, options);
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
