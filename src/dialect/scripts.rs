//! How each vendor's scripts are read, and which vendor a script or spec that names none is
//! written for.

use super::Dialect;

impl Dialect {
    /// The dialect of a script that says none (no explicit choice, no `-- dialect:` line).
    pub const SCRIPT_DEFAULT: Dialect = Dialect::MySql;

    /// The dialect of an isolationtester spec that says none (no `# dialect:` line):
    /// PostgreSQL, whose isolationtester the spec format follows.
    pub const SPEC_DEFAULT: Dialect = Dialect::Postgres;

    /// Whether a script is read as `GO`-separated batches of procedural statements that a
    /// session's interpreter runs (T-SQL: variables, IF/WHILE, procedures, cursors), rather
    /// than as statements planned one by one (MySQL, PostgreSQL). A batch that cannot be read
    /// still runs, as one failed step, as SQL Server compiles a batch and reports its error
    /// (<https://learn.microsoft.com/en-us/sql/t-sql/language-elements/sql-server-utilities-statements-go>).
    pub fn procedural_batches(self) -> bool {
        self == Dialect::MsSql
    }
}
