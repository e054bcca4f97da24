//! What SQLite has and the vendor does not stays outside: the engine's own functions and
//! tables (`ql_*`), SQLite's catalog (`sqlite_schema`, `pragma_*` table functions) and its
//! functions no vendor has (`randomblob`, `zeroblob`, `generate_series` outside PostgreSQL)
//! are refused as the vendor refuses an unknown function or table. `random()` is refused in
//! every dialect: a run must give the same result every time (the explorer replays it), and
//! PostgreSQL's `random()` is a float where SQLite's is an integer.

use super::Dialect;
use crate::source::Pos;
use crate::trace::StepError;
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// The first function or table the statement's `tokens` name that the user may not reach, as
/// the vendor's error. Read off the tokens, not the parsed tree: no recursion, so the
/// deepest statement `bounds.rs` lets through costs no stack here.
pub fn check(dialect: Dialect, tokens: &[TokenWithSpan]) -> Result<(), StepError> {
    let solid: Vec<&TokenWithSpan> = tokens
        .iter()
        .filter(|t| !matches!(t.token, Token::Whitespace(_)))
        .collect();
    for (i, t) in solid.iter().enumerate() {
        let Token::Word(w) = &t.token else { continue };
        let name = w.value.to_ascii_lowercase();
        let called = solid
            .get(i + 1)
            .is_some_and(|n| matches!(n.token, Token::LParen));
        let error = if table_spot(&solid, i) && table_refused(dialect, &name) {
            no_table(dialect, &name)
        } else if (called && function_refused(dialect, &name)) || tsql_clock(dialect, w) {
            no_function(dialect, &name)
        } else if let Some(instead) = called.then(|| not_modelled(dialect, &name)).flatten() {
            super::common::unsupported_with(dialect, &format!("{name}()"), instead)
        } else {
            continue;
        };
        let at = Pos {
            line: t.span.start.line as u32,
            column: t.span.start.column as u32,
        };
        return Err(StepError {
            pos: Some(at),
            ..error
        });
    }
    Ok(())
}

/// SQL Server has neither CURRENT_DATE nor CURRENT_TIME, which SQLite would answer from the
/// machine's clock (the other dialects read the scenario clock: `clock_parts.rs`).
fn tsql_clock(dialect: Dialect, w: &sqlparser::tokenizer::Word) -> bool {
    dialect == Dialect::MsSql
        && w.quote_style.is_none()
        && (w.value.eq_ignore_ascii_case("current_date")
            || w.value.eq_ignore_ascii_case("current_time"))
}

/// Whether the name at `i` (after its qualifiers, `main.sqlite_schema`) is where a table goes:
/// after FROM, JOIN, INTO, UPDATE, TABLE or a comma.
fn table_spot(solid: &[&TokenWithSpan], i: usize) -> bool {
    let mut head = i;
    while head >= 2
        && matches!(solid[head - 1].token, Token::Period)
        && matches!(solid[head - 2].token, Token::Word(_))
    {
        head -= 2;
    }
    let Some(before) = head.checked_sub(1).map(|j| &solid[j].token) else {
        return false;
    };
    match before {
        Token::Comma => true,
        Token::Word(p) => matches!(
            p.keyword,
            Keyword::FROM | Keyword::JOIN | Keyword::INTO | Keyword::UPDATE | Keyword::TABLE
        ),
        _ => false,
    }
}

fn engine_own(name: &str) -> bool {
    name.starts_with("ql_")
}

fn table_refused(dialect: Dialect, name: &str) -> bool {
    // The weaker lock modes' markers, put before each name of `OF a, b` (`lock_strength.rs`).
    let marker = name == super::postgres::lock_strength::NO_KEY_UPDATE
        || name == super::postgres::lock_strength::KEY_SHARE;
    (engine_own(name) && !(marker && dialect == Dialect::Postgres))
        || matches!(
            name,
            "sqlite_schema"
                | "sqlite_master"
                | "sqlite_temp_schema"
                | "sqlite_temp_master"
                | "sqlite_sequence"
                | "sqlite_stat1"
        )
        || name.starts_with("pragma_")
        || (name == "generate_series" && dialect != Dialect::Postgres)
}

fn function_refused(dialect: Dialect, name: &str) -> bool {
    engine_own(name)
        || matches!(
            name,
            "random"
                | "randomblob"
                | "zeroblob"
                | "sqlite_version"
                | "sqlite_source_id"
                | "sqlite_compileoption_used"
                | "sqlite_compileoption_get"
                | "load_extension"
                | "sqlite_offset"
                | "changes"
                | "total_changes"
                | "last_insert_rowid"
                | "likelihood"
                | "likely"
                | "unlikely"
                | "printf"
        )
        || name.starts_with("pragma_")
        || sqlite_only(dialect, name)
        || (name == "generate_series" && dialect != Dialect::Postgres)
        // MySQL's and PostgreSQL's, which the engine adds; SQL Server's is REPLICATE.
        || (name == "repeat" && dialect == Dialect::MsSql)
}

/// SQLite's functions that the dialect's server does not have, which SQLite would run
/// instead of failing: its date functions (`datetime`, `strftime`, ...: also the clock of the
/// machine, for 'now', never the scenario's), and in some dialects `ifnull`, `instr`, `iif`,
/// `hex`, `quote`, `group_concat` and the like. (`date()` and `time()` stay: PostgreSQL reads
/// them as casts and MySQL has both. So does MySQL's `datetime(`: `DATETIME(6)` is a column
/// type there, which these tokens cannot tell from a call; `mysql/unsupported.rs` refuses a
/// call in the parsed tree.)
fn sqlite_only(dialect: Dialect, name: &str) -> bool {
    let everywhere = matches!(
        name,
        "julianday" | "strftime" | "unixepoch" | "glob" | "typeof" | "unicode" | "total"
    );
    everywhere
        || match dialect {
            Dialect::Postgres => matches!(
                name,
                "datetime"
                    | "ifnull"
                    | "instr"
                    | "iif"
                    | "hex"
                    | "quote"
                    | "group_concat"
                    | "timediff"
            ),
            Dialect::MySql => name == "iif",
            Dialect::MsSql => matches!(
                name,
                "datetime"
                    | "ifnull"
                    | "instr"
                    | "hex"
                    | "quote"
                    | "group_concat"
                    | "timediff"
                    | "pow"
                    | "ln"
            ),
        }
}

/// The vendor's functions that would change what the engine does and that it does not
/// model (locks of their own, sleeping): refused by name with what to use instead, since
/// SQLite would only say it has no such function, or worse, run one of its own.
/// (PostgreSQL's advisory locks are modelled: `postgres/advisory.rs`.)
fn not_modelled(dialect: Dialect, name: &str) -> Option<&'static str> {
    match dialect {
        // SQLite's format() is its printf: no %I or %L, and a boolean written as 1.
        Dialect::Postgres if name == "format" => Some(
            "the row store's format() is a printf that answers otherwise (no %I or %L, booleans as 1); build the text with || or concat",
        ),
        Dialect::Postgres if name == "pg_sleep" => {
            Some("a step runs when the schedule says; there is no time to sleep through")
        }
        Dialect::MySql if matches!(name, "get_lock" | "release_lock" | "release_all_locks" | "is_free_lock" | "is_used_lock") => Some(
            "named locks are not modelled yet; to make sessions take turns, lock a row (SELECT ... FOR UPDATE) of a table of your own",
        ),
        // MariaDB has these three, but SQLite's of the same name answer otherwise:
        // hex(255) is 'FF' there and '323535' in SQLite, quote() escapes with a backslash
        // there, and TIMEDIFF gives a TIME ('00:05:00') where SQLite gives '+0000-00-00 ...'.
        Dialect::MySql if matches!(name, "hex" | "quote" | "timediff") => {
            Some("the row store's function of that name answers otherwise; compute the value another way")
        }
        Dialect::MySql if name == "sleep" => {
            Some("a step runs when the schedule says; there is no time to sleep through")
        }
        // SQL Server's POWER(2, 3) is the int 8 (the first argument's type), and its floats
        // print otherwise than SQLite's doubles.
        Dialect::MsSql if matches!(name, "exp" | "power" | "sqrt" | "log") => Some(
            "its result's type and text follow SQL Server's rules (POWER(2, 3) is the int 8), which the lab does not model for T-SQL; compute the value in the application",
        ),
        Dialect::MsSql if name == "sp_getapplock" || name == "applock_mode" => Some(
            "application locks are not modelled yet; to make sessions take turns, lock a row (UPDLOCK) of a table of your own",
        ),
        _ => None,
    }
}

fn no_table(dialect: Dialect, name: &str) -> StepError {
    match dialect {
        Dialect::MySql => StepError::other("1146", format!("Table 'test.{name}' doesn't exist")),
        Dialect::Postgres => {
            StepError::other("42P01", format!("relation \"{name}\" does not exist"))
        }
        Dialect::MsSql => StepError::other("208", format!("Invalid object name '{name}'.")),
    }
}

fn no_function(dialect: Dialect, name: &str) -> StepError {
    let why = if name == "random" {
        " (Queue Lab runs give the same result every time: use a constant)"
    } else {
        ""
    };
    match dialect {
        Dialect::MySql => {
            StepError::other("1305", format!("FUNCTION test.{name} does not exist{why}"))
        }
        Dialect::Postgres => {
            StepError::other("42883", format!("function {name}() does not exist{why}"))
        }
        Dialect::MsSql => StepError::other(
            "195",
            format!("'{name}' is not a recognized built-in function name.{why}"),
        ),
    }
}
