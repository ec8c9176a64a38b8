//! One config file key and its value turned into the command-line words that mean the same
//! (`hidden = true` is `--hidden`, `exclude-dir = ["a", "b"]` is `--exclude-dir=a --exclude-dir=b`).
//! The keys are the count's long options as clap defines them (with their visible aliases, cloc's
//! `include-lang` for `type`), so an option added to the flags is a key at once, with its own
//! checks: there is no table of keys to keep in step.

use clap::{Arg, ArgAction, Command};
use toml::Value;

/// What one key gives: its words, and whether they add to another file's (a list) or replace them.
pub struct Given {
    pub words: Vec<String>,
    pub adds_up: bool,
}

/// The words `key = value` stands for on the command line, checked as clap would check them there;
/// an error says what is wrong with the key or value (the caller names the file and line).
pub fn given(command: &Command, key: &str, value: &Value) -> Result<Given, String> {
    refused(command, key)?;
    let arg = command
        .get_arguments()
        .find(|a| {
            !a.is_positional() && a.get_long_and_visible_aliases().into_iter().flatten().any(|l| l == key)
        })
        .ok_or_else(|| unknown_key(command, key))?;
    let values = values_of(arg, key, value)?;
    values.iter().try_for_each(|v| v.as_deref().map_or(Ok(()), |v| check(arg, key, v)))?;
    // The option's own name, an alias's too: clap's errors name the option by it.
    let long = arg.get_long().unwrap_or(key);
    let words = values.into_iter().map(|v| v.map_or(format!("--{long}"), |v| format!("--{long}={v}")));
    Ok(Given { words: words.collect(), adds_up: matches!(arg.get_action(), ArgAction::Append) })
}

/// Options that are no setting: they choose the config files, print something and exit, or name
/// what to count on this run; each refusal says why.
fn refused(command: &Command, key: &str) -> Result<(), String> {
    let why = match key {
        "config" | "no-config" | "show-config" => "it chooses the config files, on the command line",
        "help" | "version" | "languages" => "it prints something and exits instead of counting",
        "files-from" | "paths" => "what to count is named on the command line",
        _ if command.find_subcommand(key).is_some() => {
            return Err(format!("'{key}' is a subcommand; a config file holds options of counting"))
        }
        _ => return Ok(()),
    };
    Err(format!("'{key}' cannot be set in a config file: {why}"))
}

/// The values `value` gives `arg`: `None` for the option given without one (`hidden = true`),
/// nothing for `false`. A list is taken only by an option that may be repeated.
fn values_of(arg: &Arg, key: &str, value: &Value) -> Result<Vec<Option<String>>, String> {
    let takes_values = arg.get_action().takes_values();
    let may_omit = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
    let repeats = matches!(arg.get_action(), ArgAction::Append);
    match value {
        Value::Boolean(on) if !takes_values || may_omit => Ok(on.then_some(None).into_iter().collect()),
        _ if !takes_values => Err(format!("'{key}' takes true or false, not {}", a(value))),
        Value::String(_) | Value::Integer(_) | Value::Float(_) => {
            Ok(vec![Some(one_value(value).unwrap_or_default())])
        }
        Value::Array(list) if repeats => list
            .iter()
            .map(|v| one_value(v).map(Some).ok_or_else(|| format!("'{key}' lists strings, not {}", a(v))))
            .collect(),
        _ if repeats => Err(format!("'{key}' takes a string or a list of strings, not {}", a(value))),
        _ if may_omit => Err(format!("'{key}' takes a number or true, not {}", a(value))),
        _ => Err(format!("'{key}' takes one value, a string or a number, not {}", a(value))),
    }
}

/// A string's text, or a number as digits (`overhead = 2.4`); `None` for any other type.
fn one_value(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Integer(n) => Some(n.to_string()),
        Value::Float(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A value's TOML type, as an error names it.
fn a(value: &Value) -> String {
    match value.type_str() {
        article @ ("array" | "integer") => format!("an {article}"),
        other => format!("a {other}"),
    }
}

/// Checks a value with the option's own parser and delimiter, on a command of that option alone
/// (its relations to other options, such as `--cache` requiring `--rev`, are the whole command
/// line's to check), where it is a positional argument: clap's names cannot be built at run time.
fn check(arg: &Arg, key: &str, text: &str) -> Result<(), String> {
    let alone = Arg::new(arg.get_id().clone())
        .value_names(arg.get_value_names().unwrap_or_default().to_vec())
        .value_parser(arg.get_value_parser().clone())
        .value_delimiter(arg.get_value_delimiter());
    let named = format!(" for '{alone}'");
    let command = Command::new("ringloc").arg(alone).disable_help_flag(true);
    let parsed = command.try_get_matches_from(["ringloc", "--", text]);
    parsed.map(drop).map_err(|e| format!("'{key}': {}", clap_message(&e).replace(&named, "")))
}

/// A clap error as one message: its text without the `error: ` prefix, the pointer to `--help`
/// and blank lines.
pub fn clap_message(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let said = |l: &&str| !l.is_empty() && !l.starts_with("For more information") && !l.starts_with("Usage:");
    let lines = text.lines().map(str::trim).filter(said);
    let message = lines.map(|l| l.trim_start_matches("error: ")).collect::<Vec<_>>().join("; ");
    message.replace(":; ", ": ")
}

/// The error for a key no option has, with the closest option's name where one is close.
fn unknown_key(command: &Command, key: &str) -> String {
    let close = command
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(Arg::get_long)
        .map(|long| (strsim::jaro_winkler(&key.replace('_', "-"), long), long))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|x, y| x.0.total_cmp(&y.0));
    let hint = close.map(|(_, long)| format!("did you mean '{long}'? ")).unwrap_or_default();
    format!("unknown key '{key}' ({hint}the keys are the long options `ringloc --help` lists)")
}
