//! SELECT: hints and modifiers, DISTINCT, TOP, the select list, INTO, FROM, WHERE,
//! GROUP BY, HAVING and WINDOW.
//!
//! The clauses of other databases that the parser refuses by name (LATERAL VIEW, PREWHERE,
//! CONNECT BY, CLUSTER/DISTRIBUTE/SORT BY, QUALIFY, `SELECT AS VALUE`, FROM-first selects,
//! wildcard EXCLUDE/EXCEPT/REPLACE/RENAME/ILIKE, GROUP BY modifiers) print as
//! [`super::UNPRINTABLE`].

use super::{comma, opt, unprintable, ToSql};
use sqlparser::ast::{
    Distinct, GroupByExpr, NamedWindowDefinition, NamedWindowExpr, OptimizerHint,
    OptimizerHintStyle, Select, SelectFlavor, SelectInto, SelectItem,
    SelectItemQualifiedWildcardKind, SelectModifiers, Top, TopQuantity, WildcardAdditionalOptions,
};

impl ToSql for Select {
    fn write_sql(&self, out: &mut String) {
        if self.flavor != SelectFlavor::Standard || self.value_table_mode.is_some() {
            unprintable(out);
        }
        out.push_str("SELECT");
        for hint in &self.optimizer_hints {
            out.push(' ');
            hint.write_sql(out);
        }
        if self.top_before_distinct {
            unprintable(out);
        }
        opt(out, " ", &self.distinct);
        opt(out, " ", &self.top);
        if let Some(modifiers) = &self.select_modifiers {
            modifiers.write_sql(out);
        }
        if !self.projection.is_empty() {
            out.push(' ');
            comma(out, &self.projection);
        }
        if self.exclude.is_some() {
            unprintable(out);
        }
        opt(out, " ", &self.into);
        if !self.from.is_empty() {
            out.push_str(" FROM ");
            comma(out, &self.from);
        }
        if !self.lateral_views.is_empty() || self.prewhere.is_some() {
            unprintable(out);
        }
        opt(out, " WHERE ", &self.selection);
        if !self.connect_by.is_empty() {
            unprintable(out);
        }
        // Every select holds a GROUP BY; an empty list of them stands for none.
        if !matches!(&self.group_by, GroupByExpr::Expressions(exprs, _) if exprs.is_empty()) {
            out.push(' ');
            self.group_by.write_sql(out);
        }
        if !self.cluster_by.is_empty() || !self.distribute_by.is_empty() || !self.sort_by.is_empty()
        {
            unprintable(out);
        }
        opt(out, " HAVING ", &self.having);
        // Without QUALIFY, where WINDOW goes (`window_before_qualify`) changes nothing.
        if self.qualify.is_some() {
            unprintable(out);
        }
        if !self.named_window.is_empty() {
            out.push_str(" WINDOW ");
            comma(out, &self.named_window);
        }
    }
}

/// As a comment, the way it was read: the single-line style keeps its line's end.
impl ToSql for OptimizerHint {
    fn write_sql(&self, out: &mut String) {
        let single_line = match &self.style {
            OptimizerHintStyle::SingleLine { prefix } => {
                out.push_str(prefix);
                true
            }
            OptimizerHintStyle::MultiLine => {
                out.push_str("/*");
                false
            }
        };
        out.push_str(&self.prefix);
        out.push('+');
        out.push_str(&self.text);
        out.push_str(if single_line { "\n" } else { "*/" });
    }
}

impl ToSql for Distinct {
    fn write_sql(&self, out: &mut String) {
        match self {
            Distinct::All => out.push_str("ALL"),
            Distinct::Distinct => out.push_str("DISTINCT"),
            Distinct::On(exprs) => {
                out.push_str("DISTINCT ON (");
                comma(out, exprs);
                out.push(')');
            }
        }
    }
}

impl ToSql for Top {
    fn write_sql(&self, out: &mut String) {
        out.push_str("TOP");
        match &self.quantity {
            Some(TopQuantity::Expr(expr)) => {
                out.push_str(" (");
                expr.write_sql(out);
                out.push(')');
            }
            Some(TopQuantity::Constant(n)) => {
                out.push(' ');
                out.push_str(&n.to_string());
            }
            // Every TOP the parser or the engine builds has its quantity.
            None => unprintable(out),
        }
        if self.percent {
            out.push_str(" PERCENT");
        }
        if self.with_ties {
            out.push_str(" WITH TIES");
        }
    }
}

/// MySQL's modifiers, each with its own leading space, in `Display`'s fixed order.
impl ToSql for SelectModifiers {
    fn write_sql(&self, out: &mut String) {
        let flags = [
            (self.high_priority, " HIGH_PRIORITY"),
            (self.straight_join, " STRAIGHT_JOIN"),
            (self.sql_small_result, " SQL_SMALL_RESULT"),
            (self.sql_big_result, " SQL_BIG_RESULT"),
            (self.sql_buffer_result, " SQL_BUFFER_RESULT"),
            (self.sql_no_cache, " SQL_NO_CACHE"),
            (self.sql_calc_found_rows, " SQL_CALC_FOUND_ROWS"),
        ];
        for (set, word) in flags {
            if set {
                out.push_str(word);
            }
        }
    }
}

impl ToSql for SelectItem {
    fn write_sql(&self, out: &mut String) {
        match self {
            SelectItem::UnnamedExpr(expr) => expr.write_sql(out),
            SelectItem::ExprWithAlias { expr, alias } => {
                expr.write_sql(out);
                out.push_str(" AS ");
                alias.write_sql(out);
            }
            SelectItem::ExprWithAliases { expr, aliases } => {
                expr.write_sql(out);
                out.push_str(" AS (");
                comma(out, aliases);
                out.push(')');
            }
            SelectItem::QualifiedWildcard(kind, options) => {
                kind.write_sql(out);
                options.write_sql(out);
            }
            SelectItem::Wildcard(options) => {
                out.push('*');
                options.write_sql(out);
            }
        }
    }
}

impl ToSql for SelectItemQualifiedWildcardKind {
    fn write_sql(&self, out: &mut String) {
        match self {
            SelectItemQualifiedWildcardKind::ObjectName(name) => {
                name.write_sql(out);
                out.push_str(".*");
            }
            // `expr.*` is BigQuery's; the parser reads only `name.*`.
            SelectItemQualifiedWildcardKind::Expr(_) => unprintable(out),
        }
    }
}

/// What follows `*`: PostgreSQL's alias is all the parser reads.
impl ToSql for WildcardAdditionalOptions {
    fn write_sql(&self, out: &mut String) {
        if self.opt_ilike.is_some()
            || self.opt_exclude.is_some()
            || self.opt_except.is_some()
            || self.opt_replace.is_some()
            || self.opt_rename.is_some()
        {
            unprintable(out);
        }
        opt(out, " AS ", &self.opt_alias);
    }
}

impl ToSql for SelectInto {
    fn write_sql(&self, out: &mut String) {
        out.push_str("INTO");
        if self.temporary {
            out.push_str(" TEMPORARY");
        }
        if self.unlogged {
            out.push_str(" UNLOGGED");
        }
        if self.table {
            out.push_str(" TABLE");
        }
        out.push(' ');
        comma(out, &self.targets);
    }
}

impl ToSql for GroupByExpr {
    fn write_sql(&self, out: &mut String) {
        let modifiers = match self {
            GroupByExpr::All(modifiers) => {
                out.push_str("GROUP BY ALL");
                modifiers
            }
            GroupByExpr::Expressions(exprs, modifiers) => {
                out.push_str("GROUP BY ");
                comma(out, exprs);
                modifiers
            }
        };
        // WITH ROLLUP and the like: refused by the parser.
        if !modifiers.is_empty() {
            unprintable(out);
        }
    }
}

impl ToSql for NamedWindowDefinition {
    fn write_sql(&self, out: &mut String) {
        self.0.write_sql(out);
        out.push_str(" AS ");
        match &self.1 {
            NamedWindowExpr::NamedWindow(name) => name.write_sql(out),
            NamedWindowExpr::WindowSpec(spec) => {
                out.push('(');
                spec.write_sql(out);
                out.push(')');
            }
        }
    }
}
