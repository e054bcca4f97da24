//! The statement parts no one builds, which must print as the unprintable marker rather
//! than as something else. (Statements of each flavour and the engine's rewrites are held to
//! `Display` in `crate::sql::tests`.)

use crate::sql::print::UNPRINTABLE;
use crate::sql::tests::{printed, statement as parsed};
use crate::sql::Flavor;
use sqlparser::ast::{ColumnOption, Ident, Statement};

/// What neither the parser nor the engine builds prints as the marker SQLite refuses.
#[test]
fn parts_no_one_builds_are_unprintable() -> Result<(), String> {
    let Statement::Insert(mut ins) = parsed(Flavor::MySql, "INSERT INTO t VALUES (1)")? else {
        return Err("not an INSERT".into());
    };
    ins.after_columns = vec![Ident::new("a")];
    assert!(printed(&Statement::Insert(ins)).contains(UNPRINTABLE));

    let Statement::CreateTable(mut table) = parsed(Flavor::MySql, "CREATE TABLE t (a INT)")? else {
        return Err("not a CREATE TABLE".into());
    };
    table.copy_grants = true;
    assert!(printed(&Statement::CreateTable(table)).contains(UNPRINTABLE));

    let Statement::CreateTable(mut table) = parsed(Flavor::MySql, "CREATE TABLE t (a INT UNIQUE)")?
    else {
        return Err("not a CREATE TABLE".into());
    };
    let option = table
        .columns
        .first_mut()
        .and_then(|c| c.options.first_mut());
    if let Some(ColumnOption::Unique(key)) = option.map(|o| &mut o.option) {
        key.columns = vec!["b".into()];
    }
    assert!(printed(&Statement::CreateTable(table)).contains(UNPRINTABLE));

    assert!(printed(&Statement::Kill {
        modifier: None,
        id: 1
    })
    .contains(UNPRINTABLE));
    Ok(())
}
