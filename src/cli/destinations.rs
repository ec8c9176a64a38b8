//! Where reports go: stdout, or the files `-o/--output` names. A file is written to a temporary file
//! in its own directory (unnamed while it is written: [`Temporary`]) and renamed over the final name
//! only once every byte is out, so a full disk or a killed run never leaves a partial report under
//! the final name, nor (where the file system has `O_TMPFILE`) an empty file beside it. Writes are
//! buffered: a `--by-file` report is a few large writes, not one per line.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use ringloc::output::paths::for_people;

use super::flags::{FormatArgs, FormatFlag};
use super::pieces::Pieces;
use super::reserve::{trim, Reserving};
use super::temporary::Temporary;

/// Bytes buffered before a write: a kernel `--by-file` JSON report is ~100 writes, not 686,000.
const BUFFER: usize = 1 << 16;

/// One report to write: its format and where (`None`: stdout).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub format: FormatFlag,
    pub path: Option<PathBuf>,
}

/// The reports the flags ask for: each `--output [FORMAT:]FILE` (`-` is stdout; without a format,
/// `--format`'s), or `--format` on stdout when there is none.
pub fn targets(args: &FormatArgs) -> Result<Vec<Target>, String> {
    if args.output.is_empty() {
        return Ok(vec![Target { format: args.format, path: None }]);
    }
    let targets: Vec<Target> = args.output.iter().map(|value| target(value, args.format)).collect();
    let no_file = |t: &&Target| t.path.as_ref().is_some_and(|p| p.as_os_str().is_empty());
    if let Some((value, _)) = args.output.iter().zip(&targets).find(|(_, t)| no_file(t)) {
        return Err(format!("--output '{value}' names no file (- is stdout)"));
    }
    if targets.iter().filter(|t| t.path.is_none()).count() > 1 {
        return Err("--output: only one report can go to stdout (-)".into());
    }
    let files: Vec<(&Path, PathBuf)> =
        targets.iter().filter_map(|t| t.path.as_deref()).map(|p| (p, lands_at(p))).collect();
    for (i, (path, place)) in files.iter().enumerate() {
        if let Some((earlier, _)) = files[..i].iter().find(|(_, p)| p == place) {
            return Err(match earlier == path {
                true => format!("--output: {} is named twice", for_people(path)),
                false => format!("--output: {} and {} are one file", for_people(earlier), for_people(path)),
            });
        }
    }
    Ok(targets)
}

/// The file a report written to `path` replaces, made absolute: the file a link leads to, or the
/// name in its directory. Two names for one file (`a.json` and `./a.json`, `out/../a.json`, a link
/// to it) would each be renamed over it, and the report written first would be lost unseen.
fn lands_at(path: &Path) -> PathBuf {
    let path = &followed(path);
    if let Ok(real) = fs::canonicalize(path) {
        return real;
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match (fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Where the links at `path` lead, the last one dangling or not: as the shell's `>` does, a report
/// written through a link to no file yet makes that file, where the rename replaced the link.
/// A loop of links, which no file ends, is left to fail where the report is written.
fn followed(path: &Path) -> PathBuf {
    const MAX_LINKS: usize = 40;
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let Ok(target) = fs::read_link(&path) else { break };
        path = match path.parent() {
            Some(dir) if target.is_relative() => dir.join(target),
            _ => target,
        };
    }
    path
}

/// `json:out.json` names a format; `out.json` (or `./json:x`, whose prefix is no format) does not.
fn target(value: &str, default: FormatFlag) -> Target {
    let (format, file) = match value.split_once(':') {
        Some((name, file)) => match FormatFlag::from_str(name, false) {
            Ok(format) => (format, file),
            Err(_) => (default, value),
        },
        None => (default, value),
    };
    Target { format, path: (file != "-").then(|| PathBuf::from(file)) }
}

/// An open destination.
pub enum Destination {
    Stdout,
    /// Something that is not a regular file (`/dev/stdout`, a FIFO, a device): written in place,
    /// since renaming over it would replace it.
    InPlace(fs::File, PathBuf),
    /// A regular file, written to a temporary file beside the final one.
    Renamed(Temporary, PathBuf),
}

impl Destination {
    /// Opens before the count, so a directory that does not exist fails at once, not after an hour
    /// of counting. `append` starts the file from the report already there (SQL appends).
    pub fn open(path: Option<&Path>, append: bool) -> Result<Destination, String> {
        let Some(path) = path else { return Ok(Destination::Stdout) };
        let failed = |e: io::Error| format!("{}: {e}", for_people(path));
        let old = match fs::metadata(path) {
            Ok(meta) if !meta.is_file() => {
                let file = fs::OpenOptions::new().append(true).open(path).map_err(failed)?;
                return Ok(Destination::InPlace(file, path.to_path_buf()));
            }
            Ok(meta) => Some(meta.permissions()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(failed(e)),
        };
        // A link to a report is followed: the report it points to is replaced, not the link.
        let path = followed(path);
        let path = fs::canonicalize(&path).unwrap_or(path);
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        fs::metadata(dir).map_err(|e| format!("{}: {e}", for_people(dir)))?;
        let name = path.file_name().ok_or_else(|| format!("{}: not a file name", for_people(&path)))?;
        let temp = Temporary::new(dir, name, old).map_err(failed)?;
        if append {
            match fs::File::open(&path) {
                Ok(mut old) => io::copy(&mut old, &mut temp.as_file()).map(drop).map_err(failed)?,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(failed(e)),
            }
        }
        Ok(Destination::Renamed(temp, path))
    }

    /// A buffered writer to the destination; the caller flushes it before [`Destination::commit`].
    /// A new file has its blocks reserved ahead of the writes ([`Reserving`]); something written in
    /// place may be a device or a pipe, which has none.
    pub fn writer(&self) -> Result<Box<dyn Write + Send>, String> {
        let failed = |path: &Path, e: io::Error| format!("{}: {e}", for_people(path));
        match self {
            Destination::Stdout => Ok(Box::new(BufWriter::with_capacity(BUFFER, io::stdout()))),
            Destination::InPlace(file, path) => {
                let file = file.try_clone().map_err(|e| failed(path, e))?;
                Ok(Box::new(BufWriter::with_capacity(BUFFER, Pieces(file))))
            }
            Destination::Renamed(temp, path) => {
                let file = temp.as_file();
                let (file, at) = file
                    .try_clone()
                    .and_then(|f| Ok((f, file.metadata()?.len())))
                    .map_err(|e| failed(path, e))?;
                Ok(Box::new(BufWriter::with_capacity(BUFFER, Pieces(Reserving::new(file, at)))))
            }
        }
    }

    /// What to call the destination in a message.
    pub fn name(&self) -> String {
        match self {
            Destination::Stdout => "output".into(),
            Destination::InPlace(_, path) | Destination::Renamed(_, path) => for_people(path).into_owned(),
        }
    }

    /// Moves a finished file to its final name, the blocks reserved past its end given back; the
    /// others have nothing left to do.
    pub fn commit(self) -> Result<(), String> {
        match self {
            Destination::Renamed(temp, path) => {
                trim(temp.as_file()).map_err(|e| format!("{}: {e}", for_people(&path)))?;
                temp.persist(&path).map_err(|e| format!("{}: {e}", for_people(&path)))
            }
            Destination::Stdout | Destination::InPlace(..) => Ok(()),
        }
    }

    /// Writes one whole report with `write`, then commits it; on any error the temporary file is
    /// removed and the final name left as it was.
    pub fn write_all(self, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), String> {
        let mut out = self.writer()?;
        written(&self.name(), write(&mut out).and_then(|()| out.flush()))?;
        drop(out);
        self.commit()
    }
}

/// A write error as a message: a full disk, or a reader that went away (a closed pipe is an error
/// too: the report did not arrive).
pub fn written(name: &str, result: io::Result<()>) -> Result<(), String> {
    result.map_err(|e| format!("writing {name}: {e}"))
}
