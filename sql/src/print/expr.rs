//! Expressions, names, values, function calls and windows.

use super::ToSql;
use sqlparser::ast::{Expr, Ident, ObjectName, Value, ValueWithSpan};

impl ToSql for Expr {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for Ident {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for ObjectName {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for Value {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}

impl ToSql for ValueWithSpan {
    fn write_sql(&self, out: &mut String) {
        self.value.write_sql(out);
    }
}
