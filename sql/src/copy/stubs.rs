//! SCAFFOLDING (merge step): Duplicate for the engine's calls on types whose area may not give one.

use super::Duplicate;
use sqlparser::ast::WildcardAdditionalOptions;

macro_rules! fallback {
    ($($t:ty),*) => {$(
        impl Duplicate for $t {
            fn copy_of(&self) -> Self {
                super::clone_fallback(self)
            }
        }
    )*};
}

fallback!(WildcardAdditionalOptions);
