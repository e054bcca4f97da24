//! What each vendor does under concurrency, asked by the engine through these methods (never
//! by comparing dialects inside the engine). Sources: PostgreSQL docs "Transaction Isolation"
//! and "Explicit Locking"; MariaDB/MySQL "InnoDB Locking" and "Consistent Nonlocking Reads";
//! SQL Server "Transaction Locking and Row Versioning Guide".

use super::plan::Isolation;
use super::Dialect;
use crate::ids::{ChangeKind, LockMode};
use crate::trace::{ErrorClass, StepError};

/// A vendor's LIKE, where it is not SQLite's: a backslash escapes unless ESCAPE names
/// another character (checked with psql and the mariadb client).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LikeRules {
    /// Characters compared by MariaDB's `utf8mb4_general_ci` weights, not as they are.
    pub case_blind: bool,
    /// A pattern ending with its escape: that escape is a character to match (MariaDB), or
    /// the server's error once the match reaches it (PostgreSQL's 22025).
    pub dangling_is_literal: bool,
    /// `ESCAPE ''`: the backslash (MariaDB), or no escape (PostgreSQL).
    pub empty_escape_is_default: bool,
    /// The server's error for an ESCAPE of more than one character.
    pub bad_escape: (&'static str, &'static str),
}

impl Dialect {
    /// How the vendor's LIKE matches, for the engine's own (`engine/like_fn.rs`); `None`:
    /// SQLite's (SQL Server's is case-blind as SQLite's, with no escape but ESCAPE's).
    pub fn like_rules(self) -> Option<LikeRules> {
        match self {
            // Case counts (ILIKE is the case-blind one); a trailing escape the match reaches
            // is an error; ESCAPE '' names no escape.
            Dialect::Postgres => Some(LikeRules {
                case_blind: false,
                dangling_is_literal: false,
                empty_escape_is_default: false,
                bad_escape: ("22025", "invalid escape string"),
            }),
            // utf8mb4_general_ci's weights, one character for one (`'é' LIKE 'e'`, `'ß' LIKE
            // 's'`); a trailing escape is itself; ESCAPE '' is the backslash.
            Dialect::MySql => Some(LikeRules {
                case_blind: true,
                dangling_is_literal: true,
                empty_escape_is_default: true,
                bad_escape: ("1210", "Incorrect arguments to ESCAPE"),
            }),
            Dialect::MsSql => None,
        }
    }

    /// The level a transaction gets when nothing else is said.
    pub fn default_isolation(self) -> Isolation {
        match self {
            Dialect::MySql => Isolation::RepeatableRead,
            _ => Isolation::ReadCommitted,
        }
    }

    /// The row lock a locking read takes (FOR UPDATE / FOR SHARE; SQL Server: XLOCK, UPDLOCK
    /// or S).
    pub fn read_lock_mode(self, exclusive: bool, update_lock: bool) -> LockMode {
        match (self, exclusive) {
            (Dialect::Postgres, true) => LockMode::PgUpdate,
            (Dialect::Postgres, false) => LockMode::PgShare,
            (Dialect::MySql, true) => LockMode::InnoExclusive,
            (Dialect::MySql, false) => LockMode::InnoShared,
            (Dialect::MsSql, true) if update_lock => LockMode::MsUpdate,
            (Dialect::MsSql, true) => LockMode::MsExclusive,
            (Dialect::MsSql, false) => LockMode::MsShared,
        }
    }

    /// The row lock a locking read takes: [`Dialect::read_lock_mode`], or PostgreSQL's
    /// weaker mode of the two (FOR NO KEY UPDATE, FOR KEY SHARE).
    pub fn locking_read_mode(self, exclusive: bool, update_lock: bool, weaker: bool) -> LockMode {
        match (self, exclusive, weaker) {
            (Dialect::Postgres, true, true) => LockMode::PgNoKeyUpdate,
            (Dialect::Postgres, false, true) => LockMode::PgKeyShare,
            _ => self.read_lock_mode(exclusive, update_lock),
        }
    }

    /// The row lock a write takes on the row it changes. PostgreSQL's UPDATE takes FOR NO
    /// KEY UPDATE unless it changes a key column (`key_changed`), its DELETE FOR UPDATE.
    pub fn write_lock_mode(self, kind: ChangeKind, key_changed: bool) -> LockMode {
        match (self, kind) {
            (Dialect::Postgres, ChangeKind::Update) if !key_changed => LockMode::PgNoKeyUpdate,
            (Dialect::Postgres, _) => LockMode::PgUpdate,
            (Dialect::MySql, _) => LockMode::InnoExclusive,
            (Dialect::MsSql, _) => LockMode::MsExclusive,
        }
    }

    /// Whether UPDATE, DELETE and locking reads find rows in the statement's snapshot
    /// (PostgreSQL, then re-checking rows it waited for) rather than in the newest committed
    /// data (InnoDB's "current read").
    pub fn locking_reads_use_snapshot(self) -> bool {
        self == Dialect::Postgres
    }

    /// Whether a scan reads a table's rows in the order their versions were written, an
    /// updated row after the others (PostgreSQL's heap), which the engine then keeps
    /// (`engine::heap_order`); InnoDB reads by primary key, SQL Server by clustered index.
    pub fn scans_in_write_order(self) -> bool {
        self == Dialect::Postgres
    }

    /// Whether foreign keys are checked row by row as the statement writes, with shared
    /// record locks on the newest rows (InnoDB), rather than at the statement's end with FOR
    /// KEY SHARE (PostgreSQL's triggers).
    pub fn checks_foreign_keys_per_row(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether any error aborts the whole transaction until ROLLBACK (PostgreSQL), rather
    /// than just the statement (InnoDB).
    pub fn error_aborts_transaction(self) -> bool {
        self == Dialect::Postgres
    }

    /// Whether a deadlock is broken by rolling back the transaction with the least work
    /// (InnoDB's weight: rows changed and locks held) rather than failing the statement whose
    /// wait closed the cycle (PostgreSQL; SQL Server by default picks the cheapest too, but the
    /// simulator keeps the closer there).
    pub fn deadlock_victim_is_lightest(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether a lock wait nobody releases ends by itself with an error (MariaDB's
    /// `innodb_lock_wait_timeout`, 50 s by default, error 1205). PostgreSQL and SQL Server
    /// wait forever unless `lock_timeout` / `SET LOCK_TIMEOUT` says otherwise.
    pub fn lock_waits_time_out(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether `ROLLBACK TO SAVEPOINT` releases the row locks taken after the savepoint
    /// (PostgreSQL: they belong to the subtransaction it ends; MariaDB 10.11 too, as
    /// recorded); SQL Server keeps them.
    pub fn rollback_to_savepoint_releases_locks(self) -> bool {
        self != Dialect::MsSql
    }

    /// The error for a savepoint that does not exist, or (`None`) for a savepoint outside a
    /// transaction block.
    pub fn savepoint_error(self, name: Option<&str>) -> (String, String) {
        match (self, name) {
            (Dialect::MySql, Some(n)) => ("1305".into(), format!("SAVEPOINT {n} does not exist")),
            (_, Some(n)) => ("3B001".into(), format!("savepoint \"{n}\" does not exist")),
            (_, None) => (
                "25P01".into(),
                "SAVEPOINT can only be used in transaction blocks".into(),
            ),
        }
    }

    /// Whether an insert's unique-key check waits for any lock on the row it meets (InnoDB
    /// takes a shared lock there), rather than only for a transaction that changed or
    /// deleted that row (PostgreSQL).
    pub fn key_check_waits_for_locks(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether an UPDATE checks each row's unique keys as it writes it, in the order it
    /// reaches the rows (InnoDB: `Plan::row_by_row`), rather than as SQLite does in rowid
    /// order.
    pub fn updates_keys_row_by_row(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether an upsert fails when two of its rows meet the same row (PostgreSQL's 21000);
    /// MySQL's ON DUPLICATE KEY UPDATE updates it again.
    pub fn upsert_changes_a_row_once(self) -> bool {
        self == Dialect::Postgres
    }

    /// Whether a plain read at READ UNCOMMITTED sees other transactions' uncommitted rows
    /// (InnoDB, SQL Server); PostgreSQL runs READ UNCOMMITTED as READ COMMITTED.
    pub fn read_uncommitted_reads_dirty(self) -> bool {
        self != Dialect::Postgres
    }

    /// Whether a locking read or a write meets rows other open transactions inserted, and
    /// waits for them (InnoDB: they are in the index, with the inserter's implicit lock);
    /// PostgreSQL's snapshot does not see them.
    pub fn locking_reads_meet_uncommitted_inserts(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether sessions keep user variables (`@name`) that statements read and `SET @name`
    /// or `SELECT ... INTO @name` write (MySQL). T-SQL's `@name` are the interpreter's.
    pub fn has_user_variables(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether an `INSERT ... SELECT` into a table with an AUTO_INCREMENT column holds the
    /// table's AUTO-INC lock from its first row to its end (InnoDB, `innodb_autoinc_lock_mode`
    /// 1; `engine/lab/autoinc_lock.rs`).
    pub fn bulk_inserts_hold_auto_inc_lock(self) -> bool {
        self == Dialect::MySql
    }

    /// The error for `SELECT ... INTO @a` (or `SET @a = (subquery)`) given several rows.
    pub fn too_many_rows_error(self) -> (String, String) {
        (
            "1172".into(),
            "Result consisted of more than one row".into(),
        )
    }

    /// The warning the server sends for transaction control that finds nothing to do
    /// (`there is no transaction in progress` for COMMIT or ROLLBACK outside a transaction,
    /// `there is already a transaction in progress` for BEGIN inside one), as the client
    /// prints it; PostgreSQL's alone (MariaDB and SQL Server say nothing here).
    pub fn transaction_warning(self, message: &str) -> Option<String> {
        (self == Dialect::Postgres).then(|| format!("WARNING:  {message}"))
    }

    /// Whether BEGIN inside a transaction commits it first (MySQL's implicit commit).
    pub fn begin_commits_open_transaction(self) -> bool {
        self == Dialect::MySql
    }

    /// What DDL (CREATE, ALTER, DROP, CREATE INDEX; and MariaDB's TRUNCATE) does inside an
    /// open transaction: MariaDB commits the transaction first (an implicit commit, so a
    /// later ROLLBACK undoes nothing before it); PostgreSQL and SQL Server make the DDL part
    /// of the transaction, to be undone by its ROLLBACK, which the lab does not model: it is
    /// refused there (`Err`: the refusal, naming the statement) rather than kept after a
    /// rollback.
    pub fn ddl_in_transaction(self, name: Option<&str>) -> Result<(), StepError> {
        match self {
            Dialect::MySql => Ok(()),
            _ => Err(super::common::unsupported_with(
                self,
                &format!("{} inside a transaction block", name.unwrap_or("DDL")),
                "the server would undo it at ROLLBACK, which Queue Lab does not model; run it before BEGIN or after COMMIT",
            )),
        }
    }

    /// The table-level lock each use of a table takes (`dialect::table_locks`), as a
    /// function; `None` where the lab models none (SQL Server).
    pub fn table_lock_modes(
        self,
    ) -> Option<fn(super::table_locks::TableUse) -> crate::ids::TableLockMode> {
        use super::table_locks::TableUse::*;
        use crate::ids::TableLockMode::*;
        match self {
            Dialect::Postgres => Some(|u| match u {
                Read => AccessShare,
                LockingRead => RowShare,
                Write => RowExclusive,
                Index => Share,
                Rebuild => AccessExclusive,
            }),
            // MariaDB's metadata locks: MDL_SHARED_READ, MDL_SHARED_WRITE (compatible with
            // each other) and MDL_EXCLUSIVE for DDL (an online CREATE INDEX or ALTER takes it
            // to finish), held to the transaction's end.
            Dialect::MySql => Some(|u| match u {
                Read => AccessShare,
                LockingRead | Write => RowExclusive,
                Index | Rebuild => AccessExclusive,
            }),
            Dialect::MsSql => None,
        }
    }

    /// A table lock mode in the vendor's words: PostgreSQL's modes, MariaDB's metadata lock
    /// types.
    pub fn table_lock_label(self, mode: crate::ids::TableLockMode) -> &'static str {
        use crate::ids::TableLockMode::*;
        match (self, mode) {
            (Dialect::MySql, AccessShare) => "MDL_SHARED_READ",
            (Dialect::MySql, AccessExclusive) => "MDL_EXCLUSIVE",
            (Dialect::MySql, _) => "MDL_SHARED_WRITE",
            _ => mode.label(),
        }
    }

    /// Whether TRUNCATE is DDL to [`Dialect::ddl_in_transaction`] (MariaDB: it commits the
    /// open transaction); elsewhere it deletes the rows inside the transaction, as the lab
    /// runs it.
    pub fn truncate_is_ddl(self) -> bool {
        self == Dialect::MySql
    }

    /// The error that ends a wait past PostgreSQL's `lock_timeout` or `statement_timeout`.
    pub fn wait_limit_error(self, limit: super::plan::WaitLimit) -> (ErrorClass, String, String) {
        match limit {
            super::plan::WaitLimit::Lock => (
                ErrorClass::LockNotAvailable,
                "55P03".into(),
                "canceling statement due to lock timeout".into(),
            ),
            super::plan::WaitLimit::Statement => (
                ErrorClass::Other,
                "57014".into(),
                "canceling statement due to statement timeout".into(),
            ),
        }
    }

    /// The message of a serialization failure (40001) on a row another transaction changed
    /// (`deleted`: deleted) and committed after the snapshot.
    pub fn serialization_message(self, deleted: bool) -> String {
        format!(
            "could not serialize access due to concurrent {}",
            if deleted { "delete" } else { "update" }
        )
    }

    /// The vendor's code and message for an engine-made error.
    pub fn engine_error(self, class: &ErrorClass, table: &str) -> (String, String) {
        let (code, msg) = match (self, class) {
            (Dialect::Postgres, ErrorClass::Deadlock) => ("40P01", "deadlock detected".to_string()),
            (Dialect::MySql, ErrorClass::Deadlock) => (
                "1213",
                "Deadlock found when trying to get lock; try restarting transaction".to_string(),
            ),
            (Dialect::MsSql, ErrorClass::Deadlock) => (
                "1205",
                "Transaction was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.".to_string(),
            ),
            (Dialect::Postgres, ErrorClass::LockNotAvailable) => (
                "55P03",
                format!("could not obtain lock on row in relation \"{table}\""),
            ),
            (Dialect::MySql, ErrorClass::LockNotAvailable) => (
                "1205",
                "Lock wait timeout exceeded; try restarting transaction".to_string(),
            ),
            (Dialect::MsSql, ErrorClass::LockNotAvailable) => {
                ("1222", "Lock request time out period exceeded.".to_string())
            }
            (_, ErrorClass::SerializationFailure) => ("40001", self.serialization_message(false)),
            (_, _) => (
                "25P02",
                "current transaction is aborted, commands ignored until end of transaction block"
                    .to_string(),
            ),
        };
        (code.to_string(), msg)
    }
}
