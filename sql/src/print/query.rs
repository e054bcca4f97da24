//! Queries: WITH, set operations, SELECT, FROM and joins, ORDER BY, LIMIT, locking clauses.

use super::ToSql;
use sqlparser::ast::{OrderByExpr, Query, SelectItem, SetExpr, TableFactor, TableWithJoins};

impl ToSql for Query {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for SetExpr {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for SelectItem {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for TableWithJoins {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for TableFactor {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for OrderByExpr {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}
