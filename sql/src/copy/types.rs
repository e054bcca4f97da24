//! Data types.

use super::Duplicate;
use sqlparser::ast::DataType;

impl Duplicate for DataType {
    fn copy_of(&self) -> Self {
        super::clone_fallback(self)
    }
}
