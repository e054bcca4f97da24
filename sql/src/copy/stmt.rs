//! Statements: INSERT, UPDATE, DELETE, CREATE TABLE and INDEX, DROP, ALTER TABLE,
//! transactions and session settings, and the T-SQL the reader hands over.

use super::Duplicate;
use sqlparser::ast::Statement;

impl Duplicate for Statement {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}
