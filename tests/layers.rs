//! The layering of the crate's top-level modules (ARCHITECTURE.md, section "Layers"): a module
//! may name `crate::X` only for X in a lower layer or its own. Read from the source text, so a
//! new upward import fails here before it can close an import loop. Also: outside the dialect
//! layer no code names a vendor; it asks a `Dialect` method instead.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Every top-level module under `src/` and its layer, bottom (1) to top. Keep in step with
/// ARCHITECTURE.md, section "Layers". `src/lib.rs` and `src/bin/` sit above all of them.
const LAYERS: &[(&str, u8)] = &[
    // The lexer, parser, printer, copy and walk: sqlparser's types only, no other module.
    ("sql", 1),
    ("source", 1),
    ("trace", 1),
    ("vendor", 1),
    ("ids", 1),
    ("limits", 1),
    ("calendar", 1),
    ("sort", 1),
    ("join", 1),
    ("decimal", 1),
    ("float_text", 1),
    ("vec_map", 1),
    ("test_rand", 1),
    ("dialect", 2),
    ("engine", 3),
    ("scenario", 4),
    ("render", 5),
    ("sim", 6),
    ("explore", 7),
    ("examples", 8),
];

/// Upward imports known and tolerated for now: (file under the crate root, module it names).
/// Empty: keep it so. The test fails while an entry here is no longer used, so none stays
/// behind.
const ALLOWED: &[(&str, &str)] = &[];

/// One `crate::NAME` found in a file.
#[derive(Debug)]
struct Use {
    /// Path from the crate root, with `/` separators (`src/engine/mod.rs`).
    file: String,
    line: usize,
    /// The top-level module the file belongs to.
    from: String,
    /// The first name after `crate::`.
    to: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn leading_ident(s: &str) -> &str {
    let s = s.trim_start();
    let end = s.find(|c: char| !is_ident_char(c)).unwrap_or(s.len());
    &s[..end]
}

/// The first names after each `crate::` in `text`, with their line numbers. Lines whose
/// trimmed start is `//` are comments (docs may name any module). A group such as
/// `crate::{engine::lab, render}` gives each of its names.
fn crate_names(text: &str) -> Vec<(usize, String)> {
    let code: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = code[from..].find("crate::") {
        let at = from + found;
        from = at + "crate::".len();
        // `mycrate::x` is another path; `$crate::x` in a macro is this crate.
        if code[..at].chars().next_back().is_some_and(is_ident_char) {
            continue;
        }
        let rest = code[from..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push((line_of(at), leading_ident(&item).to_string()));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.push((line_of(at), leading_ident(&item).to_string()));
        } else {
            out.push((line_of(at), leading_ident(rest).to_string()));
        }
    }
    out.retain(|(_, name)| !name.is_empty() && name != "self");
    out
}

/// The top-level module of a path under `src/`, or `None` for the top (`lib.rs`, `main.rs`,
/// `bin/`), which may use anything.
fn top_module(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    match name.as_str() {
        "lib" | "main" | "bin" => None,
        _ => Some(name),
    }
}

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// Every `crate::NAME` under `src/` that leaves its own module, and the top-level modules.
fn scan(root: &Path) -> (Vec<Use>, BTreeSet<String>) {
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut uses = Vec::new();
    let mut modules = BTreeSet::new();
    for path in files {
        let rel = path.strip_prefix(&src).expect("under src/");
        let Some(from) = top_module(rel) else {
            continue;
        };
        modules.insert(from.clone());
        let text =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let file = format!("src/{}", rel.to_string_lossy().replace('\\', "/"));
        for (line, to) in crate_names(&text) {
            if to != from {
                uses.push(Use {
                    file: file.clone(),
                    line,
                    from: from.clone(),
                    to,
                });
            }
        }
    }
    (uses, modules)
}

/// What is wrong with the layering of the crate at `root`, one line per problem.
fn problems(root: &Path) -> Vec<String> {
    let (uses, modules) = scan(root);
    let mut problems = Vec::new();
    for m in &modules {
        if layer(m).is_none() {
            problems.push(format!(
                "module `{m}` has no layer: add it to LAYERS in tests/layers.rs and to \
                 ARCHITECTURE.md's \"Layers\""
            ));
        }
    }
    for (m, _) in LAYERS {
        if !modules.contains(*m) {
            problems.push(format!(
                "LAYERS names `{m}`, which is not a module under src/"
            ));
        }
    }
    let mut allowed_seen = BTreeSet::new();
    for u in &uses {
        let (Some(from), to) = (layer(&u.from), layer(&u.to)) else {
            continue; // reported above as a module without a layer
        };
        let Some(to) = to else {
            // An item of lib.rs (the top) or a name that is not a top-level module.
            problems.push(format!(
                "{}:{}: crate::{} is not a top-level module; name the module that defines it",
                u.file, u.line, u.to
            ));
            continue;
        };
        if to <= from {
            continue;
        }
        if let Some(a) = ALLOWED
            .iter()
            .find(|(file, target)| *file == u.file && *target == u.to)
        {
            allowed_seen.insert(*a);
            continue;
        }
        problems.push(format!(
            "{}:{}: `{}` (layer {from}) uses crate::{} (layer {to}), a higher layer",
            u.file, u.line, u.from, u.to
        ));
    }
    for a in ALLOWED {
        if !allowed_seen.contains(a) {
            problems.push(format!(
                "ALLOWED lists {} -> {}, which is no longer there: remove the entry",
                a.0, a.1
            ));
        }
    }
    problems
}

/// The vendors, as code outside the dialect layer must not name them.
const VENDORS: &[&str] = &["MySql", "Postgres", "MsSql"];

/// Whether a file under the crate root may name the vendors one by one: the enum's own file
/// (names, parsing) and the dialect layer, where each vendor's behaviour lives.
fn may_name_vendors(file: &str) -> bool {
    file == "src/vendor.rs" || file.starts_with("src/dialect/")
}

/// The lines of `text` that name a vendor in code: `Dialect::MySql`, `Dialect::Postgres`,
/// `Dialect::MsSql`, or all of them at once (`Dialect::{...}`, `Dialect::*`). Comments (from
/// `//` to the end of the line) may name any vendor.
fn vendor_names(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut from = 0;
        while let Some(found) = code[from..].find("Dialect::") {
            let at = from + found;
            from = at + "Dialect::".len();
            // `SqlDialect::` and the like are other types.
            if code[..at].chars().next_back().is_some_and(is_ident_char) {
                continue;
            }
            let rest = &code[from..];
            let name = leading_ident(rest);
            let named = if VENDORS.contains(&name) {
                format!("Dialect::{name}")
            } else if rest.starts_with('{') || rest.starts_with('*') {
                format!("Dialect::{}", &rest[..1])
            } else {
                continue;
            };
            out.push((i + 1, named));
        }
    }
    out
}

#[test]
fn only_the_dialect_layer_asks_which_vendor_it_is() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut problems = Vec::new();
    for path in files {
        let rel = path.strip_prefix(root).expect("under the crate root");
        let file = rel.to_string_lossy().replace('\\', "/");
        if may_name_vendors(&file) {
            continue;
        }
        let text =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        for (line, named) in vendor_names(&text) {
            problems.push(format!(
                "{file}:{line}: {named}: ask a capability method of `Dialect` in src/dialect/ \
                 instead of comparing vendors"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "vendor forks outside src/dialect/:\n{}",
        problems.join("\n")
    );
}

#[test]
fn vendor_names_are_found_in_code_but_not_in_comments() {
    let text = "if d == Dialect::MsSql {\n\
                // Dialect::MySql in a comment\n\
                let x = sqlparser::dialect::MySqlDialect {};\n\
                match d { crate::vendor::Dialect::Postgres => 1, _ => 2 }\n\
                let p = d.prompt(); // unlike Dialect::Postgres\n\
                use Dialect::*;\n\
                let y = SqlDialect::MySql;\n";
    let expected = [
        (1, "Dialect::MsSql"),
        (4, "Dialect::Postgres"),
        (6, "Dialect::*"),
    ];
    assert_eq!(
        vendor_names(text),
        expected
            .iter()
            .map(|&(l, n)| (l, n.to_string()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn modules_use_only_lower_layers() {
    let problems = problems(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        problems.is_empty(),
        "layering broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn crate_paths_are_found_in_code_and_groups_but_not_in_comments() {
    let text = "use crate::trace::Value;\n\
                // crate::render in a comment\n\
                /// see crate::scenario\n\
                let x = crate::engine::lab::Lab::new();\n\
                use crate::{dialect::Dialect, ids::{RowRef, TxnId}};\n\
                use mycrate::other;\n\
                macro_rules! m { () => { $crate::source::Span } }\n";
    let names: Vec<(usize, String)> = crate_names(text);
    let expected = [
        (1, "trace"),
        (4, "engine"),
        (5, "dialect"),
        (5, "ids"),
        (7, "source"),
    ];
    assert_eq!(
        names,
        expected
            .iter()
            .map(|&(l, n)| (l, n.to_string()))
            .collect::<Vec<_>>()
    );
}

/// Calls that would compile a second copy of a heavy generic into the download (ARCHITECTURE.md,
/// "one copy of each heavy generic"): sorts go through `crate::sort`, decimal text through
/// `crate::decimal`.
const HEAVY: &[(&str, &str)] = &[
    ("parse::<f64>", "crate::decimal::parse_f64"),
    ("parse::<f32>", "crate::decimal::parse_f64"),
    (".sort()", "crate::sort"),
    (".sort_by(", "crate::sort"),
    (".sort_by_key(", "crate::sort"),
    (".sort_unstable", "crate::sort"),
];

/// `Debug` formatting, which writes nothing in the browser's build (`-Zfmt-debug=none`,
/// scripts/build-app.mjs): the app would show an empty text where the native CLI shows one.
const DEBUG_TEXT: &[(&str, &str)] =
    &[(":?}", "Display, or lexer::debug_quoted for a quoted string")];

/// The uses of `HEAVY` calls in the code of `text` that reaches the download: comments and
/// everything after the first `#[cfg(...test...)]` (test modules close the files) are left out.
fn heavy_calls(text: &str) -> Vec<(usize, &'static str, &'static str)> {
    uses(text, HEAVY)
}

/// The uses of `table`'s texts in the code of `text` that reaches the download.
fn uses(
    text: &str,
    table: &[(&'static str, &'static str)],
) -> Vec<(usize, &'static str, &'static str)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let attribute = line.trim_start();
        if attribute.starts_with("#[cfg(") && attribute.contains("test") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        for (call, instead) in table {
            if code.contains(call) {
                out.push((i + 1, *call, *instead));
            }
        }
    }
    out
}

#[test]
fn the_download_sorts_and_parses_decimals_through_the_crates_own_copies_and_formats_no_debug() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "web/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    let mut problems = Vec::new();
    for path in files {
        let rel = path.strip_prefix(root).expect("under the crate root");
        let file = rel.to_string_lossy().replace('\\', "/");
        // The native CLI is not downloaded; the two modules are the one copy.
        if file.starts_with("src/bin/") || file == "src/sort.rs" || file == "src/decimal.rs" {
            continue;
        }
        let text =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        // Test modules in files of their own, and the tests' error helper.
        let test_only = file.contains("tests") || file == "src/trace/checked.rs";
        let debug = if test_only {
            Vec::new()
        } else {
            uses(&text, DEBUG_TEXT)
        };
        for (line, call, instead) in heavy_calls(&text).into_iter().chain(debug) {
            problems.push(format!("{file}:{line}: `{call}`: use {instead}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn heavy_calls_are_found_in_code_but_not_in_comments_or_tests() {
    let text = "let x = n.parse::<f64>();\n\
                // v.sort_by(|a, b| a.cmp(b)) in a comment\n\
                v.sort_unstable_by_key(|x| *x);\n\
                #[cfg(test)]\n\
                mod tests { fn t() { v.sort(); } }\n";
    let found: Vec<_> = heavy_calls(text)
        .into_iter()
        .map(|(l, c, _)| (l, c))
        .collect();
    assert_eq!(found, [(1, "parse::<f64>"), (3, ".sort_unstable")]);
    let debug = "let s = format!(\"{x:?} {:?}\", y);\n// {z:?} in a comment\n";
    let found: Vec<_> = (uses(debug, DEBUG_TEXT).into_iter())
        .map(|(l, c, _)| (l, c))
        .collect();
    assert_eq!(found, [(1, ":?}")]);
}
