//! Foreign keys of one column, read from CREATE TABLE into the catalog ([`ForeignKeyDef`]):
//! - PostgreSQL's `REFERENCES parent [(column)]` with NO ACTION, RESTRICT or ON DELETE
//!   CASCADE, checked by the engine at the end of each statement (`engine/lab/foreign_keys.rs`)
//!   as the server's triggers do, taking FOR KEY SHARE on the parent row;
//! - MariaDB's (InnoDB's), also with ON DELETE CASCADE, checked row by row with shared locks
//!   (`engine/lab/innodb_foreign_keys.rs`); the column gets an index of its own when no key
//!   starts with it, as InnoDB makes one.
//!
//! SQL Server's foreign keys, and the actions that change other rows in ways not modelled
//! (SET NULL, SET DEFAULT, ON UPDATE CASCADE), are refused by name.

use super::catalog::{Catalog, ForeignKeyDef, KeyDef, TableDef};
use super::ddl::Unsupported;
use super::exprs::last_ident;
use super::Dialect;
use crate::sql::Sql;
use crate::trace::StepError;
use sqlparser::ast::{ConstraintReferenceMatchKind, ForeignKeyConstraint, ReferentialAction};

/// What SQL Server gets for a foreign key.
const NOT_MODELLED: &str = "foreign keys are modelled for PostgreSQL and MariaDB only (no check of the parent row, no lock on it here), so the run would differ from the server's; leave the constraint out and keep parent and child rows in step in the statements themselves";

/// Adds `fk` to `def`; its parent column is found in the catalog by [`resolve`].
pub fn add(
    def: &mut TableDef,
    fk: &ForeignKeyConstraint,
    dialect: Dialect,
) -> Result<(), Unsupported> {
    let refuse = |why: &str| Err(Unsupported(format!("`{}`: {why}", Sql(fk))));
    if dialect == Dialect::MsSql {
        return refuse(NOT_MODELLED);
    }
    let ([column], [] | [_]) = (fk.columns.as_slice(), fk.referred_columns.as_slice()) else {
        return refuse("a foreign key of several columns is not modelled; reference one column (the parent's primary key)");
    };
    let plain = |a: &Option<ReferentialAction>| {
        matches!(
            a,
            None | Some(ReferentialAction::NoAction | ReferentialAction::Restrict)
        )
    };
    let mariadb = dialect == Dialect::MySql;
    let cascade = fk.on_delete == Some(ReferentialAction::Cascade);
    if !(plain(&fk.on_delete) || cascade) || !plain(&fk.on_update) {
        return refuse("ON DELETE SET NULL / SET DEFAULT and ON UPDATE CASCADE / SET NULL / SET DEFAULT change the child rows in ways not modelled here; use ON DELETE CASCADE, NO ACTION (the default) or delete the children first");
    }
    if fk.characteristics.is_some()
        || !matches!(
            fk.match_kind,
            None | Some(ConstraintReferenceMatchKind::Simple)
        )
    {
        return refuse("DEFERRABLE and MATCH FULL/PARTIAL are not modelled: the check runs at the end of each statement");
    }
    let parent_column = fk.referred_columns.first().map(|c| c.value.clone());
    let mut added = ForeignKeyDef {
        name: String::new(),
        column: column.value.clone(),
        parent: last_ident(&fk.foreign_table).to_ascii_lowercase(),
        parent_column: parent_column.clone().unwrap_or_default(),
        cascade,
        quoted: String::new(),
        index_name: String::new(),
    };
    if mariadb {
        let n = def.foreign_keys.len() + 1;
        added.name = fk
            .name
            .as_ref()
            .map_or_else(|| format!("{}_ibfk_{n}", def.name), |c| c.value.clone());
        added.index_name = fk
            .name
            .as_ref()
            .map_or_else(|| column.value.clone(), |c| c.value.clone());
        let parent = last_ident(&fk.foreign_table);
        let referred = parent_column.unwrap_or_default();
        added.quoted = format!(
            "CONSTRAINT `{}` FOREIGN KEY (`{}`) REFERENCES `{parent}` (`{referred}`){}{}",
            added.name,
            column.value,
            shown_action("DELETE", &fk.on_delete),
            shown_action("UPDATE", &fk.on_update),
        );
    } else {
        let name = fk.name.as_ref().map_or_else(
            || format!("{}_{}_fkey", def.name, column.value),
            |n| n.value.clone(),
        );
        added.name = name.to_ascii_lowercase();
    }
    def.foreign_keys.push(added);
    Ok(())
}

/// An action as MariaDB shows it in a constraint's text: RESTRICT, its default, is not shown.
fn shown_action(on: &str, action: &Option<ReferentialAction>) -> String {
    match action {
        Some(ReferentialAction::Cascade) => format!(" ON {on} CASCADE"),
        Some(ReferentialAction::NoAction) => format!(" ON {on} NO ACTION"),
        _ => String::new(),
    }
}

/// InnoDB indexes a foreign key's column: with a key of its own, named after the constraint
/// (or the column), unless a key already starts with that column.
pub fn index_columns(def: &mut TableDef) {
    let starts = |k: &KeyDef, column: &str| {
        k.columns
            .first()
            .is_some_and(|c| c.eq_ignore_ascii_case(column))
    };
    for i in 0..def.foreign_keys.len() {
        let fk = &def.foreign_keys[i];
        let keys = def
            .primary_key
            .iter()
            .chain(&def.uniques)
            .chain(&def.indexes);
        if keys.clone().any(|k| starts(k, &fk.column)) {
            continue;
        }
        let index = KeyDef::on(fk.index_name.clone(), vec![fk.column.clone()]);
        def.indexes.push(index);
    }
}

/// Finds each foreign key's parent column (PostgreSQL: the parent's primary key when none is
/// named), with each server's errors for a parent that does not exist or a column no unique
/// key holds (PostgreSQL's 42P01 and 42830; InnoDB's errno 150, which it also gives for a
/// column no index starts with or of another type). A parent column InnoDB takes that is not
/// unique by itself, and a table cascading onto itself, are refused by name.
pub fn resolve(def: &mut TableDef, catalog: &Catalog, dialect: Dialect) -> Result<(), StepError> {
    let this = def.clone();
    let mariadb = dialect == Dialect::MySql;
    let formed = || {
        let m = format!("Can't create table `test`.`{}` (errno: 150 \"Foreign key constraint is incorrectly formed\")", this.name);
        error("1005", m)
    };
    let type_of = |t: &TableDef, column: &str| {
        let c = t
            .columns
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(column));
        c.map(|c| type_class(&c.sql_type))
    };
    for fk in &mut def.foreign_keys {
        let own = fk.parent.eq_ignore_ascii_case(&this.name);
        let Some(parent) = (if own {
            Some(&this)
        } else {
            catalog.table(&fk.parent)
        }) else {
            return Err(if mariadb {
                formed()
            } else {
                error(
                    "42P01",
                    format!("relation \"{}\" does not exist", fk.parent),
                )
            });
        };
        if fk.parent_column.is_empty() && !mariadb {
            if let Some([c]) = parent.primary_key.as_ref().map(|k| k.columns.as_slice()) {
                fk.parent_column = c.clone();
            } else {
                let m = format!(
                    "there is no primary key for referenced table \"{}\"",
                    fk.parent
                );
                return Err(error("42830", m));
            }
        }
        let on = |k: &KeyDef, whole: bool| {
            (k.columns.first()).is_some_and(|c| c.eq_ignore_ascii_case(&fk.parent_column))
                && (!whole || k.columns.len() == 1)
        };
        let unique = parent.unique_keys().any(|k| on(k, true));
        if !mariadb && !unique {
            let m = format!(
                "there is no unique constraint matching given keys for referenced table \"{}\"",
                fk.parent
            );
            return Err(error("42830", m));
        }
        let refuse = |why: &str| {
            let what = format!("the foreign key `{}`", fk.name);
            Err(super::common::unsupported_with(dialect, &what, why))
        };
        if own && fk.cascade {
            return refuse(
                "ON DELETE CASCADE onto the same table is not modelled; delete the children first",
            );
        }
        if !mariadb {
            continue;
        }
        let indexed = parent
            .unique_keys()
            .chain(&parent.indexes)
            .any(|k| on(k, false));
        let types = (
            type_of(&this, &fk.column),
            type_of(parent, &fk.parent_column),
        );
        if !indexed || types.0.is_none() || types.0 != types.1 {
            return Err(formed());
        }
        if !unique {
            return refuse("a parent column that is not unique by itself is not modelled; reference the parent's primary key or a UNIQUE column");
        }
    }
    Ok(())
}

/// A column type as InnoDB matches a foreign key's two columns: integers by size and sign
/// (the display width does not count), strings whatever their length, decimals by precision
/// and scale.
fn type_class(sql_type: &str) -> String {
    let t = sql_type.to_ascii_lowercase().replace("numeric", "decimal");
    if t.starts_with("decimal") {
        return t.replace(' ', "");
    }
    let base = t
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    let base = match base {
        "integer" => "int",
        "varchar" | "char" | "character" => "string",
        b => b,
    };
    let unsigned = if t.contains("unsigned") {
        " unsigned"
    } else {
        ""
    };
    format!("{base}{unsigned}")
}

/// MariaDB's refusal to drop a table other tables' foreign keys point to. It drops the tables
/// of a list one by one, each checked against the tables still there: a parent after its
/// children goes; the error for one of several, after the others went, is refused by name.
pub fn innodb_drop(catalog: &Catalog, tables: &[String]) -> Option<StepError> {
    let is = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let kept = |i: usize| {
        let gone = |child: &str| tables[..=i].iter().any(|n| is(n, child));
        catalog
            .referencing(&tables[i])
            .any(|(child, _)| !gone(&child.name))
    };
    (0..tables.len()).find(|&i| kept(i))?;
    if tables.len() > 1 {
        let what = "DROP TABLE of a parent table before the tables referencing it";
        let instead =
            "drop the child tables first (MariaDB drops the others and fails on the parent)";
        return Some(super::common::unsupported_with(
            Dialect::MySql,
            what,
            instead,
        ));
    }
    let m = "Cannot delete or update a parent row: a foreign key constraint fails";
    Some(error("1451", m.into()))
}

/// MariaDB's 1701 for TRUNCATE of a table a foreign key points to: the first such key.
pub fn innodb_truncate(catalog: &Catalog, tables: &[String]) -> Option<StepError> {
    let (child, fk) = tables.iter().find_map(|t| catalog.referencing(t).next())?;
    // This message names the parent's database and leaves the actions out.
    let key = fk.quoted.replacen("REFERENCES `", "REFERENCES `test`.`", 1);
    let key = key.find(") ON ").map_or(&key[..], |end| &key[..=end]);
    let m = format!(
        "Cannot truncate a table referenced in a foreign key constraint (`test`.`{}`, {key})",
        child.name
    );
    Some(error("1701", m))
}

/// MariaDB's 1452 for a child row whose parent is not there (`parent`: the check was of the
/// parent), or 1451 for a parent row deleted, or its key changed, with `child` rows left.
pub fn innodb_fails(parent: bool, child: &str, fk: &ForeignKeyDef) -> StepError {
    let (code, what) = if parent {
        ("1452", "add or update a child")
    } else {
        ("1451", "delete or update a parent")
    };
    let m = format!(
        "Cannot {what} row: a foreign key constraint fails (`test`.`{child}`, {})",
        fk.quoted
    );
    error(code, m)
}

/// The first of `tables` a foreign key of a table not among them points to: PostgreSQL
/// drops or truncates none of them then.
pub fn still_referenced(catalog: &Catalog, tables: &[String]) -> Option<String> {
    let among = |t: &str| tables.iter().any(|n| n.eq_ignore_ascii_case(t));
    tables.iter().find_map(|parent| {
        catalog
            .referencing(parent)
            .any(|(child, _)| !among(&child.name))
            .then(|| parent.to_ascii_lowercase())
    })
}

/// PostgreSQL's 23503 for a child row whose parent is not there.
pub fn missing_parent(table: &str, fk: &ForeignKeyDef) -> StepError {
    error(
        "23503",
        format!(
            "insert or update on table \"{table}\" violates foreign key constraint \"{}\"",
            fk.name
        ),
    )
}

/// PostgreSQL's 23503 for a parent row deleted (or its key changed) with `child` rows left.
pub fn children_left(child: &str, fk: &ForeignKeyDef) -> StepError {
    error(
        "23503",
        format!(
            "update or delete on table \"{}\" violates foreign key constraint \"{}\" on table \"{child}\"",
            fk.parent, fk.name
        ),
    )
}

fn error(code: &str, message: String) -> StepError {
    StepError {
        class: crate::trace::ErrorClass::Other,
        native: code.into(),
        message,
        pos: None,
        fixed_text: None,
    }
}

/// What ran's note for a DELETE from a table whose rows children reference ON DELETE
/// CASCADE: the children's deletes run inside the statement and show only as marks in their
/// tables.
pub fn cascade_note(catalog: &Catalog, table: &str, dialect: Dialect) -> Option<String> {
    let children: Vec<String> = catalog
        .referencing(table)
        .filter(|(_, fk)| fk.cascade)
        .map(|(child, fk)| format!("{} ({})", child.name, fk.column))
        .collect();
    if children.is_empty() {
        return None;
    }
    let how = if dialect.checks_foreign_keys_per_row() {
        "InnoDB deletes them row by row inside the statement, locking each"
    } else {
        "PostgreSQL's foreign-key trigger deletes them at the statement's end, locking each FOR UPDATE"
    };
    Some(format!(
        "ON DELETE CASCADE: the rows of {} that reference a deleted row go with it, their own children in turn; {how}. The count is of {table}'s rows only",
        children.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::type_class;

    /// Checked on MariaDB 10.11: `int(10) unsigned` references `int unsigned`, `numeric(10,2)`
    /// references `decimal(10,2)`, `bigint` does not reference `int` (errno 150).
    #[test]
    fn foreign_key_columns_match_as_innodb_matches_them() {
        assert_eq!(type_class("int(10) unsigned"), type_class("INT UNSIGNED"));
        assert_eq!(type_class("numeric(10,2)"), type_class("decimal(10, 2)"));
        assert_eq!(type_class("varchar(10)"), type_class("varchar(40)"));
        assert_ne!(type_class("bigint"), type_class("int"));
        assert_ne!(type_class("int unsigned"), type_class("int"));
        assert_ne!(type_class("decimal(10,2)"), type_class("decimal(12,2)"));
    }
}
