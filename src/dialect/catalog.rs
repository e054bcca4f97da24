//! The engine's own description of each table: what SQLite's schema cannot hold (MySQL key
//! names, `ON UPDATE CURRENT_TIMESTAMP`, ring hints). SQLite DDL is generated from it.

use crate::vec_map::VecMap;

/// A column as the user declared it, with its SQLite rendering.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct ColumnDef {
    pub name: String,
    /// The declared type, kept as written (SQLite's type affinity reads it).
    pub sql_type: String,
    pub not_null: bool,
    /// A SQLite default expression, already translated (e.g. `ql_now()`).
    pub default: Option<String>,
    /// MySQL `ON UPDATE CURRENT_TIMESTAMP`: set to the clock whenever the row changes.
    pub on_update_now: bool,
    pub auto_increment: bool,
    /// PostgreSQL serial and identity columns: the sequence their default draws from, named
    /// as the server names it (`jobs_id_seq`); see `engine::sequences`.
    pub sequence: Option<String>,
    /// PostgreSQL `GENERATED ALWAYS AS IDENTITY`: a write may not give it a value of its own
    /// (`postgres/identity.rs`).
    pub generated_always: bool,
    /// What the declared type lets in (checked on every write, `dialect/types.rs`).
    pub admits: super::types::Admits,
    /// Compares ignoring case, accents and trailing spaces (MariaDB's default collation): SQLite
    /// gets the column with the engine's collation [`CASE_BLIND`].
    pub case_blind: bool,
}

impl ColumnDef {
    /// A string column that compares byte by byte in MariaDB: a binary string type, or a text
    /// one with a `..._bin` collation (SQLite's own comparison, so nothing to rewrite).
    pub fn compares_bytes(&self) -> bool {
        let t = self.sql_type.to_ascii_lowercase();
        t.contains("binary")
            || t.contains("blob")
            || ((t.contains("char") || t.contains("text")) && !self.case_blind)
    }

    /// Whether two values are one key value in this column, as its unique index compares
    /// them (text and an integer of the same text are one, as after SQLite's affinity).
    pub fn same_key(&self, a: &crate::trace::Value, b: &crate::trace::Value) -> bool {
        match (a.text(), b.text()) {
            (Some(x), Some(y)) if self.case_blind => fold_case_blind(&x) == fold_case_blind(&y),
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }
}

/// A text as [`CASE_BLIND`] compares it: MariaDB's `utf8mb4_general_ci` weights (case and
/// accents ignored, trailing spaces dropped).
pub fn fold_case_blind(s: &str) -> Vec<u16> {
    super::general_ci::weights(s)
}

/// The SQLite collation the engine registers for MariaDB's default one: case, accents and
/// trailing spaces ignored.
pub const CASE_BLIND: &str = "ql_case_blind";

/// The SQLite function a sequence-backed column's default calls: `ql_nextval('jobs_id_seq')`.
pub const NEXTVAL_FN: &str = "ql_nextval";

/// A PostgreSQL sequence (`CREATE SEQUENCE`, or a serial or identity column's): how it counts.
/// Where it stands is the engine's (`engine::sequences`), outside every transaction.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SequenceDef {
    /// Lower-cased, as the catalog keys tables.
    pub name: String,
    pub increment: i64,
    pub min: i64,
    pub max: i64,
    pub start: i64,
    /// Past its end, the sequence starts again from the other end instead of failing.
    pub cycle: bool,
}

impl SequenceDef {
    /// Counting up by one from 1 to `max`: a serial column's, and `CREATE SEQUENCE`'s default.
    pub fn counting(name: &str, max: i64) -> SequenceDef {
        SequenceDef {
            name: name.to_ascii_lowercase(),
            increment: 1,
            min: 1,
            max,
            start: 1,
            cycle: false,
        }
    }
}

/// A PostgreSQL index that is not unique: its name, and its table's schema and name.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct PgIndex {
    pub name: String,
    pub schema: Option<String>,
    pub table: String,
    /// The columns its first key names, and those its WHERE names: a statement's WHERE that
    /// bounds the one or names the other lets the planner read the table through it
    /// (`scan_order::postgres_order`).
    pub leading: Vec<String>,
    pub predicate: Vec<String>,
}

/// A named key: the vendor's name is what its duplicate-key errors mention.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDef {
    pub name: String,
    pub columns: Vec<String>,
    /// A partial unique index's WHERE, as SQLite runs it over the table's own column names:
    /// only rows it holds for must differ on the key (PostgreSQL's `CREATE UNIQUE INDEX ...
    /// WHERE`).
    pub predicate: Option<String>,
    /// Made by CREATE [UNIQUE] INDEX, not as a constraint of the table: PostgreSQL's `ON
    /// CONFLICT ON CONSTRAINT` cannot name it.
    pub by_index: bool,
}

impl std::hash::Hash for KeyDef {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.name.hash(h);
        self.columns.hash(h);
        self.predicate.hash(h);
        // Only when set: the fingerprints of every scenario without stay as they were.
        if self.by_index {
            self.by_index.hash(h);
        }
    }
}

impl KeyDef {
    /// A key on whole columns, over every row.
    pub fn on(name: String, columns: Vec<String>) -> KeyDef {
        KeyDef {
            name,
            columns,
            predicate: None,
            by_index: false,
        }
    }

    /// Whether the key holds for every row (PostgreSQL's "key columns", those a FOR KEY
    /// SHARE lock protects, are the columns of such keys only).
    pub fn is_whole(&self) -> bool {
        self.predicate.is_none()
    }
}

/// What an insert of the form `... (max(order)+1) mod N ...` tells about a ring table.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct RingHint {
    pub table: String,
    pub size: i64,
    /// The column that holds the slot number (`modulo`).
    pub slot_column: String,
    /// The ever-growing column the slot is computed from (`id`).
    pub order_column: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableDef {
    pub name: String,
    /// PostgreSQL's schema of a table created in one that `CREATE SCHEMA` made (`pgmq` of
    /// `pgmq.q_tasks`); `None` in the lab's own (`public`, MariaDB's `test`). The table is
    /// kept, and named to SQLite and in the server's own messages, by its name alone.
    pub schema: Option<String>,
    pub columns: Vec<ColumnDef>,
    pub primary_key: Option<KeyDef>,
    pub uniques: Vec<KeyDef>,
    /// Non-unique indexes (`KEY (...)`), created as separate SQLite indexes.
    pub indexes: Vec<KeyDef>,
    /// CHECK constraints, enforced by SQLite's own CHECK.
    pub checks: Vec<CheckDef>,
    /// PostgreSQL's and MariaDB's foreign keys, checked by the engine
    /// (`engine/lab/foreign_keys.rs`, `engine/lab/innodb_foreign_keys.rs`).
    pub foreign_keys: Vec<ForeignKeyDef>,
    /// A PostgreSQL CREATE INDEX (or a rebuild) ran over the table while it held rows, and
    /// wrote their count into `pg_class`: the planner estimates from that, not from a table
    /// never analyzed (`postgres/lock_order.rs`).
    pub sized: bool,
}

impl std::hash::Hash for TableDef {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.name.hash(h);
        // Only when set: the fingerprints of every scenario without stay as they were.
        if let Some(schema) = &self.schema {
            schema.hash(h);
        }
        self.columns.hash(h);
        self.primary_key.hash(h);
        self.uniques.hash(h);
        self.indexes.hash(h);
        self.checks.hash(h);
        self.foreign_keys.hash(h);
        if self.sized {
            self.sized.hash(h);
        }
    }
}

/// A foreign key of one column: its name (`jobs_queue_id_fkey`), the column, and the parent
/// table's column it points to (its primary key or a unique key of one column).
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct ForeignKeyDef {
    pub name: String,
    pub column: String,
    pub parent: String,
    pub parent_column: String,
    /// ON DELETE CASCADE: deleting a parent row deletes its children.
    pub cascade: bool,
    /// MariaDB's text of the constraint as its errors quote it (`` CONSTRAINT `c_ibfk_1`
    /// FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ``), and the name of the index it gets on
    /// its column when no key starts with that column; both empty for PostgreSQL.
    pub quoted: String,
    pub index_name: String,
}

/// A CHECK constraint: the name the server gives it (its errors name it) and the condition
/// as SQLite runs it.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct CheckDef {
    pub name: String,
    pub sql: String,
}

impl TableDef {
    pub fn column(&self, name: &str) -> Option<&ColumnDef> {
        self.columns
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// InnoDB's indexes, each as the columns its entries are sorted by: the clustered index
    /// first (the primary key, or the hidden row id, `rowid` here, of a table without one),
    /// then the unique keys and the indexes, each ending with the primary key's columns.
    pub fn innodb_keys(&self) -> Vec<Vec<String>> {
        let primary: Vec<String> = match &self.primary_key {
            Some(k) => k.columns.clone(),
            None => vec!["rowid".into()],
        };
        let mut keys = vec![primary.clone()];
        for k in self.uniques.iter().chain(self.indexes.iter()) {
            let mut columns = k.columns.clone();
            columns.extend(primary.iter().filter(|c| !k.columns.contains(c)).cloned());
            keys.push(columns);
        }
        keys
    }

    /// Keys that make rows unique: the primary key first, then the unique keys.
    pub fn unique_keys(&self) -> impl Iterator<Item = &KeyDef> {
        self.primary_key.iter().chain(self.uniques.iter())
    }

    /// The key whose columns are exactly `columns` (in any case).
    pub fn key_on(&self, columns: &[String]) -> Option<&KeyDef> {
        self.unique_keys().find(|k| {
            k.columns.len() == columns.len()
                && k.columns
                    .iter()
                    .zip(columns)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
        })
    }

    /// The SQLite statements that create this table and its indexes.
    pub fn to_sqlite(&self) -> Vec<String> {
        let mut parts: Vec<String> = self.columns.iter().map(column_sql).collect();
        // SQLite checks the index declared last first; the servers check the primary key
        // first, then unique keys in order. Declaring them in reverse makes the first clash
        // reported (and the row an upsert updates) the one the server would pick.
        for u in self.uniques.iter().rev().filter(|u| u.is_whole()) {
            parts.push(format!("UNIQUE ({})", idents(&u.columns)));
        }
        if let (Some(pk), false) = (&self.primary_key, self.auto_increment_pk()) {
            parts.push(format!("PRIMARY KEY ({})", idents(&pk.columns)));
        }
        // PostgreSQL tries them in name order and reports the first that fails.
        let mut checks: Vec<&CheckDef> = self.checks.iter().collect();
        crate::sort::sort_by(&mut checks, |a, b| a.name.cmp(&b.name));
        for c in checks {
            parts.push(format!("CONSTRAINT {} CHECK ({})", ident(&c.name), c.sql));
        }
        let mut out = vec![format!(
            "CREATE TABLE {} ({})",
            ident(&self.name),
            parts.join(", ")
        )];
        for ix in &self.indexes {
            out.push(format!(
                "CREATE INDEX {} ON {} ({})",
                ident(&format!("{}__{}", self.name, ix.name)),
                ident(&self.name),
                idents(&ix.columns)
            ));
        }
        for u in &self.uniques {
            if let Some(predicate) = &u.predicate {
                out.push(format!(
                    "CREATE UNIQUE INDEX {} ON {} ({}) WHERE {predicate}",
                    ident(&format!("{}__{}", self.name, u.name)),
                    ident(&self.name),
                    idents(&u.columns)
                ));
            }
        }
        out
    }

    /// Whether SQLite's rowid is the primary key's column, as `to_sqlite` declares it: the
    /// one column of the key, of type INTEGER.
    pub fn rowid_is_key(&self) -> bool {
        let Some(pk) = self.primary_key.as_ref().filter(|k| k.columns.len() == 1) else {
            return false;
        };
        self.column(&pk.columns[0])
            .is_some_and(|c| c.auto_increment || sqlite_type(c).eq_ignore_ascii_case("INTEGER"))
    }

    /// The one AUTO_INCREMENT column that is the whole primary key, rendered as SQLite's
    /// `INTEGER PRIMARY KEY AUTOINCREMENT` (never reuses an id, as InnoDB's counter).
    fn auto_increment_pk(&self) -> bool {
        match &self.primary_key {
            Some(pk) if pk.columns.len() == 1 => self
                .column(&pk.columns[0])
                .is_some_and(|c| c.auto_increment),
            _ => false,
        }
    }
}

fn column_sql(c: &ColumnDef) -> String {
    let mut s = ident(&c.name);
    if c.auto_increment {
        s.push_str(" INTEGER PRIMARY KEY AUTOINCREMENT");
    } else if !sqlite_type(c).is_empty() {
        s.push(' ');
        s.push_str(sqlite_type(c));
    }
    if c.case_blind {
        s.push_str(&format!(" COLLATE {CASE_BLIND}"));
    }
    if c.not_null {
        s.push_str(" NOT NULL");
    }
    if let Some(d) = &c.default {
        s.push_str(&format!(" DEFAULT ({d})"));
    }
    s
}

/// The type SQLite's table declares a column (not AUTO_INCREMENT) with: its own, but TEXT
/// for a JSON type's name (`jsonb`) or an enum's, which would give SQLite's NUMERIC affinity
/// and turn the text '1.50' into the number 1.5 (the servers keep it as text), and for an
/// array's (`int[]`, INTEGER affinity).
fn sqlite_type(c: &ColumnDef) -> &str {
    match c.admits {
        super::types::Admits::Json(_)
        | super::types::Admits::Enum(_)
        | super::types::Admits::Array(_)
        | super::types::Admits::Uuid => "TEXT",
        _ => &c.sql_type,
    }
}

/// A double-quoted SQLite identifier.
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn idents(names: &[String]) -> String {
    names
        .iter()
        .map(|n| ident(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// All tables, by lower-cased name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    tables: VecMap<String, TableDef>,
    rings: VecMap<String, RingHint>,
    /// PostgreSQL's `CREATE SEQUENCE` sequences, by lower-cased name (a serial column's is
    /// read off its column).
    sequences: VecMap<String, SequenceDef>,
    /// PostgreSQL's enum types (`CREATE TYPE ... AS ENUM`), by lower-cased name.
    enums: VecMap<String, super::postgres::enums::EnumDef>,
    /// PostgreSQL's schemas `CREATE SCHEMA` made, lower-cased (`public` is not among them).
    schemas: Vec<String>,
    /// PostgreSQL's indexes that are not unique: they change nothing a statement returns,
    /// locks or waits for, but their names are relation names, which tables, sequences and
    /// indexes share within a schema.
    pg_indexes: Vec<PgIndex>,
    /// T-SQL stored procedures, by lower-cased name.
    procedures: VecMap<String, crate::dialect::mssql::tsql::node::ProcDef>,
    /// SQL Server's READ_COMMITTED_SNAPSHOT database option: READ COMMITTED reads row versions
    /// instead of taking S locks.
    pub read_committed_snapshot: bool,
}

impl Catalog {
    /// Feeds everything the catalog knows to the simulator's fingerprint: table definitions,
    /// rings, sequences, procedures (name, parameters, body as written) and the
    /// READ_COMMITTED_SNAPSHOT option. Through `Hash`, never `Debug`, whose code would be
    /// carried into the browser download (and never of parsed statements, whose is larger).
    pub fn digest(&self, h: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        self.tables.hash(h);
        self.rings.hash(h);
        self.sequences.hash(h);
        // Only when there are any: the fingerprints of every scenario without stay as they were.
        if !self.enums.is_empty() {
            self.enums.hash(h);
        }
        if !self.schemas.is_empty() {
            self.schemas.hash(h);
        }
        if !self.pg_indexes.is_empty() {
            self.pg_indexes.hash(h);
        }
        for p in self.procedures.values() {
            p.name.hash(h);
            for param in &p.params {
                param.name.hash(h);
                param.type_text.hash(h);
                param
                    .default
                    .as_ref()
                    .map(crate::sql::ToSql::to_sql)
                    .hash(h);
            }
            for n in &p.body {
                n.text.hash(h);
            }
        }
        self.read_committed_snapshot.hash(h);
    }

    /// What a DDL statement changes, once it has run (and when a step's later statements
    /// are planned after it, `sim::setup`).
    pub fn apply(&mut self, change: &super::plan::CatalogChange) {
        use super::plan::CatalogChange as C;
        match change {
            C::Create(def) | C::Replace(def) => self.put(def.clone()),
            C::Drop(names) => {
                for name in names {
                    self.drop_table(name)
                }
            }
            C::Procedure(def) => self.put_procedure(def.clone()),
            C::ReadCommittedSnapshot(on) => self.read_committed_snapshot = *on,
            C::Sequence(def) => self.put_sequence(def.clone()),
            C::DropSequences(names) => {
                for name in names {
                    self.drop_sequence(name)
                }
            }
            C::EnumType(def) => {
                self.enums.insert(def.name.clone(), def.clone());
            }
            C::DropTypes(names) => {
                for name in names {
                    self.enums.remove(name);
                }
            }
            C::Schema(name) => self.schemas.push(name.clone()),
            C::PgIndex(def, _) => self.pg_indexes.push(def.clone()),
            C::None => {}
        }
    }

    /// Whether `CREATE SCHEMA` made this schema (case-blind, as the lab folds every name).
    pub fn has_schema(&self, name: &str) -> bool {
        self.schemas.iter().any(|s| s.eq_ignore_ascii_case(name))
    }

    /// Whether a CREATE TYPE made any enum type.
    pub fn has_enum_types(&self) -> bool {
        !self.enums.is_empty()
    }

    /// The enum type of this name (a column's type name, as declared).
    pub fn enum_type(&self, name: &str) -> Option<&super::postgres::enums::EnumDef> {
        let name = name.trim_matches('"').to_ascii_lowercase();
        self.enums.get(&name)
    }

    pub fn table(&self, name: &str) -> Option<&TableDef> {
        self.tables.get(&name.to_ascii_lowercase())
    }

    /// Every table, in name order.
    pub fn tables(&self) -> impl Iterator<Item = &TableDef> {
        self.tables.values()
    }

    /// The foreign keys that point to `parent`, each with its table.
    pub fn referencing<'a>(
        &'a self,
        parent: &'a str,
    ) -> impl Iterator<Item = (&'a TableDef, &'a ForeignKeyDef)> + 'a {
        self.tables().flat_map(move |t| {
            t.foreign_keys
                .iter()
                .filter(move |fk| fk.parent.eq_ignore_ascii_case(parent))
                .map(move |fk| (t, fk))
        })
    }

    /// The table with a CHECK constraint of this name (SQLite's error names only the check).
    pub fn table_with_check(&self, check: &str) -> Option<&TableDef> {
        self.tables
            .values()
            .find(|t| t.checks.iter().any(|c| c.name == check))
    }

    pub fn put(&mut self, def: TableDef) {
        self.tables.insert(def.name.to_ascii_lowercase(), def);
    }

    /// Marks the table [`TableDef::sized`].
    pub fn size(&mut self, name: &str) {
        if let Some(def) = self.tables.get_mut(&name.to_ascii_lowercase()) {
            def.sized = true;
        }
    }

    pub fn drop_table(&mut self, name: &str) {
        self.tables.remove(&name.to_ascii_lowercase());
        self.rings.remove(&name.to_ascii_lowercase());
        self.pg_indexes
            .retain(|i| !i.table.eq_ignore_ascii_case(name));
    }

    /// PostgreSQL's indexes on `table` that are not unique.
    pub fn pg_indexes_of<'a>(&'a self, table: &'a str) -> impl Iterator<Item = &'a PgIndex> {
        (self.pg_indexes.iter()).filter(move |i| i.table.eq_ignore_ascii_case(table))
    }

    /// Whether PostgreSQL's relation `name` exists in `schema` (`None`: `public`): a table,
    /// a sequence (its own, or a serial column's), a key's index or another index.
    pub fn relation_taken(&self, name: &str, schema: Option<&str>) -> bool {
        let same = |a: &str| a.eq_ignore_ascii_case(name);
        for t in self.tables.values() {
            if t.schema.as_deref() == schema
                && (same(&t.name)
                    || t.unique_keys().any(|k| same(&k.name))
                    || t.columns
                        .iter()
                        .any(|c| c.sequence.as_deref().is_some_and(same)))
            {
                return true;
            }
        }
        (schema.is_none() && self.sequences.keys().any(|k| same(k)))
            || self
                .pg_indexes
                .iter()
                .any(|i| same(&i.name) && i.schema.as_deref() == schema)
    }

    /// The sequence of this name: one `CREATE SEQUENCE` made, or a serial or identity
    /// column's (counting to its column type's largest value).
    pub fn sequence(&self, name: &str) -> Option<SequenceDef> {
        let name = name.to_ascii_lowercase();
        self.sequences
            .get(&name)
            .cloned()
            .or_else(|| self.column_sequences().find(|d| d.name == name))
    }

    /// The schema of the sequence of this name (`None`: `public`): a serial or identity
    /// column's is its table's; `None` too when there is no such sequence.
    pub fn sequence_schema(&self, name: &str) -> Option<&str> {
        self.tables
            .values()
            .find(|t| {
                t.columns.iter().any(|c| {
                    c.sequence
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(name))
                })
            })
            .and_then(|t| t.schema.as_deref())
    }

    /// Every sequence, for the engine to count with.
    pub fn sequence_defs(&self) -> Vec<SequenceDef> {
        self.sequences
            .values()
            .cloned()
            .chain(self.column_sequences())
            .collect()
    }

    fn column_sequences(&self) -> impl Iterator<Item = SequenceDef> + '_ {
        self.tables
            .values()
            .flat_map(|t| &t.columns)
            .filter_map(|c| {
                let max = match c.admits {
                    super::types::Admits::Integer { max, .. } => max,
                    _ => i64::MAX,
                };
                Some(SequenceDef::counting(c.sequence.as_deref()?, max))
            })
    }

    /// Whether a table's column default draws from the sequence (so it may not be dropped).
    pub fn sequence_used(&self, name: &str) -> bool {
        let call = format!("{NEXTVAL_FN}('{}')", name.to_ascii_lowercase());
        self.tables
            .values()
            .flat_map(|t| &t.columns)
            .any(|c| c.default.as_deref().is_some_and(|d| d.contains(&call)))
    }

    /// Whether `CREATE SEQUENCE` made it (not a serial column).
    pub fn created_sequence(&self, name: &str) -> bool {
        self.sequences.contains_key(&name.to_ascii_lowercase())
    }

    pub fn put_sequence(&mut self, def: SequenceDef) {
        self.sequences.insert(def.name.clone(), def);
    }

    pub fn drop_sequence(&mut self, name: &str) {
        self.sequences.remove(&name.to_ascii_lowercase());
    }

    pub fn ring(&self, table: &str) -> Option<&RingHint> {
        self.rings.get(&table.to_ascii_lowercase())
    }

    pub fn set_ring(&mut self, hint: RingHint) {
        self.rings.insert(hint.table.to_ascii_lowercase(), hint);
    }

    pub fn rings(&self) -> impl Iterator<Item = &RingHint> {
        self.rings.values()
    }

    pub fn procedure(&self, name: &str) -> Option<&crate::dialect::mssql::tsql::node::ProcDef> {
        self.procedures.get(&name.to_ascii_lowercase())
    }

    pub fn put_procedure(&mut self, def: crate::dialect::mssql::tsql::node::ProcDef) {
        self.procedures.insert(def.name.to_ascii_lowercase(), def);
    }
}

/// For unit tests: the catalog `ddl`'s CREATE TABLE statements make in `dialect`, and the
/// one statement of `sql` parsed in it.
#[cfg(test)]
pub fn for_tests(
    dialect: super::Dialect,
    ddl: &[&str],
    sql: &str,
) -> crate::trace::checked::Checked<(Catalog, sqlparser::ast::Statement)> {
    use crate::sql::Duplicate;
    use crate::trace::checked::OrFail;
    let parsed = |text: &str| {
        let script = super::front::parse_script(dialect, text);
        script
            .statements
            .first()
            .and_then(|s| s.ast.as_ref().ok())
            .map(|a| a.duplicate())
            .or_fail("parses")
    };
    let mut catalog = Catalog::default();
    for text in ddl {
        let plan = super::plan(dialect, &parsed(text)?, &catalog).or_fail("plans")?;
        if let super::PlanKind::Ddl {
            change: super::plan::CatalogChange::Create(def),
        } = plan.kind
        {
            catalog.put(def);
        }
    }
    Ok((catalog, parsed(sql)?))
}
