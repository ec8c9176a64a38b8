//! Classifier throughput per language family, fast path against its byte-by-byte twin, on real
//! files: each family's inputs are whole files of the polyglot monorepo (benches/monorepo.sh), C's
//! of the kernel source, counted one by one as the readers count them. The files are taken in a
//! fixed order spread over the whole tree (by a hash of their path), up to 4 MiB a family. On a
//! fresh clone without those trees, a family falls back to its samples in `corpus/`, repeated to
//! 1 MiB (tricky code, so those figures are lower than real code's).
//!
//! `cargo bench --bench classifier`; `RINGLOC_BENCH_MONOREPO` (default
//! `~/.cache/ringloc-bench/monorepo`) and `RINGLOC_BENCH_KERNEL` (default
//! `/usr/src/linux-source-6.1`) name the trees. Figures go to benches/RESULTS.md.

use std::path::{Path, PathBuf};

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ringloc::count::{count, count_reference};
use ringloc::lang::{detect, LangId};

/// Bytes a family takes from a real tree.
const BUDGET: usize = 4 << 20;
/// Bytes a family's corpus samples are repeated to.
const FALLBACK: usize = 1 << 20;
/// A file whose lines average more bytes than this is minified (as `io::file` decides).
const MINIFIED_LINE: usize = 500;

/// One row: its label, language, where its files come from, whether they are minified, the
/// extensions worth reading, and its folder in `corpus/`.
struct Family {
    label: &'static str,
    language: &'static str,
    tree: Tree,
    minified: bool,
    extensions: &'static [&'static str],
    corpus: &'static str,
}

#[derive(Clone, Copy)]
enum Tree {
    Kernel,
    Monorepo,
}

const fn family(
    label: &'static str,
    language: &'static str,
    tree: Tree,
    minified: bool,
    extensions: &'static [&'static str],
    corpus: &'static str,
) -> Family {
    Family { label, language, tree, minified, extensions, corpus }
}

const FAMILIES: &[Family] = &[
    family("C", "C", Tree::Kernel, false, &["c"], "c"),
    family("JavaScript", "JavaScript", Tree::Monorepo, false, &["js", "mjs", "cjs"], "javascript"),
    family("TypeScript", "TypeScript", Tree::Monorepo, false, &["ts", "mts", "cts"], "typescript"),
    family("HTML", "HTML", Tree::Monorepo, false, &["html", "htm"], "html"),
    family("JSON", "JSON", Tree::Monorepo, false, &["json"], "json"),
    family("C++", "C++", Tree::Monorepo, false, &["cpp", "cc", "cxx"], "cpp"),
    family("Rust", "Rust", Tree::Monorepo, false, &["rs"], "rust"),
    family("Python", "Python", Tree::Monorepo, false, &["py"], "python"),
    family("Java", "Java", Tree::Monorepo, false, &["java"], "java"),
    family("Go", "Go", Tree::Monorepo, false, &["go"], "go"),
    family("Markdown", "Markdown", Tree::Monorepo, false, &["md", "markdown"], "markdown"),
    family("YAML", "YAML", Tree::Monorepo, false, &["yaml", "yml"], "yaml"),
    family("minified JS", "JavaScript", Tree::Monorepo, true, &["js", "mjs", "cjs"], ""),
    family("minified JSON", "JSON", Tree::Monorepo, true, &["json"], ""),
];

fn tree_root(tree: Tree) -> PathBuf {
    let (var, default) = match tree {
        Tree::Kernel => ("RINGLOC_BENCH_KERNEL", PathBuf::from("/usr/src/linux-source-6.1")),
        Tree::Monorepo => {
            let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
            ("RINGLOC_BENCH_MONOREPO", home.join(".cache/ringloc-bench/monorepo"))
        }
    };
    std::env::var_os(var).map_or(default, PathBuf::from)
}

/// Every file under `root` with one of `extensions`, with its size.
fn files_with(root: &Path, extensions: &[&str]) -> Vec<(PathBuf, u64)> {
    let mut found = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            let path = entry.path();
            if kind.is_dir() {
                dirs.push(path);
            } else if kind.is_file()
                && path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
            {
                found.push((path, entry.metadata().map_or(0, |m| m.len())));
            }
        }
    }
    found
}

/// FNV-1a of a path under its root: an order that spreads the picks over the whole tree and is
/// the same on every machine holding the same tree.
fn spread(root: &Path, path: &Path) -> u64 {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.as_os_str()
        .as_encoded_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn minified(bytes: &[u8]) -> bool {
    let lines = bytes.iter().filter(|&&b| b == b'\n').count().max(1);
    bytes.len() >= 1024 && bytes.len() / lines > MINIFIED_LINE
}

/// Whole files of `f`'s language (minified or not, as `f` asks) from its tree, up to the budget.
fn from_tree(f: &Family, id: LangId) -> Vec<Vec<u8>> {
    let root = tree_root(f.tree);
    let mut candidates = files_with(&root, f.extensions);
    candidates.sort_by_key(|(path, _)| (spread(&root, path), path.clone()));
    let (mut files, mut total) = (Vec::new(), 0);
    for (path, size) in candidates {
        if total >= BUDGET {
            break;
        }
        // A file larger than what is left of the budget would make one file the whole row.
        if size as usize > BUDGET - total && !files.is_empty() {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let name = path.file_name().map_or(&[][..], |n| n.as_encoded_bytes());
        if detect(name, &bytes) == Some(id) && minified(&bytes) == f.minified {
            total += bytes.len();
            files.push(bytes);
        }
    }
    files
}

/// `f`'s samples in `corpus/`, each repeated as one file, to [`FALLBACK`] bytes in all.
fn from_corpus(f: &Family, id: LangId) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(f.corpus);
    let mut samples: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().extension().map_or(true, |x| x != "expect"))
        .filter_map(|e| {
            let bytes = std::fs::read(e.path()).ok()?;
            (detect(e.file_name().as_encoded_bytes(), &bytes) == Some(id)).then_some(bytes)
        })
        .collect();
    samples.sort();
    let each = FALLBACK / samples.len().max(1);
    samples.iter().map(|s| s.repeat(each / s.len().max(1) + 1)).collect()
}

/// Each family's files and where they came from; a family with none is left out.
fn inputs() -> Vec<(&'static str, LangId, Vec<Vec<u8>>)> {
    let mut rows = Vec::new();
    for f in FAMILIES {
        let id = LangId::from_name(f.language).expect("language in the table");
        let mut files = from_tree(f, id);
        let mut source = "tree";
        if files.is_empty() && !f.corpus.is_empty() {
            files = from_corpus(f, id);
            source = "corpus";
        }
        let bytes: usize = files.iter().map(Vec::len).sum();
        if bytes == 0 {
            println!("classifier: {}: no files", f.label);
            continue;
        }
        println!("classifier: {}: {} files, {} bytes, from the {source}", f.label, files.len(), bytes);
        rows.push((f.label, id, files));
    }
    rows
}

fn classifier(c: &mut Criterion) {
    let mut group = c.benchmark_group("classifier");
    group.sample_size(10);
    for (family, id, files) in inputs() {
        let bytes: usize = files.iter().map(Vec::len).sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_with_input(BenchmarkId::new("fast", family), &files, |b, files| {
            b.iter(|| files.iter().map(|f| count(id, black_box(f)).lines).sum::<u64>())
        });
        group.bench_with_input(BenchmarkId::new("byte-by-byte", family), &files, |b, files| {
            b.iter(|| files.iter().map(|f| count_reference(id, black_box(f)).lines).sum::<u64>())
        });
    }
    group.finish();
}

criterion_group!(benches, classifier);
criterion_main!(benches);
