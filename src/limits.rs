//! Every limit Queue Lab puts on its input and its work, in one place. Each keeps a run
//! within bounded time and memory (in the browser, where a panic, a stack overflow or an
//! allocation failure kills the page and the learner's work), and each is enforced with an
//! error or a note that names it, so that nothing is cut silently. The figures are far above
//! what a queue technique needs: a lesson has tens of statements and rows, not thousands.

/// Bytes of script or spec text read at all (1 MiB).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// Statements in one script (one-session text; a spec's sessions count each step's). Every
/// statement is parsed before the first runs and each keeps its picture, about 38 KB for a
/// ring insert natively: 5,000 of them stay under 200 MB (10,000 took 380 MB).
pub const MAX_STATEMENTS: usize = 5_000;

/// Statements one T-SQL batch may run, loops and procedure bodies included, before it is
/// stopped: an endless `WHILE` ends here. Each is a step of the run with its own picture, so
/// this bounds a loop's time and memory (about 0.3 s in Chromium once warmed up).
pub const MAX_BATCH_STATEMENTS: u64 = 5_000;

/// Operators in one statement (`+`, `AND`, `||`, `UNION` ...). A chain of them is parsed into
/// a tree as deep as it is long, and every pass over that tree recurses: past this, the
/// smaller stack of WebAssembly would overflow (a debug build's 2 MB test thread overflows
/// between 700 and 1,000).
pub const MAX_OPERATORS: usize = 500;

/// Moves in one permutation (a permutation line, `--permutation`, a link's moves). Each JSON
/// line of a run carries the whole permutation (`spec-format.md`), so a run's output grows with
/// the square of its length: 1,000 moves write about 10 MB, 10,000 would write a gigabyte.
pub const MAX_PERMUTATION_MOVES: usize = 1_000;

/// Depth of nested blocks (`BEGIN ... END`, `IF`, `WHILE`) and parentheses in one statement.
pub const MAX_NESTING: usize = 100;

/// Levels of arrays and objects nested in one JSON value: its reader and printer recurse once
/// per level.
pub const MAX_JSON_DEPTH: usize = 512;

/// The exponent of a JSON number in a jsonb (`1e1000`): `numeric` spells out every digit.
pub const MAX_JSON_EXPONENT: usize = 1_000;

/// Slots of a ring drawn as a circle (`... mod N`); a larger ring is left as a table.
pub const MAX_RING_SLOTS: i64 = 1_000;

/// Rows in one table. Every picture shows every row of every table, so each move costs time
/// in proportion to the rows (about 4 ms per 10,000 natively): past this, stepping would no
/// longer feel immediate. Checked after each statement that inserts rows.
pub const MAX_TABLE_ROWS: usize = 10_000;

/// Bytes in one value (a string or blob SQLite makes: `repeat`, `hex(...)`), as SQLite's
/// `SQLITE_LIMIT_LENGTH`.
pub const MAX_VALUE_BYTES: i32 = 1_000_000;

/// The message of an input over one of these limits: what, how much, the limit's name.
pub fn over(what: &str, found: usize, limit: usize, name: &str) -> String {
    format!(
        "{what}: {} is over Queue Lab's limit of {} ({name}); split the work into smaller pieces",
        thousands(found as u128),
        thousands(limit as u128)
    )
}

/// `12345` as `12,345`.
pub fn thousands(n: u128) -> String {
    let digits = decimal(n);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` in decimal, from u64 pieces: the standard library's formatting of a u128 is a large
/// function in the download, for the explorer's counts of schedules alone.
pub fn decimal(n: u128) -> String {
    const PIECE: u128 = 10_000_000_000_000_000_000; // 10^19, below u64::MAX
    match u64::try_from(n) {
        Ok(small) => small.to_string(),
        Err(_) => format!("{}{:019}", decimal(n / PIECE), (n % PIECE) as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_with_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
        for n in [
            0,
            1,
            u128::from(u64::MAX),
            u128::from(u64::MAX) + 1,
            10u128.pow(19) * 7 + 5,
            u128::MAX,
        ] {
            assert_eq!(decimal(n), n.to_string());
        }
        assert_eq!(
            over("operators in one statement", 8_600, 1_000, "MAX_OPERATORS"),
            "operators in one statement: 8,600 is over Queue Lab's limit of 1,000 (MAX_OPERATORS); split the work into smaller pieces"
        );
    }
}
