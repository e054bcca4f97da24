//! The bundled examples (the files under `sql-examples/`), so the app and the CLI offer the same
//! menu. Their texts are compiled in with the `example-texts` feature (the CLI and the tests);
//! the browser app leaves them out of its download and fetches the one picked (all but the
//! default example's, which it opens on), checking what arrives against the digest every
//! example carries.

/// The path of an example's file, for `include_str!`.
macro_rules! text {
    ($file:literal) => {
        include_str!(concat!("../sql-examples/", $file))
    };
}

/// One example script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// File name without extension; also the share/URL key.
    pub id: &'static str,
    /// Its file under `sql-examples/` is `<id>.spec` (several sessions), else `<id>.sql`.
    pub spec: bool,
    /// The dialect its text names in its header (`mysql`, `postgres`, `mssql`).
    pub dialect: &'static str,
    pub title: &'static str,
    /// The article it comes from.
    pub source: &'static str,
    #[cfg(feature = "example-texts")]
    pub sql: &'static str,
    /// [`digest`] of the text, computed at compile time: it tells an untouched example from
    /// the user's own script, and a fetched text from a stale or damaged one.
    pub digest: u64,
}

impl Example {
    /// A spec (several sessions) rather than a script.
    pub fn is_spec(&self) -> bool {
        self.spec
    }

    /// Its file under `sql-examples/`.
    pub fn file(&self) -> String {
        format!("{}.{}", self.id, if self.spec { "spec" } else { "sql" })
    }
}

/// What an example shows, in a paragraph: its opening comment lines (`--` in a script, `#` in
/// a spec) joined, without the dialect line and the `#! expect` checks.
pub fn description(text: &str) -> String {
    let mut words: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
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
    crate::join::join(&words, " ").trim().to_string()
}

/// FNV-1a (64-bit) of a text's bytes; a `const fn`, so that the digests of the examples cost no
/// text in a build without their texts.
pub const fn digest(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// The bundled example whose text this is, untouched.
pub fn untouched(text: &str) -> Option<&'static Example> {
    let d = digest(text);
    EXAMPLES.iter().find(|e| e.digest == d)
}

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "ring-odku",
        spec: false,
        dialect: "mysql",
        title: "Fixed-size ring with ON DUPLICATE KEY UPDATE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        #[cfg(feature = "example-texts")]
        sql: text!("ring-odku.sql"),
        digest: digest(text!("ring-odku.sql")),
    },
    Example {
        id: "ring-replace",
        spec: false,
        dialect: "mysql",
        title: "The same ring with REPLACE",
        source: "Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        #[cfg(feature = "example-texts")]
        sql: text!("ring-replace.sql"),
        digest: digest(text!("ring-replace.sql")),
    },
    Example {
        id: "grouped-rings",
        spec: false,
        dialect: "mysql",
        title: "Groups of rings: one queue per kind",
        source: "\"MySQL Queues, part II — groups of queues\" (2007)",
        #[cfg(feature = "example-texts")]
        sql: text!("grouped-rings.sql"),
        digest: digest(text!("grouped-rings.sql")),
    },
    Example {
        id: "tsql-heap-fifo",
        spec: false,
        dialect: "mssql",
        title: "Heap and FIFO queues: stored procedures with OUTPUT (SQL Server)",
        source: "Remus Rusanu, \"Using tables as Queues\" (2010)",
        #[cfg(feature = "example-texts")]
        sql: text!("tsql-heap-fifo.sql"),
        digest: digest(text!("tsql-heap-fifo.sql")),
    },
    Example {
        id: "tsql-push-pop",
        spec: false,
        dialect: "mssql",
        title: "Push and pop procedures with a locking cursor (SQL Server)",
        source: "\"A simple queue using tables in Microsoft SQL Server\"",
        #[cfg(feature = "example-texts")]
        sql: text!("tsql-push-pop.sql"),
        digest: digest(text!("tsql-push-pop.sql")),
    },
    Example {
        id: "tsql-test-and-set",
        spec: false,
        dialect: "mssql",
        title: "Test-and-set pop: UPDATE through a CTE with READPAST, UPDLOCK (SQL Server)",
        source: "\"Implementing a Simple Queue in SQL Server\"",
        #[cfg(feature = "example-texts")]
        sql: text!("tsql-test-and-set.sql"),
        digest: digest(text!("tsql-test-and-set.sql")),
    },
    Example {
        id: "pg-skip-locked",
        spec: true,
        dialect: "postgres",
        title: "Two consumers: SKIP LOCKED pops (PostgreSQL)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-skip-locked.spec"),
        digest: digest(text!("pg-skip-locked.spec")),
    },
    Example {
        id: "pg-no-locks",
        spec: true,
        dialect: "postgres",
        title: "Read, then delete, without locks: a job delivered twice (PostgreSQL; explore it)",
        source: "Queue Lab",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-no-locks.spec"),
        digest: digest(text!("pg-no-locks.spec")),
    },
    Example {
        id: "pg-for-update-pop",
        spec: true,
        dialect: "postgres",
        title: "FOR UPDATE pops: safe, but consumers wait (PostgreSQL; explore it)",
        source: "Queue Lab",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-for-update-pop.spec"),
        digest: digest(text!("pg-for-update-pop.spec")),
    },
    Example {
        id: "pg-for-update-wait",
        spec: true,
        dialect: "postgres",
        title: "FOR UPDATE without SKIP LOCKED: the second consumer waits (PostgreSQL)",
        source: "Queue Lab",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-for-update-wait.spec"),
        digest: digest(text!("pg-for-update-wait.spec")),
    },
    Example {
        id: "pg-deadlock",
        spec: true,
        dialect: "postgres",
        title: "Lock order inversion: a deadlock (PostgreSQL)",
        source: "Queue Lab",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-deadlock.spec"),
        digest: digest(text!("pg-deadlock.spec")),
    },
    Example {
        id: "pg-ring-sequence",
        spec: true,
        dialect: "postgres",
        title: "A ring numbered by a CYCLE sequence (PostgreSQL; explore it)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-ring-sequence.spec"),
        digest: digest(text!("pg-ring-sequence.spec")),
    },
    Example {
        id: "pg-prepared-claim",
        spec: true,
        dialect: "postgres",
        title: "Prepared claims without a row lock: a waiter takes the same job again (PostgreSQL; explore it)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-prepared-claim.spec"),
        digest: digest(text!("pg-prepared-claim.spec")),
    },
    Example {
        id: "pg-singleton-jobs",
        spec: true,
        dialect: "postgres",
        title: "Singleton jobs: a partial unique index keeps one pending job per key (PostgreSQL; explore it)",
        source: "Queue Lab; its waits checked on PostgreSQL 15 (conformance specs pg-partial-unique-*)",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-singleton-jobs.spec"),
        digest: digest(text!("pg-singleton-jobs.spec")),
    },
    Example {
        id: "pg-listen-wakeup",
        spec: true,
        dialect: "postgres",
        title: "LISTEN / NOTIFY wake-ups: both workers wake, one finds the job (PostgreSQL)",
        source: "Queue Lab; notifications checked on PostgreSQL 15 (conformance spec pg-listen-notify)",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-listen-wakeup.spec"),
        digest: digest(text!("pg-listen-wakeup.spec")),
    },
    Example {
        id: "pg-lock-table-queue",
        spec: true,
        dialect: "postgres",
        title: "LOCK TABLE waits for a reader, and new readers queue behind it (PostgreSQL)",
        source: "Queue Lab conformance suite, checked on PostgreSQL 15",
        #[cfg(feature = "example-texts")]
        sql: text!("pg-lock-table-queue.spec"),
        digest: digest(text!("pg-lock-table-queue.spec")),
    },
    Example {
        id: "mysql-ring-race-rc",
        spec: true,
        dialect: "mysql",
        title: "Two producers race on the ring at READ COMMITTED: a message is lost (MariaDB)",
        source: "Queue Lab conformance suite, checked on MariaDB 10.11",
        #[cfg(feature = "example-texts")]
        sql: text!("mysql-ring-race-rc.spec"),
        digest: digest(text!("mysql-ring-race-rc.spec")),
    },
    Example {
        id: "mysql-ring-race-rr",
        spec: true,
        dialect: "mysql",
        title: "The same race at REPEATABLE READ: the producers serialize (MariaDB)",
        source: "Queue Lab conformance suite, checked on MariaDB 10.11",
        #[cfg(feature = "example-texts")]
        sql: text!("mysql-ring-race-rr.spec"),
        digest: digest(text!("mysql-ring-race-rr.spec")),
    },
    Example {
        id: "mysql-ring-lost-rc",
        spec: true,
        dialect: "mysql",
        title: "Is a ring message ever lost at READ COMMITTED? (MariaDB; explore it)",
        source: "Queue Lab, after Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        #[cfg(feature = "example-texts")]
        sql: text!("mysql-ring-lost-rc.spec"),
        digest: digest(text!("mysql-ring-lost-rc.spec")),
    },
    Example {
        id: "mysql-ring-safe-rr",
        spec: true,
        dialect: "mysql",
        title:
            "The same ring at REPEATABLE READ: nothing lost, producers wait (MariaDB; explore it)",
        source: "Queue Lab, after Baron Schwartz, \"How to implement a queue in SQL\" (2007)",
        #[cfg(feature = "example-texts")]
        sql: text!("mysql-ring-safe-rr.spec"),
        digest: digest(text!("mysql-ring-safe-rr.spec")),
    },
    Example {
        id: "mysql-claim-foreign-key",
        spec: true,
        dialect: "mysql",
        title: "Claims with a foreign key: two workers deadlock on the job's shared lock (MariaDB; explore it)",
        source: "Queue Lab; InnoDB's foreign-key locks checked on MariaDB 10.11 (conformance specs my-foreign-key-*)",
        #[cfg(feature = "example-texts")]
        sql: text!("mysql-claim-foreign-key.spec"),
        digest: digest(text!("mysql-claim-foreign-key.spec")),
    },
    Example {
        id: "mssql-readpast",
        spec: true,
        dialect: "mssql",
        title: "Two consumers: READPAST pops from the heap queue (SQL Server)",
        source: "Queue Lab, after Remus Rusanu, \"Using tables as Queues\" (2010)",
        #[cfg(feature = "example-texts")]
        sql: text!("mssql-readpast.spec"),
        digest: digest(text!("mssql-readpast.spec")),
    },
    Example {
        id: "mssql-fifo",
        spec: true,
        dialect: "mssql",
        title: "FIFO pops with READPAST: in order, never twice (SQL Server; explore it)",
        source: "Queue Lab, after Remus Rusanu, \"Using tables as Queues\" (2010)",
        #[cfg(feature = "example-texts")]
        sql: text!("mssql-fifo.spec"),
        digest: digest(text!("mssql-fifo.spec")),
    },
    Example {
        id: "mssql-claim",
        spec: true,
        dialect: "mssql",
        title: "Test-and-set claims with READPAST, UPDLOCK (SQL Server; explore it)",
        source: "Queue Lab, after \"Implementing a Simple Queue in SQL Server\"",
        #[cfg(feature = "example-texts")]
        sql: text!("mssql-claim.spec"),
        digest: digest(text!("mssql-claim.spec")),
    },
    Example {
        id: "mssql-cursor-pop",
        spec: true,
        dialect: "mssql",
        title: "Locking-cursor pops: the second consumer waits for the first's FETCH (SQL Server)",
        source: "Queue Lab, after \"A simple queue using tables in Microsoft SQL Server\"",
        #[cfg(feature = "example-texts")]
        sql: text!("mssql-cursor-pop.spec"),
        digest: digest(text!("mssql-cursor-pop.spec")),
    },
];

/// The example the app opens on, and its text (in every build).
pub const DEFAULT_EXAMPLE: &str = "ring-odku";
pub const DEFAULT_TEXT: &str = text!("ring-odku.sql");

pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

#[cfg(all(test, feature = "example-texts"))]
mod tests {
    use super::*;

    #[test]
    fn every_example_says_what_it_shows() {
        for e in EXAMPLES {
            let d = description(e.sql);
            assert!(d.len() > 60, "{}: {d:?}", e.id);
            assert!(
                !d.contains("dialect:") && !d.contains("expect "),
                "{}: {d}",
                e.id
            );
        }
        let ring = by_id("ring-odku")
            .map(|e| description(e.sql))
            .unwrap_or_default();
        assert!(ring.starts_with("From Baron Schwartz"), "{ring}");
    }

    #[test]
    fn digests_tell_the_examples_apart_and_name_the_default() {
        for e in EXAMPLES {
            assert_eq!(e.digest, digest(e.sql), "{}", e.id);
            assert_eq!(
                crate::source::dialect_header(e.sql),
                Some(e.dialect),
                "{}",
                e.id
            );
            assert_eq!(untouched(e.sql).map(|x| x.id), Some(e.id));
            assert_eq!(untouched(&format!("{} ", e.sql)), None, "{}", e.id);
        }
        assert_eq!(by_id(DEFAULT_EXAMPLE).map(|e| e.sql), Some(DEFAULT_TEXT));
    }
}
