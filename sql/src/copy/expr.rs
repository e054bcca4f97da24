//! Expressions, names, values, function calls and windows.

use super::Duplicate;
use sqlparser::ast::{Expr, ObjectName};

impl Duplicate for Expr {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}

impl Duplicate for ObjectName {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}
