//! Queries: WITH, set operations, SELECT, FROM and joins, ORDER BY, LIMIT, locking clauses.

use super::Duplicate;
use sqlparser::ast::{OrderByExpr, Query, SelectItem, SetExpr, TableFactor, TableWithJoins};

impl Duplicate for Query {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for SetExpr {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for SelectItem {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for TableWithJoins {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for TableFactor {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for OrderByExpr {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}
