//! scc's estimates through the real binary: `--cocomo`'s figures, worked here by hand, in the
//! formats that show them and in none of the others, and `--complexity`'s csv column.

mod common;

use common::{stdout_ok, Tree};
use serde_json::{json, Value};

/// A tree of `code` code lines: Python, and C where there are more than a thousand.
fn code_lines(code: usize) -> Tree {
    let tree = Tree::new();
    let c = code.saturating_sub(1000);
    tree.write("a.py", "x = 1\n".repeat(code - c));
    if c > 0 {
        tree.write("b.c", format!("// a comment\n{}\n", "int b;\n".repeat(c)));
    }
    tree
}

/// The three lines scc writes for `kind`.
fn scc_lines(kind: &str, cost: &str, months: &str, people: &str) -> String {
    format!(
        "Estimated Cost to Develop ({kind}) ${cost}\nEstimated Schedule Effort ({kind}) {months} months\n\
         Estimated People Required ({kind}) {people}\n"
    )
}

/// 26 lines: effort 2.4 * 0.026^1.05 = 0.05199 person-months, cost 0.05199 * 56000 / 12 * 2.4 =
/// $582.31, schedule 2.5 * 0.05199^0.38 = 0.813 months, people 0.05199 / 0.813 = 0.064.
#[test]
fn cocomo_lines_follow_the_table_as_scc_writes_them() {
    let tree = code_lines(26);
    let table = stdout_ok(&[], &tree);
    let with = stdout_ok(&["--cocomo", "--avg-wage", "56000"], &tree);
    assert_eq!(with, table + &scc_lines("organic", "582", "0.81", "0.06"));
}

/// 77,873 lines in two languages, the whole run's: at scc's defaults effort 2.4 * 77.873^1.05 =
/// 232.363 person-months, cost 232.363 * 56286 / 12 * 2.4 = $2,615,759.88, schedule 2.5 *
/// 232.363^0.38 = 19.82 months, people 232.363 / 19.819 = 11.72. Embedded at $60,000, overhead 1.5
/// and EAF 1.2: effort 3.6 * 77.873^1.2 * 1.2 = 803.80, cost 803.80 * 5000 * 1.5 = $6,028,500.44,
/// schedule 2.5 * 803.80^0.32 = 21.26, people 37.81.
#[test]
fn a_larger_run_is_costed_from_its_total_with_thousands_grouped() {
    let tree = code_lines(77_873);
    let lines = |args: &[&str]| stdout_ok(&[&["--cocomo", "--top", "1"], args].concat(), &tree);
    assert!(lines(&[]).ends_with(&scc_lines("organic", "2,615,759", "19.82", "11.72")));
    let tuned =
        ["--cocomo-project-type", "embedded", "--avg-wage", "60000", "--overhead", "1.5", "--eaf", "1.2"];
    assert!(lines(&tuned).ends_with(&scc_lines("embedded", "6,028,500", "21.26", "37.81")));
}

/// scc's `custom,a,b,c,d`: the model's four coefficients given, and the whole value as the kind.
/// custom,3,1.1,2,0.4 on 77,873 lines: effort 3 * 77.873^1.1 = 361.116, cost
/// 361.116 * 56286 / 12 * 2.4 = $4,065,156.16, schedule 2 * 361.116^0.4 = 21.09 months, people
/// 17.12. Organic's own
/// coefficients written out give organic's figures; a value scc would count as organic, saying
/// nothing, is refused.
#[test]
fn a_custom_project_type_takes_its_four_coefficients() {
    let tree = code_lines(77_873);
    let lines = |kind: &str| stdout_ok(&["--cocomo", "--top", "1", "--cocomo-project-type", kind], &tree);
    let custom = "custom,3,1.1,2,0.4";
    assert!(lines(custom).ends_with(&scc_lines(custom, "4,065,156", "21.09", "17.12")), "{}", lines(custom));
    let organic = lines("custom,2.4,1.05,2.5,0.38").replace("(custom,2.4,1.05,2.5,0.38)", "(organic)");
    assert_eq!(organic, lines("organic"));
    for bad in ["custom,1,1", "custom,a,b,c,d", "custom,1,1,1,-1", "custom", "bogus", "custom,1,1,1,1,1"] {
        let out = common::ringloc(&["--cocomo", "--cocomo-project-type", bad], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{bad}: {stderr}");
        assert!(stderr.contains(&format!("'{bad}'")) && stderr.contains("custom,a,b,c,d"), "{stderr}");
    }
    let json: Value = serde_json::from_str(&stdout_ok(
        &["--cocomo", "--format", "json", "--cocomo-project-type", custom],
        &tree,
    ))
    .unwrap();
    assert_eq!(json["cocomo"]["project_type"], custom);
}

/// `--currency-symbol` replaces the `$` before the cost, as scc's does, in the table only (at
/// $52,000 a year the cost above is 2,615,759.88 * 52000 / 56286 = 2,416,578.98); json's
/// cost is a number, the same with or without it.
#[test]
fn the_currency_symbol_goes_before_the_cost() {
    let tree = code_lines(77_873);
    let euros = stdout_ok(&["--cocomo", "--currency-symbol", "€", "--avg-wage", "52000"], &tree);
    assert!(euros.contains("\nEstimated Cost to Develop (organic) €2,416,578\n"), "{euros}");
    assert!(!euros.contains('$'), "{euros}");
    let json = |args: &[&str]| stdout_ok(&[&["--cocomo", "--format", "json"], args].concat(), &tree);
    assert_eq!(json(&["--currency-symbol", "CHF "]), json(&[]));
}

#[test]
fn json_and_yaml_carry_a_cocomo_object() {
    let tree = code_lines(26);
    let args = ["--cocomo", "--avg-wage", "56000", "--cocomo-project-type", "semi-detached"];
    let json: Value =
        serde_json::from_str(&stdout_ok(&[&args[..], &["--format", "json"]].concat(), &tree)).unwrap();
    let cocomo = &json["cocomo"];
    let keys: Vec<&str> = cocomo.as_object().unwrap().keys().map(String::as_str).collect();
    let figures = ["effort_person_months", "cost", "schedule_months", "people"];
    assert_eq!(keys, [&["project_type", "avg_wage", "overhead", "eaf"][..], &figures].concat());
    assert_eq!((&cocomo["project_type"], &cocomo["avg_wage"]), (&json!("semi-detached"), &json!(56000)));
    // 3.0 * 0.026^1.12 = 0.050337 person-months, at 56000 / 12 * 2.4: $563.78.
    let cost = cocomo["cost"].as_f64().unwrap();
    assert!((cost - 563.78).abs() < 0.01, "{cost}");
    let yaml = stdout_ok(&[&args[..], &["--format", "yaml"]].concat(), &tree);
    assert!(yaml.contains("\ncocomo:\n  project_type: \"semi-detached\"\n  avg_wage: 56000\n"), "{yaml}");
    let plain: Value = serde_json::from_str(&stdout_ok(&["--format", "json"], &tree)).unwrap();
    assert!(plain.get("cocomo").is_none());
}

/// markdown lists scc's three lines after its tables, escaped as its cells are: a `*` in the
/// currency symbol would start emphasis.
#[test]
fn markdown_lists_the_lines_after_its_tables() {
    let tree = code_lines(26);
    let tables = stdout_ok(&["--format", "markdown"], &tree);
    let args = ["--format", "markdown", "--cocomo", "--avg-wage", "56000", "--currency-symbol", "*"];
    let list = "\n- Estimated Cost to Develop (organic) \\*582\n- Estimated Schedule Effort (organic) 0.81 \
                months\n- Estimated People Required (organic) 0.06\n";
    assert_eq!(stdout_ok(&args, &tree), tables + list);
}

/// csv, ndjson and the other tools' shapes have no place for it: they are unchanged (cloc's,
/// whose header holds the time taken, too).
#[test]
fn the_other_formats_leave_cocomo_out() {
    let tree = code_lines(26);
    for format in ["csv", "ndjson", "scc-json", "tokei-json", "openmetrics"] {
        let plain = stdout_ok(&["--format", format, "--by-file"], &tree);
        assert_eq!(stdout_ok(&["--format", format, "--by-file", "--cocomo"], &tree), plain, "{format}");
    }
}

#[test]
fn csv_ends_its_rows_with_complexity_where_it_was_counted() {
    let tree = Tree::new();
    tree.write("src/a.py", "if x and y:\n    pass\n");
    tree.write("b.c", "int b;\n");
    let csv = stdout_ok(&["--format", "csv", "--complexity", "--by-file", "--by-dir"], &tree);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows,
        [
            "type,name,language,files,lines,code,comments,blanks,bytes,complexity",
            "language,Python,Python,1,2,2,0,0,21,2",
            "language,C,C,1,1,1,0,0,7,0",
            "total,Total,,2,3,3,0,0,28,2",
            "dir,.,,1,1,1,0,0,7,0",
            "dir,./src,,1,2,2,0,0,21,2",
            "file,./b.c,C,1,1,1,0,0,7,0",
            "file,./src/a.py,Python,1,2,2,0,0,21,2",
        ]
    );
    let by_root = stdout_ok(&["--format", "csv", "--complexity", "--by-root", "src", "b.c"], &tree);
    assert!(
        by_root.starts_with("type,root,name,language,files,lines,code,comments,blanks,bytes,complexity\n")
    );
    assert!(by_root.contains("\ntotal,src,Total,,1,2,2,0,0,21,2\n"), "{by_root}");
    let plain = stdout_ok(&["--format", "csv", "--by-file"], &tree);
    assert!(plain.starts_with("type,name,language,files,lines,code,comments,blanks,bytes\n"), "{plain}");
    assert!(plain.contains("\nfile,./src/a.py,Python,1,2,2,0,0,21\n"), "{plain}");
}

/// scc users sort by complexity without asking for it first (scc always counts it): the sort
/// counts it, and a file's branches, not its lines, decide the order.
#[test]
fn sorting_by_complexity_counts_it_and_orders_by_it() {
    let tree = Tree::new();
    tree.write("long.py", "x = 1\n".repeat(10));
    tree.write("branchy.py", "if a or b:\n    pass\n");
    tree.write("flat.c", "int b;\n");
    let csv = stdout_ok(&["--format", "csv", "--by-file", "--sort", "complexity"], &tree);
    let files: Vec<&str> = csv.lines().filter(|row| row.starts_with("file,")).collect();
    assert_eq!(
        files,
        [
            "file,./branchy.py,Python,1,2,2,0,0,20,2",
            "file,./flat.c,C,1,1,1,0,0,7,0",
            "file,./long.py,Python,1,10,10,0,0,60,0"
        ]
    );
    let bytes = stdout_ok(&["--format", "csv", "--by-file", "--sort", "bytes"], &tree);
    let first = bytes.lines().find(|row| row.starts_with("file,"));
    assert_eq!(first, Some("file,./long.py,Python,1,10,10,0,0,60"));
}
