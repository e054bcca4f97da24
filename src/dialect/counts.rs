//! How each vendor counts the rows a write affected and the info line its client prints with
//! the count, asked by the engine's `count.rs`, which sees the rows change.

use super::Dialect;

impl Dialect {
    /// Whether an upsert that changes an existing row counts 2 affected rows and an unchanged
    /// one 0, as MySQL's `INSERT ... ON DUPLICATE KEY UPDATE` does
    /// (<https://dev.mysql.com/doc/refman/8.4/en/insert-on-duplicate.html>). PostgreSQL's
    /// `ON CONFLICT DO UPDATE` counts 1 either way.
    pub fn upsert_update_counts_two(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether UPDATE reports rows *changed* rather than rows matched (MySQL's default, see
    /// `CLIENT_FOUND_ROWS` in <https://dev.mysql.com/doc/c-api/8.4/en/mysql-affected-rows.html>).
    pub fn update_counts_changed_rows(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether `REPLACE` counts the rows it deleted as well as those it inserted, as MySQL
    /// does (<https://dev.mysql.com/doc/refman/8.4/en/replace.html>).
    pub fn replace_counts_deleted_rows(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether a write with RETURNING reports the rows it returned instead of its count, as
    /// MariaDB's client does (it answers with a result set, not an OK packet).
    pub fn returning_counts_rows(self) -> bool {
        self == Dialect::MySql
    }

    /// The info line after an INSERT of several rows (or of a query's rows), where the client
    /// prints one: MySQL's `Records: n  Duplicates: n  Warnings: n`
    /// (<https://dev.mysql.com/doc/c-api/8.4/en/mysql-info.html>).
    pub fn insert_info(self, records: u64, duplicates: u64, warnings: u64) -> Option<String> {
        (self == Dialect::MySql)
            .then(|| format!("Records: {records}  Duplicates: {duplicates}  Warnings: {warnings}"))
    }

    /// The info line after an UPDATE, where the client prints one: MySQL's
    /// `Rows matched: n  Changed: n  Warnings: 0`
    /// (<https://dev.mysql.com/doc/c-api/8.4/en/mysql-info.html>).
    pub fn update_info(self, matched: u64, changed: u64) -> Option<String> {
        (self == Dialect::MySql)
            .then(|| format!("Rows matched: {matched}  Changed: {changed}  Warnings: 0"))
    }
}
