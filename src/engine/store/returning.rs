//! RETURNING, computed by the engine rather than by SQLite. SQLite implements RETURNING with
//! its trigger code, which both builds leave out (`SQLITE_OMIT_TRIGGER`, .cargo/config.toml;
//! 11 KB of SQLite's code in the browser's build). So `<INSERT | UPDATE | DELETE> ... RETURNING list`
//! runs as the statement alone; the rows it changed in its target table, as the change log
//! holds them (an INSERT's or UPDATE's new values, a DELETE's old ones, in the order SQLite met
//! them), go into a temp table of the target's columns (their declared types and collations,
//! none of its constraints: a REPLACE may return two rows of one key), and
//! `SELECT list FROM that table AS target` gives the rows (`Store::query`).
//!
//! The SQL is the engine's own, as the dialects print it for SQLite: identifiers in double
//! quotes, keywords in capitals, RETURNING last.

use super::{bind_value, store_error, ChangeKind, ResultSet, Store, StoreError};
use crate::trace::Value;

/// A statement's RETURNING, split off its SQL text.
#[derive(Debug, PartialEq)]
pub struct Returning<'a> {
    /// The statement without its RETURNING.
    pub dml: &'a str,
    /// The target table, as SQLite names it.
    pub table: String,
    /// What the list reads the target by: its alias, or its name as written.
    pub called: &'a str,
    pub list: &'a str,
    /// Where `list` begins in the statement (an error's offset is put back there).
    pub list_at: usize,
    /// A DELETE returns the rows it removed; the others the rows they wrote.
    pub deletes: bool,
}

/// The RETURNING of `sql`, if it is a write that has one.
pub fn split(sql: &str) -> Option<Returning<'_>> {
    if !sql.contains("RETURNING") {
        return None; // nearly every statement: no tokens to make
    }
    let tokens = top_level_tokens(sql);
    let word = |i: usize| tokens.get(i).map(|&(a, b)| &sql[a..b]);
    let is = |i: usize, w: &str| word(i).is_some_and(|t| t.eq_ignore_ascii_case(w));
    let verbs = ["INSERT", "REPLACE", "UPDATE", "DELETE"];
    let verb = (0..tokens.len()).find(|&i| verbs.iter().any(|v| is(i, v)))?;
    let at = (verb..tokens.len()).find(|&i| is(i, "RETURNING"))?;
    let mut i = verb + 1;
    if is(i, "OR") {
        i += 2; // INSERT OR REPLACE, UPDATE OR IGNORE
    }
    if is(i, "INTO") || is(i, "FROM") {
        i += 1;
    }
    if word(i + 1) == Some(".") {
        i += 2; // main."jobs"
    }
    let name = word(i)?;
    let called = if is(i + 1, "AS") { word(i + 2)? } else { name };
    let after = tokens[at].1;
    let list_at = after + (sql[after..].len() - sql[after..].trim_start().len());
    Some(Returning {
        dml: sql[..tokens[at].0].trim_end(),
        table: unquoted(name),
        called,
        list: sql[list_at..].trim_end(),
        list_at,
        deletes: is(verb, "DELETE"),
    })
}

impl Store {
    /// Runs `sql`, a write with a RETURNING (`r`): the write alone, then the list over the
    /// rows it wrote (or removed) in its target.
    pub(super) fn query_returning(
        &self,
        sql: &str,
        r: &Returning,
    ) -> Result<ResultSet, StoreError> {
        let query = self.list_query(sql, r)?;
        let from = self.changes.lock().map_or(0, |l| l.len());
        self.query_one(r.dml)?;
        let rows = self.returned_rows(from, r);
        let insert = format!(
            "INSERT INTO temp.{} VALUES ({})",
            holder(&r.table),
            "?, "
                .repeat(rows.first().map_or(1, |(_, v)| v.len()))
                .trim_end_matches(", ")
        );
        for (_, values) in &rows {
            let mut stmt = self.conn.prepare_cached(&insert).map_err(store_error)?;
            for (i, v) in values.iter().enumerate() {
                bind_value(&mut stmt, i + 1, v.clone())?;
            }
            stmt.raw_execute().map_err(store_error)?;
        }
        if let Ok(mut kinds) = self.returned.lock() {
            *kinds = rows.iter().map(|(kind, _)| *kind).collect();
        }
        self.query_one(&query).map_err(|mut e| {
            e.message = error_in_statement(&e.message, &query, r, sql);
            e
        })
    }

    /// Whether `sql`, a write with a RETURNING (`r`), compiles: the write and its list.
    pub(super) fn returning_compiles(&self, sql: &str, r: &Returning) -> Result<(), StoreError> {
        self.list_query(sql, r)?;
        self.conn
            .prepare_cached(r.dml)
            .map(|_| ())
            .map_err(store_error)
    }

    /// The query of `r`'s list over its (emptied) holder, compiled: before the write runs, as
    /// SQLite compiled RETURNING with its statement, so that a name the list does not know
    /// fails the statement before it changes anything.
    fn list_query(&self, sql: &str, r: &Returning) -> Result<String, StoreError> {
        let holder = holder(&r.table);
        let empty = format!("DELETE FROM temp.{holder}");
        let emptied = || self.conn.prepare_cached(&empty)?.raw_execute();
        // A cached statement compiles again when it runs: the holder may be gone since (a
        // rollback to before it was made, a schema change).
        if emptied().is_err() {
            self.make_holder(&r.table, &holder)?;
            emptied().map_err(store_error)?;
        }
        let query = format!("SELECT {} FROM temp.{holder} AS {}", r.list, r.called);
        match self.conn.prepare_cached(&query) {
            Ok(_) => Ok(query),
            Err(e) => {
                let mut e = store_error(e);
                e.message = error_in_statement(&e.message, &query, r, sql);
                Err(e)
            }
        }
    }

    /// The holder of `table`'s returned rows (`make_holders` makes them all after DDL; this
    /// one where a table came otherwise).
    fn make_holder(&self, table: &str, holder: &str) -> Result<(), StoreError> {
        let find = format!(
            "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = '{}' COLLATE NOCASE",
            table.replace('\'', "''")
        );
        let create = match self.query_one(&find)?.1.first().and_then(|r| r.first()) {
            Some(Value::Text(create)) => holder_sql(create, holder),
            _ => None,
        };
        // A table SQLite wrote the CREATE TABLE of: types only (it has no collations).
        let create = create.unwrap_or_else(|| {
            let target = crate::dialect::catalog::ident(table);
            format!("CREATE TEMP TABLE {holder} AS SELECT * FROM main.{target} WHERE 0")
        });
        self.run_own(&create)
    }

    /// The rows the write `r` changed in its target since the change log held `from` entries,
    /// with what made each: a DELETE's removed rows, an INSERT's (an upsert's updates too)
    /// or an UPDATE's written ones. A REPLACE's deletions are not its rows.
    fn returned_rows(&self, from: usize, r: &Returning) -> Vec<(ChangeKind, Vec<Value>)> {
        let Ok(log) = self.changes.lock() else {
            return Vec::new();
        };
        (log.iter().skip(from))
            .filter(|c| c.table.eq_ignore_ascii_case(&r.table))
            .filter(|c| (c.kind == ChangeKind::Delete) == r.deletes)
            .map(|c| {
                (
                    c.kind,
                    if r.deletes {
                        c.old.clone()
                    } else {
                        c.new.clone()
                    },
                )
            })
            .collect()
    }

    /// Runs one statement of the store's own (its holders' CREATE and DROP, which `exec`
    /// would take for the user's schema changes).
    fn run_own(&self, sql: &str) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(sql).map_err(store_error)?;
        stmt.raw_execute().map(|_| ()).map_err(store_error)
    }

    /// Makes a holder for every table, after DDL: in the statement that changed the tables, so
    /// that a rewind to before it undoes them together. A holder made later, inside the
    /// transaction a checkpoint keeps open, would be undone by every rewind, and a rewind that
    /// undoes a schema change makes SQLite compile every statement again (the explorer spent
    /// most of its time so).
    #[inline(never)]
    pub(super) fn make_holders(&self) {
        let find = format!(
            "SELECT name FROM sqlite_temp_schema WHERE type = 'table' AND substr(name, 1, {}) = '{HOLDER_PREFIX}'",
            HOLDER_PREFIX.len()
        );
        if let Ok((_, names)) = self.query_one(&find) {
            for name in names.iter().filter_map(|r| r.first()?.text()) {
                let ident = crate::dialect::catalog::ident(&name);
                let _ = self.run_own(&format!("DROP TABLE temp.{ident}"));
            }
        }
        for table in self.table_names().unwrap_or_default() {
            let _ = self.make_holder(&table, &holder(&table));
        }
    }
}

/// The name of the temp table that holds the rows a statement on `table` returns.
pub fn holder(table: &str) -> String {
    crate::dialect::catalog::ident(&format!("{HOLDER_PREFIX}{}", table.to_ascii_lowercase()))
}

/// What every holder's name begins with (they are made again when the tables change).
pub const HOLDER_PREFIX: &str = "ql_returned_";

/// The holder's CREATE TABLE, from the target's own (`create`, as the catalog wrote it for
/// SQLite: each column `"name" type [COLLATE c] [NOT NULL] [DEFAULT (...)]`): the columns
/// with their types and collations, so that the list compares and converts as it would on
/// the target. `None` for a table written otherwise.
pub fn holder_sql(create: &str, holder: &str) -> Option<String> {
    let body = create.get(create.find('(')? + 1..create.rfind(')')?)?;
    let mut columns = Vec::new();
    for part in top_level_parts(body) {
        let part = part.trim();
        if !part.starts_with('"') {
            continue; // a table constraint: PRIMARY KEY (...), UNIQUE (...), CHECK (...)
        }
        let name_end = crate::engine::clauses::skip_quoted(part.as_bytes(), 0);
        let rest = &part[name_end..];
        let cut = [" NOT NULL", " DEFAULT ", " PRIMARY KEY"]
            .iter()
            .filter_map(|w| rest.find(w))
            .min()
            .unwrap_or(rest.len());
        columns.push(&part[..name_end + cut]);
    }
    (!columns.is_empty()).then(|| format!("CREATE TEMP TABLE {holder} ({})", columns.join(", ")))
}

/// An error SQLite gave for the list's query (`SELECT <list> FROM ...`) as if it had come from
/// the statement itself: the SQL and offset it appends (` in <sql> at offset N`) become the
/// statement's and its list's, so the error names the RETURNING clause.
pub fn error_in_statement(message: &str, query: &str, r: &Returning, statement: &str) -> String {
    match message.find(&format!(" in {query} at offset ")) {
        Some(at) => format!("{} in {statement} at offset {}", &message[..at], r.list_at),
        None => message.to_string(),
    }
}

fn unquoted(name: &str) -> String {
    match name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => name.to_string(),
    }
}

/// The byte ranges of `sql`'s tokens outside parentheses: words, quoted names and strings,
/// and single other characters (spaces left out).
fn top_level_tokens(sql: &str) -> Vec<(usize, usize)> {
    let s = sql.as_bytes();
    let (mut out, mut depth, mut i) = (Vec::new(), 0usize, 0);
    while i < s.len() {
        let start = i;
        i = match s[i] {
            b'\'' | b'"' | b'`' => crate::engine::clauses::skip_quoted(s, i),
            // Letters beyond ASCII belong to names, as SQLite reads them (`WHERE éd = 1`):
            // a token never ends inside a character.
            b if is_word_byte(b) => (s[i..].iter())
                .position(|&c| !is_word_byte(c))
                .map_or(s.len(), |n| i + n),
            _ => i + 1,
        };
        match s[start] {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b if depth == 0 && !b.is_ascii_whitespace() => out.push((start, i)),
            _ => {}
        }
    }
    out
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || !b.is_ascii()
}

/// `body` cut at its commas outside parentheses and quotes.
fn top_level_parts(body: &str) -> Vec<&str> {
    let s = body.as_bytes();
    let (mut out, mut depth, mut from, mut i) = (Vec::new(), 0usize, 0, 0);
    while i < s.len() {
        match s[i] {
            b'\'' | b'"' | b'`' => {
                i = crate::engine::clauses::skip_quoted(s, i);
                continue;
            }
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                out.push(&body[from..i]);
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&body[from..]);
    out
}

/// Whether `sql` creates, changes or drops a user table (not one of the engine's temp tables).
pub fn changes_tables(sql: &str) -> bool {
    super::changes_schema(sql) && !sql.contains("temp.") && !sql.contains("TEMP TABLE")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::checked::{Checked, OrFail};

    #[test]
    fn splits_off_the_list_and_names_the_target() -> Checked {
        let sql = "WITH c AS (SELECT id FROM \"q\" WHERE x IN (1, 2)) UPDATE \"Jobs\" AS \"j\" SET n = 1 WHERE id IN (SELECT id FROM c) RETURNING id, ql_inserted('jobs', rowid) = 1 AS \"x\"";
        let r = split(sql).or_fail("splits")?;
        assert_eq!(r.dml, &sql[..sql.find(" RETURNING").or_fail("written")?]);
        assert_eq!((r.table.as_str(), r.called), ("Jobs", "\"j\""));
        assert_eq!(r.list, "id, ql_inserted('jobs', rowid) = 1 AS \"x\"");
        assert_eq!(&sql[r.list_at..], r.list);
        assert!(!r.deletes);
        let del = split("DELETE FROM main.\"a\"\"b\" WHERE k = 'RETURNING' RETURNING *");
        let del = del.or_fail("splits the DELETE")?;
        assert_eq!(
            (del.table.as_str(), del.list, del.deletes),
            ("a\"b", "*", true)
        );
        let ins = split("INSERT OR REPLACE INTO jobs (id) VALUES (1) RETURNING id");
        let ins = ins.or_fail("splits the INSERT")?;
        assert_eq!((ins.table.as_str(), ins.called), ("jobs", "jobs"));
        Ok(())
    }

    #[test]
    fn characters_of_several_bytes_are_tokens_whole() {
        let sql = "DELETE FROM jobs WHERE \u{e9}d = (SELECT id FROM q) RETURNING \u{e9}d";
        assert_eq!(split(sql).map(|r| r.list), Some("\u{e9}d"));
        assert_eq!(
            split("UPDATE \u{e9}\u{e9} SET a = 1 RETURNING a").map(|r| r.table),
            Some("\u{e9}\u{e9}".into())
        );
    }

    #[test]
    fn a_returning_inside_a_string_or_a_subquery_is_no_returning() {
        assert_eq!(split("SELECT 'RETURNING' FROM t"), None);
        assert_eq!(split("UPDATE t SET a = 'x RETURNING y'"), None);
        assert_eq!(split("SELECT * FROM \"RETURNING\""), None);
    }

    #[test]
    fn the_holder_keeps_types_and_collations_but_no_constraint() {
        let create = "CREATE TABLE \"jobs\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, \"name\" varchar(20) COLLATE ql_case_blind NOT NULL, \"amount\" numeric(10, 2) DEFAULT (0), \"a,b\" int, UNIQUE (\"name\"), CHECK (amount > 0))";
        assert_eq!(
            holder_sql(create, "h").as_deref(),
            Some("CREATE TEMP TABLE h (\"id\" INTEGER, \"name\" varchar(20) COLLATE ql_case_blind, \"amount\" numeric(10, 2), \"a,b\" int)")
        );
        assert_eq!(holder_sql("CREATE TABLE t(a INT,b TEXT)", "h"), None);
    }

    #[test]
    fn an_error_in_the_list_points_into_the_statement() -> Checked {
        let sql = "DELETE FROM jobs RETURNING nope";
        let r = split(sql).or_fail("splits")?;
        let query = "SELECT nope FROM temp.\"ql_returned_jobs\" AS jobs";
        let msg = format!("no such column: nope in {query} at offset 7");
        assert_eq!(
            error_in_statement(&msg, query, &r, sql),
            format!("no such column: nope in {sql} at offset 27")
        );
        Ok(())
    }
}
