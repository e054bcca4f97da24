//! Which vendor a pasted script was written for, from the marks only one vendor's SQL or
//! client leaves: `GO` lines and `[dbo].` for SQL Server, `mysql>` prompts and `ON DUPLICATE
//! KEY UPDATE` for MySQL, `::` casts and `generate_series` for PostgreSQL. A guess, so the app
//! only acts on clear evidence: marks worth 2 or more, and more than any other vendor's.

use super::Dialect;

/// A mark, the vendor it points at, how strongly, and how the note names it.
struct Mark {
    dialect: Dialect,
    weight: u32,
    found: fn(&str, &str) -> bool,
    name: &'static str,
}

/// `line` is trimmed, `upper` is the line in upper case.
const MARKS: &[Mark] = &[
    Mark {
        dialect: Dialect::MsSql,
        weight: 2,
        found: |_, upper| {
            upper == "GO"
                || upper
                    .strip_prefix("GO ")
                    .is_some_and(|n| n.trim().parse::<u32>().is_ok())
        },
        name: "GO lines",
    },
    Mark {
        dialect: Dialect::MsSql,
        weight: 2,
        found: |_, upper| upper.contains("[DBO]."),
        name: "[dbo]. names",
    },
    Mark {
        dialect: Dialect::MsSql,
        weight: 1,
        found: |_, upper| upper.contains("DECLARE @") || upper.contains("SET NOCOUNT"),
        name: "@variables",
    },
    Mark {
        dialect: Dialect::MsSql,
        weight: 1,
        found: |_, upper| {
            upper.contains("READPAST")
                || upper.contains("OUTPUT DELETED.")
                || upper.contains("OUTPUT INSERTED.")
        },
        name: "table hints and OUTPUT",
    },
    Mark {
        dialect: Dialect::MsSql,
        weight: 1,
        found: |_, upper| {
            upper.contains("NVARCHAR")
                || upper.contains("UNIQUEIDENTIFIER")
                || upper.contains("GETDATE()")
                || upper.contains("NEWID()")
        },
        name: "SQL Server types and functions",
    },
    Mark {
        dialect: Dialect::MySql,
        weight: 2,
        found: |line, _| line.starts_with("mysql>"),
        name: "mysql> prompts",
    },
    Mark {
        dialect: Dialect::MySql,
        weight: 2,
        found: |_, upper| upper.contains("ON DUPLICATE KEY UPDATE"),
        name: "ON DUPLICATE KEY UPDATE",
    },
    Mark {
        dialect: Dialect::MySql,
        weight: 1,
        found: |_, upper| {
            upper.contains("AUTO_INCREMENT")
                || upper.contains("ENGINE=")
                || upper.contains("ENGINE =")
        },
        name: "AUTO_INCREMENT and ENGINE",
    },
    Mark {
        dialect: Dialect::Postgres,
        weight: 1,
        found: |line, _| line.contains("::"),
        name: ":: casts",
    },
    Mark {
        dialect: Dialect::Postgres,
        weight: 1,
        found: |_, upper| {
            upper.contains("GENERATE_SERIES")
                || upper.contains("BIGSERIAL")
                || upper.contains(" SERIAL")
        },
        name: "generate_series and serial",
    },
    Mark {
        dialect: Dialect::Postgres,
        weight: 1,
        found: |_, upper| upper.contains("$$"),
        name: "$$ bodies",
    },
];

impl Dialect {
    /// The vendor `text` was clearly written for, and the marks that say so (for the note);
    /// `None` when the marks are weak or point several ways.
    pub fn guess(text: &str) -> Option<(Dialect, Vec<&'static str>)> {
        let mut found = [false; MARKS.len()];
        for line in text.lines().map(str::trim) {
            let upper = line.to_ascii_uppercase();
            for (i, m) in MARKS.iter().enumerate() {
                found[i] = found[i] || (m.found)(line, &upper);
            }
        }
        let score = |d: Dialect| -> u32 {
            MARKS
                .iter()
                .zip(found)
                .filter(|(m, f)| *f && m.dialect == d)
                .map(|(m, _)| m.weight)
                .sum()
        };
        let best = Dialect::ALL.iter().copied().max_by_key(|d| score(*d))?;
        let clear = score(best) >= 2
            && Dialect::ALL
                .iter()
                .all(|d| *d == best || score(*d) < score(best));
        let names = MARKS
            .iter()
            .zip(found)
            .filter(|(m, f)| *f && m.dialect == best)
            .map(|(m, _)| m.name)
            .collect();
        clear.then_some((best, names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_marks_name_the_vendor() {
        let tsql = "create table q (id int)\ngo\ninsert into [dbo].q values (1)\n";
        assert_eq!(
            Dialect::guess(tsql),
            Some((Dialect::MsSql, vec!["GO lines", "[dbo]. names"]))
        );
        let mysql = "mysql> insert into q values (1) on duplicate key update id = 1;";
        assert_eq!(Dialect::guess(mysql).map(|g| g.0), Some(Dialect::MySql));
        let pg = "select x::int from generate_series(1, 3) x;";
        assert_eq!(Dialect::guess(pg).map(|g| g.0), Some(Dialect::Postgres));
    }

    #[test]
    fn weak_or_mixed_marks_guess_nothing() {
        assert_eq!(Dialect::guess("select 1;"), None);
        assert_eq!(
            Dialect::guess("select @@version; declare @x int;").map(|g| g.0),
            None
        );
        assert_eq!(Dialect::guess("select 'going'; -- go on\n"), None);
        let mixed = "insert into q values (1) on duplicate key update id = 1;\ngo\n";
        assert_eq!(Dialect::guess(mixed), None);
    }
}
