//! The layering rule of ARCHITECTURE.md, checked on the library's source: an import points only
//! down the list of layers (modules of one layer do not import each other), and no files import
//! each other in a circle. Imports are read as `crate::`, `super::` and `self::` paths and `use
//! child::` lines, comments and `#[cfg(test)] mod tests` tails left out; a module's root file
//! naming its own submodules (declarations, re-exports) is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The library's top-level modules, bottom layer first.
const LAYERS: &[&[&str]] = &[
    &["simd"],
    &["lang"],
    &["stats"],
    &["count"],
    &["report"],
    &["fs"],
    &["io", "walk"],
    &["config"],
    &["git"],
    &["output"],
    &["run"],
];

/// Arrows that point down but are still kept out: the walker knows nothing of its consumers (it
/// hands what it finds to a `walk::ListingLog`, not to the report).
const KEPT_OUT: &[(&str, &str)] = &[("walk", "report")];

type Module = Vec<String>;

/// The library's files (the binary's `main.rs` and `cli/` left out) by module path, test files and
/// test tails cut, comments stripped.
fn library_files() -> BTreeMap<Module, String> {
    let mut files = BTreeMap::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("src entries are readable").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let rel = path.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src")).unwrap();
            let rel = rel.to_str().expect("source paths are UTF-8").to_string();
            let is_test = rel.rsplit('/').next().unwrap().contains("test");
            if !rel.ends_with(".rs") || rel == "main.rs" || rel.starts_with("cli/") || is_test {
                continue;
            }
            files.insert(module_of(&rel), code_of(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    files
}

fn module_of(rel: &str) -> Module {
    let mut parts: Module = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text before a `#[cfg(test)] mod tests`, without line comments.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
    text.lines().map(|line| line.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// The file an import path in module `here` names: the longest prefix of it that is a module.
fn resolve(files: &BTreeMap<Module, String>, here: &Module, path: &[&str]) -> Option<Module> {
    let supers = path.iter().take_while(|s| **s == "super").count();
    let (base, rest) = match path[0] {
        "crate" => (&here[..0], &path[1..]),
        "self" => (&here[..], &path[1..]),
        _ => (&here[..here.len().saturating_sub(supers)], &path[supers..]),
    };
    (0..=rest.len())
        .rev()
        .map(|k| [base, &rest[..k].iter().map(|s| s.to_string()).collect::<Vec<_>>()].concat())
        .find(|m| files.contains_key(m))
}

/// Every import between two library files, importer first.
fn imports(files: &BTreeMap<Module, String>) -> BTreeSet<(Module, Module)> {
    let mut edges = BTreeSet::new();
    for (here, code) in files {
        for path in paths_in(code) {
            let Some(to) = resolve(files, here, &path) else { continue };
            let names_own_child = to.len() > here.len() && to.starts_with(here);
            if &to != here && !names_own_child {
                edges.insert((here.clone(), to));
            }
        }
    }
    edges
}

/// The `crate::`/`super::`/`self::` paths in `code`, and `use child::` lines as `self::child`.
fn paths_in(code: &str) -> Vec<Vec<&str>> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("::") {
        let start = code[..at].rfind(|c: char| !is_ident(c) && c != ':').map_or(0, |i| i + 1);
        let end = code[at..].find(|c: char| !is_ident(c) && c != ':').map_or(code.len(), |i| at + i);
        let path: Vec<&str> = code[start..end].split("::").filter(|s| !s.is_empty()).collect();
        let leads = matches!(path.first(), Some(&("crate" | "super" | "self")));
        if leads && start + path[0].len() == at {
            paths.push(path);
        }
    }
    for line in code.lines() {
        let line = line.trim_start().trim_start_matches("pub(crate) ").trim_start_matches("pub ");
        if let Some(rest) = line.strip_prefix("use ") {
            let first = rest.split("::").next().unwrap_or("");
            if !["std", "core", "alloc", "crate", "super", "self"].contains(&first) && rest.contains("::") {
                paths.push(vec!["self", first]);
            }
        }
    }
    paths
}

fn layer_of(module: &Module) -> Option<usize> {
    LAYERS.iter().position(|layer| module.first().is_some_and(|top| layer.contains(&top.as_str())))
}

fn named(module: &Module) -> String {
    module.join("::")
}

/// The imports that do not point down [`LAYERS`], and those [`KEPT_OUT`].
fn upward(edges: &BTreeSet<(Module, Module)>) -> Vec<String> {
    let down = |from: &Module, to: &Module| match (layer_of(from), layer_of(to)) {
        _ if from.first() == to.first() => true,
        (Some(a), Some(b)) => b < a && !KEPT_OUT.contains(&(from[0].as_str(), to[0].as_str())),
        _ => false,
    };
    edges
        .iter()
        .filter(|(from, to)| !down(from, to))
        .map(|(from, to)| format!("{} -> {}", named(from), named(to)))
        .collect()
}

/// One circle of imports, if there is any, found depth first: a file met again while it is still
/// on the path closes it.
fn circle(edges: &BTreeSet<(Module, Module)>) -> Option<Vec<String>> {
    let mut graph: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (from, to) in edges {
        graph.entry(from).or_default().push(to);
    }
    let mut done = BTreeSet::new();
    for &start in graph.keys() {
        let mut path: Vec<(&Module, usize)> = vec![(start, 0)];
        while let Some(&(node, next)) = path.last() {
            let targets = graph.get(node).map_or(&[][..], Vec::as_slice);
            if done.contains(node) || next == targets.len() {
                done.insert(node);
                path.pop();
                continue;
            }
            path.last_mut().expect("the path is not empty").1 += 1;
            let to = targets[next];
            if let Some(at) = path.iter().position(|&(m, _)| m == to) {
                return Some(path[at..].iter().map(|&(m, _)| named(m)).chain([named(to)]).collect());
            }
            path.push((to, 0));
        }
    }
    None
}

#[test]
fn imports_point_only_down_the_layers() {
    let files = library_files();
    assert!(files.len() > 50, "the library's files were not found: {}", files.len());
    let wrong = upward(&imports(&files));
    assert!(wrong.is_empty(), "imports that do not point down LAYERS:\n{}", wrong.join("\n"));
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let files = library_files();
    if let Some(circle) = circle(&imports(&files)) {
        panic!("files import each other: {}", circle.join(" -> "));
    }
}

#[test]
fn a_circle_and_an_upward_import_are_seen() {
    let module = |m: &str| m.split("::").map(String::from).collect::<Module>();
    let files: BTreeMap<Module, String> = [
        ("walk", "use crate::io::Reader; // crate::run::Run\nmod follow;\n"),
        ("walk::ignore", "fn f(out: &mut crate::report::Recorder) {}\n"),
        ("report", ""),
        ("walk::follow", "use super::super::lang::Syntax;\n"),
        ("io", "use super::walk::DirJob;\npub use self::sync::SyncReader;\nuse sync::Sync;\n"),
        ("io::sync", "pub use self::inner::X;\n"),
        ("lang", "#[cfg(test)]\nmod tests {\n    use crate::walk::DirJob;\n}\n"),
    ]
    .into_iter()
    .map(|(m, text)| (module(m), code_of(text)))
    .collect();
    let edges = imports(&files);
    let names: Vec<String> = edges.iter().map(|(a, b)| format!("{} > {}", named(a), named(b))).collect();
    assert_eq!(
        names,
        ["io > walk", "walk > io", "walk::follow > lang", "walk::ignore > report"],
        "comments, tests and children are not imports"
    );
    assert_eq!(upward(&edges), ["io -> walk", "walk -> io", "walk::ignore -> report"]);
    assert_eq!(circle(&edges), Some(vec!["io".to_string(), "walk".to_string(), "io".to_string()]));
}
