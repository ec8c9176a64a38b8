//! `ringloc completions SHELL`: the script clap_complete generates from the flag definitions, the
//! values of the free-text flags that name languages added, with the two places where its zsh and
//! fish scripts fail on ringloc's command line mended. Both
//! mends are made to the text clap_complete writes, from the same definitions, so the script still
//! cannot fall behind the flags; tests/formats.rs runs the scripts in real shells.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Command;
use clap_complete::Shell;
use ringloc::lang::LangId;

use super::flags::Cli;

/// The completion script for `shell`.
pub fn script(shell: Shell) -> Vec<u8> {
    let mut command = with_values(Cli::command_line(), shell);
    let subcommands: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
    // Generated into memory first: clap_complete panics on a write error.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "ringloc", &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    match shell {
        Shell::Zsh => zsh_paths(&script, &subcommands).replace(APOSTROPHE, "\\'\\''"),
        Shell::Fish => fish_option_values(&script),
        _ => script,
    }
    .into_bytes()
}

/// The command line as the scripts describe it: the values the parser takes as free text
/// offered (`diff --format` is limited to the formats with a diff form by [`Cli::command_line`]).
/// `-t` and `explain --language` take any language's name, alias or extension, in any case, so
/// their parser keeps taking text (and naming the closest language when none answers); the
/// scripts offer the names `--languages` lists.
fn with_values(command: Command, shell: Shell) -> Command {
    let names = move || {
        PossibleValuesParser::new(
            LangId::all().filter_map(|id| word(id.name(), shell)).map(PossibleValue::new),
        )
    };
    let types = move |command: Command| command.mut_arg("types", |a| a.value_parser(names()));
    types(command)
        .mut_subcommand("diff", types)
        .mut_subcommand("history", types)
        .mut_subcommand("explain", |explain| explain.mut_arg("language", |a| a.value_parser(names())))
}

/// Stands for an apostrophe in a name given to clap_complete's zsh script, and is replaced after.
const APOSTROPHE: &str = "RINGLOC_APOSTROPHE";

/// A language's name as `shell`'s script must hold it to offer it as one word, or `None` where
/// it cannot. clap_complete escapes a value for the shell's quotes around it, but fish then splits
/// what is in them at blanks and expands `*` (`C Header`, `F*`), and zsh reads an apostrophe in a
/// value list as a quote (`Ren'Py`): those are escaped. bash's `compgen -W` splits its word list
/// at blanks before anything else, so no escape keeps `C Header` one word: bash is offered the
/// names it can take whole (the others are typed quoted, or by an alias such as `h`).
fn word(name: &'static str, shell: Shell) -> Option<&'static str> {
    let escaped = match shell {
        Shell::Fish if name.contains([' ', '*']) => name.replace(' ', "\\ ").replace('*', "\\*"),
        Shell::Zsh if name.contains('\'') => name.replace('\'', APOSTROPHE),
        Shell::Bash if name.contains([' ', '\'', '*']) => return None,
        _ => return Some(name),
    };
    // The script is written once and the process ends: the few names escaped live as long.
    Some(Box::leak(escaped.into_boxed_str()))
}

/// zsh took the first word for the optional PATHS argument and looked for the subcommand in the
/// second: `ringloc explain --la` offered the count's `--languages`, `ringloc explain --format`
/// the count's formats. Without PATHS, the first word is the subcommand or a path (files are
/// offered with the subcommands); after a first word that names no subcommand, the rest of the
/// line is completed as the count's (its options, more paths). `-A "-*"` leaves the words after
/// the first to that rest, so an option of a subcommand is not taken for the count's of its name.
fn zsh_paths(script: &str, subcommands: &[String]) -> String {
    let top = "    _arguments \"${_arguments_options[@]}\" : \\\n";
    let state = "curcontext=\"${curcontext%:*:*}:ringloc-command-$line[1]:\"\n";
    let names = subcommands.join("|");
    let commands = "    _describe -t commands 'ringloc commands' commands \"$@\"\n";
    let script: String =
        script.lines().filter(|l| !l.starts_with("'::paths -- ")).flat_map(|l| [l, "\n"]).collect();
    script
        .replace("$line[2]", "$line[1]")
        .replacen(top, "    _arguments \"${_arguments_options[@]}\" -A \"-*\" : \\\n", 1)
        .replacen(
            state,
            &format!("{state}        case $line[1] in ({names}) ;; (*) _ringloc; return ;; esac\n"),
            1,
        )
        .replacen(commands, &format!("{commands}    _files\n"), 1)
}

/// fish completes no value of a count option (`ringloc --format <TAB>` listed files): the guard
/// of every top-level completion parses the line with `argparse`, which fails while the last
/// option still waits for its value, and a failed parse read as "a subcommand is given". A line
/// that does not parse yet has no subcommand: only a word after the options names one.
fn fish_option_values(script: &str) -> String {
    script.replacen(
        "    argparse -s (__fish_ringloc_global_optspecs) -- $cmd 2>/dev/null\n    or return\n",
        "    argparse -s (__fish_ringloc_global_optspecs) -- $cmd 2>/dev/null\n    or return 0\n",
        1,
    )
}
