//! CREATE TABLE and ALTER TABLE ... ADD COLUMN, read into the engine's [`TableDef`].
//! SQLite DDL is then generated from the definition (see `TableDef::to_sqlite`), so vendor
//! syntax SQLite refuses (`UNIQUE KEY(...)`, `ENGINE=...`, `ON UPDATE CURRENT_TIMESTAMP`)
//! never reaches it.

use super::catalog::{ColumnDef, KeyDef, TableDef};
use super::exprs::{last_ident, rewrite_all};
use super::Dialect;
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use sqlparser::ast::{self, ColumnOption, DataType, IndexColumn, TableConstraint};
use sqlparser::tokenizer::Token;

/// A DDL construct that cannot be translated, named for the user.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsupported(pub String);

/// Reads a CREATE TABLE. Returns the definition and notes on what was accepted but ignored.
pub fn table_def(
    ct: &ast::CreateTable,
    dialect: Dialect,
) -> Result<(TableDef, Vec<String>), Unsupported> {
    let name = last_ident(&ct.name);
    let mut notes = Vec::new();
    let mut def = TableDef {
        name: name.clone(),
        schema: None,
        columns: Vec::new(),
        primary_key: None,
        uniques: Vec::new(),
        indexes: Vec::new(),
        checks: Vec::new(),
        foreign_keys: Vec::new(),
        sized: false,
    };
    for c in &ct.columns {
        let (col, keys) = column_def(c, &name, dialect, &mut notes)?;
        def.columns.push(col);
        for k in keys {
            match k {
                InlineKey::Check(name, column, expr) => {
                    add_check(&mut def, name, Some(&column), &expr, dialect)?
                }
                InlineKey::Foreign(fk) => super::foreign_keys::add(&mut def, &fk, dialect)?,
                k => add_key(&mut def, k, dialect),
            }
        }
    }
    for tc in &ct.constraints {
        match tc {
            TableConstraint::PrimaryKey(pk) => {
                add_key(
                    &mut def,
                    InlineKey::Primary(index_columns(&pk.columns)),
                    dialect,
                );
                // SQL Server names its errors after the constraint (PK_RequestsQueue).
                if let (Some(name), Some(key)) = (&pk.name, def.primary_key.as_mut()) {
                    key.name = name.value.clone();
                }
            }
            TableConstraint::Unique(u)
                if u.nulls_distinct == ast::NullsDistinctOption::NotDistinct =>
            {
                return Err(Unsupported(
                    "UNIQUE NULLS NOT DISTINCT: the engine's unique keys let NULLs repeat; keep NULL out of the key (NOT NULL, or COALESCE into a column of its own)".into(),
                ))
            }
            TableConstraint::Unique(u) => add_key(
                &mut def,
                InlineKey::Unique(
                    // MySQL names the key after its index name (`UNIQUE KEY uk (...)`),
                    // else after the constraint (`CONSTRAINT c UNIQUE (...)`).
                    u.index_name
                        .as_ref()
                        .or(u.name.as_ref())
                        .map(|n| n.value.clone()),
                    index_columns(&u.columns),
                ),
                dialect,
            ),
            TableConstraint::Index(ix) => {
                let cols = index_columns(&ix.columns);
                let name = ix
                    .name
                    .as_ref()
                    .map(|n| n.value.clone())
                    .unwrap_or_else(|| unique_name(&def, &cols[0]));
                def.indexes.push(KeyDef::on(name, cols));
            }
            TableConstraint::Check(c) => {
                let name = c.name.as_ref().map(|n| n.value.clone());
                add_check(&mut def, name, None, &c.expr, dialect)?;
            }
            TableConstraint::ForeignKey(fk) => super::foreign_keys::add(&mut def, fk, dialect)?,
            other => {
                return Err(Unsupported(format!(
                    "table constraint `{}` is not supported; use PRIMARY KEY, UNIQUE or KEY",
                    Sql(other)
                )))
            }
        }
    }
    if dialect == Dialect::MySql {
        super::foreign_keys::index_columns(&mut def);
    }
    if ct.table_options != ast::CreateTableOptions::None {
        notes.push(format!(
            "table options ({}) have no meaning here and were ignored",
            Sql(&ct.table_options)
        ));
    }
    for k in def.unique_keys() {
        for c in &k.columns {
            if def.column(c).is_none() {
                return Err(Unsupported(format!(
                    "key `{}` names unknown column `{c}`",
                    k.name
                )));
            }
        }
    }
    Ok((def, notes))
}

/// A key declared on a column or in the table's constraint list.
pub enum InlineKey {
    Primary(Vec<String>),
    Unique(Option<String>, Vec<String>),
    /// A column's CHECK: its name if given, the column, the condition.
    Check(Option<String>, String, Box<ast::Expr>),
    /// A column's `REFERENCES parent [(column)]`, as a constraint of that column.
    Foreign(Box<ast::ForeignKeyConstraint>),
}

fn add_key(def: &mut TableDef, key: InlineKey, dialect: Dialect) {
    match key {
        // Checks go through add_check, which can refuse them.
        InlineKey::Check(..) | InlineKey::Foreign(_) => {}
        InlineKey::Primary(columns) => {
            let name = match dialect {
                Dialect::MySql => "PRIMARY".to_string(),
                Dialect::MsSql => format!("PK__{}", def.name),
                _ => format!("{}_pkey", def.name),
            };
            // Every server makes a key column NOT NULL; SQLite lets a NULL into a primary
            // key that is not an INTEGER one.
            for c in &mut def.columns {
                if columns.iter().any(|k| k.eq_ignore_ascii_case(&c.name)) {
                    c.not_null = true;
                }
            }
            def.primary_key = Some(KeyDef::on(name, columns));
        }
        InlineKey::Unique(name, columns) => {
            let name = name.unwrap_or_else(|| match dialect {
                // MySQL names an unnamed key after its first column (modulo, modulo_2, ...).
                Dialect::MySql => unique_name(def, &columns[0]),
                _ => format!("{}_{}_key", def.name, columns.join("_")),
            });
            def.uniques.push(KeyDef::on(name, columns));
        }
    }
}

/// A CHECK constraint, named as the server names one it is not given a name for:
/// PostgreSQL `jobs_attempt_check` (the one column it reads, else `jobs_check`, numbered if
/// taken), MariaDB `jobs.attempt` for a column's and `CONSTRAINT_n` for the table's.
fn add_check(
    def: &mut TableDef,
    name: Option<String>,
    column: Option<&str>,
    expr: &ast::Expr,
    dialect: Dialect,
) -> Result<(), Unsupported> {
    if dialect == Dialect::MsSql {
        return Err(Unsupported(
            "CHECK constraints are not modelled for SQL Server (its errors name the column and database); check the value in the statement's WHERE instead".into(),
        ));
    }
    let mut condition = expr.duplicate();
    rewrite_all(&mut condition);
    let name = name.unwrap_or_else(|| match (dialect, column) {
        (Dialect::MySql, Some(c)) => format!("{}.{c}", def.name),
        (Dialect::MySql, None) => {
            let n = def
                .checks
                .iter()
                .filter(|k| k.name.starts_with("CONSTRAINT_"))
                .count();
            format!("CONSTRAINT_{}", n + 1)
        }
        (_, column) => {
            let read = column
                .map(str::to_string)
                .or_else(|| only_column(def, expr));
            let base = match read {
                Some(c) => format!("{}_{c}_check", def.name),
                None => format!("{}_check", def.name),
            };
            let taken = |n: &str| def.checks.iter().any(|k| k.name == n);
            (0..)
                .map(|i| {
                    if i == 0 {
                        base.clone()
                    } else {
                        format!("{base}{i}")
                    }
                })
                .find(|n| !taken(n))
                .unwrap_or(base)
        }
    });
    def.checks.push(super::catalog::CheckDef {
        name,
        sql: condition.to_sql(),
    });
    Ok(())
}

/// The one column of `def` that `expr` reads, if it reads exactly one.
fn only_column(def: &TableDef, expr: &ast::Expr) -> Option<String> {
    let mut read: Vec<String> = Vec::new();
    let mut expr = expr.duplicate();
    super::walk::exprs(&mut expr, &mut |e| {
        if let ast::Expr::Identifier(i) = e {
            if let Some(c) = def.column(&i.value) {
                if !read.contains(&c.name) {
                    read.push(c.name.clone());
                }
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    match read.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

fn unique_name(def: &TableDef, base: &str) -> String {
    let taken = |n: &str| {
        def.uniques
            .iter()
            .chain(def.indexes.iter())
            .any(|k| k.name.eq_ignore_ascii_case(n))
    };
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base}_{i}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| base.to_string())
}

fn index_columns(cols: &[IndexColumn]) -> Vec<String> {
    cols.iter()
        .map(|c| match &c.column.expr {
            ast::Expr::Identifier(i) => i.value.clone(),
            other => other.to_sql(),
        })
        .collect()
}

/// Reads one column definition of table `table` (also used by ALTER TABLE ... ADD COLUMN).
pub fn column_def(
    c: &ast::ColumnDef,
    table: &str,
    dialect: Dialect,
    notes: &mut Vec<String>,
) -> Result<(ColumnDef, Vec<InlineKey>), Unsupported> {
    if matches!(c.data_type, DataType::Enum(..) | DataType::Set(..)) {
        return Err(Unsupported(format!(
            "the column type {} of `{}`: MariaDB keeps an ENUM's member in its declared spelling and sorts by member order, which is not modelled; use VARCHAR",
            Sql(&c.data_type), c.name.value
        )));
    }
    if let Some(why) = super::types::refused_type(&c.data_type, dialect) {
        return Err(Unsupported(format!("{why} (column `{}`)", c.name.value)));
    }
    let mut col = ColumnDef {
        name: c.name.value.clone(),
        sql_type: sql_type(&c.data_type),
        not_null: false,
        default: None,
        on_update_now: false,
        auto_increment: false,
        sequence: None,
        generated_always: false,
        admits: super::types::Admits::of(&c.data_type, dialect),
        // MariaDB's default collation (utf8mb4_general_ci) ignores case and trailing spaces,
        // in comparisons, sorting and unique keys alike; a `..._bin` collation does not.
        case_blind: dialect == Dialect::MySql
            && is_text(&c.data_type)
            && !c.options.iter().any(|o| {
                matches!(&o.option, ColumnOption::Collation(n) if n.to_sql().to_ascii_lowercase().ends_with("_bin"))
            }),
    };
    let serial = matches!(&c.data_type, DataType::Custom(n, _) if n.to_sql().to_ascii_lowercase().ends_with("serial"));
    if serial {
        col.auto_increment = true;
        col.not_null = true;
    }
    let mut keys = Vec::new();
    for opt in &c.options {
        match &opt.option {
            ColumnOption::Null => col.not_null = false,
            ColumnOption::NotNull => col.not_null = true,
            ColumnOption::Default(e) => {
                let mut e = e.duplicate();
                notes.extend(rewrite_all(&mut e));
                col.default = Some(e.to_sql());
            }
            ColumnOption::OnUpdate(e) => {
                let mut e = e.duplicate();
                if rewrite_all(&mut e).is_empty() {
                    return Err(Unsupported(format!(
                        "ON UPDATE {}: only ON UPDATE CURRENT_TIMESTAMP is supported",
                        Sql(&e)
                    )));
                }
                col.on_update_now = true;
                notes.push(format!(
                    "{}: ON UPDATE CURRENT_TIMESTAMP is emulated (SQLite has no such clause): every UPDATE that changes the row sets it to the scenario clock",
                    col.name
                ));
            }
            ColumnOption::PrimaryKey(_) => keys.push(InlineKey::Primary(vec![col.name.clone()])),
            ColumnOption::Check(c) => keys.push(InlineKey::Check(
                c.name
                    .as_ref()
                    .or(opt.name.as_ref())
                    .map(|n| n.value.clone()),
                col.name.clone(),
                c.expr.duplicate(),
            )),
            ColumnOption::Unique(u) => keys.push(InlineKey::Unique(
                u.name.as_ref().map(|n| n.value.clone()),
                vec![col.name.clone()],
            )),
            ColumnOption::DialectSpecific(tokens) if is_auto_increment(tokens) => {
                col.auto_increment = true;
            }
            ColumnOption::CharacterSet(_)
            | ColumnOption::Collation(_)
            | ColumnOption::Comment(_) => {
                notes.push(format!("{}: `{}` ignored", col.name, Sql(&opt.option)));
            }
            ColumnOption::Generated {
                generation_expr: Some(_),
                ..
            } => {
                return Err(Unsupported(format!(
                    "the generated column `{}` (GENERATED ALWAYS AS (...)) is not modelled; compute its value in the INSERT and UPDATE",
                    col.name
                )))
            }
            ColumnOption::Generated { generated_as, .. } => {
                col.auto_increment = true;
                col.generated_always = *generated_as == ast::GeneratedAs::Always;
            }
            ColumnOption::Identity(_) => col.auto_increment = true,
            ColumnOption::ForeignKey(fk) => {
                let mut fk = fk.duplicate();
                fk.columns = vec![c.name.clone()];
                keys.push(InlineKey::Foreign(Box::new(fk)));
            }
            other => {
                return Err(Unsupported(format!(
                    "column option `{}` on `{}` is not supported",
                    Sql(other),
                    col.name
                )))
            }
        }
    }
    if col.auto_increment && dialect == Dialect::Postgres {
        // A sequence's default, no key: PostgreSQL's serial makes neither a primary key nor
        // a unique one.
        col.auto_increment = false;
        col.not_null = true;
        // Lower case, as the catalog keeps every name.
        let sequence = format!("{table}_{}_seq", col.name).to_ascii_lowercase();
        col.default = Some(format!(
            "{}('{}')",
            super::catalog::NEXTVAL_FN,
            sequence.replace('\'', "''")
        ));
        notes.push(format!(
            "{}: its default is nextval('{sequence}'), a sequence outside every transaction (a rolled-back insert leaves a gap; an explicit id does not move it on)",
            col.name
        ));
        col.sequence = Some(sequence);
    } else if col.auto_increment {
        notes.push(format!(
            "{}: AUTO_INCREMENT becomes SQLite's INTEGER PRIMARY KEY AUTOINCREMENT (ids are never reused)",
            col.name
        ));
        if !keys.iter().any(|k| matches!(k, InlineKey::Primary(_))) {
            keys.push(InlineKey::Primary(vec![col.name.clone()]));
        }
    }
    Ok((col, keys))
}

fn is_auto_increment(tokens: &[Token]) -> bool {
    tokens.iter().any(|t| {
        matches!(t, Token::Word(w) if w.value.eq_ignore_ascii_case("auto_increment")
            || w.value.eq_ignore_ascii_case("autoincrement"))
    })
}

/// The declared type as SQLite should see it. `TIMESTAMP`, `VARCHAR(10)`... are kept: SQLite
/// derives affinity from the name. Unsigned and display widths are dropped.
/// A character type: CHAR, VARCHAR, TEXT and their kin.
fn is_text(t: &DataType) -> bool {
    let name = t.to_sql().to_ascii_lowercase();
    [
        "char",
        "varchar",
        "text",
        "tinytext",
        "mediumtext",
        "longtext",
        "character",
    ]
    .iter()
    .any(|k| name == *k || name.starts_with(&format!("{k}(")) || name.starts_with(&format!("{k} ")))
}

fn sql_type(t: &DataType) -> String {
    match t {
        // Not `INTEGER`: that would make a PostgreSQL serial key SQLite's rowid, which takes
        // no default from its sequence. (MySQL's AUTO_INCREMENT is rendered apart.)
        DataType::Custom(name, _) if name.to_sql().to_ascii_lowercase().ends_with("serial") => {
            "int8".into()
        }
        other => {
            // T-SQL: `[varchar](512)` and `NVARCHAR(MAX)` are not SQLite type names.
            let t = other
                .to_sql()
                .replace(" UNSIGNED", "")
                .replace(" unsigned", "")
                .replace(['[', ']'], "");
            match t.to_ascii_uppercase().find("(MAX)") {
                Some(i) => t[..i].to_string(),
                None => t,
            }
        }
    }
}

/// ALTER TABLE t ADD COLUMN c ...: the new definition.
pub fn add_column(
    def: &TableDef,
    c: &ast::ColumnDef,
    dialect: Dialect,
    notes: &mut Vec<String>,
) -> Result<TableDef, Unsupported> {
    if def.column(&c.name.value).is_some() {
        return Err(Unsupported(format!(
            "Duplicate column name '{}'",
            c.name.value
        )));
    }
    let (col, keys) = column_def(c, &def.name, dialect, notes)?;
    if !keys.is_empty() || col.auto_increment || col.sequence.is_some() {
        return Err(Unsupported(
            "ADD COLUMN with a key, AUTO_INCREMENT, serial or identity is not supported; add the column, then the key with CREATE UNIQUE INDEX".into(),
        ));
    }
    let mut new = def.clone();
    new.columns.push(col);
    Ok(new)
}

/// The SQLite statements that rebuild `old` as `new` keeping every row and its rowid. Used
/// where SQLite's own ALTER TABLE refuses (a non-constant default, e.g. CURRENT_TIMESTAMP).
/// The rows go to a scratch table and back under the table's own name, rather than the
/// scratch table being renamed: the browser's SQLite has no ALTER TABLE at all
/// (`.cargo/config.toml`), and the same statements run natively, for the same step counts.
pub fn rebuild(old: &TableDef, new: &TableDef) -> Vec<String> {
    use super::catalog::ident;
    let tmp = format!("{}__rebuild", new.name);
    let mut tmp_def = new.clone();
    tmp_def.name = tmp.clone();
    tmp_def.indexes.clear();
    let copy = |to: &str, from: &str, columns: &[super::catalog::ColumnDef]| {
        let cols: Vec<String> = columns.iter().map(|c| ident(&c.name)).collect();
        let cols = cols.join(", ");
        format!(
            "INSERT INTO {} (rowid, {cols}) SELECT rowid, {cols} FROM {}",
            ident(to),
            ident(from)
        )
    };
    let mut new_sql = new.to_sqlite().into_iter();
    let mut out = vec![tmp_def.to_sqlite().remove(0)];
    out.push(copy(&tmp, &old.name, &old.columns));
    out.push(format!("DROP TABLE {}", ident(&old.name)));
    out.extend(new_sql.next());
    out.push(copy(&new.name, &tmp, &new.columns));
    out.push(format!("DROP TABLE {}", ident(&tmp)));
    out.extend(new_sql);
    out
}
