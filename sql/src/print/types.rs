//! Data types, as CREATE TABLE, CAST and `::` name them.

use super::ToSql;
use sqlparser::ast::DataType;

impl ToSql for DataType {
    fn write_sql(&self, out: &mut String) {
        super::display_fallback(self, out);
    }
}
