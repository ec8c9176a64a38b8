//! Classifier throughput per language family, fast path against its byte-by-byte twin.
//! `cargo bench --bench classifier`; figures go to benches/RESULTS.md.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ringloc::count::{count, count_reference};
use ringloc::lang::LangId;

/// About 4 MiB of text repeating `unit`.
fn repeat(unit: &str) -> Vec<u8> {
    unit.repeat((4 << 20) / unit.len() + 1).into_bytes()
}

fn inputs() -> Vec<(&'static str, &'static str, Vec<u8>)> {
    let c = "/*\n * SPDX-License-Identifier: GPL-2.0\n */\n#include <linux/module.h>\n\nstatic int probe(struct device *dev)\n{\n\tint ret = 0; /* result */\n\n\tif (!dev)\n\t\treturn -EINVAL; // no device\n\tpr_info(\"probe %s: \\\"ok\\\"\\n\", dev_name(dev));\n\treturn ret;\n}\n";
    let python = "def parse(path):\n    \"\"\"Parse a file.\n\n    Returns a dict.\n    \"\"\"\n    # open it\n    with open(path) as f:\n        data = f.read()  # all of it\n    return {'path': path, \"n\": len(data)}\n\n";
    let rust = "/// Reads the `RINGLOC` variable.\nfn read<'a>(vars: &'a [String], key: char) -> Result<&'a str, Error> {\n    // return the first one\n    for var in vars.iter() {\n        if var.starts_with(key) {\n            return Ok(r#\"raw \"str\"\"#);\n        }\n    }\n    Err(Error::NotFound(format!(\"no {key:?} here\\n\")))\n}\n\n";
    let markdown = "# Title\n\nSome *prose* with `code` and a [link](http://example.com).\n\n- item one\n- item two\n\n<!-- a comment -->\n\n";
    let minified = "function a(b){return b.map(function(c){return c*2}).filter(function(d){return d>3})}var e=\"//not a comment\",f='/*nor this*/';";
    vec![
        ("C-like", "C", repeat(c)),
        ("Rust", "Rust", repeat(rust)),
        ("Python", "Python", repeat(python)),
        ("Markdown", "Markdown", repeat(markdown)),
        ("minified JS", "JavaScript", repeat(minified)),
    ]
}

fn classifier(c: &mut Criterion) {
    let mut group = c.benchmark_group("classifier");
    group.sample_size(20);
    for (family, language, bytes) in inputs() {
        let id = LangId::from_name(language).expect("language in the table");
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("fast", family), &bytes, |b, bytes| {
            b.iter(|| count(id, black_box(bytes)))
        });
        group.bench_with_input(BenchmarkId::new("byte-by-byte", family), &bytes, |b, bytes| {
            b.iter(|| count_reference(id, black_box(bytes)))
        });
    }
    group.finish();
}

criterion_group!(benches, classifier);
criterion_main!(benches);
