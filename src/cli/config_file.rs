//! The config files: a user's (`$XDG_CONFIG_HOME/ringloc/config.toml`, else
//! `~/.config/ringloc/config.toml`), then a repository's (`ringloc.toml`, else `.ringloc.toml`, in
//! the current directory), or the one `--config FILE` or `RINGLOC_CONFIG` names. Their settings
//! become command-line words placed before the user's own arguments ([`super::config_keys`]), so
//! a later file overrides an earlier one, the command line overrides both, and lists add up, all
//! by clap's own rules. A file that is not there is skipped; one that cannot be read or holds a
//! bad setting is a usage error naming the file and the line.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

use clap::Command;
use toml::{Spanned, Value};

use super::config_keys::{given, Given};

/// Which config files a run reads.
pub enum Choice {
    /// `--no-config`.
    Nothing,
    /// `--config FILE` or `RINGLOC_CONFIG`: this file alone, which must be there.
    Named(PathBuf),
    /// The user's file, then the repository's, each where it is found.
    Found,
}

impl Choice {
    /// The choice the flags and the environment make: `--no-config`, then `--config`, then
    /// `RINGLOC_CONFIG` (empty is unset), else the usual places.
    pub fn from(no_config: bool, config: Option<&Path>) -> Choice {
        let named = config.map(Path::to_path_buf).or_else(|| env_path("RINGLOC_CONFIG"));
        match (no_config, named) {
            (true, _) => Choice::Nothing,
            (false, Some(path)) => Choice::Named(path),
            (false, None) => Choice::Found,
        }
    }
}

/// One `key = value` line of a file and the words it stands for.
pub struct Setting {
    pub key: String,
    pub value: Value,
    pub given: Given,
    /// Its line in the file, from 1.
    pub line: usize,
}

/// A file read and its settings, in the file's order.
pub struct FileRead {
    pub path: PathBuf,
    pub settings: Vec<Setting>,
}

/// What the config files gave a run, as `--show-config` prints it.
pub struct Layers {
    pub choice: Choice,
    pub files: Vec<FileRead>,
    /// The places looked at and found empty, for [`Choice::Found`].
    pub missing: Vec<PathBuf>,
}

impl Layers {
    /// Reads the files `choice` names, checking each setting against `command`.
    pub fn read(choice: Choice, command: &Command) -> Result<Layers, String> {
        let places = match &choice {
            Choice::Nothing => Vec::new(),
            Choice::Named(path) => vec![vec![path.clone()]],
            Choice::Found => vec![user_files(), vec!["ringloc.toml".into(), ".ringloc.toml".into()]],
        };
        let required = matches!(choice, Choice::Named(_));
        let mut layers = Layers { choice, files: Vec::new(), missing: Vec::new() };
        for candidates in places {
            layers.read_first(candidates, required, command)?;
        }
        Ok(layers)
    }

    /// Reads the first of `candidates` that is there; `required`: that one must be.
    fn read_first(
        &mut self,
        candidates: Vec<PathBuf>,
        required: bool,
        command: &Command,
    ) -> Result<(), String> {
        for path in candidates {
            match std::fs::read_to_string(&path) {
                Ok(text) => {
                    let settings = settings(&text, command).map_err(|e| format!("{}{e}", path.display()))?;
                    self.files.push(FileRead { path, settings });
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound && !required => self.missing.push(path),
                Err(e) => return Err(format!("config file {}: {e}", path.display())),
            }
        }
        Ok(())
    }

    /// Every file's words, in the order read: placed before the command line's. A setting a
    /// later file gives again is left out unless it adds up (a list): clap would take the later
    /// value anyway, and so a later `hidden = false`, which gives no word, undoes an earlier
    /// `hidden = true`.
    pub fn words(&self) -> Vec<OsString> {
        self.kept().into_iter().flat_map(|(_, s)| &s.given.words).map(OsString::from).collect()
    }

    /// The settings whose words go on the command line, with their files, in the order read.
    fn kept(&self) -> Vec<(&FileRead, &Setting)> {
        let settings: Vec<_> =
            self.files.iter().flat_map(|f| f.settings.iter().map(move |s| (f, s))).collect();
        let replaced = |i: usize| settings[i + 1..].iter().any(|(_, later)| later.key == settings[i].1.key);
        let kept = (0..settings.len()).filter(|&i| settings[i].1.given.adds_up || !replaced(i));
        kept.map(|i| settings[i]).collect()
    }

    /// Where the settings that gave `option` (`--cache`, as clap's errors name it, a value
    /// placeholder after it or not) are: `FILE:LINE` each, in the order read.
    pub fn places_of(&self, option: &str) -> Vec<String> {
        let Some(long) = option.strip_prefix("--").and_then(|o| o.split([' ', '=']).next()) else {
            return Vec::new();
        };
        let gives = |word: &String| word.strip_prefix("--").and_then(|w| w.split('=').next()) == Some(long);
        let kept = self.kept().into_iter().filter(|(_, s)| s.given.words.iter().any(gives));
        kept.map(|(f, s)| format!("{}:{}", f.path.display(), s.line)).collect()
    }

    /// `--show-config`'s text: each file read with its settings, as TOML with comments, and the
    /// words they add to the command line.
    pub fn shown(&self) -> String {
        let mut text = match self.choice {
            Choice::Nothing => "# no config file read (--no-config)\n".to_string(),
            _ if self.files.is_empty() => "# no config file read\n".to_string(),
            _ => String::new(),
        };
        for path in &self.missing {
            text += &format!("# not found: {}\n", path.display());
        }
        for file in &self.files {
            text += &format!("# read: {}\n", file.path.display());
            for setting in &file.settings {
                text += &format!("{} = {}\n", setting.key, setting.value);
            }
        }
        let words: String = self.words().iter().map(|w| w.to_string_lossy().into_owned() + " ").collect();
        text + &format!("# as if run as: ringloc {words}[ARGS]\n")
    }
}

/// The user's file: under `$XDG_CONFIG_HOME` where it is set to an absolute path (as the XDG
/// base directory rules have it), else under `$HOME/.config`.
fn user_files() -> Vec<PathBuf> {
    let xdg = env_path("XDG_CONFIG_HOME").filter(|p| p.is_absolute());
    let base = xdg.or_else(|| env_path("HOME").map(|home| home.join(".config")));
    base.map(|dir| dir.join("ringloc/config.toml")).into_iter().collect()
}

/// An environment variable as a path; empty is unset.
fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from)
}

/// A file's settings in its order; an error starts with `:LINE: `, for the caller to put the
/// file's name before.
fn settings(text: &str, command: &Command) -> Result<Vec<Setting>, String> {
    let line = |at: usize| 1 + text[..at].matches('\n').count();
    let table: BTreeMap<Spanned<String>, Value> = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(String::new(), |span| format!("{}:", line(span.start)));
        format!(":{at} {}", e.message().trim_end())
    })?;
    let mut table: Vec<_> = table.into_iter().collect();
    table.sort_by_key(|(key, _)| key.span().start);
    table
        .into_iter()
        .map(|(key, value)| {
            let line = line(key.span().start);
            match given(command, key.get_ref(), &value) {
                Ok(given) => Ok(Setting { key: key.into_inner(), value, given, line }),
                Err(e) => Err(format!(":{line}: {e}")),
            }
        })
        .collect()
}
