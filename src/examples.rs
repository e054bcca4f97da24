//! The bundled examples (the files under `sql-examples/`), compiled in so the app and the CLI
//! offer the same menu.

/// One example script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// File name without extension; also the share/URL key.
    pub id: &'static str,
    /// The file under `sql-examples/`: `.sql` for one session, `.spec` for several.
    pub file: &'static str,
    pub title: &'static str,
    /// The article it comes from.
    pub source: &'static str,
    pub sql: &'static str,
}

impl Example {
    /// What the example shows, in a paragraph: its opening comment lines (`--` in a script,
    /// `#` in a spec) joined, without the dialect line and the `#! expect` checks.
    pub fn description(&self) -> String {
        let mut words: Vec<&str> = Vec::new();
        for line in self.sql.lines().map(str::trim) {
            let comment = line
                .strip_prefix("--")
                .or_else(|| line.strip_prefix('#').filter(|r| !r.starts_with('!')));
            match comment {
                Some(c) if c.trim_start().starts_with("dialect:") => continue,
                Some(c) => words.push(c.trim()),
                None if line.starts_with("#!") => continue,
                None => break,
            }
        }
        words.join(" ").trim().to_string()
    }

    /// A spec (several sessions) rather than a script.
    pub fn is_spec(&self) -> bool {
        self.file.ends_with(".spec")
    }
}

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "ring-odku",
        file: "ring-odku.sql",
        title: "Fixed-size ring with ON DUPLICATE KEY UPDATE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/ring-odku.sql"),
    },
    Example {
        id: "ring-replace",
        file: "ring-replace.sql",
        title: "The same ring with REPLACE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/ring-replace.sql"),
    },
    Example {
        id: "grouped-rings",
        file: "grouped-rings.sql",
        title: "Groups of rings: one queue per kind",
        source: "\"MySQL Queues, part II — groups of queues\" (2007)",
        sql: include_str!("../sql-examples/grouped-rings.sql"),
    },
    Example {
        id: "tsql-heap-fifo",
        file: "tsql-heap-fifo.sql",
        title: "Heap and FIFO queues: stored procedures with OUTPUT (SQL Server)",
        source: "Remus Rusanu, \"Using tables as Queues\" (2010)",
        sql: include_str!("../sql-examples/tsql-heap-fifo.sql"),
    },
    Example {
        id: "tsql-push-pop",
        file: "tsql-push-pop.sql",
        title: "Push and pop procedures with a locking cursor (SQL Server)",
        source: "\"A simple queue using tables in Microsoft SQL Server\"",
        sql: include_str!("../sql-examples/tsql-push-pop.sql"),
    },
    Example {
        id: "tsql-test-and-set",
        file: "tsql-test-and-set.sql",
        title: "Test-and-set pop: UPDATE through a CTE with READPAST, UPDLOCK (SQL Server)",
        source: "\"Implementing a Simple Queue in SQL Server\"",
        sql: include_str!("../sql-examples/tsql-test-and-set.sql"),
    },
    Example {
        id: "pg-skip-locked",
        file: "pg-skip-locked.spec",
        title: "Two consumers: SKIP LOCKED pops (PostgreSQL)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        sql: include_str!("../sql-examples/pg-skip-locked.spec"),
    },
    Example {
        id: "pg-no-locks",
        file: "pg-no-locks.spec",
        title: "Read, then delete, without locks: a job delivered twice (PostgreSQL; explore it)",
        source: "Queue Lab",
        sql: include_str!("../sql-examples/pg-no-locks.spec"),
    },
    Example {
        id: "pg-for-update-pop",
        file: "pg-for-update-pop.spec",
        title: "FOR UPDATE pops: safe, but consumers wait (PostgreSQL; explore it)",
        source: "Queue Lab",
        sql: include_str!("../sql-examples/pg-for-update-pop.spec"),
    },
    Example {
        id: "pg-for-update-wait",
        file: "pg-for-update-wait.spec",
        title: "FOR UPDATE without SKIP LOCKED: the second consumer waits (PostgreSQL)",
        source: "Queue Lab",
        sql: include_str!("../sql-examples/pg-for-update-wait.spec"),
    },
    Example {
        id: "pg-deadlock",
        file: "pg-deadlock.spec",
        title: "Lock order inversion: a deadlock (PostgreSQL)",
        source: "Queue Lab",
        sql: include_str!("../sql-examples/pg-deadlock.spec"),
    },
    Example {
        id: "pg-ring-sequence",
        file: "pg-ring-sequence.spec",
        title: "A ring numbered by a CYCLE sequence (PostgreSQL; explore it)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        sql: include_str!("../sql-examples/pg-ring-sequence.spec"),
    },
    Example {
        id: "pg-prepared-claim",
        file: "pg-prepared-claim.spec",
        title: "Prepared claims without a row lock: a waiter takes the same job again (PostgreSQL; explore it)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        sql: include_str!("../sql-examples/pg-prepared-claim.spec"),
    },
    Example {
        id: "pg-singleton-jobs",
        file: "pg-singleton-jobs.spec",
        title: "Singleton jobs: a partial unique index keeps one pending job per key (PostgreSQL; explore it)",
        source: "Queue Lab; its waits checked on PostgreSQL 15 (conformance specs pg-partial-unique-*)",
        sql: include_str!("../sql-examples/pg-singleton-jobs.spec"),
    },
    Example {
        id: "pg-listen-wakeup",
        file: "pg-listen-wakeup.spec",
        title: "LISTEN / NOTIFY wake-ups: both workers wake, one finds the job (PostgreSQL)",
        source: "Queue Lab; notifications checked on PostgreSQL 15 (conformance spec pg-listen-notify)",
        sql: include_str!("../sql-examples/pg-listen-wakeup.spec"),
    },
    Example {
        id: "pg-lock-table-queue",
        file: "pg-lock-table-queue.spec",
        title: "LOCK TABLE waits for a reader, and new readers queue behind it (PostgreSQL)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        sql: include_str!("../sql-examples/pg-lock-table-queue.spec"),
    },
    Example {
        id: "mysql-ring-race-rc",
        file: "mysql-ring-race-rc.spec",
        title: "Two producers race on the ring at READ COMMITTED: a message is lost (MariaDB)",
        source: "Queue Lab conformance suite, checked on MariaDB 10.11",
        sql: include_str!("../sql-examples/mysql-ring-race-rc.spec"),
    },
    Example {
        id: "mysql-ring-race-rr",
        file: "mysql-ring-race-rr.spec",
        title: "The same race at REPEATABLE READ: the producers serialize (MariaDB)",
        source: "Queue Lab conformance suite, checked on MariaDB 10.11",
        sql: include_str!("../sql-examples/mysql-ring-race-rr.spec"),
    },
    Example {
        id: "mysql-ring-lost-rc",
        file: "mysql-ring-lost-rc.spec",
        title: "Is a ring message ever lost at READ COMMITTED? (MariaDB; explore it)",
        source: "Queue Lab, after Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/mysql-ring-lost-rc.spec"),
    },
    Example {
        id: "mysql-ring-safe-rr",
        file: "mysql-ring-safe-rr.spec",
        title:
            "The same ring at REPEATABLE READ: nothing lost, producers wait (MariaDB; explore it)",
        source: "Queue Lab, after Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        sql: include_str!("../sql-examples/mysql-ring-safe-rr.spec"),
    },
    Example {
        id: "mssql-readpast",
        file: "mssql-readpast.spec",
        title: "Two consumers: READPAST pops from the heap queue (SQL Server)",
        source: "Queue Lab, after Remus Rusanu, \"Using tables as Queues\" (2010)",
        sql: include_str!("../sql-examples/mssql-readpast.spec"),
    },
    Example {
        id: "mssql-fifo",
        file: "mssql-fifo.spec",
        title: "FIFO pops with READPAST: in order, never twice (SQL Server; explore it)",
        source: "Queue Lab, after Remus Rusanu, \"Using tables as Queues\" (2010)",
        sql: include_str!("../sql-examples/mssql-fifo.spec"),
    },
    Example {
        id: "mssql-claim",
        file: "mssql-claim.spec",
        title: "Test-and-set claims with READPAST, UPDLOCK (SQL Server; explore it)",
        source: "Queue Lab, after \"Implementing a Simple Queue in SQL Server\"",
        sql: include_str!("../sql-examples/mssql-claim.spec"),
    },
    Example {
        id: "mssql-cursor-pop",
        file: "mssql-cursor-pop.spec",
        title: "Locking-cursor pops: the second consumer waits for the first's FETCH (SQL Server)",
        source: "Queue Lab, after \"A simple queue using tables in Microsoft SQL Server\"",
        sql: include_str!("../sql-examples/mssql-cursor-pop.spec"),
    },
];

/// The example the app opens on.
pub const DEFAULT_EXAMPLE: &str = "ring-odku";

pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_says_what_it_shows() {
        for e in EXAMPLES {
            let d = e.description();
            assert!(d.len() > 60, "{}: {d:?}", e.id);
            assert!(
                !d.contains("dialect:") && !d.contains("expect "),
                "{}: {d}",
                e.id
            );
        }
        let ring = by_id("ring-odku")
            .map(Example::description)
            .unwrap_or_default();
        assert!(ring.starts_with("From Baron Schwartz"), "{ring}");
    }
}
