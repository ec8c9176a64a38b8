//! Output flags through the real binary: every format, the row options, colour rules, and
//! subcommand names that are also directory names.

mod common;

use common::{ringloc, stdout_ok, Tree};
use serde_json::Value;

fn tree() -> Tree {
    let tree = Tree::new();
    tree.write("src/main.c", "int main(void) {\n  /* hi */\n\n  return 0;\n}\n");
    tree.write("src/util/a.rs", "// a\nfn a() {}\n");
    tree.write("src/util/b.rs", "fn b() {}\n");
    tree.write("top.py", "x = 1\n");
    tree
}

#[test]
fn every_format_prints_and_agrees_on_the_total() {
    let tree = tree();
    assert!(stdout_ok(&["--format", "table"], &tree).lines().any(|l| l.trim_start().starts_with("Total")));
    let json: Value = serde_json::from_str(&stdout_ok(&["--format", "json"], &tree)).unwrap();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["total"]["code"], 6);
    let csv = stdout_ok(&["--format", "csv"], &tree);
    assert!(csv.lines().any(|l| l == "total,Total,,4,9,6,2,1,74"), "{csv}");
    let md = stdout_ok(&["--format", "markdown"], &tree);
    assert!(md.contains("| **Total** | **4** | **9** | **6** | **2** | **1** |"), "{md}");
    let nd = stdout_ok(&["--format", "ndjson"], &tree);
    let records: Vec<Value> = nd.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.iter().filter(|r| r["type"] == "file").count(), 4);
    assert_eq!(records.last().unwrap()["total"]["code"], 6);
}

#[test]
fn by_dir_sort_and_top_shape_the_rows() {
    let tree = tree();
    let json = |args: &[&str]| -> Value {
        let mut all = vec!["--format", "json"];
        all.extend(args);
        serde_json::from_str(&stdout_ok(&all, &tree)).unwrap()
    };
    let paths = |v: &Value, key: &str| -> Vec<String> {
        v[key].as_array().unwrap().iter().map(|r| r["path"].as_str().unwrap().to_string()).collect()
    };
    let v = json(&["--by-dir"]);
    assert_eq!(paths(&v, "dirs"), [".", "./src"]);
    assert!(v.get("files").is_none());
    let v = json(&["--by-dir", "2", "."]);
    assert_eq!(paths(&v, "dirs"), [".", "./src", "./src/util"]);
    assert_eq!(v["dirs"][2]["files"], 2);
    let v = json(&["--by-file", "--sort", "lines", "--top", "2"]);
    assert_eq!(paths(&v, "files"), ["./src/main.c", "./src/util/a.rs"]);
    assert_eq!(v["languages"].as_array().unwrap().len(), 2);
    assert_eq!(v["omitted"]["languages"], 1);
    assert_eq!(v["omitted"]["files"], 2);
    assert_eq!(v["total"]["files"], 4, "totals count what --top hides");
    let v = json(&["--sort", "name"]);
    let names: Vec<&str> =
        v["languages"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["C", "Python", "Rust"]);
}

/// tokei's and scc's JSON list each language's files under it: `--top` keeps N languages there,
/// each listing every file it counts, never a language that claims files it does not list.
#[test]
fn top_keeps_whole_languages_where_files_sit_under_them() {
    let tree = tree();
    let json = |args: &[&str]| -> Value { serde_json::from_str(&stdout_ok(args, &tree)).unwrap() };
    let names = |files: &Value, key: &str| -> Vec<String> {
        let mut names: Vec<String> =
            files.as_array().unwrap().iter().map(|f| f[key].as_str().unwrap().to_string()).collect();
        names.sort();
        names
    };
    let rust = ["./src/util/a.rs", "./src/util/b.rs"];
    let tokei = json(&["--sort", "files", "--top", "1", "--format", "tokei-json"]);
    assert_eq!(tokei.as_object().unwrap().keys().collect::<Vec<_>>(), ["Rust", "Total"], "{tokei}");
    assert_eq!(names(&tokei["Rust"]["reports"], "name"), rust);
    assert_eq!(names(&tokei["Total"]["children"]["Rust"], "name"), rust);
    assert_eq!(tokei["Total"]["code"], 6, "Total counts what --top hides");
    let scc = json(&["--sort", "files", "--top", "1", "--by-file", "--format", "scc-json"]);
    assert_eq!(scc.as_array().unwrap().len(), 1, "{scc}");
    assert_eq!((&scc[0]["Name"], &scc[0]["Count"]), (&Value::from("Rust"), &Value::from(2)));
    assert_eq!(names(&scc[0]["Files"], "Location"), ["src/util/a.rs", "src/util/b.rs"]);
}

#[test]
fn wide_adds_columns_and_pipes_get_no_colour() {
    let tree = tree();
    let wide = stdout_ok(&["--wide"], &tree);
    let header = wide.lines().nth(1).unwrap();
    assert!(header.contains("Bytes") && header.contains("Code %"), "{wide}");
    assert!(!wide.contains('\x1b'), "no colour into a pipe");
    assert!(!stdout_ok(&["--format", "markdown", "--wide"], &tree).contains('\x1b'));
}

/// scc's `-p`: under each language, its share of the total in each column, in the table and in
/// markdown alike.
#[test]
fn percent_puts_each_languages_shares_under_it() {
    let tree = tree();
    let words = |line: &str| line.split([' ', '|']).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
    let want = [
        "C 1 5 3 1 1",
        "Percentage 25.0% 55.6% 50.0% 50.0% 100.0%",
        "Rust 2 3 2 1 0",
        "Percentage 50.0% 33.3% 33.3% 50.0% 0.0%",
        "Python 1 1 1 0 0",
        "Percentage 25.0% 11.1% 16.7% 0.0% 0.0%",
    ];
    let table = stdout_ok(&["-p"], &tree);
    let rows: Vec<String> = table.lines().skip(3).take(6).map(words).collect();
    assert_eq!(rows, want, "{table}");
    let markdown = stdout_ok(&["--format", "markdown", "--percent"], &tree);
    let rows: Vec<String> = markdown.lines().skip(2).take(6).map(words).collect();
    assert_eq!(rows, want, "{markdown}");
    assert!(!stdout_ok(&[], &tree).contains("Percentage"));
}

#[test]
fn subcommand_names_still_count_as_paths() {
    let tree = tree();
    tree.write("merge/m.c", "int m;\n");
    tree.write("diff/d.c", "int d;\n");
    let total = |args: &[&str]| -> Value {
        let mut all = vec!["--format", "json"];
        all.extend(args);
        serde_json::from_str::<Value>(&stdout_ok(&all, &tree)).unwrap()["total"]["files"].clone()
    };
    assert_eq!(total(&["./merge"]), 1);
    assert_eq!(total(&["src", "merge", "diff"]), 5, "only a first word names a subcommand");
    let out = ringloc(&["merge"], tree.path());
    assert_eq!(out.status.code(), Some(1), "merge without reports is a usage error");
}

#[test]
fn by_dir_needs_a_number_or_nothing() {
    let tree = tree();
    let out = ringloc(&["--by-dir", "src"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("DEPTH"));
}

/// The table as a terminal sees it, through util-linux `script`; `None` where that is missing.
fn on_a_terminal(tree: &Tree, no_color: Option<&str>) -> Option<String> {
    let mut cmd = std::process::Command::new("script");
    common::no_config_file(&mut cmd)
        .args(["-qec", env!("CARGO_BIN_EXE_ringloc"), "/dev/null"])
        .current_dir(tree.path());
    cmd.stdin(std::process::Stdio::null()).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        cmd.env("NO_COLOR", v);
    }
    let out = cmd.output().ok().filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn terminals_get_colour_unless_no_color() {
    let tree = tree();
    let Some(plain) = on_a_terminal(&tree, None) else {
        eprintln!("skipped: no `script` to give ringloc a terminal");
        return;
    };
    assert!(plain.contains("\x1b[1mTotal\x1b[0m"), "{plain}");
    assert!(!on_a_terminal(&tree, Some("1")).unwrap().contains('\x1b'));
}

#[test]
fn completions_and_man_come_from_the_flags() {
    let tree = Tree::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout_ok(&["completions", shell], &tree);
        assert!(script.contains("by-dir") && script.contains("merge"), "{shell}: {script}");
    }
    assert_eq!(ringloc(&["completions", "tcsh"], tree.path()).status.code(), Some(1));
    let man = stdout_ok(&["man"], &tree);
    assert!(man.starts_with(".ie") && man.contains(".TH ringloc 1"), "{man}");
    assert!(man.contains("files\\-from") && man.contains("diff"), "{man}");
    // Each subcommand's flags are on the page, which points to no other page (`ringloc-diff(1)`
    // was named, and nothing wrote it).
    for (sub, flag) in [
        ("merge", "REPORT"),
        ("diff", "\\-\\-repo"),
        ("history", "\\-\\-every"),
        ("explain", "\\-\\-language"),
    ] {
        let at = man.find(&format!(".SS \"ringloc {sub}\"")).unwrap_or_else(|| panic!("{sub}: {man}"));
        assert!(man[at..].contains(flag), "{sub} {flag}: {man}");
    }
    assert!(!man.contains("(1)"), "{man}");
    assert_eq!(man.matches(".el .ds Aq").count(), 1, "the quote is defined once");
}

/// The manual page listed every output format under `diff --format`, which takes a few: the
/// completions offered those already. Its `diff` section lists those, with their help; counting's
/// `--format` and `merge`'s still list every format.
#[test]
fn the_man_page_lists_diff_formats_under_diff() {
    let tree = Tree::new();
    let man = stdout_ok(&["man"], &tree);
    let section = |name: &str| {
        let at = man.find(&format!(".SS \"ringloc {name}\"")).unwrap_or_else(|| panic!("{name}: {man}"));
        let end = man[at + 1..].find(".SS ").map_or(man.len(), |end| at + 1 + end);
        &man[at..end]
    };
    let listed = |text: &str| -> Vec<&str> {
        [
            "table",
            "json",
            "ndjson",
            "csv",
            "markdown",
            "yaml",
            "html",
            "tokei\\-json",
            "cloc\\-json",
            "cloc\\-xml",
            "cloc\\-yaml",
            "cloc\\-csv",
            "openmetrics",
            "sql",
        ]
        .into_iter()
        .filter(|format| text.contains(&format!(".IP \\(bu 2\n{format}: ")))
        .collect()
    };
    assert_eq!(listed(section("diff")), DIFF_FORMATS.map(|f| f.replace('-', "\\-")), "{}", section("diff"));
    assert_eq!(listed(section("merge")).len(), 14, "{}", section("merge"));
    let count = &man[..man.find(".SH SUBCOMMANDS").unwrap()];
    assert_eq!(listed(count).len(), 14, "{count}");
}

/// The formats `diff` writes, in `--format`'s order.
const DIFF_FORMATS: [&str; 10] =
    ["table", "json", "ndjson", "csv", "markdown", "yaml", "cloc-json", "cloc-xml", "cloc-yaml", "cloc-csv"];

/// `diff --help` listed all fourteen formats under `--format`, and `--sql-project` and
/// `--sql-append`, though diff writes ten formats and no SQL: the help now comes from the same
/// definition as the parser, the manual page and the completions.
#[test]
fn diff_help_lists_only_what_diff_takes() {
    let tree = Tree::new();
    let help = stdout_ok(&["diff", "--help"], &tree);
    let at = help.find("--format <FORMAT>").unwrap_or_else(|| panic!("{help}"));
    let values = &help[at..help[at..].find("[default: table]").map_or(help.len(), |end| at + end)];
    let listed: Vec<&str> = values
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(listed, DIFF_FORMATS, "{help}");
    assert!(!help.contains("--sql"), "{help}");
    for syntax in ["json", "xml", "yaml", "csv"] {
        let said = format!("cloc 1.96's `--diff --{syntax}` (between two revisions)");
        assert_eq!(value_help(values, &format!("cloc-{syntax}")), said, "{help}");
    }
    let count = stdout_ok(&["--help"], &tree);
    assert!(count.contains("- sql:") && count.contains("--sql-project") && count.contains("--sql-append"));
    assert_eq!(value_help(&count, "cloc-xml"), "cloc 1.96's `--xml` (Jenkins' SLOCCount plugin)");
    assert!(stdout_ok(&["merge", "--help"], &tree).contains("--sql-append"));
}

/// What `help` says of `--format`'s value `name`.
fn value_help<'a>(help: &'a str, name: &str) -> &'a str {
    let line = help.lines().find_map(|l| l.trim_start().strip_prefix(&format!("- {name}:")));
    line.unwrap_or_else(|| panic!("{name}: {help}")).trim()
}

/// `diff --format sql` was taken by the parser and refused later with a message of its own; the
/// parser now refuses it as it refuses any value it does not take, naming the ones it does, and
/// a SQL option, which diff never uses, is an unknown option.
#[test]
fn diffs_parser_takes_only_the_diff_formats() {
    let tree = Tree::new();
    let usage = |args: &[&str]| {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    for args in [&["diff", "a.json", "b.json", "--format", "sql"][..], &["--format", "sql", "diff", "a", "b"]]
    {
        let said = usage(args);
        assert!(said.contains("invalid value 'sql' for '--format <FORMAT>'"), "{args:?}: {said}");
        assert!(said.contains(&format!("[possible values: {}]", DIFF_FORMATS.join(", "))), "{said}");
    }
    for option in ["--sql-project=x", "--sql-append"] {
        let said = usage(&["diff", "a.json", "b.json", option]);
        assert!(said.contains(&format!("unexpected argument '{}'", option.trim_end_matches("=x"))), "{said}");
    }
}

/// The shell at `name` on PATH, or `None` (said on stderr) outside CI, whose .ci/run installs it.
fn shell(name: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    let found = std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file());
    if found.is_none() {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{name} is missing, and CI=true needs it");
        eprintln!("{name} is not installed: its completions were NOT checked");
    }
    found
}

/// What fish offers for `line` (each candidate without its description), with ringloc's script.
fn fish_offers(fish: &std::path::Path, script: &std::path::Path, line: &str) -> Vec<String> {
    let command = format!("source {}; complete -C '{line}'", script.display());
    let out = std::process::Command::new(fish)
        .args(["--no-config", "-c", &command])
        .current_dir(script.parent().unwrap())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().map(|l| l.split('\t').next().unwrap_or_default().to_string()).collect()
}

/// fish offered files for a value of a count option (`ringloc --format <TAB>`): the script's guard
/// failed on a line whose last option still waits for its value.
#[test]
fn fish_completes_the_values_of_the_counts_options() {
    let Some(fish) = shell("fish") else { return };
    let tree = tree();
    let script = tree.write("ringloc.fish", stdout_ok(&["completions", "fish"], &tree));
    let offers = |line: &str| fish_offers(&fish, &script, line);
    let formats = offers("ringloc --format ");
    assert!(formats.iter().any(|f| f == "json") && formats.iter().any(|f| f == "cloc-xml"), "{formats:?}");
    assert!(!formats.iter().any(|f| f == "top.py"), "{formats:?}");
    assert_eq!(offers("ringloc -j 2 --backend "), ["auto", "sync", "uring"]);
    assert_eq!(offers("ringloc explain --format "), ["json", "table"]);
    assert!(offers("ringloc ").iter().any(|c| c == "explain"));
    assert!(offers("ringloc merge ").iter().any(|c| c == "top.py"));
}

/// fish offered nothing for `-t` and `explain --language` (their values are names), and offered
/// every format after `diff --format`, where only ringloc's own formats show a diff.
#[test]
fn fish_completes_language_names_and_diffs_formats() {
    let Some(fish) = shell("fish") else { return };
    let tree = tree();
    let script = tree.write("ringloc.fish", stdout_ok(&["completions", "fish"], &tree));
    let offers = |line: &str| fish_offers(&fish, &script, line);
    for line in ["ringloc -t ", "ringloc --type ", "ringloc explain --language ", "ringloc diff a b -t "] {
        let names = offers(line);
        let wanted = ["Rust", "C Header", "C++", "Python", "Cap'n Proto", "F*", "C#"];
        assert!(wanted.iter().all(|n| names.iter().any(|c| c == n)), "{line}: {names:?}");
        assert!(names.len() > 300, "{line}: {}", names.len());
    }
    let mut sorted = DIFF_FORMATS;
    sorted.sort_unstable();
    assert_eq!(offers("ringloc diff a.json b.json --format "), sorted);
    assert!(offers("ringloc --format ").iter().any(|f| f == "cloc-xml"));
}

/// What bash's completion function offers for the words of `line`, the last one being completed.
fn bash_offers(bash: &std::path::Path, script: &std::path::Path, line: &str) -> Vec<String> {
    let command = format!(
        "source {}; COMP_WORDS=({line}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 )); \
         _ringloc ringloc \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = std::process::Command::new(bash).args(["--norc", "-c", &command]).output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().filter(|l| !l.is_empty()).map(String::from).collect()
}

/// bash splits its word list at blanks: it is offered the names it can take whole, never half of
/// one (`Config` of `Apache Config`, `Proto` of `Cap'n Proto`).
#[test]
fn bash_completes_whole_language_names_only() {
    let Some(bash) = shell("bash") else { return };
    let tree = tree();
    let script = tree.write("ringloc.bash", stdout_ok(&["completions", "bash"], &tree));
    let offers = bash_offers(&bash, &script, "ringloc -t Ru");
    assert!(offers.iter().any(|c| c == "Rust") && offers.iter().any(|c| c == "Ruby"), "{offers:?}");
    assert_eq!(bash_offers(&bash, &script, "ringloc -t Conf"), Vec::<String>::new());
    assert_eq!(bash_offers(&bash, &script, "ringloc -t Pro"), ["Processing", "Prolog", "Promela"]);
}

/// bash offered `--sql-project` and `--sql-append` after `diff`, which writes no SQL, and every
/// format after its `--format`.
#[test]
fn bash_offers_diff_only_what_diff_takes() {
    let Some(bash) = shell("bash") else { return };
    let tree = tree();
    let script = tree.write("ringloc.bash", stdout_ok(&["completions", "bash"], &tree));
    assert_eq!(bash_offers(&bash, &script, "ringloc diff a.json b.json --sql"), Vec::<String>::new());
    assert_eq!(bash_offers(&bash, &script, "ringloc merge a.json --sql"), ["--sql-project", "--sql-append"]);
    assert_eq!(bash_offers(&bash, &script, "ringloc diff a.json b.json --format ''"), DIFF_FORMATS);
}

/// The line zsh shows after completing `line` with a TAB, with ringloc's script as `_ringloc`:
/// driven through a pseudo-terminal (zsh/zpty), as a person at a prompt would.
fn zsh_completes(zsh: &std::path::Path, tree: &Tree, line: &str) -> String {
    let driver = r#"
zmodload zsh/zpty
zpty z "$1 -f -i"
zpty -w z "fpath=($PWD/functions \$fpath); autoload -U compinit; compinit -u -D; PS1='>'; echo READ''Y"
while zpty -r z out; do [[ $out == *READY* ]] && break; done
zpty -w -n z "$2"$'\t'
local all="" quiet=0
while (( quiet++ < 30 )); do
  if zpty -r -t z out; then all+=$out; quiet=0; else sleep 0.1; fi
done
print -r -- "$all"
zpty -d z
"#;
    let path = tree.write("drive.zsh", driver);
    let out = std::process::Command::new(zsh)
        .args(["-f", &path.to_string_lossy(), &zsh.to_string_lossy(), line])
        .current_dir(tree.path())
        .output()
        .unwrap();
    without_escapes(&String::from_utf8_lossy(&out.stdout))
}

/// `text` without the terminal's control sequences (`ESC [ ... letter`) and carriage returns.
fn without_escapes(text: &str) -> String {
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                chars.by_ref().skip(1).find(|c| c.is_ascii_alphabetic());
            }
            '\r' => {}
            c => plain.push(c),
        }
    }
    plain
}

/// zsh took the first word for PATHS and looked for a subcommand in the second: after
/// `ringloc explain`, it completed the count's options (`--la` to `--languages`, which explain
/// refuses, `--format` with the count's formats) and none of the subcommand's.
#[test]
fn zsh_completes_a_subcommands_own_options() {
    let Some(zsh) = shell("zsh") else { return };
    let tree = tree();
    tree.write("functions/_ringloc", stdout_ok(&["completions", "zsh"], &tree));
    let completes = |line: &str| zsh_completes(&zsh, &tree, line);
    // `--langu`: `--la` is `--lang-def` too, a global option explain takes as well.
    let language = completes("ringloc explain --langu");
    assert!(
        language.contains("ringloc explain --language=") && !language.contains("--languages"),
        "{language}"
    );
    assert!(completes("ringloc explain --format t").contains("ringloc explain --format table "));
    assert!(completes("ringloc diff --re").contains("ringloc diff --repo="));
    assert!(completes("ringloc --format json ex").contains("ringloc --format json explain "));
    assert!(completes("ringloc --format js").contains("ringloc --format json "));
    assert!(completes("ringloc to").contains("ringloc top.py "));
    assert!(completes("ringloc top.py --for").contains("ringloc top.py --format="));
    assert!(completes("ringloc top.py sr").contains("ringloc top.py src/"));
    assert!(completes("ringloc -t Rus").contains("ringloc -t Rust "));
    assert!(completes("ringloc explain --language Pyth").contains("ringloc explain --language Python "));
    assert!(completes("ringloc diff a.json b.json --format nd").contains("--format ndjson "));
    let diff = completes("ringloc diff a.json b.json --format t");
    assert!(diff.contains("--format table ") && !diff.contains("tokei"), "{diff}");
}

/// A markdown reader trims the blanks around a cell's text, and a blank before a title's closing
/// `**` leaves it plain: written as references, they stay.
#[test]
fn markdown_keeps_the_blanks_around_a_name() {
    let tree = Tree::new();
    tree.write(" a.c", "int x;\n");
    tree.write("run ", "#!/bin/sh\necho\n");
    let md = stdout_ok(&["--by-file", "--by-root", "--format", "markdown", " a.c", "run "], &tree);
    assert!(md.contains("\n| &#x20;a.c | C |") && md.contains("\n| run&#x20; | Shell |"), "{md}");
    assert!(md.contains("**Root: run&#x20;**"), "{md}");
}
