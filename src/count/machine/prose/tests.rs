use crate::count::chunked::embedded_in_chunks;
use crate::count::on_every_lane::agrees_on_every_lane;
use crate::lang::LangId;
use crate::simd::dispatch::LanesSeen;
use crate::test_random::below;

/// Random Markdown built from pieces that open, or look as if they open, something: fences of
/// backticks and tildes (closed, longer, indented, named, unclosed), comments, inline code and
/// tags, between lines of prose of every length, so that each lands at every place in a block.
/// Each lane and a cut in chunks give the twin's counts and embedded regions.
#[test]
fn random_markdown_equals_the_byte_by_byte_twin() {
    let md = LangId::from_name("Markdown").expect("Markdown");
    let lanes = LanesSeen::start();
    let pieces: [&[u8]; 22] = [
        b"```rust\n// c\nfn f() {}\n```\n",
        b"```\n",
        b"~~~\n",
        b"  ~~~ python\n# c\n~~~\n",
        b"````\n```\n````\n",
        b"```js\nlet s = `${a}`;\n```\n",
        b"a ``` b `` c ` d ~~ e ~~~ f\n",
        b"<!-- c\n\n-->",
        b"<!--",
        b"-->\n",
        b"<b>x</b> <!x <i>\n",
        b"`x`",
        b"\n",
        b"\n\n",
        b"   \n",
        b"\t",
        b"prose, prose and prose ",
        b"x",
        b"# Title\n",
        b"```html\n<script>\nvar x;\n</script>\n```\n",
        b"``",
        b"~~",
    ];
    let mut x = 0x3C6E_F372_FE94_F82Bu64;
    let mut fences = 0;
    for round in 0..1_500 {
        let mut src = Vec::new();
        while src.len() < 400 {
            src.extend_from_slice(pieces[below(&mut x, pieces.len() as u64) as usize]);
        }
        fences += src.windows(4).filter(|w| w == b"\n```").count();
        let want = agrees_on_every_lane(&lanes, md, &src);
        let chunked = embedded_in_chunks(md, &src, round % 97 + 1);
        assert_eq!(chunked, want, "chunked: {:?}", String::from_utf8_lossy(&src));
    }
    assert!(fences > 3_000, "only {fences} fences");
    lanes.check();
}

/// Long stretches of plain lines, which the block loops of prose and pages take many blocks in a
/// row with no mark (`mark_free_windows`): blank lines, lines of blanks, short lines and lines longer
/// than a block, with now and then an opener between them (a fence or a comment; in a page a
/// comment, a script or an attribute value a newline ends). Each lane and a cut in chunks give
/// the twin's counts and embedded regions.
#[test]
fn long_mark_free_runs_equal_the_byte_by_byte_twin() {
    let lanes = LanesSeen::start();
    let plain: [&[u8]; 8] = [
        b"\n",
        b"\n\n",
        b"  \n",
        b"\t \r\n",
        b" ",
        b"x",
        b"word ",
        b"a line of prose longer than a block, with `code`, <b>a tag</b> and ~a~ ``b`` <i>",
    ];
    let markdown: [&[u8]; 3] = [b"\n```sh\necho\n```\n", b"<!-- c -->", b"\n~~~\n"];
    let page: [&[u8]; 3] = [b"<!-- c\n-->", b"<script>\nvar x;\n</script>", b"<a href=\"x\n"];
    let mut x = 0x5851_F42D_4C95_7F2Du64;
    let mut long_runs = 0;
    for round in 0..600 {
        let (lang, rare) = match round % 2 {
            0 => (LangId::from_name("Markdown").expect("Markdown"), &markdown),
            _ => (LangId::from_name("HTML").expect("HTML"), &page),
        };
        let (mut src, mut run) = (Vec::new(), 0);
        while src.len() < 1_500 {
            let piece = if below(&mut x, 40) == 0 {
                run = 0;
                rare[below(&mut x, 3) as usize]
            } else {
                plain[below(&mut x, plain.len() as u64) as usize]
            };
            run += piece.len();
            long_runs += usize::from(run >= 4 * 64 && run - piece.len() < 4 * 64);
            src.extend_from_slice(piece);
        }
        let want = agrees_on_every_lane(&lanes, lang, &src);
        let chunked = embedded_in_chunks(lang, &src, round % 89 * 7 + 1);
        assert_eq!(chunked, want, "chunked: {:?}", String::from_utf8_lossy(&src));
    }
    assert!(long_runs > 1_000, "only {long_runs} stretches of four blocks with no opener");
    lanes.check();
}

/// Fences of many languages whose bodies are counted in place, in a padded copy: bodies of every
/// length from empty to several blocks, so that their ends land at every place in a block, made of
/// pieces that open or close something on the body's last line or across it (strings and
/// comments left open, escapes and splices before the newline, heredocs, regex literals, block
/// scalars, quote-like operators). Each lane and a cut in chunks give the twin's counts and
/// embedded regions.
#[test]
fn fence_bodies_of_every_length_equal_the_byte_by_byte_twin() {
    let md = LangId::from_name("Markdown").expect("Markdown");
    let lanes = LanesSeen::start();
    let names: [&[u8]; 16] = [
        b"rust", b"js", b"c", b"python", b"sh", b"yaml", b"ruby", b"perl", b"go", b"java", b"cpp", b"lua",
        b"toml", b"", b"console", b"json",
    ];
    let body: [&[u8]; 24] = [
        b"\n",
        b"  \n",
        b"let x = 1;\n",
        b"// a comment\n",
        b"# a comment\n",
        b"/* open\n",
        b"*/\n",
        b"\"open string\n",
        b"'c' \"s\\\"q\" x\n",
        b"r#\"raw\n\"# y\n",
        b"`tpl ${a}\n",
        b"x = \"\"\"doc\n",
        b"\\\n",
        b"a \\",
        b"cat <<EOF\n",
        b"EOF\n",
        b"k: |\n  v\n",
        b"s = q",
        b" /re/ ",
        b"--[[ c\n]]\n",
        b"a line of code longer than half a block, with \"a\" and 'b' and /* c */ in it;\n",
        b"x",
        b" ",
        b"\t",
    ];
    let mut x = 0x2F1B_7E5D_C3A9_4B61u64;
    let mut fences = 0;
    for round in 0..2_000 {
        let mut src = Vec::new();
        while src.len() < 700 {
            let name = names[below(&mut x, names.len() as u64) as usize];
            let fence: &[u8] = if below(&mut x, 3) == 0 { b"~~~" } else { b"```" };
            src.extend_from_slice(b"prose\n");
            src.extend_from_slice(fence);
            src.extend_from_slice(name);
            src.push(b'\n');
            let len = below(&mut x, 300) as usize;
            let start = src.len();
            while src.len() - start < len {
                src.extend_from_slice(body[below(&mut x, body.len() as u64) as usize]);
            }
            if src.last() != Some(&b'\n') && src.len() > start {
                src.push(b'\n');
            }
            src.extend_from_slice(fence);
            src.push(b'\n');
            fences += 1;
        }
        let want = agrees_on_every_lane(&lanes, md, &src);
        let chunked = embedded_in_chunks(md, &src, round % 193 + 1);
        assert_eq!(chunked, want, "chunked: {:?}", String::from_utf8_lossy(&src));
    }
    assert!(fences > 8_000, "only {fences} fences");
    lanes.check();
}
