//! `--complexity`: the branch tokens of a language (`if `, `for(`, `&& `, scc's
//! "complexitychecks") that start in code. The twin knows at every byte whether it is in code, a
//! string or a comment, so it is the one that counts them; the fast path never does.

use super::Twin;
use crate::count::syntax::markers::is_word;

/// The length of the longest of `tokens` that `rest` starts with.
fn longest_token(tokens: &[&[u8]], rest: &[u8]) -> Option<usize> {
    tokens.iter().filter(|t| rest.starts_with(t)).map(|t| t.len()).max()
}

impl Twin<'_> {
    /// A step of code at `i`: a branch token that starts here counts once, as scc counts it. The
    /// longest token found is taken whole, so no shorter one inside it counts (`!== ` is not also
    /// `== `), even where an identifier's byte before it makes it no token. Nothing where
    /// complexity is not counted.
    pub(super) fn branch_token(&mut self, i: usize) {
        let Some(complexity) = self.complexity else { return };
        if i < self.branch_until {
            return;
        }
        if let Some(len) = longest_token(self.eng.branch_tokens, &self.bytes[i..]) {
            self.branch_until = i + len;
            // A token right after a word's byte (`elif ` holds `if `, `endif(` holds `if(`) is
            // part of a longer word, and no branch.
            self.complexity = Some(complexity + u64::from(!is_word(self.before(i, 1))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::longest_token;
    use crate::count::{count_reference_embedded, count_with_complexity, Options};
    use crate::lang::LangId;

    /// `text`'s complexity read as `language`; its line counts must be the twin's without it.
    fn complexity(language: &str, text: &str) -> u64 {
        let lang = LangId::from_name(language).unwrap();
        let (counts, embedded, complexity) = count_with_complexity(lang, Options::default(), text.as_bytes());
        assert_eq!((counts, embedded), count_reference_embedded(lang, Options::default(), text.as_bytes()));
        complexity
    }

    #[test]
    fn c_family_counts_branches_in_code_only() {
        let c = "/* if (a) */\nint f(int a) {\n  // while (a)\n  if (a == 1 && b) {\n    puts(\"if (x) else \");\n  } else{\n    for(;;) {}\n  }\n  return '|' != a;\n}\n";
        // if, ==, &&, else{, for(, != : the comment's and the string's do not count.
        assert_eq!(complexity("C", c), 6);
        assert_eq!(complexity("Java", c), 6);
        let rust = "// if a\nfn f() { let s = r#\"if a && b\"#; if a { loop { } } else { match x {} } }\n";
        assert_eq!(complexity("Rust", rust), 4);
        let js = "const s = `if ${a && b ? 1 : 2} while `; /* if */ if (x) { f()?.z }\n";
        // The interpolation's `&& ` is code; the template's text and the comment are not.
        assert_eq!(complexity("JavaScript", js), 3);
    }

    #[test]
    fn hash_comment_languages_count_branches_in_code_only() {
        let python = "# if x\ndef f(x):\n    \"\"\"if x and y\"\"\"\n    if x and y:\n        pass\n    elif x or y:\n        s = 'while x'\n    else:\n        pass\n";
        // if, and, elif, or, else: : the doc string's, the string's and the comment's do not count.
        assert_eq!(complexity("Python", python), 5);
        let shell = "# if [ x ]\nif [ \"$a\" == 'if ' ]; then\n  echo \"while \" || exit\nfi\n";
        assert_eq!(complexity("Shell", shell), 3);
        let ruby = "=begin\nif x\n=end\nif x && y # while z\n  s = \"else \"\nend\n";
        assert_eq!(complexity("Ruby", ruby), 2);
        let perl = "# if $x\nif ($x eq 'if ' && $y) { print q{unless } } else { }\n";
        assert_eq!(complexity("Perl", perl), 4);
    }

    #[test]
    fn other_comment_forms_hide_branches() {
        let lua = "--[[ if x then ]]\n-- while x\nif x and y then s = \"if \" elseif z then end\n";
        assert_eq!(complexity("Lua", lua), 3);
        let go = "// if x\nfunc f() { s := `if x && y`; if x { go g() } else{ } }\n";
        assert_eq!(complexity("Go", go), 3);
    }

    #[test]
    fn a_token_inside_a_word_is_no_branch() {
        assert_eq!(complexity("C", "int elseif = xif (a); notfor (;;);\n"), 0);
        assert_eq!(complexity("Python", "elif_ = 1\nif x:\n  pass\n"), 1);
    }

    #[test]
    fn a_language_without_tokens_has_no_complexity() {
        assert_eq!(complexity("Markdown", "if a && b while c\n"), 0);
    }

    #[test]
    fn an_embedded_script_counts_its_own_language_tokens() {
        let html = "<p>if a && b</p>\n<script>\nif (a && b) { }\n</script>\n";
        assert_eq!(complexity("HTML", html), 2);
    }

    #[test]
    fn the_longest_token_at_a_place_wins() {
        let tokens: &[&[u8]] = &[b"== ", b"=== ", b"if "];
        assert_eq!(longest_token(tokens, b"=== x"), Some(4));
        assert_eq!(longest_token(tokens, b"== x"), Some(3));
        assert_eq!(longest_token(tokens, b"=x"), None);
    }
}
