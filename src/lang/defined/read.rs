//! One `[[language]]` of a `--lang-def` file made into a [`Language`], through the checks
//! `build.rs` runs on languages.toml. Its markers are leaked: a definition lives as long as the
//! process, as the static table does.

use super::super::table_format::{self as format, Lang, EMBEDS, HASHBANGS, QUOTE_LIKES};
use super::super::{
    Block, Embed, Hashbang, Heredoc, Interpolation, Language, Quote, QuoteLikes, Syntax, TagAt,
};

fn leak<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn leak_strs(v: &[String]) -> &'static [&'static str] {
    leak(v.iter().map(|s| leak_str(s)).collect())
}

fn markers(lang: &str, field: &str, v: &[String]) -> Result<&'static [&'static [u8]], String> {
    let v = v.iter().map(|m| format::marker(lang, field, m).map(|m| leak(m.to_vec())));
    Ok(leak(v.collect::<Result<_, _>>()?))
}

fn tag(at: Option<(u8, u8)>) -> Option<TagAt> {
    at.map(|(open, close)| TagAt { open, close })
}

/// The language a `[[language]]` defines. `embed` is refused: which languages a page holds is
/// the built-in pages' business (HTML, PHP, Markdown), and a page of another name is none of them.
pub(super) fn language(l: &Lang) -> Result<Language, String> {
    let n = l.name.as_str();
    if n.trim().is_empty() {
        return Err("name: a language needs a name".to_string());
    }
    if let Some(embed) = &l.embed {
        return Err(format!(
            "{n}: embed {embed:?}: not supported at run time (only the built-in pages embed: {})",
            EMBEDS.join(", ")
        ));
    }
    Ok(Language {
        name: leak_str(n),
        extensions: leak_strs(&l.extensions),
        filenames: leak_strs(&l.filenames),
        filename_prefixes: leak_strs(&l.filename_prefixes),
        complexity: leak(
            format::branch_tokens(n, &l.complexity)?.into_iter().map(|t| leak(t.to_vec())).collect(),
        ),
        syntax: syntax(l)?,
    })
}

fn syntax(l: &Lang) -> Result<Syntax, String> {
    let n = l.name.as_str();
    let tag_chars = format::byte_set(&l.tag_chars);
    let hashbang = (HASHBANGS, [Hashbang::Line, Hashbang::UnlessAttribute]);
    let quote_likes = (QUOTE_LIKES, [QuoteLikes::Perl, QuoteLikes::Ruby]);
    Ok(Syntax {
        line_comments: markers(n, "line_comments", &l.line_comments)?,
        block_comments: leak(
            l.block_comments.iter().map(|b| block(l, b, &tag_chars)).collect::<Result<_, _>>()?,
        ),
        nested: l.nested,
        quotes: leak(l.strings.iter().map(|q| quote(n, q, &tag_chars)).collect::<Result<_, _>>()?),
        splice: l.splice,
        odd_splice: l.odd_splice,
        code_escape: l.code_escape.as_deref().map(|e| format::one_byte(n, "code_escape", e)).transpose()?,
        code_tokens: markers(n, "code_tokens", &l.code_tokens)?,
        tag_chars: leak(tag_chars),
        heredoc: l.heredoc.as_ref().map(|h| heredoc(n, h)).transpose()?,
        regex: l.regex,
        digit_separators: l.digit_separators,
        comment_strings: l.comment_strings,
        block_scalars: l.block_scalars,
        help_text: markers(n, "help_text", &l.help_text)?,
        hashbang: format::choice(n, "hashbang", l.hashbang.as_deref(), Hashbang::None, hashbang)?,
        quote_likes: format::choice(
            n,
            "quote_likes",
            l.quote_likes.as_deref(),
            QuoteLikes::None,
            quote_likes,
        )?,
        embed: Embed::None,
    })
}

fn block(l: &Lang, b: &format::BlockSpec, tag_chars: &[u8]) -> Result<Block, String> {
    let p = l.block_parts(b);
    let t = format::tagged(&l.name, "block_comments", p.open, p.close, tag_chars)?;
    Ok(Block {
        open: leak(t.open),
        close: leak(t.close),
        line_start: p.line_start,
        alone: p.alone,
        nested: p.nested,
        tag: tag(t.tag),
    })
}

fn quote(n: &str, q: &format::Quote, tag_chars: &[u8]) -> Result<Quote, String> {
    let t = format::tagged(n, "strings", &q.open, &q.close, tag_chars)?;
    format::one_reading_of_a_run(n, q)?;
    let interpolation = format::interpolation(n, &q.interpolation)?;
    Ok(Quote {
        open: leak(t.open),
        close: leak(t.close),
        escape: format::escape_byte(n, &q.escape)?,
        multiline: q.multiline,
        doc: q.doc,
        doubled: q.doubled,
        close_last_of_run: q.close_last_of_run,
        char_literal: q.char_literal,
        tag: tag(t.tag),
        interpolation: interpolation.map(|(open, close)| Interpolation { open: leak(open.to_vec()), close }),
    })
}

fn heredoc(n: &str, h: &format::Heredoc) -> Result<Heredoc, String> {
    Ok(Heredoc {
        open: leak(format::marker(n, "heredoc", &h.open)?.to_vec()),
        indent_flags: leak(h.indent.as_bytes().to_vec()),
        space: h.space,
        quoted_space: h.quoted_space,
        backslash: h.backslash,
        lax: h.lax,
    })
}
