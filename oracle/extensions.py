#!/usr/bin/env python3
"""The sweep of extensions that two languages claim (issue: settle each by content or by a
documented choice). Reads linguist's languages.yml, tokei's and scc's languages.json and ringloc's
languages.toml plus the extensions its heuristics decide by content, and writes docs/EXTENSIONS.md.

    python3 oracle/extensions.py LINGUIST_YML TOKEI_JSON SCC_JSON SOURCES > docs/EXTENSIONS.md

SOURCES names the three tables' commits, written into the page. The reasons for choices made by
the table are in CHOICES below; an extension two languages claim with no reason makes this fail.
"""
import collections
import json
import re
import sys
import tomllib

import yaml

ROOT = __file__.rsplit("/oracle/", 1)[0]

# Names the other tables give to a language ringloc knows under its own name.
SAME = {
    "bash": "shell", "batchfile": "batch", "avro": "avroidl", "cabalconfig": "cabal", "bazel": "starlark",
    "clojurec": "clojure", "clojurescript": "clojure", "cshell": "cshell", "tcsh": "cshell",
    "c++module": "c++", "c++header": "c++header", "dm": "dreammaker", "graphvizdot": "dot",
    "gentooebuild": "ebuild", "gentooeclass": "ebuild", "fortranmodern": "fortran",
    "fortranfreeform": "fortran", "flatbuffersschema": "flatbuffers", "gherkincucumber": "gherkin",
    "gherkinspecification": "gherkin", "gdb": "gdbscript", "gohtml": "gotemplate",
    "htmlrazor": "razor", "htmlerb": "rubyhtml", "htmleex": "heex", "jinja": "jinja2", "jade": "pug",
    "jsonc": "jsonwithcomments", "jsx": "javascript", "kvlang": "kvlanguage", "ldscript": "linkerscript",
    "lean4": "lean", "llvm": "llvmir", "m4sugar": "m4", "metalshadinglanguage": "metal",
    "objectivec++": "objectivec++", "nu": "nushell", "protocolbuffer": "protocolbuffers",
    "rakefile": "ruby", "reason": "reasonml", "rustyobjectnotation": "ron", "standardmlsml": "standardml",
    "gettextcatalog": "pofile", "rpmspec": "rpmspecfile", "tsx": "typescript", "twigtemplate": "twig",
    "visualbasicnet": "visualbasic", "wolframlanguage": "wolfram", "webgpushaderlanguage": "wgsl",
    "webgpushadinglanguage": "wgsl", "xhtml": "html", "luau": "lua", "text": "plaintext",
    "korn shell": "shell", "kornshell": "shell", "zsh": "shell", "gnustyleassembly": "assembly",
    "unixassembly": "assembly", "latex": "tex", "terraform": "hcl", "arkts": "arkts",
    "arktypescript": "arkts", "cloudformationjson": "json", "cloudformationyaml": "yaml",
    "oasv2json": "json", "oasv3json": "json", "oasv2yaml": "yaml", "oasv3yaml": "yaml",
    "smartytemplate": "smarty", "freemarkertemplate": "freemarker", "visualbasic60": "vb6",
    "vb6vba": "vb6", "coldfusioncfc": "coldfusioncfscript", "xmlschema": "xml", "xsl": "xml",
    "xslt": "xml", "extensiblestylesheetlanguagetransformations": "xml", "xmlpropertylist": "xml",
    "openstepropertylist": "xml", "msbuild": "msbuild", "visualstudioproject": "msbuild",
    "edgedbschemadefinition": "edgedbschema", "cue": "cue", "zencode": "zenscript", "tl": "teal",
}

# Why the table, not the head, decides an extension that other languages also claim.
CHOICES = {
    "as": "AngelScript files are rare next to ActionScript's",
    "bas": "one BASIC family; every dialect counts `'`/REM comments alike",
    "bb": "BitBake recipes; BlitzBasic and babashka files are rare there",
    "cake": "Cake build scripts are C#: rare next to CoffeeScript's Cakefile",
    "cs": "Smalltalk's change sets are rare next to C#",
    "cue": "CUE sheets (audio) are rare in source trees",
    "e": "Eiffel; E, Euphoria, Phix and Specman e files are rare",
    "ex": "Elixir; Euphoria files are rare",
    "frag": "fragment shaders; a JavaScript file with this extension is rare",
    "frm": "VB6 forms; an INI file with this extension is rare",
    "fx": "HLSL effect files; FLUX is rare",
    "gd": "Godot's GDScript; GAP files are rare",
    "gts": "Glimmer TypeScript; Gerber images use other extensions in practice",
    "hh": "C++ headers; Hack writes .hack and .php",
    "html": "HTML; Ecmarkup is HTML with extra elements",
    "jq": "jq programs; JSONiq is rare",
    "l": "Lex; Lisp, PicoLisp and roff files with this extension are rare",
    "ls": "LiveScript; LoomScript is rare",
    "mc": "Monkey C; M4 and Windows message files are rare",
    "md": "Markdown; GCC machine descriptions are found in GCC's tree only",
    "ml": "OCaml; Standard ML writes .sml and .sig",
    "mo": "Modelica; Motoko is rare (a compiled gettext .mo is binary and skipped as such)",
    "mojo": "Mojo; XML with this extension is rare",
    "ncl": "Nickel; NCL and data files with this extension are rare",
    "odin": "Odin; its data notation namesake is rare",
    "php": "PHP; Hack files that still use .php count as PHP",
    "pkl": "Pkl; pickled Python data is binary and skipped as such",
    "plt": "Gnuplot; Prolog writes .pl and .pro",
    "qs": "Q#; Qt Script is rare",
    "re": "ReasonML; C++ re2c inputs are rare",
    "reds": "Redscript; Red writes .red",
    "res": "ReScript; XML resources with this extension are rare",
    "rpy": "Ren'Py scripts; Python writes .py",
    "rs": "Rust; RenderScript is deprecated and rare",
    "s": "one assembler family: `#`, `//` and `/* */` are read by every dialect's rules",
    "sc": "Scala; SuperCollider is rare",
    "scm": "Scheme; tree-sitter queries are Scheme-like S-expressions",
    "sol": "Solidity",
    "spec": "RPM spec files; test specs are .spec.js/.spec.ts/_spec.rb",
    "sql": "one SQL family; the dialects share `--` and `/* */`",
    "st": "Smalltalk; StringTemplate is rare",
    "sw": "Sway; XML with this extension is rare",
    "tact": "Tact; JSON with this extension is rare",
    "tpl": "Smarty; Go templates write .tmpl and .gotmpl",
    "trigger": "Apex triggers",
    "txt": "plain text, counted as blank and non-blank lines",
    "typ": "Typst; XML with this extension is rare",
    "vh": "Verilog headers; SystemVerilog's are .svh",
    "vy": "Vyper; Menhir writes .mly",
    "y": "Yacc; Happy writes .y too but is rare",
    "yy": "Yacc (Bison C++); JSON with this extension is rare",
    "zc": "HolyC; Zen C is rare",
    "csproj": "MSBuild projects are XML, counted as XML",
    "fsproj": "MSBuild projects are XML, counted as XML",
    "vbproj": "MSBuild projects are XML, counted as XML",
    "xaml": "XAML is XML, counted as XML",
    "axaml": "Avalonia XAML, its own entry",
    "plist": "property lists are XML, counted as XML",
    "props": "MSBuild's own entry; it is XML",
    "targets": "MSBuild's own entry; it is XML",
    "vcxproj": "MSBuild's own entry; it is XML",
    "xsd": "XML",
    "xsl": "XML",
    "xslt": "XML",
    "cginc": "Unity's ShaderLab includes",
    "shader": "Unity's ShaderLab; GLSL writes .glsl/.vert/.frag",
    "ha": "Hare; Headache is rare",
    "star": "Starlark; STAR data files are rare",
    "tf": "HCL (Terraform)",
    "tfvars": "HCL (Terraform)",
    "ino": "Arduino's own entry (C++)",
    "ixx": "C++ modules",
    "tpp": "C++ template implementations",
    "cil": "CIL; SELinux CIL is rare",
    "esdl": "EdgeDB schema",
    "ftl": "FreeMarker; Fluent writes .ftl too but is rare in source trees",
    "cairo": "Cairo; Cairo Zero is its older dialect, counted alike",
    "lisp": "one Lisp family, `;` and `#| |#` alike",
    "lsp": "one Lisp family, `;` and `#| |#` alike",
    "mly": "Menhir, OCaml's parser generator, its own entry",
    "mqh": "one MQL family (MQL4, MQL5 headers)",
    "nqp": "NQP, the Raku subset, its own entry",
    "rei": "ReasonML interfaces",
    "scss": "SCSS; the other tables' Sass entry covers both syntaxes",
    "tl": "Teal; TL (Telegram's schema language) is rare",
    "tmpl": "Go templates; templ writes .templ",
    "tscn": "Godot scenes are Godot resources",
    "yaml": "YAML; its flavours (CloudFormation, OpenAPI, MiniYAML) are YAML",
    "yml": "YAML; its flavours (CloudFormation, OpenAPI, MiniYAML) are YAML",
    "cshtml": "Razor",
    "razor": "Razor",
    "erb": "ERB templates in HTML",
    "rhtml": "ERB templates in HTML",
    "heex": "HEEx templates",
    "leex": "EEx (LiveView) templates",
    "h++": "C++ Header, counted apart from C++ as the other counters do",
    "hpp": "C++ Header, counted apart from C++ as the other counters do",
    "hxx": "C++ Header, counted apart from C++ as the other counters do",
    "inl": "C++ Header, counted apart from C++ as the other counters do",
    "ipp": "C++ Header, counted apart from C++ as the other counters do",
    "tsx": "TypeScript with JSX; linguist's XML claim is for Tiled tilesets, rare in source trees",
}


def norm(name):
    key = re.sub(r"[^a-z0-9+#]", "", name.lower())
    return SAME.get(key) or SAME.get(key.replace("+", ""), key)


def claims(linguist, tokei, scc):
    found = collections.defaultdict(lambda: collections.defaultdict(set))
    for name, d in yaml.safe_load(open(linguist)).items():
        for ext in d.get("extensions") or []:
            ext = ext[1:].lower()
            if "." not in ext:
                found[ext][name].add("linguist")
    for name, d in json.load(open(tokei))["languages"].items():
        for ext in d.get("extensions", []):
            found[ext.lower()][d.get("name", name)].add("tokei")
    for name, d in json.load(open(scc)).items():
        for ext in d.get("extensions", []):
            found[ext.lower()][name].add("scc")
    return found


def ringloc_table():
    table = {}
    for lang in tomllib.load(open(f"{ROOT}/languages.toml", "rb"))["language"]:
        for ext in lang.get("extensions", []):
            table[ext.lower()] = lang["name"]
    source = open(f"{ROOT}/src/lang/heuristics.rs").read()
    by_content = set(re.findall(r'b"([a-z0-9]+)" => Ambiguity::', source))
    return table, by_content


def main():
    linguist, tokei, scc, sources = sys.argv[1:5]
    table, by_content = ringloc_table()
    rows, missing = [], []
    for ext, langs in sorted(claims(linguist, tokei, scc).items()):
        if len({norm(n) for n in langs}) < 2:
            continue
        claimed = "; ".join(f"{n} ({', '.join(sorted(s))})" for n, s in sorted(langs.items()))
        if ext in by_content:
            decision = "by content (src/lang/heuristics)"
        elif ext not in table:
            decision = "not counted (no language in ringloc's table)"
        elif {norm(n) for n in langs} == {norm(table[ext])}:
            decision = f"{table[ext]} (the other names are the same language)"
        elif CHOICES.get(ext):
            decision = f"{table[ext]}: {CHOICES[ext]}"
        else:
            missing.append(f".{ext} -> {table[ext]}: {claimed}")
            continue
        rows.append(f"| `.{ext}` | {claimed} | {decision} |")
    if missing:
        sys.exit("no reason given for:\n" + "\n".join(missing))
    print(HEADER.format(sources=sources, count=len(rows)))
    print("| extension | claimed by | ringloc |\n|---|---|---|")
    print("\n".join(rows))


HEADER = """# Extensions two languages claim

Generated by `oracle/extensions.py` from {sources}. Each of the {count} extensions below is claimed
by two or more languages in one of those tables (names that are the same language counted once).
ringloc settles each one: by the file's head (the rules in `src/lang/heuristics.rs` and
`src/lang/heuristics/`, tested in `extensions_two_languages_write_by_their_heads` and beside them;
a data file found there is not counted), by its table with the reason given, or not at all where
its table has no language for the extension (such files are `skipped.unknown`).
"""

if __name__ == "__main__":
    main()
