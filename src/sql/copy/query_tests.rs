//! The placeholders of the query nodes no one builds, which must copy to something that
//! prints the marker. (The corpus's query nodes, the query shapes and the engine's trees are
//! held to `Clone` in `crate::sql::tests`.)

use crate::sql::copy::Duplicate;
use crate::sql::print::{ToSql, UNPRINTABLE};
use crate::sql::tests::{first_table, number, printed, query, select_of};
use crate::sql::Flavor;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    ForClause, FormatClause, GroupByExpr, GroupByWithModifier, Ident, IlikeSelectItem, Interpolate,
    JsonPath, LimitClause, Merge, OrderByKind, OrderByOptions, SelectItem,
    SelectItemQualifiedWildcardKind, SetExpr, Setting, Statement, TableFactor, TableFunctionArgs,
    TableSample, TableSampleKind, TableSampleModifier, TableVersion,
};

/// Fails unless `node` copies to something that prints the marker.
fn copies_to_marker<T: Duplicate + ToSql>(what: &str, node: &T) -> Result<(), String> {
    let text = printed(&node.copy_of());
    if text.contains(UNPRINTABLE) {
        Ok(())
    } else {
        Err(format!("{what} copied to {text}"))
    }
}

#[test]
fn queries_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let base = query(Flavor::Generic, "SELECT a FROM t ORDER BY a LIMIT 1")?;
    let mut q = base.copy_of();
    q.settings = Some(vec![Setting {
        key: Ident::new("k"),
        value: number("1"),
    }]);
    copies_to_marker("SETTINGS", &q)?;
    let mut q = base.copy_of();
    q.for_clause = Some(ForClause::Browse);
    copies_to_marker("FOR BROWSE", &q)?;
    let mut q = base.copy_of();
    q.format_clause = Some(FormatClause::Null);
    copies_to_marker("FORMAT", &q)?;

    let mut q = base.copy_of();
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.kind = OrderByKind::All(OrderByOptions::default());
    }
    copies_to_marker("ORDER BY ALL", &q)?;
    let mut q = base.copy_of();
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.interpolate = Some(Interpolate { exprs: None });
    }
    copies_to_marker("INTERPOLATE", &q)?;
    let mut q = base.copy_of();
    q.limit_clause = Some(LimitClause::LimitOffset {
        limit: Some(number("1")),
        offset: None,
        limit_by: vec![number("2")],
    });
    copies_to_marker("LIMIT BY", &q)?;

    let merge = Statement::Merge(Merge {
        merge_token: AttachedToken::empty(),
        optimizer_hints: vec![],
        into: true,
        table: crate::sql::copy::query_from::marker_table(),
        source: crate::sql::copy::query_from::marker_table(),
        on: Box::new(number("1")),
        clauses: vec![],
        output: None,
    });
    copies_to_marker("MERGE", &SetExpr::Merge(merge))
}

#[test]
fn selects_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let mut base = query(Flavor::Generic, "SELECT a, t.*, * FROM t GROUP BY a")?;
    let select = select_of(&mut base)?;
    let mut s = select.copy_of();
    s.qualify = Some(number("1"));
    copies_to_marker("QUALIFY", &s)?;
    let mut s = select.copy_of();
    s.prewhere = Some(number("1"));
    copies_to_marker("PREWHERE", &s)?;
    let mut s = select.copy_of();
    s.cluster_by = vec![number("1")];
    copies_to_marker("CLUSTER BY", &s)?;

    let mut s = select.copy_of();
    s.group_by = GroupByExpr::Expressions(vec![number("1")], vec![GroupByWithModifier::Rollup]);
    copies_to_marker("WITH ROLLUP", &s)?;
    s.group_by = GroupByExpr::All(vec![GroupByWithModifier::Totals]);
    copies_to_marker("GROUP BY ALL WITH TOTALS", &s)?;

    let mut s = select.copy_of();
    if let Some(SelectItem::QualifiedWildcard(kind, _)) = s.projection.get_mut(1) {
        *kind = SelectItemQualifiedWildcardKind::Expr(number("1"));
    }
    copies_to_marker("expr.*", &s)?;
    let mut s = select.copy_of();
    if let Some(SelectItem::Wildcard(options)) = s.projection.get_mut(2) {
        options.opt_ilike = Some(IlikeSelectItem {
            pattern: "a%".to_string(),
        });
    }
    copies_to_marker("* ILIKE", &s)
}

#[test]
fn tables_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let mut base = query(Flavor::Generic, "SELECT * FROM t AS x")?;
    let table = first_table(&mut base)?.copy_of();
    let mut t = table.copy_of();
    if let TableFactor::Table { version, .. } = &mut t {
        *version = Some(TableVersion::ForSystemTimeAsOf(number("1")));
    }
    copies_to_marker("time travel", &t)?;
    let mut t = table.copy_of();
    if let TableFactor::Table { json_path, .. } = &mut t {
        *json_path = Some(JsonPath { path: vec![] });
    }
    copies_to_marker("a PartiQL path", &t)?;
    let mut t = table.copy_of();
    if let TableFactor::Table { args, .. } = &mut t {
        *args = Some(TableFunctionArgs {
            args: vec![],
            settings: Some(vec![]),
        });
    }
    copies_to_marker("a table function's SETTINGS", &t)?;
    let mut derived = query(Flavor::Generic, "SELECT * FROM (SELECT 1) AS d")?;
    if let TableFactor::Derived { sample, .. } = first_table(&mut derived)? {
        *sample = Some(TableSampleKind::AfterTableAlias(Box::new(TableSample {
            modifier: TableSampleModifier::TableSample,
            name: None,
            quantity: None,
            seed: None,
            bucket: None,
            offset: None,
        })));
    }
    copies_to_marker("a derived table's TABLESAMPLE", &derived)?;
    let unpivot = TableFactor::UnpivotExpr {
        expression: number("1"),
        value_alias: Ident::new("v"),
        attribute_alias: None,
    };
    copies_to_marker("UNPIVOT", &unpivot)
}
