//! Which vendor's SQL a script is written in. It sits in the bottom layer, beside the trace
//! that records it, so plain data can name a vendor without reaching up into the front-ends;
//! what each vendor does differently is asked through capability methods in `dialect/`.

use serde::{Deserialize, Serialize};

/// The SQL dialect a script is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dialect {
    MySql,
    Postgres,
    MsSql,
}

impl Dialect {
    pub const ALL: [Dialect; 3] = [Dialect::MySql, Dialect::Postgres, Dialect::MsSql];

    /// Reads `mysql`, `mariadb`, `postgres`, `postgresql`, `mssql`, `tsql`, `sqlserver`.
    pub fn from_name(name: &str) -> Option<Dialect> {
        match name.trim().to_ascii_lowercase().as_str() {
            "mysql" | "mariadb" => Some(Dialect::MySql),
            "postgres" | "postgresql" | "pg" => Some(Dialect::Postgres),
            "mssql" | "tsql" | "t-sql" | "sqlserver" => Some(Dialect::MsSql),
            _ => None,
        }
    }

    /// The name used in `-- dialect:` headers and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::MySql => "mysql",
            Dialect::Postgres => "postgres",
            Dialect::MsSql => "mssql",
        }
    }

    /// The name people know the vendor by.
    pub fn label(self) -> &'static str {
        match self {
            Dialect::MySql => "MySQL / MariaDB",
            Dialect::Postgres => "PostgreSQL",
            Dialect::MsSql => "SQL Server (T-SQL)",
        }
    }
}
