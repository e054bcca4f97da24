//! PostgreSQL's foreign keys of one column, `REFERENCES parent [(column)]` with NO ACTION or
//! RESTRICT: read from CREATE TABLE into the catalog ([`ForeignKeyDef`]), and checked by the
//! engine at the end of each statement (`engine/lab/foreign_keys.rs`) as the server's
//! triggers do, taking FOR KEY SHARE on the parent row. The other dialects' foreign keys, and
//! the actions that change other rows (CASCADE, SET NULL), are refused by name.

use super::catalog::{Catalog, ForeignKeyDef, TableDef};
use super::ddl::Unsupported;
use super::exprs::last_ident;
use super::Dialect;
use crate::trace::StepError;
use queuelab_sql::Sql;
use sqlparser::ast::{ConstraintReferenceMatchKind, ForeignKeyConstraint, ReferentialAction};

/// What the other dialects get for a foreign key.
const NOT_MODELLED: &str = "foreign keys are modelled for PostgreSQL only (no check of the parent row, no lock on it here), so the run would differ from the server's; leave the constraint out and keep parent and child rows in step in the statements themselves";

/// Adds `fk` to `def`; its parent column is found in the catalog by [`resolve`].
pub fn add(
    def: &mut TableDef,
    fk: &ForeignKeyConstraint,
    dialect: Dialect,
) -> Result<(), Unsupported> {
    let refuse = |why: &str| Err(Unsupported(format!("`{}`: {why}", Sql(fk))));
    if dialect != Dialect::Postgres {
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
    if !plain(&fk.on_delete) || !plain(&fk.on_update) {
        return refuse("ON DELETE / ON UPDATE CASCADE, SET NULL and SET DEFAULT change the child rows, which is not modelled; use NO ACTION (the default) and delete the children first");
    }
    if fk.characteristics.is_some()
        || !matches!(
            fk.match_kind,
            None | Some(ConstraintReferenceMatchKind::Simple)
        )
    {
        return refuse("DEFERRABLE and MATCH FULL/PARTIAL are not modelled: the check runs at the end of each statement");
    }
    let name = fk.name.as_ref().map_or_else(
        || format!("{}_{}_fkey", def.name, column.value),
        |n| n.value.clone(),
    );
    def.foreign_keys.push(ForeignKeyDef {
        name: name.to_ascii_lowercase(),
        column: column.value.clone(),
        parent: last_ident(&fk.foreign_table).to_ascii_lowercase(),
        parent_column: fk
            .referred_columns
            .first()
            .map(|c| c.value.clone())
            .unwrap_or_default(),
    });
    Ok(())
}

/// Finds each foreign key's parent column (the parent's primary key when none is named), with
/// PostgreSQL's errors for a parent that does not exist or a column that no unique key holds.
pub fn resolve(def: &mut TableDef, catalog: &Catalog) -> Result<(), StepError> {
    let this = def.clone();
    for fk in &mut def.foreign_keys {
        let parent = if fk.parent.eq_ignore_ascii_case(&this.name) {
            &this
        } else {
            catalog.table(&fk.parent).ok_or_else(|| {
                error(
                    "42P01",
                    format!("relation \"{}\" does not exist", fk.parent),
                )
            })?
        };
        if fk.parent_column.is_empty() {
            match parent.primary_key.as_ref().map(|k| k.columns.as_slice()) {
                Some([c]) => fk.parent_column = c.clone(),
                _ => {
                    return Err(error(
                        "42830",
                        format!(
                            "there is no primary key for referenced table \"{}\"",
                            fk.parent
                        ),
                    ))
                }
            }
        }
        let unique = parent.unique_keys().any(
            |k| matches!(k.columns.as_slice(), [c] if c.eq_ignore_ascii_case(&fk.parent_column)),
        );
        if !unique {
            return Err(error(
                "42830",
                format!(
                    "there is no unique constraint matching given keys for referenced table \"{}\"",
                    fk.parent
                ),
            ));
        }
    }
    Ok(())
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
