//! Expressions, names, values, function calls and windows.

use super::ToSql;
use sqlparser::ast::Expr;

impl ToSql for Expr {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}
