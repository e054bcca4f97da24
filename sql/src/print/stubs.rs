//! SCAFFOLDING (merge step): ToSql for the engine's calls on types whose area may not give one.

use super::ToSql;
use sqlparser::ast::{
    AccessExpr, BinaryOperator, ColumnOption, Delete, FunctionArguments, LockClause,
    ObjectNamePart, OrderBy, TableAlias, TableObject, TimezoneInfo, Update,
};

macro_rules! fallback {
    ($($t:ty),*) => {$(
        impl ToSql for $t {
            fn write_sql(&self, out: &mut String) {
                super::display_fallback(self, out);
            }
        }
    )*};
}

fallback!(
    AccessExpr,
    BinaryOperator,
    TableAlias,
    ColumnOption,
    Delete,
    FunctionArguments,
    LockClause,
    ObjectNamePart,
    OrderBy,
    TableObject,
    TimezoneInfo,
    Update
);
