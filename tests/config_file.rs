//! The config files (README, "Config file"): the user's and the repository's, `--config`,
//! `RINGLOC_CONFIG` and `--no-config`, what overrides what, and the errors a bad file gets. Each
//! run has a home of its own, so no developer's settings come in.

mod common;

use std::process::{Command, Output, Stdio};

use common::{file_paths, json_of, wait_with_deadline, Tree};

/// A tree to count under `work/`, beside an empty `home/`.
fn setup() -> Tree {
    let tree = Tree::new();
    tree.write("work/a.c", "int a;\n");
    tree.write("work/vendor/v.c", "int v;\n");
    tree.write("work/third_party/t.c", "int t;\n");
    tree.write("work/.hidden/h.c", "int h;\n");
    std::fs::create_dir(tree.path().join("home")).unwrap();
    tree
}

/// The binary in `work/`, with `HOME` at `home/`, no `XDG_CONFIG_HOME` nor `RINGLOC_CONFIG`
/// unless `env` sets them.
fn run(tree: &Tree, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ringloc"));
    command.args(args).current_dir(tree.path().join("work")).env("HOME", tree.path().join("home"));
    command.env_remove("XDG_CONFIG_HOME").env_remove("RINGLOC_CONFIG").envs(env.iter().copied());
    let child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    wait_with_deadline(child.expect("spawn ringloc"), args)
}

/// The files a run counted (`--format json --by-file` given after `args`).
fn counted(tree: &Tree, env: &[(&str, &str)], args: &[&str]) -> Vec<String> {
    let out = run(tree, env, &[args, &["--format", "json", "--by-file"]].concat());
    file_paths(&json_of(&out)).iter().map(|p| p.trim_start_matches("./").to_string()).collect()
}

/// A run that failed as a usage error; its message.
fn refused(tree: &Tree, env: &[(&str, &str)], args: &[&str]) -> String {
    let out = run(tree, env, args);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const USER: &str = "home/.config/ringloc/config.toml";

#[test]
fn the_users_file_under_home_config_gives_settings() {
    let tree = setup();
    tree.write(USER, "hidden = true\n");
    assert_eq!(counted(&tree, &[], &[]), [".hidden/h.c", "a.c", "third_party/t.c", "vendor/v.c"]);
}

/// A flag a file turns on is turned off for one run by its `--no-` form on the command line.
#[test]
fn a_files_flag_is_undone_by_its_negation_on_the_command_line() {
    let tree = setup();
    tree.write(USER, "hidden = true\nno-ignore = true\n");
    tree.write("work/.ignore", "vendor/\n");
    let all = [".hidden/h.c", "a.c", "third_party/t.c", "vendor/v.c"];
    assert_eq!(counted(&tree, &[], &[]), all);
    assert_eq!(counted(&tree, &[], &["--no-hidden"]), ["a.c", "third_party/t.c", "vendor/v.c"]);
    assert_eq!(counted(&tree, &[], &["--ignore"]), [".hidden/h.c", "a.c", "third_party/t.c"]);
    assert_eq!(counted(&tree, &[], &["--no-hidden", "--hidden"]), all);
}

#[test]
fn xdg_config_home_holds_the_users_file_where_it_is_set() {
    let tree = setup();
    tree.write(USER, "hidden = true\n");
    tree.write("xdg/ringloc/config.toml", "exclude-dir = [\"vendor\"]\n");
    let xdg = tree.path().join("xdg");
    let env = [("XDG_CONFIG_HOME", xdg.to_str().unwrap())];
    assert_eq!(counted(&tree, &env, &[]), ["a.c", "third_party/t.c"]);
}

#[test]
fn the_repositorys_file_overrides_the_users() {
    let tree = setup();
    tree.write(USER, "format = \"csv\"\nhidden = true\n");
    tree.write("work/ringloc.toml", "format = \"json\"\n");
    let out = run(&tree, &[], &["--by-file"]);
    assert_eq!(file_paths(&json_of(&out)).len(), 5, "{out:?}");
}

#[test]
fn ringloc_toml_is_read_before_the_hidden_name_and_then_alone() {
    let tree = setup();
    tree.write("work/ringloc.toml", "exclude-dir = [\"vendor\"]\n");
    tree.write("work/.ringloc.toml", "no-such-key = 1\n");
    assert_eq!(counted(&tree, &[], &[]), ["a.c", "ringloc.toml", "third_party/t.c"]);
    std::fs::remove_file(tree.path().join("work/ringloc.toml")).unwrap();
    assert!(refused(&tree, &[], &[]).contains(".ringloc.toml:1: unknown key 'no-such-key'"));
}

#[test]
fn a_later_files_false_undoes_an_earlier_files_flag() {
    let tree = setup();
    tree.write(USER, "hidden = true\nexclude-dir = [\"vendor\"]\n");
    tree.write("work/ringloc.toml", "hidden = false\n");
    assert_eq!(counted(&tree, &[], &[]), ["a.c", "ringloc.toml", "third_party/t.c"]);
}

#[test]
fn the_command_line_overrides_a_files_value() {
    let tree = setup();
    tree.write("work/ringloc.toml", "format = \"csv\"\n");
    assert_eq!(counted(&tree, &[], &[]), ["a.c", "ringloc.toml", "third_party/t.c", "vendor/v.c"]);
}

#[test]
fn an_option_given_twice_on_the_command_line_takes_the_later_value() {
    let tree = setup();
    assert_eq!(counted(&tree, &[], &["--format", "csv"]).len(), 3);
}

#[test]
fn lists_from_each_file_and_the_command_line_add_up() {
    let tree = setup();
    tree.write(USER, "exclude-dir = \"vendor\"\nhidden = true\n");
    tree.write("work/ringloc.toml", "exclude-dir = [\"third_party\"]\nexclude = [\"*.toml\"]\n");
    assert_eq!(counted(&tree, &[], &["--exclude-dir", ".hidden"]), ["a.c"]);
}

/// An option's visible alias is a key as its name is: cloc's `include-lang` is `type`.
#[test]
fn an_alias_is_a_key_too() {
    let tree = setup();
    tree.write("work/b.py", "x = 1\n");
    tree.write("work/ringloc.toml", "include-lang = [\"python\"]\n");
    assert_eq!(counted(&tree, &[], &[]), ["b.py"]);
    // The option's own name goes on the command line: clap's errors name the option by it.
    let shown = String::from_utf8_lossy(&run(&tree, &[], &["--show-config"]).stdout).into_owned();
    assert!(shown.contains("# as if run as: ringloc --type=python [ARGS]"), "{shown}");
    tree.write("work/ringloc.toml", "type = [\"python\"]\n");
    assert_eq!(counted(&tree, &[], &[]), ["b.py"]);
}

#[test]
fn an_unknown_key_is_named_with_its_file_line_and_the_closest_key() {
    let tree = setup();
    tree.write("work/ringloc.toml", "hidden = true\n\nexclude_dir = [\"vendor\"]\n");
    let said = refused(&tree, &[], &[]);
    assert!(
        said.contains("ringloc.toml:3: unknown key 'exclude_dir' (did you mean 'exclude-dir'?"),
        "{said}"
    );
}

#[test]
fn a_value_of_the_wrong_type_is_named_with_its_line() {
    let tree = setup();
    tree.write("work/ringloc.toml", "format = \"json\"\nhidden = \"yes\"\n");
    let said = refused(&tree, &[], &[]);
    assert!(said.contains("ringloc.toml:2: 'hidden' takes true or false, not a string"), "{said}");
    tree.write("work/ringloc.toml", "threads = [4]\n");
    assert!(refused(&tree, &[], &[]).contains("ringloc.toml:1: 'threads' takes one value"));
}

/// `--cocomo`'s settings as keys: an integer wage, and factors as TOML floats and integers.
#[test]
fn cocomo_keys_set_the_estimate_floats_included() {
    let tree = setup();
    tree.write("work/ringloc.toml", "cocomo = true\navg-wage = 60000\noverhead = 1.5\neaf = 2\n");
    let cocomo = json_of(&run(&tree, &[], &["--format", "json"]))["cocomo"].clone();
    assert_eq!(
        [&cocomo["avg_wage"], &cocomo["overhead"], &cocomo["eaf"]],
        [&serde_json::json!(60000), &serde_json::json!(1.5), &serde_json::json!(2.0)],
        "{cocomo}"
    );
}

#[test]
fn a_value_the_option_refuses_is_named_with_its_line() {
    let tree = setup();
    tree.write("work/ringloc.toml", "\nformat = \"jsn\"\n");
    let said = refused(&tree, &[], &[]);
    assert!(
        said.contains("ringloc.toml:2: 'format': invalid value 'jsn'") && said.contains("'json'"),
        "{said}"
    );
}

#[test]
fn a_file_that_is_no_toml_is_named_with_its_line() {
    let tree = setup();
    tree.write("work/ringloc.toml", "hidden = true\nformat = \n");
    assert!(refused(&tree, &[], &[]).contains("ringloc.toml:2: "));
}

#[test]
fn keys_that_are_no_setting_are_refused_with_why() {
    let tree = setup();
    for (key, why) in [
        ("paths = [\"src\"]", "'paths' cannot be set in a config file: what to count"),
        ("config = \"x.toml\"", "'config' cannot be set in a config file: it chooses the config files"),
        ("version = true", "'version' cannot be set in a config file: it prints something"),
        ("merge = true", "'merge' is a subcommand"),
    ] {
        tree.write("work/ringloc.toml", format!("{key}\n"));
        let said = refused(&tree, &[], &[]);
        assert!(said.contains(&format!("ringloc.toml:1: {why}")), "{said}");
    }
}

#[test]
fn no_config_reads_no_file() {
    let tree = setup();
    tree.write(USER, "hidden = true\n");
    tree.write("work/ringloc.toml", "no-such-key = 1\n");
    assert_eq!(
        counted(&tree, &[], &["--no-config"]),
        ["a.c", "ringloc.toml", "third_party/t.c", "vendor/v.c"]
    );
}

#[test]
fn config_reads_that_file_alone() {
    let tree = setup();
    tree.write(USER, "exclude-dir = [\"vendor\"]\n");
    tree.write("work/ringloc.toml", "exclude-dir = [\"third_party\"]\n");
    tree.write("work/ci.toml", "hidden = true\nexclude = [\"*.toml\"]\n");
    assert_eq!(
        counted(&tree, &[], &["--config", "ci.toml"]),
        [".hidden/h.c", "a.c", "third_party/t.c", "vendor/v.c"]
    );
}

#[test]
fn config_naming_a_missing_file_is_a_usage_error() {
    let tree = setup();
    assert!(refused(&tree, &[], &["--config", "nope.toml"]).contains("config file nope.toml: No such file"));
}

#[test]
fn ringloc_config_names_a_file_as_config_does_and_config_overrides_it() {
    let tree = setup();
    tree.write("work/ci.toml", "hidden = true\nexclude = [\"*.toml\"]\n");
    tree.write("work/other.toml", "exclude = [\"*.toml\", \"vendor\"]\n");
    let env = [("RINGLOC_CONFIG", "ci.toml")];
    assert_eq!(counted(&tree, &env, &[]), [".hidden/h.c", "a.c", "third_party/t.c", "vendor/v.c"]);
    assert_eq!(counted(&tree, &env, &["--config", "other.toml"]), ["a.c", "third_party/t.c"]);
    assert!(refused(&tree, &[("RINGLOC_CONFIG", "gone.toml")], &[]).contains("config file gone.toml"));
}

#[test]
fn show_config_lists_the_files_read_their_settings_and_the_words_they_add() {
    let tree = setup();
    tree.write(USER, "hidden = true\n");
    tree.write("work/ringloc.toml", "exclude-dir = [\"vendor\", \"third_party\"]\nformat = \"json\"\n");
    let out = run(&tree, &[], &["--show-config"]);
    let home = tree.path().join(USER);
    let expected = format!(
        "# read: {}\nhidden = true\n# read: ringloc.toml\nexclude-dir = [\"vendor\", \"third_party\"]\n\
         format = \"json\"\n# as if run as: ringloc --hidden --exclude-dir=vendor \
         --exclude-dir=third_party --format=json [ARGS]\n",
        home.display()
    );
    assert_eq!((String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code()), (expected, Some(0)));
}

#[test]
fn show_config_says_where_it_looked_when_no_file_is_there() {
    let tree = setup();
    let out = String::from_utf8(run(&tree, &[], &["--show-config"]).stdout).unwrap();
    assert!(
        out.starts_with("# no config file read\n# not found: ")
            && out.contains("# not found: .ringloc.toml\n")
    );
}

#[test]
fn subcommands_and_help_read_no_file() {
    let tree = setup();
    tree.write("work/ringloc.toml", "no-such-key = 1\n");
    assert_eq!(run(&tree, &[], &["completions", "bash"]).status.code(), Some(0));
    assert_eq!(run(&tree, &[], &["--help"]).status.code(), Some(0));
}

/// A relation between options that the files' settings break names their lines where clap's
/// error names their options, and the files where it names none of them (`--rev`, which `cache`
/// needs, is in no file).
#[test]
fn a_relation_between_options_a_file_breaks_names_the_file_and_its_lines() {
    let tree = setup();
    tree.write("work/ringloc.toml", "cache = \"blobs\"\n");
    let said = refused(&tree, &[], &[]);
    assert!(said.contains("with the settings of ringloc.toml: ") && said.contains("--rev"), "{said}");
    tree.write("work/ringloc.toml", "rev = \"HEAD\"\n\ncache = \"blobs\"\nuloc = true\n");
    let said = refused(&tree, &[], &[]);
    let lines =
        "ringloc.toml:3 and ringloc.toml:4: the argument '--cache <FILE>' cannot be used with '--uloc'";
    assert!(said.contains(lines), "{said}");
    tree.write("work/ringloc.toml", "uloc = true\n");
    let said = refused(&tree, &[], &["--rev", "HEAD", "--cache", "blobs"]);
    assert!(said.contains("ringloc.toml:1: the argument '--uloc' cannot be used with"), "{said}");
}
