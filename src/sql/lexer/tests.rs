//! The lexer against sqlparser's tokenizer, on what a user might type: every quote style,
//! escapes, errors, numbers, placeholders, variables, comments, operators, odd characters.

use super::{as_known, tokenize};
use crate::sql::reference::{dialect, FLAVORS};
use sqlparser::tokenizer::Tokenizer;

/// Tokens with spans, or the error as displayed: what the two lexers must agree on.
fn outcome(
    r: Result<Vec<sqlparser::tokenizer::TokenWithSpan>, sqlparser::tokenizer::TokenizerError>,
) -> String {
    match r {
        Ok(tokens) => tokens
            .iter()
            .map(|t| format!("{:?}@{:?}-{:?}", t.token, t.span.start, t.span.end))
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => format!("error: {e}"),
    }
}

/// The texts on which the two lexers differ, in every flavour.
fn differences(texts: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for text in texts {
        for f in FLAVORS {
            let theirs = outcome(
                Tokenizer::new(dialect(f).as_ref(), text)
                    .tokenize_with_location()
                    .map(as_known),
            );
            let ours = outcome(tokenize(f, text));
            if theirs != ours {
                out.push(format!(
                    "{f:?} {text:?}\n  sqlparser: {theirs}\n  ours:      {ours}"
                ));
            }
        }
    }
    out
}

fn assert_same(texts: &[&str]) {
    let d = differences(texts);
    assert!(d.is_empty(), "{} differences:\n{}", d.len(), d.join("\n"));
}

#[test]
fn quotes_of_every_flavour() {
    assert_same(&[
        "'abc'",
        "'it''s'",
        "''",
        "''''",
        "\"abc\"",
        "\"a\"\"b\"",
        "`abc`",
        "`a``b`",
        "[abc]",
        "[a]]b]",
        "[a[b]",
        "N'abc'",
        "n'abc'",
        "N\"abc\"",
        "X'1F'",
        "x'1f'",
        "X'\\%'",
        "B'0101'",
        "b\"01\"",
        "E'a\\nb'",
        "e'x'",
        "U&'\\0041'",
        "u&'\\+000041'",
        "U&'a\\\\b'",
        "U&x",
        "u&'x''y'",
        "r'abc'",
        "R\"abc\"",
        "r''",
        "r'''a''b'''",
        "r\"\"\"a\"\"\"",
        "q'[abc]'",
        "Q'{a'b}'",
        "q'<x>'",
        "q'(x)'",
        "q'|x|'",
        "nq'[x]'",
        "NQx",
        "nq",
        "bx",
        "ex",
        "rx",
        "qx",
        "ux",
        "xy",
        "n",
        "'a\nb'",
        "'a\r\nb'",
        "'é'",
        "'日本'",
        "'😀'",
    ]);
}

#[test]
fn backslash_escapes() {
    assert_same(&[
        "'a\\'b'",
        "'a\\\\b'",
        "'\\0\\a\\b\\f\\n\\r\\t\\Z\\q'",
        "'\\%\\_'",
        "\"a\\\"b\"",
        "'a\\",
        "'a\\'",
        "E'\\x41\\x4\\x\\xg'",
        "E'\\101\\7\\777'",
        "E'\\u0041\\U00000041'",
        "E'\\u00'",
        "E'\\u+041'",
        "E'\\u-041'",
        "E'\\uzzzz'",
        "E'\\UFFFFFFFF'",
        "E'\\0'",
        "E'\\x00'",
        "E'\\x80'",
        "E'\\'",
        "E'a''b'",
        "E'\\b\\f\\n\\r\\t\\z'",
        "E'",
        "E'\\",
        "E'\\u12",
        "U&'\\00",
        "U&'\\zz41'",
        "U&'\\D800'",
        "U&'\\+11ffff'",
        "U&'abc",
    ]);
}

#[test]
fn unterminated_text_is_an_error_where_sqlparser_says() {
    assert_same(&[
        "'abc",
        "\"abc",
        "`abc",
        "[abc",
        "N'abc",
        "X'ab",
        "B'01",
        "b\"01",
        "r'ab",
        "r'''ab''",
        "q'",
        "q' x'",
        "q'[abc",
        "nq'\tx'",
        "/* abc",
        "/* a /* b */",
        "/* a */ */",
        "select 'a\n\nb",
        "$$abc",
        "$$abc$",
        "$tag$abc$ta",
        "$tag$abc$tag",
    ]);
}

#[test]
fn numbers() {
    assert_same(&[
        "1",
        "1.5",
        ".5",
        "1.",
        "1e3",
        "1E+3",
        "1e-3",
        "1.5e3",
        "1e",
        "1ea",
        "1e+",
        "1e_3",
        "0x1F",
        "0X1F",
        "0x",
        "0xg",
        "00x1",
        "1L",
        "1.5L",
        "1_000",
        "1__0",
        "1_",
        "0x1_f",
        "0x_1",
        "1_000.5_5",
        "123abc",
        "1abc",
        "1$",
        "t.1e5",
        "t.1e",
        "t.1x",
        "t.1",
        "a.5",
        "a .5",
        "a._b",
        "._b",
        "1._",
        "..",
        "1..2",
        "1.2.3",
        "t1.c2",
        "1 .x",
        "SELECT 1.x",
        "SELECT 1.e5",
        "0o17",
        "0O7",
        "0b101",
        "0B2",
        "0b",
        "0o_7",
        "0x_1F",
        "0x1_F_",
        "0x1FL",
        "a ._b",
        "a /* c */ ._b",
        "t.x'1F'",
        "t.b'01'",
        "t.n'a'",
        "t. x'1F'",
        "t.e'a'",
    ]);
}

#[test]
fn copy_from_stdin_rows() {
    assert_same(&[
        "COPY t FROM STDIN;\n1\t2\n3\t\\N\n\\.\nSELECT 1",
        "COPY t FROM STDIN; -- rows\r\n1\r\n\\.\r\n",
        "COPY t (a, b) FROM stdin WITH (FORMAT csv);\na,b\n",
        "COPY t FROM STDIN;",
        "COPY t FROM STDIN;\n",
        "COPY t FROM STDIN; COPY u FROM STDIN;\nx\n\\.",
        "COPY t FROM STDIN;\n\\.",
        "COPY (SELECT 1 FROM STDIN) TO STDOUT;\nx",
        "copy t from \"STDIN\";\nx",
        "SELECT 1; COPY t FROM STDIN;\nx\ty\n\\.\nSELECT 2;",
        "COPY t FROM STDIN; 'unterminated\nx",
    ]);
}

#[test]
fn placeholders_and_variables() {
    assert_same(&[
        "$1",
        "$name",
        "$",
        "$ 1",
        "$$",
        "$$$",
        "$$a$b$$",
        "$$ $a$$ x",
        "$tag$a$b$tag$ x",
        "$t$$t$",
        "$1$x$1$",
        "$12.50",
        "$12.",
        "$.5",
        "$1a.5",
        "$é",
        "?",
        "?1",
        "?12a",
        "?٣",
        ":name",
        ":1",
        "::int",
        ":=",
        "@v",
        "@@v",
        "@@ v",
        "@@",
        "@",
        "@ x",
        "@'x'",
        "'root'@'localhost'",
        "@\"x\"",
        "@`x`",
        "@1",
        "@(",
        "@@(",
        "@@\n",
        "@\n",
        "@>x",
        "@?x",
        "@-@x",
        "@-x",
        "@--x",
        "@@@",
        "#t",
        "#",
        "# x",
        "##",
        "#(",
        "#\nx",
        "##t",
    ]);
}

#[test]
fn comments_and_hints() {
    assert_same(&[
        "-- c\nx",
        "--c\nx",
        "--",
        "-- ",
        "--\tx",
        "---",
        "-- c\r\nx",
        "-- c\rx",
        "# c\nx",
        "#c",
        "/* c */x",
        "/**/x",
        "/***/x",
        "/* a /* b */ c */x",
        "/*/ x */",
        "/*!50110 KEY_BLOCK_SIZE = 1024*/",
        "/*! STRAIGHT_JOIN */ x",
        "/*!*/ x",
        "/*!123*/ x",
        "a /*!\n b\n */ c",
        "/*! 'abc */",
        "/*! /* inner */ x */",
        "/*! /*! inner */ x */",
        "x/*+ hint */",
        "// c",
        "a//b",
        "a/b",
        "/* open",
        "x /* open *",
        "a /*! x; COPY t FROM STDIN; */ ;\ny",
    ]);
}

#[test]
fn operators() {
    assert_same(&[
        "a::int",
        "a->'b'",
        "a->>'b'",
        "a <=> b",
        "a || b",
        "a != b",
        "a <> b",
        "a @> b",
        "a <@ b",
        "a ~* b",
        "a ~ b",
        "a !~ b",
        "a !~* b",
        "a ~~ b",
        "a ~~* b",
        "a !~~ b",
        "a !~~* b",
        "a #> b",
        "a #>> b",
        "a #- b",
        "a ? b",
        "a ?| b",
        "a ?|| b",
        "a ?& b",
        "a ?- b",
        "a ?-| b",
        "a ?# b",
        "a @@ b",
        "a @? b",
        "a ^@ b",
        "|/ a",
        "||/ a",
        "a && b",
        "a & b",
        "a | b",
        "a ^ b",
        "a << b",
        "a >> b",
        "a <<| b",
        "a |>> b",
        "a &< b",
        "a &<| b",
        "a &> b",
        "a&>b",
        "a&>",
        "a |&> b",
        "a |& b",
        "a |> b",
        "a <-> b",
        "a <- b",
        "a <^ b",
        "a >^ b",
        "a ~= b",
        "a <| b",
        "a ## b",
        "a => b",
        "a == b",
        "!a",
        "!!a",
        "a <= b",
        "a<=-1",
        "a<+1",
        "a<=+1",
        "a >= b",
        "a+-*/%b",
        "a % b",
        "a %b",
        "a%",
        "a +* b",
        "a <=* b",
        "a ->* b",
        "a *= b",
        "(a, b); [c] {d} \\",
        "a::b:c",
        "a @-@ b",
        "a -> b",
        "a ->>= b",
        "a !== b",
        "a <<< b",
        "a >>> b",
        "a ||| b",
        "a ~~~ b",
    ]);
}

#[test]
fn whitespace_and_odd_characters() {
    assert_same(&[
        "select\r\nx",
        "select\rx",
        "select\r\r\nx",
        "\tselect\t1",
        "a\u{a0}b",
        "a\u{3000}b",
        "a\u{2028}b",
        "a\u{85}b",
        "a\u{b}b\u{c}",
        "‘x’",
        "“x”",
        "café",
        "naïve_1",
        "日本語",
        "😀",
        "x😀y",
        "\u{7f}x",
        "x\u{7f}",
        "é1",
        "_x",
        "$x",
        "x$y",
        "x#y",
        "x@y",
        "`",
        "\"",
        "'",
        "[",
        "]",
        "\0",
        "a\0b",
        "\u{feff}select",
        "Ω",
        "ǅ",
        "select * from t where a = 'x' and b = \"y\"",
        "",
        " ",
        "\n\n",
        "\n a \n\n b",
    ]);
}

#[test]
fn keywords_are_found_by_their_upper_case_unquoted() {
    assert_same(&[
        "select SELECT SeLeCt",
        "\"select\" `select` [select]",
        "from_ from _from",
        "a1 ab_c current_timestamp",
        "ſelect",
        "ﬁle",
    ]);
}

/// Cut a few statements at every character: truncated escapes, quotes and comments must
/// read as sqlparser reads them (and never panic).
#[test]
fn every_prefix_of_tricky_texts() {
    let texts = [
        "SELECT E'a\\x4\\u00e9\\101', U&'\\+01F600x', $t$ a $ t$t$, N'x''y' -- c\n/* a /* b */ c */",
        "SELECT `a``b`, [c]]d], \"e\"\"f\", 'g\\'h', X'1f', B'01', 0x1f, 1.5e-3L, .5, 1_000 #c\r\n",
        "/*!50110 SET @@x = 1 */ SELECT @a, @@b, ?1, $1, $12.50, :n, a->>'k', a #>> '{a}', a <-> b",
        "q'[x]', nq'{y}', r'''z''' , r\"w\", t._c, t.1e5, 1abc",
    ];
    let prefixes: Vec<&str> = texts
        .iter()
        .flat_map(|t| t.char_indices().filter_map(|(i, _)| t.get(..i)))
        .collect();
    assert_same(&prefixes);
}

/// Pieces of SQL that start or end tokens in some flavour, to be strung together at random.
const PIECES: &[&str] = &[
    "'", "\"", "`", "[", "]", "\\", "$", "@", "#", "?", ":", "-", "/", "*", "!", "<", ">", "=",
    "|", "&", "~", "^", "%", "+", ".", "_", "0", "1", "9", "e", "E", "x", "X", "b", "B", "N", "n",
    "q", "Q", "r", "R", "u", "U", "L", "a", "é", "😀", " ", "\n", "\r", "\t", "\u{a0}", "{", "}",
    "(", ")", ",", ";", "ab", "/*", "*/", "--", "-- ", "/*!", "/*!5 ", "$$", "$t$", "E'", "U&'",
    "0x", "\\u", "\\x", "''", "\\+", "7", "f", "1e", "٣",
];

/// Random strings of pieces (from a fixed seed) read alike by both lexers.
#[test]
fn random_strings_of_pieces() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let texts: Vec<String> = (0..20_000)
        .map(|_| {
            let len = next() % 10 + 1;
            (0..len)
                .filter_map(|_| PIECES.get((next() % PIECES.len() as u64) as usize).copied())
                .collect()
        })
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let d = differences(&texts);
    assert!(
        d.is_empty(),
        "{} differences, the first:\n{}",
        d.len(),
        d.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Long runs of what opens, nests or extends tokens: read in time proportional to their
/// length (a quadratic read of these would take minutes), in every flavour.
#[test]
fn long_inputs_take_linear_time() {
    let n = 200_000;
    let texts = [
        format!("$t$ {} $t", "$t ".repeat(n / 3)),
        "/*".repeat(n / 2),
        format!("/*!{}", "/*".repeat(n / 2)),
        format!("E'{}", "\\x".repeat(n / 2)),
        "@".repeat(n),
        "#".repeat(n),
        "<".repeat(n),
        "-".repeat(n),
        "1".repeat(n),
        "a.".repeat(n / 2),
        "'".repeat(n + 1),
        "$$".repeat(n / 2 + 1),
        "é".repeat(n),
    ];
    let started = std::time::Instant::now();
    for text in &texts {
        for f in FLAVORS {
            let _ = tokenize(f, text);
        }
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

/// Every keyword named in Queue Lab's sources (parser, engine, app) or in the reserved-word
/// lists the parser consults is in the lexer's list, found by its text, and named as
/// sqlparser's `Debug` names it: a keyword left out would read as a plain word.
#[test]
fn the_keyword_list_holds_every_keyword_the_lab_names() {
    use sqlparser::keywords::{
        Keyword, ALL_KEYWORDS, ALL_KEYWORDS_INDEX, RESERVED_FOR_COLUMN_ALIAS,
        RESERVED_FOR_IDENTIFIER, RESERVED_FOR_TABLE_ALIAS,
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = std::collections::BTreeSet::new();
    for dir in ["src", "web/src"] {
        rust_files(&root.join(dir), &mut |text| {
            for (i, _) in text.match_indices("Keyword::") {
                let name: String = text[i + "Keyword::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                named.insert(name);
            }
        });
    }
    for list in [
        RESERVED_FOR_COLUMN_ALIAS,
        RESERVED_FOR_TABLE_ALIAS,
        RESERVED_FOR_IDENTIFIER,
    ] {
        named.extend(list.iter().map(|k| format!("{k:?}")));
    }
    named.remove("NoKeyword");
    named.remove(""); // this test's own "Keyword::"
    assert!(
        named.len() > 500,
        "the sources were not read: {}",
        named.len()
    );
    let mut found = 0;
    for (text, &k) in ALL_KEYWORDS.iter().zip(ALL_KEYWORDS_INDEX) {
        let name = format!("{k:?}");
        if named.contains(&name) {
            found += 1;
            assert_eq!(super::keywords::keyword_of(text, None), k, "{text}");
            assert_eq!(super::keyword_name(k), name);
            assert_eq!(super::known(k), k);
        } else {
            assert_eq!(super::known(k), Keyword::NoKeyword, "{name}");
        }
    }
    assert_eq!(found, named.len(), "a named keyword is not sqlparser's");
    assert_eq!(super::keyword_name(Keyword::NoKeyword), "NoKeyword");
}

fn rust_files(dir: &std::path::Path, visit: &mut dyn FnMut(&str)) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, visit);
        } else if path.extension().is_some_and(|e| e == "rs") {
            visit(&std::fs::read_to_string(&path).expect("a source file"));
        }
    }
}

/// The parser's "No infix parser for token ..." error writes the token as sqlparser's
/// `Debug` does, for every token that ranks as an infix operator in some flavour.
#[test]
fn tokens_are_written_as_sqlparser_debug_writes_them() {
    let texts = [
        "a . = := < <= <> > >= == ~ ~* !~ !~* ~~ ~~* !~~ !~~* <=> | ?- ## && &< &> ?-| &<| |&> \
         <-> <^ >^ ?# ?|| ?| ~= @ <<| |>> ^ # >> << & + - * / // % || :: ! [ ^@ : -> ->> #> \
         #>> @> <@ #- @? @@ ? ?& OPERATOR(pg_catalog.+) x \"quoted\" `b` [c] select SELECT",
    ];
    let mut ranked = 0;
    for f in FLAVORS {
        for text in texts {
            let Ok(tokens) = tokenize(f, text) else {
                continue;
            };
            for t in tokens {
                // Only a token that ranks as an infix operator can be named by the error.
                let infix =
                    crate::sql::parser::Parser::new(f, vec![t.clone()]).next_precedence() > 0;
                if infix {
                    assert_eq!(
                        super::token_debug(&t.token),
                        format!("{:?}", t.token),
                        "{f:?}"
                    );
                    ranked += 1;
                }
            }
        }
    }
    assert!(ranked > 200, "only {ranked} infix tokens were judged");
    for (&k, text) in sqlparser::keywords::ALL_KEYWORDS_INDEX
        .iter()
        .zip(sqlparser::keywords::ALL_KEYWORDS)
    {
        let word = super::word(text, None);
        if super::known(k) == k {
            assert_eq!(super::token_debug(&word), format!("{word:?}"));
        }
    }
}

/// `debug_quoted` writes what the standard `Debug` writes for the text a user can type: the
/// browser's build formats no `Debug`, so the parser's message and the explorer worker's
/// import lines depend on it matching.
#[test]
fn debug_quoted_writes_strings_and_characters_as_debug_does() {
    for text in [
        "jobs",
        "say \"hi\"",
        "it's",
        "a\\b",
        "tab\there\nnew\rline",
        "nul\0bell\u{7}del\u{7f}",
        "é ü 日本 ✓",
        "./queuelab-web-0123abcd.js",
    ] {
        assert_eq!(super::debug_quoted(text, '"'), format!("{text:?}"));
    }
    for c in ['"', '`', '[', '\'', '\\', '\n', 'é'] {
        assert_eq!(super::debug_quoted(&c.to_string(), '\''), format!("{c:?}"));
    }
}
