//! One test per syntax feature of the table, each on the smallest file that shows it, through both
//! engines (the twin equality of the randomized test does not check the shared recognizers).

use super::*;
use crate::count::on_every_lane::agrees_on_every_lane;

fn lang(name: &str) -> LangId {
    LangId::from_name(name).unwrap_or_else(|| panic!("no language {name}"))
}

/// (lines, code, comments, blanks), checked against both engines.
fn counts(name: &str, src: &str) -> (u64, u64, u64, u64) {
    let id = lang(name);
    let fast = count(id, src.as_bytes());
    assert_eq!(fast, count_reference(id, src.as_bytes()), "{name}: {src:?}");
    (fast.lines, fast.code, fast.comments, fast.blanks)
}

#[test]
fn a_backslash_ending_a_line_comment_continues_it() {
    assert_eq!(counts("C", "// a \\\n  b\nx;\n"), (3, 1, 2, 0));
    assert_eq!(counts("C", "x; // a \\\r\n b \\\n c\nd;\n"), (4, 2, 2, 0));
    assert_eq!(counts("C", "// a \\\n\nx;\n"), (3, 1, 1, 1), "a blank continuation stays blank");
    assert_eq!(counts("C", "/* b */ // c \\\nint x;\nint y;\n"), (3, 1, 2, 0));
    assert_eq!(counts("Python", "# a \\\nx = 1\n"), (2, 1, 1, 0), "only where the table says so");
}

#[test]
fn an_escape_outside_strings_makes_the_next_byte_code() {
    assert_eq!(counts("Shell", "echo I\\'m here\n# c\n# d\n"), (3, 1, 2, 0));
    assert_eq!(
        counts("Shell", "echo \\\n  # c\n"),
        (2, 1, 1, 0),
        "a backslash before a newline escapes nothing"
    );
    assert_eq!(counts("Clojure", "(def q \\\")\n; c\n"), (2, 1, 1, 0));
    assert_eq!(counts("PowerShell", "Write-Host `'x <# c\nd #>\n"), (2, 1, 1, 0));
}

#[test]
fn a_string_may_name_its_own_escape_byte() {
    assert_eq!(counts("PowerShell", "Write-Host \"a `\" b\" <# c\nd #>\n"), (2, 1, 1, 0));
    assert_eq!(
        counts("SQL", "SELECT 'C:\\'; /* c\nd */\n"),
        (2, 1, 1, 0),
        "standard SQL has no backslash escape"
    );
}

#[test]
fn a_doubled_closer_is_text() {
    assert_eq!(counts("C#", "var s = @\"a \"\"b\\\"\"\n// in\n\";\n// c\n"), (4, 3, 1, 0));
    assert_eq!(counts("SQL", "SELECT 'it''s'; -- c\n-- d\n"), (2, 1, 1, 0));
}

#[test]
fn a_run_of_quotes_closes_at_its_last_three() {
    assert_eq!(counts("Kotlin", "val s = \"\"\"a 12\" of \"b\"\"\"\" /* c\nd */\nval x = 1\n"), (3, 2, 1, 0));
}

#[test]
fn a_char_literal_opens_only_when_it_closes() {
    assert_eq!(counts("Rust", "let q = '\"'; /* c\nd */\n// e\n"), (3, 1, 2, 0));
    assert_eq!(counts("Rust", "let q = '\\''; /* c\nd */\n"), (2, 1, 1, 0));
    assert_eq!(counts("Rust", "let q = '\\u{1F600}'; // c\n/* d */\n"), (2, 1, 1, 0));
    assert_eq!(counts("Rust", "let e = 'é'; /* c\nd */\n"), (2, 1, 1, 0));
    // A lead byte and a newline are not a character: the quote opens nothing (found by fuzz/).
    let torn = b"k'\xE1\nk' /* c\nd */\n";
    assert_eq!(count(lang("Rust"), torn), Counts { lines: 3, code: 2, comments: 1, blanks: 0 });
    assert_eq!(count_reference(lang("Rust"), torn), count(lang("Rust"), torn));
    assert_eq!(counts("Rust", "fn f<'a>(x: &'a str) {}\n// don't\n'outer: loop {}\n"), (3, 2, 1, 0));
}

#[test]
fn a_tag_chosen_by_the_opener_must_close_it() {
    assert_eq!(counts("Lua", "--[==[ c\n]] text\n]==]\nx = 1\n"), (4, 1, 3, 0));
    assert_eq!(counts("Lua", "s = [=[\n]] -- not\n]=]\n-- c\n"), (4, 3, 1, 0));
    assert_eq!(counts("CMake", "#[==[ c\n]]\n]==]\nset(X 1)\n"), (4, 1, 3, 0));
    assert_eq!(counts("Rust", "let s = r##\"a \"# b\n// in\n\"##; // c\n// d\n"), (4, 3, 1, 0));
    assert_eq!(counts("Rust", "let r#type = 1; // c\n"), (1, 1, 0, 0), "a raw identifier opens nothing");
    assert_eq!(counts("C++", "auto s = R\"xy(a )\" b\n/* in\n)xy\";\n/* c */\n"), (4, 3, 1, 0));
}

#[test]
fn a_marker_ending_in_a_letter_is_a_whole_word() {
    assert_eq!(counts("Batch", "REM c\nREMOVE x\nrem\n"), (3, 1, 2, 0));
    assert_eq!(counts("Ruby", "=begin\nc\n=ending\nd\n=end\nx\n"), (6, 1, 5, 0));
}

#[test]
fn a_line_start_marker_counts_only_at_the_start_of_a_line() {
    let pod = "x;\n=pod\n\n    =cut\ndoc\n=cut\ny;\n";
    assert_eq!(counts("Perl", pod), (7, 2, 4, 1));
    assert_eq!(counts("Ruby", "x = 1 =begin\n# c\n"), (2, 1, 1, 0));
    assert_eq!(counts("Ruby", "\u{feff}=begin\nc\n=end\n"), (3, 0, 3, 0), "after a byte-order mark too");
}

#[test]
fn a_code_token_hides_the_markers_it_spells() {
    assert_eq!(counts("C3", "macro f(int[<*>] x)\n{\n}\n<* doc *>\n"), (4, 3, 1, 0));
}

#[test]
fn a_heredoc_body_is_string_up_to_its_word() {
    assert_eq!(counts("Shell", "cat <<TEXT\nit's\n\n# not\nTEXT\n# c\n"), (6, 4, 1, 1));
    assert_eq!(counts("Shell", "cat <<-'END' # note\n\tx\n\tEND\n# c\n"), (4, 3, 1, 0));
    assert_eq!(counts("Shell", "cat << \"EOF\"\n# in\nEOF\n"), (3, 3, 0, 0));
    assert_eq!(counts("Shell", "cat <<<EOF\n# c\n"), (2, 1, 1, 0), "a here-string is not a heredoc");
    assert_eq!(counts("Shell", "echo $((1<<x))\n# c\n"), (2, 1, 1, 0), "a lower-case word is no heredoc");
    assert_eq!(counts("Ruby", "class <<self\n  # c\nend\n"), (3, 2, 1, 0));
    let ruby = "a = <<~TEXT\n  it's\n  # in\n  TEXT\n# c\nb = <<RUBY\n  RUBY\n# in\nRUBY\n";
    assert_eq!(counts("Ruby", ruby), (9, 8, 1, 0));
}

#[test]
fn heredocs_opened_on_one_line_have_their_bodies_one_after_the_other() {
    let perl = "print $x ? <<\"A\" : << \"B\";\n# a\nA\n# b\nB\n# c\n";
    assert_eq!(counts("Perl", perl), (6, 5, 1, 0));
    let ruby = "f(\"#{<<-\"begin;\"}\\n#{<<-\"end;\"}\")\nbegin;\n  #{x}\nend;\n# c\n";
    assert_eq!(counts("Ruby", ruby), (5, 4, 1, 0));
    assert_eq!(counts("Shell", "cat <<A <<-B\n# a\nA\n\t# b\n\tB\n# c\n"), (6, 5, 1, 0));
    let four = "f(<<A, <<B, <<C, <<D)\nA\nB\nC\n# d\nD\n# c\n";
    assert_eq!(counts("Ruby", four), (7, 6, 1, 0), "four heredocs on a line");
    let five = "f(<<A, <<B, <<C, <<D, <<E)\nA\nB\nC\nD\n# e\nE\n";
    assert_eq!(counts("Ruby", five), (7, 6, 1, 0), "a fifth is code, its body read as code");
    let closed = "print <<A;\nA\nprint <<B;\n# b\nB\n# c\n";
    assert_eq!(counts("Perl", closed), (6, 5, 1, 0), "one per line: nothing waits");
}

#[test]
fn a_quoted_heredoc_word_may_be_any_text() {
    assert_eq!(counts("Perl", "print <<'=back';\n=over\n# in\n=back\n# c\n"), (5, 4, 1, 0));
    assert_eq!(counts("Perl", "eval <<'.';\n# in\n.\n# c\n"), (4, 3, 1, 0));
    assert_eq!(
        counts("Perl", "warn <<\"  EOT\";\n  # in\n  EOT\n# c\n"),
        (4, 3, 1, 0),
        "blanks lead the word"
    );
    assert_eq!(counts("Shell", "cat <<'END-OF-TEXT'\n# in\nEND-OF-TEXT\n# c\n"), (4, 3, 1, 0));
    assert_eq!(counts("Perl", "print << \"EOT\";\n# in\nEOT\n# c\n"), (4, 3, 1, 0), "a blank before a quote");
    let long = "print <<'----END OF PREAMBLE----';\n.ds C' x\n# in\n----END OF PREAMBLE----\n# c\n";
    assert_eq!(counts("Perl", long), (5, 4, 1, 0), "a word ending 27 bytes after `<<` (Pod::Man)");
    assert_eq!(counts("Perl", "$x = 1 << MAX;\n# c\n"), (2, 1, 1, 0), "a blank before a word: a shift");
    assert_eq!(counts("Ruby", "s <<\"\\n\"\n# c\n"), (2, 1, 1, 0), "an escape: a string, not a word");
    assert_eq!(counts("Ruby", "s <<\"#{x}\"\n# c\n"), (2, 1, 1, 0), "interpolation: a string");
}

#[test]
fn a_quote_like_body_is_string_across_lines() {
    assert_eq!(counts("Perl", "my @w = qw(\n  a\n  # b\n);\n# c\n"), (5, 4, 1, 0));
    assert_eq!(counts("Perl", "$_ = q{a {\n# in\n} b};\n# c\n"), (4, 3, 1, 0), "brackets nest");
    assert_eq!(counts("Perl", "s{a}\n  {# b}x;\n# c\n"), (3, 2, 1, 0), "a second body on the next line");
    assert_eq!(counts("Perl", "s#a#b#; # c\n# d\n"), (2, 1, 1, 0), "hash delimiters");
    assert_eq!(counts("Perl", "my %h = (s => 1);\n# c\n"), (2, 1, 1, 0), "a fat comma's word");
    assert_eq!(counts("Perl", "my $n = $#a;\nmy $q = $';\n# c\n"), (3, 2, 1, 0), "special variables");
    let semicolons = "if ($o !~ m;^\n  # in\n  (\\w+)\n$;x) {\n# c\n}\n";
    assert_eq!(counts("Perl", semicolons), (6, 5, 1, 0), "`;` delimiters");
    assert_eq!(counts("Perl", "$x =~ m#a#s;\n# c\n"), (2, 1, 1, 0), "a modifier before `;` opens nothing");
    assert_eq!(counts("Perl", "s,a,b,gs;\n# c\n"), (2, 1, 1, 0), "modifiers");
    assert_eq!(counts("Perl", "$x =~ /a/s;\n# c\n"), (2, 1, 1, 0), "a regex's modifier");
    assert_eq!(counts("Ruby", "x = %w[\n# a\n]\n# c\n"), (4, 3, 1, 0));
    assert_eq!(counts("Ruby", "x = 7 % 2 # c\n'\n# in\n'\n"), (4, 4, 0, 0), "a modulo");
    assert_eq!(counts("Ruby", "q = [?', ?\"]\n# c\n"), (2, 1, 1, 0), "character literals");
    assert_eq!(counts("Ruby", "a = [:/, ?/]\n# c\n"), (2, 1, 1, 0), "a symbol and a character");
}

#[test]
fn perl_and_ruby_regexes_run_over_lines_after_keywords_too() {
    assert_eq!(counts("Ruby", "x = /\n  a # b\n/x\n# c\n"), (4, 3, 1, 0));
    assert_eq!(counts("Ruby", "end\n/'/ =~ s\n# c\n"), (3, 2, 1, 0), "after `end`");
    assert_eq!(counts("Perl", "split /'/, $s;\n# c\n"), (2, 1, 1, 0), "after `split`");
    assert_eq!(counts("Ruby", "r = /(?# [ )\n  a/\n# c\n"), (3, 2, 1, 0), "a class ends at its line");
    let nested = "re = /\n  #{'\\b' if /\\A\\w/ =~ s}\n  #{Regexp.escape(s)}\n/x\n# c\n";
    assert_eq!(counts("Ruby", nested), (5, 4, 1, 0), "an interpolation holding a regex");
    assert_eq!(counts("Ruby", "re = /[#{x}/]\n# in\n/\n# c\n"), (4, 3, 1, 0), "in a character class");
    assert_eq!(counts("Ruby", "re = /\\#{\"/ + \"}\"\n# c\n"), (2, 1, 1, 0), "an escaped `#`");
}

#[test]
fn a_string_may_span_lines_where_the_language_says() {
    assert_eq!(counts("Ruby", "s = \"a\n#{b}\n#include\n\"\n# c\n"), (5, 4, 1, 0));
    assert_eq!(counts("Perl", "my $s = 'a\n# in\n';\n# c\n"), (4, 3, 1, 0));
    assert_eq!(counts("PHP", "<?php\n$s = \"a\n# in\n// in\n\";\n# c\n"), (6, 5, 1, 0));
}

#[test]
fn a_php_heredoc_closes_indented_before_any_byte_but_a_word() {
    assert_eq!(counts("PHP", "<?php\n$a = <<<EOT\n# in\n  EOT;\n# c\n"), (5, 4, 1, 0));
    assert_eq!(counts("PHP", "<?php\nf(<<<'E'\n// in\nE, 1);\n// c\n"), (5, 4, 1, 0), "a nowdoc");
    assert_eq!(counts("PHP", "<?php\n$a = <<< eot\n# in\neotx\neot\n# c\n"), (6, 5, 1, 0), "lower case");
    assert_eq!(counts("PHP", "<?php\n$a = 1 << 3; # c\n# d\n"), (3, 2, 1, 0), "a shift");
}

#[test]
fn ruby_has_no_backslash_heredoc() {
    assert_eq!(counts("Ruby", "when /\\A(\\w+)\\s*<<\\s*(.+)\\z/\n# c\n"), (2, 1, 1, 0));
    assert_eq!(counts("Perl", "print <<\\EOT;\n# in\nEOT\n# c\n"), (4, 3, 1, 0), "Perl has one");
}

#[test]
fn a_regex_literal_hides_quotes_and_comment_openers() {
    assert_eq!(counts("JavaScript", "let re = /\"/; /* c\nd */\n"), (2, 1, 1, 0));
    assert_eq!(counts("JavaScript", "let re = /a[/*]b/;\nlet x = 1;\n/* c */\n"), (3, 2, 1, 0));
    assert_eq!(counts("JavaScript", "a = b / 2; /* c\nd */\n"), (2, 1, 1, 0), "after an operand it divides");
    assert_eq!(counts("TypeScript", "f(/\\/*/);\n// c\n"), (2, 1, 1, 0));
}

#[test]
fn a_slash_after_a_keyword_condition_opens_a_regex() {
    for name in ["JavaScript", "TypeScript"] {
        let c = |src: &str| counts_everywhere(name, src);
        assert_eq!(c("if (x) /`/.test(s);\n// c\nx = 1;\n"), (3, 2, 1, 0), "no template opens");
        assert_eq!(c("if (f(a)) /'/.test(s); // c\n"), (1, 1, 0, 0), "nested parentheses");
        assert_eq!(c("while (x)\n  /\"/g.exec(s);\n// c\n"), (3, 2, 1, 0), "a newline between");
        assert_eq!(c("for (;;) /[\"']/; /* c\nd */\n"), (2, 1, 1, 0));
        assert_eq!(c("x = f(a) / 2; /* c\nd */\n"), (2, 1, 1, 0), "after a call it divides");
        assert_eq!(c("x = a.if(b) / 2 + '/'; // c\n"), (1, 1, 0, 0), "a property is no keyword");
        assert_eq!(c("x = elif(b) /2; s = \"/\"; /* c */\n"), (1, 1, 0, 0), "nor a longer word");
    }
    assert_eq!(counts("Perl", "$x = (1) / 2; # c\n"), (1, 1, 0, 0), "JavaScript's rule only");
}

#[test]
fn attribute_values_are_the_only_strings_of_markup() {
    assert_eq!(counts("HTML", "<p title=\"<!-- x\">a</p>\n<p>b</p>\n<!-- c -->\n"), (3, 2, 1, 0));
    assert_eq!(counts("HTML", "<p>it's</p>\n<!-- c -->\n"), (2, 1, 1, 0));
}

#[test]
fn docstrings_count_as_comments_unless_asked_otherwise() {
    let id = lang("Python");
    let src = b"def f():\n    \"\"\"Doc.\n\n    more\n    \"\"\"\n    x = 1  # c\n";
    let as_code = Options { docstrings_as_code: true };
    assert_eq!(count(id, src), Counts { lines: 6, code: 2, comments: 3, blanks: 1 });
    assert_eq!(count_with(id, as_code, src), Counts { lines: 6, code: 5, comments: 0, blanks: 1 });
    assert_eq!(count_reference_with(id, as_code, src), count_with(id, as_code, src));
    assert_eq!(counts("Python", "# c\n\"\"\"d\"\"\"\n"), (2, 0, 2, 0));
    assert_eq!(counts("Python", "x = 1 # \"\"\"\ny = \"\"\"not doc\"\"\"\n"), (2, 2, 0, 0));
}

#[test]
fn a_quote_inside_an_interpolation_interpolation_opens_a_string_of_its_own() {
    let cs = "var row = $@\"Name: {(quoted ? '\"' : ' ')}\n// in\n\";\n// c\n";
    assert_eq!(counts("C#", cs), (4, 3, 1, 0));
    assert_eq!(counts("C#", "var s = $\"{{ \"; // c\n"), (1, 1, 0, 0), "{{ is a brace, not an interpolation");
    assert_eq!(counts("C#", "var s = $\"{\n/* c */ x}\";\n"), (2, 2, 0, 0));
    assert_eq!(
        counts("C#", "var s = $\"{\n/* c */\n}\";\n"),
        (3, 2, 1, 0),
        "a comment alone in an interpolation"
    );
    let js = "const s = `a ${b ? `c` : `d`} e\n// in\n`; // c\n// d\n";
    assert_eq!(counts("JavaScript", js), (4, 3, 1, 0));
    assert_eq!(counts("JavaScript", "x = `${ {a: 1}.a } /* in`; /* c */\n"), (1, 1, 0, 0));
    assert_eq!(counts("JavaScript", "x = `${ /* } */ 1 }\n// in\n`;\n"), (3, 3, 0, 0));
    assert_eq!(counts("Kotlin", "val s = \"${m[\"k\"]} /* in\"\n// c\n"), (2, 1, 1, 0));
    assert_eq!(counts("Swift", "let s = \"\\(d[\"k\"]!) /* in\"\n// c\n"), (2, 1, 1, 0));
    assert_eq!(counts("Ruby", "s = \"#{h[\"k\"]} # in\"\n# c\n"), (2, 1, 1, 0));
    let sh = "V=\"$(echo \"$i\" | sed 's/\"//')\"\n# c\n";
    assert_eq!(counts("Shell", sh), (2, 1, 1, 0), "a command substitution in a string");
    let arithmetic = "V=\"$(f \"$x\" $((1 + (2))))\" # c\n# d\n";
    assert_eq!(counts("Shell", arithmetic), (2, 1, 1, 0), "arithmetic's parentheses balance");
    assert_eq!(counts("Shell", "echo \"$HOME ( $\"\n# c\n"), (2, 1, 1, 0), "a lone $ is text");
}

#[test]
fn a_marker_that_must_stand_alone_counts_only_alone_on_its_line() {
    let case_1280 = "function z = f(x)\n%{\n%} not the end\nz = x;\n%}\n%{ note\nz = x + 1;\n";
    assert_eq!(counts("MATLAB", case_1280), (7, 2, 5, 0));
    assert_eq!(counts("MATLAB", "%{\n  %{\n  x\n  %}\n y\n%}\nz\n"), (7, 1, 6, 0), "blocks nest");
    assert_eq!(counts("MATLAB", "%{  \r\n x\n\t%}\t\n"), (3, 0, 3, 0), "blanks around the marker");
    assert_eq!(counts("MATLAB", "x = 1; %{\ny = 2;\n"), (2, 2, 0, 0), "after code it is a % comment");
    assert_eq!(counts("MATLAB", "%{\nx\n%}"), (3, 0, 3, 0), "the end of the file ends the line");
}

type Four = (u64, u64, u64, u64);

/// The file's counts and each embedded language's, checked against both engines and chunked.
fn regions(name: &str, src: &str) -> (Four, Vec<(&'static str, Four)>) {
    let id = lang(name);
    let fast = count_embedded(id, Options::default(), src.as_bytes());
    assert_eq!(fast, count_reference_embedded(id, Options::default(), src.as_bytes()), "{name}: {src:?}");
    let four = |c: &Counts| (c.lines, c.code, c.comments, c.blanks);
    (four(&fast.0), fast.1.iter().map(|(l, c)| (l.name(), four(c))).collect())
}

#[test]
fn a_page_counts_its_scripts_and_styles_in_their_own_languages() {
    let page = "<p>it's</p>\n<SCRIPT\n  type=\"text/typescript\">\n// c\nlet x = 1;\n</script >\n<style>\n/* c */\n</style>\n";
    let (file, embedded) = regions("HTML", page);
    assert_eq!(file, (9, 7, 2, 0));
    assert_eq!(embedded, [("CSS", (1, 0, 1, 0)), ("TypeScript", (2, 1, 1, 0))]);
    let vue = "<template>\n  <!-- t -->\n</template>\n<script lang=\"ts\">\n// c\n</script>\n<style lang=scss>\n// c\n</style>\n";
    assert_eq!(
        regions("Vue", vue),
        ((9, 6, 3, 0), vec![("SCSS", (1, 0, 1, 0)), ("TypeScript", (1, 0, 1, 0))])
    );
}

#[test]
fn a_script_ends_at_its_closing_tag_whatever_the_script_is_doing() {
    let (file, embedded) = regions("HTML", "<script>\nvar s = \"</script>\";\n// text\n");
    assert_eq!((file, embedded), ((3, 3, 0, 0), vec![]), "the closer inside a string ends the script");
    let (file, embedded) = regions("HTML", "<script>\nx = '\\</script>\n<!-- text -->\n");
    assert_eq!((file, embedded), ((3, 2, 1, 0), vec![]), "even an escape before it");
    // An opener that never closes was text: its lines are charged to the page. They were read as
    // script, though (the end of the file comes too late to read them again), so `//` here is a
    // comment where HTML would call it text.
    let (file, embedded) = regions("HTML", "<p>a <script> as text</p>\n// read as script\n");
    assert_eq!((file, embedded), ((2, 1, 1, 0), vec![]));
}

#[test]
fn php_code_interrupts_the_page_which_resumes_where_it_was() {
    let php = "<script>\nvar x = <?php echo 1; ?>;\n// c\n</script>\n";
    assert_eq!(
        regions("PHP", php),
        ((4, 3, 1, 0), vec![("HTML", (2, 2, 0, 0)), ("JavaScript", (1, 0, 1, 0))])
    );
    let php = "<?php // note ?>\n<p>x</p>\n<?php\n# c\n";
    assert_eq!(regions("PHP", php), ((4, 3, 1, 0), vec![("HTML", (1, 1, 0, 0))]), "?> ends a line comment");
    assert_eq!(regions("PHP", "<h1>only a page</h1>\n"), ((1, 1, 0, 0), vec![("HTML", (1, 1, 0, 0))]));
}

#[test]
fn a_fence_counts_its_code_in_the_language_it_names() {
    let md = "# T\n```rust\n// c\nfn f() {}\n```\n\n```\nplain <!-- x\n```\ntext\n";
    assert_eq!(regions("Markdown", md), ((10, 8, 1, 1), vec![("Rust", (2, 1, 1, 0))]));
    let md = "- item\n  ~~~~ {.python}\n  # c\n  ```\n  ~~~~\n";
    assert_eq!(regions("Markdown", md), ((5, 4, 1, 0), vec![("Python", (2, 1, 1, 0))]), "indented, longer");
    let md = "```html\n<script>\nvar x;\n</script>\n```\n";
    let nested = vec![("HTML", (2, 2, 0, 0)), ("JavaScript", (1, 1, 0, 0))];
    assert_eq!(regions("Markdown", md), ((5, 5, 0, 0), nested), "regions nest");
    let md = "```console\n$ x\n\n```\n```text\nt\n```\n```rust\n```\n";
    let unnamed = vec![("Plain Text", (1, 1, 0, 0))];
    assert_eq!(regions("Markdown", md), ((9, 8, 0, 1), unnamed), "unknown, plain and empty fences");
    let md = "```html\n<script>\nvar x;\n```\nafter\n";
    assert_eq!(
        regions("Markdown", md),
        ((5, 5, 0, 0), vec![("HTML", (2, 2, 0, 0))]),
        "a fence cuts its script"
    );
}

#[test]
fn a_block_scalar_holds_the_lines_indented_under_it() {
    assert_eq!(counts("YAML", "a: |\n  # in\n\n  x\n# out\nb: 1\n"), (6, 4, 1, 1));
    assert_eq!(counts("YAML", "- >- # c\n  # in\n# out\n"), (3, 2, 1, 0));
    assert_eq!(
        counts("YAML", "k:\n  - run: |\n      # in\n    # out\n"),
        (4, 3, 1, 0),
        "less than the content"
    );
    assert_eq!(counts("YAML", "a: |2\n   # in\n  # in\n# out\n"), (4, 3, 1, 0), "an indentation digit");
    assert_eq!(counts("YAML", "a: |\nb: 1\n# out\n"), (3, 2, 1, 0), "an empty scalar");
    assert_eq!(counts("YAML", "a: | x\n# c\n"), (2, 1, 1, 0), "text after the indicator");
    assert_eq!(counts("YAML", "a: b |\n  # c\n"), (2, 1, 1, 0), "a plain scalar's bar");
    assert_eq!(counts("YAML", "a: \"|\n  # c\n"), (2, 1, 1, 0), "a bar in a string");
    assert_eq!(counts("Python", "a = b |\n  # c\n"), (2, 1, 1, 0), "only where the table says so");
}

/// A `#!` line opening the file is a comment where the language's own lexer skips it: ECMAScript's
/// HashbangComment, Groovy's, and rustc's unless an inner attribute opens there (`#![allow(x)]`).
#[test]
fn a_hashbang_line_opening_the_file_is_a_comment() {
    assert_eq!(counts("JavaScript", "#!/usr/bin/env node\nrun();\n"), (2, 1, 1, 0));
    assert_eq!(counts("TypeScript", "#!/usr/bin/env -S deno run\nlet x = 1;\n"), (2, 1, 1, 0));
    assert_eq!(counts("Groovy", "#!/usr/bin/env groovy\nprintln 'x'\n"), (2, 1, 1, 0));
    assert_eq!(
        counts("JavaScript", "\u{feff}#!/usr/bin/env node\n"),
        (1, 0, 1, 0),
        "after a byte-order mark"
    );
    assert_eq!(counts("JavaScript", "#!/bin/x '/*\nrun();\n"), (2, 1, 1, 0), "its markers open nothing");
    assert_eq!(counts("JavaScript", " #!/usr/bin/env node\n"), (1, 1, 0, 0), "not after a blank");
    assert_eq!(counts("JavaScript", "run();\n#!/usr/bin/env node\n"), (2, 2, 0, 0), "not after a line");
    assert_eq!(counts("Rust", "#!/usr/bin/env run-cargo-script\nfn main() {}\n"), (2, 1, 1, 0));
    assert_eq!(counts("Rust", "#![allow(dead_code)]\nfn main() {}\n"), (2, 2, 0, 0), "an inner attribute");
    assert_eq!(counts("Rust", "#!\n[allow(x)]\n"), (2, 2, 0, 0), "an attribute on the next line");
    assert_eq!(counts("Rust", "#! /* a /* b */ */ // c\n [allow(x)]\n"), (2, 2, 0, 0), "after comments");
    assert_eq!(counts("Rust", "#!//bin/bash\n\nfn main() {}\n"), (3, 1, 1, 1), "a comment, then no `[`");
    assert_eq!(counts("Rust", "#!///bin/bash\n[allow(x)]\n"), (2, 1, 1, 0), "a doc comment is a token");
    assert_eq!(counts("Rust", "#!/*! d */\n[allow(x)]\n"), (2, 1, 1, 0), "an inner doc comment too");
    assert_eq!(counts("Rust", "#!    \n\nfn main() {}\n"), (3, 1, 1, 1), "blanks alone");
    assert_eq!(counts("C", "#!/bin/sh\nint x;\n"), (2, 2, 0, 0), "only where the table says so");
}

/// scripts/kconfig/lexer.l reads help text verbatim: a `#` line in it is text, up to the first
/// line indented less than the text's first (a tab to the next multiple of 8 columns).
#[test]
fn kconfig_help_text_holds_the_lines_indented_under_it() {
    let help = "config FOO\n\tbool \"Foo\"\n\thelp\n\t  Example:\n\t  # echo 1 > /sys/foo\n";
    assert_eq!(counts("Kconfig", help), (5, 5, 0, 0));
    assert_eq!(
        counts("Kconfig", "\thelp\n\t  a\n\n\t  # in\n\t# out\n# out\n"),
        (6, 3, 2, 1),
        "a blank line inside, a line indented less after"
    );
    assert_eq!(
        counts("Kconfig", "\thelp # c\n\t  # in\nconfig B\n"),
        (3, 3, 0, 0),
        "a comment after the keyword"
    );
    assert_eq!(counts("Kconfig", "---help---\n  # in\n"), (2, 2, 0, 0), "the older spelling");
    assert_eq!(
        counts("Kconfig", "\thelp\n          a\n\t  # in\n        # out\n"),
        (4, 3, 1, 0),
        "ten spaces and a tab and two: ten columns; eight spaces: fewer"
    );
    assert_eq!(counts("Kconfig", "\thelp\n\n# out\n"), (3, 1, 1, 1), "help text is indented");
    assert_eq!(counts("Kconfig", "\thelpful\n\t  # c\n"), (2, 1, 1, 0), "a longer word");
    assert_eq!(counts("Kconfig", "\tdepends on help\n\t  # c\n"), (2, 1, 1, 0), "not first on its line");
    assert_eq!(counts("Kconfig", "\tprompt \"help\"\n\t  # c\n"), (2, 1, 1, 0), "in a string");
    assert_eq!(counts("Shell", "help\n  # c\n"), (2, 1, 1, 0), "only where the table says so");
}

#[test]
fn one_kind_of_block_comment_may_nest_where_another_does_not() {
    assert_eq!(counts("D", "/+ a /+ b +/ /* +/\nx;\n"), (2, 1, 1, 0));
    assert_eq!(counts("D", "/* a /+ */\nx;\n/+ c +/\n"), (3, 1, 2, 0));
    assert_eq!(counts("D", "/* a /* b */\nx; */\n"), (2, 1, 1, 0), "/* */ does not nest");
}

/// Fences, comments, inline code and tags at every place around a block boundary, where the
/// prose filter drops a mark or keeps it for the next block to decide, on every lane width and
/// cut in chunks.
#[test]
fn markdown_across_block_boundaries_equals_the_byte_by_byte_twin() {
    use crate::simd::dispatch::LanesSeen;
    let md = lang("Markdown");
    let lanes = LanesSeen::start();
    let pieces = [
        "```rust\n// c\nfn f() {}\n```\n",
        "  ~~~ python\n# c\n~~~\n",
        "a ``` b `` c ` d\n",
        "<!-- c\n-->\n<b>x</b> <!x\n",
        "````\n```\n````\n",
        "```\nplain <!-- x\n```\n",
        "``` console\n$ a\n\n```\n",
        "~~~text\nt\n~~~\n",
        "```rust\n```\n",
        "```html\n<script>\nvar x;\n</script>\n```\n",
        "``",
        "<",
        "~~",
    ];
    for pad in 0..=130 {
        for piece in pieces {
            let src = format!("{}{piece}\n`x` <i>y</i>\n\n", "a".repeat(pad)).repeat(3);
            let want = agrees_on_every_lane(&lanes, md, src.as_bytes());
            let chunked = crate::count::chunked::embedded_in_chunks(md, src.as_bytes(), pad % 37 + 1);
            assert_eq!(chunked, want, "chunked: {src:?}");
        }
    }
    lanes.check();
}

/// (lines, code, comments, blanks) of `src` padded to every place around a block boundary, on
/// every lane width and cut in chunks of several sizes, checked against the twin; the counts of
/// the unpadded `src`.
fn counts_everywhere(name: &str, src: &str) -> (u64, u64, u64, u64) {
    use crate::simd::dispatch::LanesSeen;
    let id = lang(name);
    let lanes = LanesSeen::start();
    for pad in 0..=70 {
        let padded = format!("{}\n{src}", "x".repeat(pad)).repeat(2);
        let want = agrees_on_every_lane(&lanes, id, padded.as_bytes()).0;
        for size in [1, 2, 3, 5, 7, 31, 33, 64, 65] {
            let chunked = crate::count::chunked::counted_in_chunks(id, padded.as_bytes(), size);
            assert_eq!(chunked, want, "{name} in chunks of {size}: {padded:?}");
        }
    }
    lanes.check();
    counts(name, src)
}

#[test]
fn a_quote_inside_a_number_is_a_digit_separator() {
    for name in ["C", "C Header", "C++", "C++ Header"] {
        let c = |src: &str| counts_everywhere(name, src);
        assert_eq!(c("int x = 1'000; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        assert_eq!(c("int x = 1'000'000; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        assert_eq!(c("x = 0xFFFF'FFFF'ABCD'EF01u; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        assert_eq!(c("x = 0b1010'1010, y = .5'0e1'0f; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        assert_eq!(c("x = a+1'0; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        // No number before the quote: a character literal, which hides the comment opener.
        assert_eq!(c("c = u8'/'; /* c\nd */\n"), (2, 1, 1, 0), "{name}");
        assert_eq!(c("c = L'/*'; x = 1;\nd */\n"), (2, 2, 0, 0), "{name}");
        assert_eq!(c("case 'a': f('x'); g(x'/*');\nd */\n"), (2, 2, 0, 0), "{name}");
        assert_eq!(c("case'/*': break;\nd */\n"), (2, 2, 0, 0), "{name}");
        // After a number, a quote before no digit or letter opens a literal.
        assert_eq!(c("x = 1'/*'; y;\nd */\n"), (2, 2, 0, 0), "{name}");
        // A run of a number's bytes longer than 128 is no number.
        let long = format!("x = 1{}'0 /*'; y;\nd */\n", "0".repeat(128));
        assert_eq!(c(&long), (2, 2, 0, 0), "{name}");
        let long = format!("x = 1{}'0 /* c\nd */\n", "0".repeat(127));
        assert_eq!(c(&long), (2, 1, 1, 0), "{name}");
    }
    assert_eq!(counts("Java", "x = 1'0; /* c\nd */\n"), (2, 2, 0, 0), "only where the table says so");
}

#[test]
fn an_odd_run_of_backslashes_continues_a_make_comment() {
    let c = |src: &str| counts_everywhere("Makefile", src);
    assert_eq!(c("# a \\\nFOO = 1\nBAR = 2\n"), (3, 1, 2, 0));
    assert_eq!(c("# a \\\\\nFOO = 1\n"), (2, 1, 1, 0), "an escaped backslash");
    assert_eq!(c("# a \\\\\\\nFOO = 1\n"), (2, 0, 2, 0));
    assert_eq!(c("# a \\\r\nFOO = 1\n"), (2, 0, 2, 0));
    assert_eq!(c("#\t$(A) \\\n\t$(B)\n"), (2, 0, 2, 0), "a comment line in a recipe is make's");
    // A recipe's comment is the shell's, which a backslash does not continue.
    assert_eq!(c("all:\n\t# a \\\n\techo x\n"), (3, 2, 1, 0));
    assert_eq!(c("\techo \"#x\" \\\n  b\n"), (2, 2, 0, 0));
    assert_eq!(c("# a \\\n\n# b\n"), (3, 0, 2, 1), "a blank continuation stays blank");
    let long = format!("# a {}\nFOO = 1\n", "\\".repeat(101));
    assert_eq!(c(&long), (2, 0, 2, 0));
    let long = format!("# a {}\nFOO = 1\n", "\\".repeat(100));
    assert_eq!(c(&long), (2, 1, 1, 0));
}

#[test]
fn a_string_inside_an_ocaml_comment_is_a_string() {
    let c = |src: &str| counts_everywhere("OCaml", src);
    assert_eq!(c("(* \"*)\" *)\nlet x = 1\n"), (2, 1, 1, 0));
    assert_eq!(c("(* \"a\n*) b\" *)\nlet x = 1\n"), (3, 1, 2, 0), "a string in a comment spans lines");
    assert_eq!(c("(* \"\\\"*)\" *)\nlet x = 1\n"), (2, 1, 1, 0), "escapes hold");
    assert_eq!(c("(* {|*) x|} *)\nlet x = 1\n"), (2, 1, 1, 0), "a quoted string too");
    assert_eq!(c("(* \"(*\" *)\nlet x = 1\n"), (2, 1, 1, 0), "an opener in a string nests nothing");
    assert_eq!(c("(* '\"' *)\nlet x = 1\n"), (2, 1, 1, 0), "a character holding a quote");
    assert_eq!(c("(* '\\\"' *)\nlet x = 1\n"), (2, 1, 1, 0));
    assert_eq!(c("(* x'\"' *) *)\" *)\nlet x = 1\n"), (2, 1, 1, 0), "a ' after a name is the name's");
    assert_eq!(c("(* (* \"*)\" *) *)\nlet x = 1\n"), (2, 1, 1, 0));
    assert_eq!(c("let s = \"(*\" (* c *)\nlet x = 1\n"), (2, 2, 0, 0));
    assert_eq!(counts("Rust", "/* \"*/\" */\nlet x = 1;\n"), (2, 2, 0, 0), "only where the table says so");
}

#[test]
fn a_splice_inside_a_comment_opener_opens_the_comment() {
    for name in ["C", "C Header", "C++", "C++ Header"] {
        let c = |src: &str| counts_everywhere(name, src);
        assert_eq!(c("x = 1; /\\\n* c\nd */\ny;\n"), (4, 2, 2, 0), "{name}");
        assert_eq!(c("/\\\r\n* c */\ny;\n"), (3, 1, 2, 0), "{name}");
        assert_eq!(c("/\\\n\\\n/ c\ny;\n"), (4, 1, 3, 0), "{name}");
        assert_eq!(c("x = a /\\\n b;\n/* c */\n"), (3, 2, 1, 0), "a division spliced");
        assert_eq!(c("s = \"/\\\n* x\";\ny;\n"), (3, 3, 0, 0), "in a string");
        assert_eq!(c("/* a /\\\n* b */\ny;\n"), (3, 1, 2, 0), "in a comment");
    }
    assert_eq!(counts("Java", "x = 1; /\\\n* c\nd */\n"), (3, 3, 0, 0), "only where the table says so");
}

#[test]
fn a_quoted_string_with_an_id_is_an_ocaml_string() {
    let c = |src: &str| counts_everywhere("OCaml", src);
    assert_eq!(c("(* {id|*)|id} *)\nlet x = 1\n"), (2, 1, 1, 0), "inside a comment");
    assert_eq!(c("(* {a_b|*) |} (* |x} |a_b} *)\nlet x = 1\n"), (2, 1, 1, 0), "only its own id closes it");
    assert_eq!(c("(* {id|\n*)|id} *)\nlet x = 1\n"), (3, 1, 2, 0), "over lines");
    assert_eq!(c("let s = {id|(*|id}\nlet x = 1\n"), (2, 2, 0, 0), "in code");
    assert_eq!(c("let s = {id|a|}(*|id}\nlet x = 1\n"), (2, 2, 0, 0));
    assert_eq!(c("let r = {x = 1} (* c *)\nlet x = 1\n"), (2, 2, 0, 0), "a record is no string");
}

#[test]
fn a_make_comment_after_code_goes_on_after_an_odd_run_of_backslashes() {
    let c = |src: &str| counts_everywhere("Makefile", src);
    assert_eq!(c("X = 1 # a \\\n  b\nY = 2\n"), (3, 2, 1, 0));
    assert_eq!(c("all: x # c \\\n$(info x)\n"), (2, 1, 1, 0), "a rule's comment");
    assert_eq!(c("X = 1 # a \\\n  b \\\n  c\nY = 2\n"), (4, 2, 2, 0), "over two lines");
    assert_eq!(c("X = 1 # a \\\\\nY = 2\n"), (2, 2, 0, 0), "an escaped backslash");
    assert_eq!(c("X = a \\# b \\\nc\n"), (2, 2, 0, 0), "an escaped # is text, no comment");
    assert_eq!(c("X = a \\# b # c \\\nd\n"), (2, 1, 1, 0), "the comment after it");
    assert_eq!(c("X = a \\\\# b \\\nc\n"), (2, 1, 1, 0), "an escaped backslash before #");
    assert_eq!(c("\t@echo a # c \\\n$(info x)\n"), (2, 2, 0, 0), "a recipe's is the shell's");
    let define = "define V\n  echo '#x' \\\n  y\nendef\n";
    assert_eq!(c(define), (4, 4, 0, 0), "an indented line's # after code: a define body's text");
}
