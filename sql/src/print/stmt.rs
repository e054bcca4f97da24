//! Statements: INSERT, UPDATE, DELETE, CREATE TABLE and INDEX, DROP, ALTER TABLE,
//! transactions and session settings, and the T-SQL the reader hands over.

use super::ToSql;
use sqlparser::ast::Statement;

impl ToSql for Statement {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}
