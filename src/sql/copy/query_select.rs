//! SELECT: hints and modifiers, DISTINCT, TOP, the select list, INTO, FROM, WHERE,
//! GROUP BY, HAVING and WINDOW.
//!
//! A select holding a clause of other databases that the parser refuses by name (LATERAL
//! VIEW, PREWHERE, CONNECT BY, CLUSTER/DISTRIBUTE/SORT BY, QUALIFY, EXCLUDE after the list)
//! copies as a select of the marker; so do `expr.*`, wildcard ILIKE/EXCLUDE/EXCEPT/REPLACE/
//! RENAME and GROUP BY modifiers, each in its own node.

use super::{marker_expr, marker_ident, marker_name, Duplicate};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    Distinct, GroupByExpr, NamedWindowDefinition, NamedWindowExpr, Select, SelectFlavor,
    SelectInto, SelectItem, SelectItemQualifiedWildcardKind, Top, TopQuantity,
    WildcardAdditionalOptions,
};

impl Duplicate for Select {
    fn copy_of(&self) -> Self {
        if !covered(self) {
            return marker_select();
        }
        Select {
            select_token: self.select_token.copy_of(),
            // Hints are the words of a comment and modifiers are flags: standalone.
            optimizer_hints: self.optimizer_hints.clone(),
            distinct: self.distinct.copy_of(),
            select_modifiers: self.select_modifiers.clone(),
            top: self.top.copy_of(),
            top_before_distinct: self.top_before_distinct,
            projection: self.projection.copy_of(),
            exclude: None,
            into: self.into.copy_of(),
            from: self.from.copy_of(),
            lateral_views: vec![],
            prewhere: None,
            selection: self.selection.copy_of(),
            connect_by: vec![],
            group_by: self.group_by.copy_of(),
            cluster_by: vec![],
            distribute_by: vec![],
            sort_by: vec![],
            having: self.having.copy_of(),
            named_window: self.named_window.copy_of(),
            qualify: None,
            window_before_qualify: self.window_before_qualify,
            value_table_mode: self.value_table_mode,
            flavor: self.flavor,
        }
    }
}

/// Whether every clause the copy leaves out is absent.
fn covered(select: &Select) -> bool {
    select.exclude.is_none()
        && select.lateral_views.is_empty()
        && select.prewhere.is_none()
        && select.connect_by.is_empty()
        && select.cluster_by.is_empty()
        && select.distribute_by.is_empty()
        && select.sort_by.is_empty()
        && select.qualify.is_none()
}

/// The placeholder of a select the copy does not cover: `SELECT` of the marker.
pub(crate) fn marker_select() -> Select {
    Select {
        select_token: AttachedToken::empty(),
        optimizer_hints: vec![],
        distinct: None,
        select_modifiers: None,
        top: None,
        top_before_distinct: false,
        projection: vec![SelectItem::UnnamedExpr(marker_expr())],
        exclude: None,
        into: None,
        from: vec![],
        lateral_views: vec![],
        prewhere: None,
        selection: None,
        connect_by: vec![],
        group_by: GroupByExpr::Expressions(vec![], vec![]),
        cluster_by: vec![],
        distribute_by: vec![],
        sort_by: vec![],
        having: None,
        named_window: vec![],
        qualify: None,
        window_before_qualify: false,
        value_table_mode: None,
        flavor: SelectFlavor::Standard,
    }
}

impl Duplicate for Distinct {
    fn copy_of(&self) -> Self {
        match self {
            Distinct::All => Distinct::All,
            Distinct::Distinct => Distinct::Distinct,
            Distinct::On(exprs) => Distinct::On(exprs.copy_of()),
        }
    }
}

impl Duplicate for Top {
    fn copy_of(&self) -> Self {
        Top {
            with_ties: self.with_ties,
            percent: self.percent,
            quantity: self.quantity.copy_of(),
        }
    }
}

impl Duplicate for TopQuantity {
    fn copy_of(&self) -> Self {
        match self {
            TopQuantity::Expr(expr) => TopQuantity::Expr(expr.copy_of()),
            TopQuantity::Constant(n) => TopQuantity::Constant(*n),
        }
    }
}

impl Duplicate for SelectItem {
    fn copy_of(&self) -> Self {
        match self {
            SelectItem::UnnamedExpr(expr) => SelectItem::UnnamedExpr(expr.copy_of()),
            SelectItem::ExprWithAlias { expr, alias } => SelectItem::ExprWithAlias {
                expr: expr.copy_of(),
                alias: alias.clone(),
            },
            SelectItem::ExprWithAliases { expr, aliases } => SelectItem::ExprWithAliases {
                expr: expr.copy_of(),
                aliases: aliases.clone(),
            },
            SelectItem::QualifiedWildcard(kind, options) => {
                SelectItem::QualifiedWildcard(kind.copy_of(), options.copy_of())
            }
            SelectItem::Wildcard(options) => SelectItem::Wildcard(options.copy_of()),
        }
    }
}

impl Duplicate for SelectItemQualifiedWildcardKind {
    fn copy_of(&self) -> Self {
        match self {
            SelectItemQualifiedWildcardKind::ObjectName(name) => {
                SelectItemQualifiedWildcardKind::ObjectName(name.copy_of())
            }
            // `expr.*` is BigQuery's; the parser reads only `name.*`.
            SelectItemQualifiedWildcardKind::Expr(_) => {
                SelectItemQualifiedWildcardKind::ObjectName(marker_name())
            }
        }
    }
}

impl Duplicate for WildcardAdditionalOptions {
    fn copy_of(&self) -> Self {
        let covered = self.opt_ilike.is_none()
            && self.opt_exclude.is_none()
            && self.opt_except.is_none()
            && self.opt_replace.is_none()
            && self.opt_rename.is_none();
        WildcardAdditionalOptions {
            wildcard_token: self.wildcard_token.copy_of(),
            opt_ilike: None,
            opt_exclude: None,
            opt_except: None,
            opt_replace: None,
            opt_rename: None,
            // What the parser never reads becomes an alias of the marker.
            opt_alias: if covered {
                self.opt_alias.clone()
            } else {
                Some(marker_ident())
            },
        }
    }
}

impl Duplicate for SelectInto {
    fn copy_of(&self) -> Self {
        SelectInto {
            temporary: self.temporary,
            unlogged: self.unlogged,
            table: self.table,
            targets: self.targets.copy_of(),
        }
    }
}

impl Duplicate for GroupByExpr {
    fn copy_of(&self) -> Self {
        match self {
            GroupByExpr::All(modifiers) if modifiers.is_empty() => GroupByExpr::All(vec![]),
            GroupByExpr::Expressions(exprs, modifiers) if modifiers.is_empty() => {
                GroupByExpr::Expressions(exprs.copy_of(), vec![])
            }
            // WITH ROLLUP and the like: refused by the parser.
            _ => GroupByExpr::Expressions(vec![marker_expr()], vec![]),
        }
    }
}

impl Duplicate for NamedWindowDefinition {
    fn copy_of(&self) -> Self {
        let window = match &self.1 {
            NamedWindowExpr::NamedWindow(name) => NamedWindowExpr::NamedWindow(name.clone()),
            // The expression area's: no copy of its own yet.
            NamedWindowExpr::WindowSpec(spec) => NamedWindowExpr::WindowSpec(spec.copy_of()),
        };
        NamedWindowDefinition(self.0.clone(), window)
    }
}
