//! A `--no-` form of every flag a count takes (`--no-hidden`; `--ignore` for `--no-ignore`), so
//! that a setting a config file turns on can be turned off for one run, as ripgrep's negations
//! do. The later of a flag and its negation wins. They are made from the flags clap defines, so a
//! flag added to the count has its negation at once; they are left out of the help, which says
//! so in one line, as a second line for each of twenty flags would drown them.

use clap::{Arg, ArgAction, Command};

/// Flags that are no setting a config file may give (they choose the config files, or print
/// something and exit): nothing to undo.
const NOT_SETTINGS: [&str; 5] = ["help", "version", "languages", "no-config", "show-config"];

/// `command` with the negation of each of its own flags ([`negation`]) beside it.
pub fn with_negations(command: Command) -> Command {
    let negations: Vec<Arg> = command.get_arguments().filter_map(|flag| negation(&command, flag)).collect();
    negations.into_iter().fold(command, Command::arg)
}

/// The flag that undoes `flag`: `--no-NAME`, or `--NAME` for a `--no-NAME`. `None` for an option
/// with a value, a flag that is no setting, or a name another option already has.
fn negation(command: &Command, flag: &Arg) -> Option<Arg> {
    let long = flag.get_long()?;
    if !matches!(flag.get_action(), ArgAction::SetTrue) || NOT_SETTINGS.contains(&long) {
        return None;
    }
    let name = negated_name(long);
    if command.get_arguments().any(|a| a.get_long() == Some(name.as_str())) {
        return None;
    }
    Some(
        Arg::new(format!("negates {long}"))
            .long(name)
            .action(ArgAction::SetTrue)
            .overrides_with(flag.get_id())
            .hide(true),
    )
}

/// The long name that undoes `long`: `no-NAME`, or `NAME` for `no-NAME`.
fn negated_name(long: &str) -> String {
    long.strip_prefix("no-").map_or_else(|| format!("no-{long}"), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command() -> Command {
        let mut command = crate::cli::flags::Cli::command_line();
        command.build();
        command
    }

    /// Every flag of a count has a negation, named as the README says, and no option lost its
    /// name to one.
    #[test]
    fn every_setting_flag_has_its_negation() {
        let command = command();
        let longs: Vec<&str> = command.get_arguments().filter_map(Arg::get_long).collect();
        for (flag, undo) in [("hidden", "no-hidden"), ("by-file", "no-by-file"), ("no-ignore", "ignore")] {
            assert!(longs.contains(&flag) && longs.contains(&undo), "{flag}: {longs:?}");
        }
        for flag in command.get_arguments().filter(|a| matches!(a.get_action(), ArgAction::SetTrue)) {
            let long = flag.get_long().unwrap_or_default();
            let undo = negated_name(long);
            let named = longs.contains(&undo.as_str());
            assert!(named || NOT_SETTINGS.contains(&long) || long.is_empty(), "--{long} has no --{undo}");
        }
        assert!(!longs.contains(&"no-help") && !longs.contains(&"no-show-config"), "{longs:?}");
    }

    /// The later of a flag and its negation wins.
    #[test]
    fn the_later_of_a_flag_and_its_negation_wins() {
        let hidden = |words: &[&str]| {
            let matches = command().try_get_matches_from(words).expect("the words parse");
            matches.get_flag("hidden")
        };
        assert!(!hidden(&["ringloc", "--hidden", "--no-hidden"]));
        assert!(hidden(&["ringloc", "--no-hidden", "--hidden"]));
        assert!(!hidden(&["ringloc", "--no-hidden"]));
    }
}
