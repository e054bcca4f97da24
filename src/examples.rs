//! The bundled examples (the files under `sql-examples/`), compiled in so the app and the CLI
//! offer the same menu.

/// One example script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// File name without extension; also the share/URL key.
    pub id: &'static str,
    pub title: &'static str,
    /// The article it comes from.
    pub source: &'static str,
    pub sql: &'static str,
}

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "ring-odku",
        title: "Fixed-size ring with ON DUPLICATE KEY UPDATE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/ring-odku.sql"),
    },
    Example {
        id: "ring-replace",
        title: "The same ring with REPLACE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/ring-replace.sql"),
    },
    Example {
        id: "grouped-rings",
        title: "Groups of rings: one queue per kind",
        source: "\"MySQL Queues, part II — groups of queues\" (2007)",
        sql: include_str!("../sql-examples/grouped-rings.sql"),
    },
];

/// The example the app opens on.
pub const DEFAULT_EXAMPLE: &str = "ring-odku";

pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}
