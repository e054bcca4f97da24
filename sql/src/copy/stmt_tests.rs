//! Statements copied as sqlparser's `Clone` copies them.
