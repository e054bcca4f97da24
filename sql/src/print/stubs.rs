//! SCAFFOLDING (merge step): ToSql for the engine's calls on types whose area may not give one.

use super::ToSql;
use sqlparser::ast::{AccessExpr, BinaryOperator, FunctionArguments, ObjectNamePart, TimezoneInfo};

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
    FunctionArguments,
    ObjectNamePart,
    TimezoneInfo
);
