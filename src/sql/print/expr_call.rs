//! Function calls: arguments and their clauses, WITHIN GROUP, FILTER, and OVER with its
//! window specification and frame.

use super::{comma, opt, separated, unprintable, ToSql};
use sqlparser::ast::{
    DuplicateTreatment, Function, FunctionArg, FunctionArgExpr, FunctionArgOperator,
    FunctionArgumentClause, FunctionArgumentList, FunctionArguments, WindowFrame, WindowFrameBound,
    WindowFrameUnits, WindowSpec, WindowType,
};

impl ToSql for Function {
    fn write_sql(&self, out: &mut String) {
        // ODBC's `{fn f()}`, ClickHouse's `f(params)(args)` and IGNORE/RESPECT NULLS after
        // the call: our parser refuses all three.
        let refused = self.uses_odbc_syntax
            || !matches!(self.parameters, FunctionArguments::None)
            || self.null_treatment.is_some();
        if refused {
            return unprintable(out);
        }
        self.name.write_sql(out);
        self.args.write_sql(out);
        if !self.within_group.is_empty() {
            out.push_str(" WITHIN GROUP (ORDER BY ");
            comma(out, &self.within_group);
            out.push(')');
        }
        if let Some(filter) = &self.filter {
            out.push_str(" FILTER (WHERE ");
            filter.write_sql(out);
            out.push(')');
        }
        opt(out, " OVER ", &self.over);
    }
}

impl ToSql for FunctionArguments {
    fn write_sql(&self, out: &mut String) {
        match self {
            FunctionArguments::None => return,
            FunctionArguments::Subquery(query) => {
                out.push('(');
                query.write_sql(out);
            }
            FunctionArguments::List(list) => {
                out.push('(');
                list.write_sql(out);
            }
        }
        out.push(')');
    }
}

impl ToSql for FunctionArgumentList {
    fn write_sql(&self, out: &mut String) {
        match self.duplicate_treatment {
            Some(DuplicateTreatment::Distinct) => out.push_str("DISTINCT "),
            Some(DuplicateTreatment::All) => out.push_str("ALL "),
            None => {}
        }
        comma(out, &self.args);
        if !self.clauses.is_empty() {
            if !self.args.is_empty() {
                out.push(' ');
            }
            separated(out, &self.clauses, " ");
        }
    }
}

impl ToSql for FunctionArgumentClause {
    fn write_sql(&self, out: &mut String) {
        match self {
            FunctionArgumentClause::Where(e) => {
                out.push_str("WHERE ");
                e.write_sql(out);
            }
            FunctionArgumentClause::OrderBy(items) => {
                out.push_str("ORDER BY ");
                comma(out, items);
            }
            FunctionArgumentClause::Limit(e) => {
                out.push_str("LIMIT ");
                e.write_sql(out);
            }
            FunctionArgumentClause::Separator(v) => {
                out.push_str("SEPARATOR ");
                v.write_sql(out);
            }
            // Refused by our parser: IGNORE/RESPECT NULLS inside the parentheses, LISTAGG's
            // ON OVERFLOW, HAVING MIN/MAX and the JSON functions' clauses.
            FunctionArgumentClause::IgnoreOrRespectNulls(_)
            | FunctionArgumentClause::OnOverflow(_)
            | FunctionArgumentClause::Having(_)
            | FunctionArgumentClause::JsonNullClause(_)
            | FunctionArgumentClause::JsonReturningClause(_) => unprintable(out),
        }
    }
}

impl ToSql for FunctionArg {
    fn write_sql(&self, out: &mut String) {
        match self {
            FunctionArg::Named {
                name,
                arg,
                operator,
            } => {
                name.write_sql(out);
                named_arg(out, operator, arg);
            }
            FunctionArg::ExprNamed {
                name,
                arg,
                operator,
            } => {
                name.write_sql(out);
                named_arg(out, operator, arg);
            }
            FunctionArg::Unnamed(arg) => arg.write_sql(out),
        }
    }
}

/// What follows a named argument's name: ` op arg`.
fn named_arg(out: &mut String, operator: &FunctionArgOperator, arg: &FunctionArgExpr) {
    out.push(' ');
    operator.write_sql(out);
    out.push(' ');
    arg.write_sql(out);
}

impl ToSql for FunctionArgOperator {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            FunctionArgOperator::RightArrow => "=>",
            FunctionArgOperator::Assignment => ":=",
            FunctionArgOperator::Colon => ":",
            FunctionArgOperator::Value => "VALUE",
            // `name = value` and `name value`: no flavour of ours reads them.
            FunctionArgOperator::Equals | FunctionArgOperator::Space => return unprintable(out),
        });
    }
}

impl ToSql for FunctionArgExpr {
    fn write_sql(&self, out: &mut String) {
        match self {
            FunctionArgExpr::Expr(e) => e.write_sql(out),
            FunctionArgExpr::QualifiedWildcard(name) => {
                name.write_sql(out);
                out.push_str(".*");
            }
            FunctionArgExpr::Wildcard => out.push('*'),
            // `*` with EXCLUDE/REPLACE options, which no call of ours takes.
            FunctionArgExpr::WildcardWithOptions(_) => unprintable(out),
        }
    }
}

impl ToSql for WindowType {
    fn write_sql(&self, out: &mut String) {
        match self {
            WindowType::WindowSpec(spec) => {
                out.push('(');
                spec.write_sql(out);
                out.push(')');
            }
            WindowType::NamedWindow(name) => name.write_sql(out),
        }
    }
}

impl ToSql for WindowSpec {
    fn write_sql(&self, out: &mut String) {
        // The parts present, one space between each two.
        let mut first = true;
        if let Some(name) = &self.window_name {
            first = false;
            name.write_sql(out);
        }
        if !self.partition_by.is_empty() {
            space_unless_first(out, &mut first);
            out.push_str("PARTITION BY ");
            comma(out, &self.partition_by);
        }
        if !self.order_by.is_empty() {
            space_unless_first(out, &mut first);
            out.push_str("ORDER BY ");
            comma(out, &self.order_by);
        }
        if let Some(frame) = &self.window_frame {
            space_unless_first(out, &mut first);
            window_frame(out, frame);
        }
    }
}

fn space_unless_first(out: &mut String, first: &mut bool) {
    if !*first {
        out.push(' ');
    }
    *first = false;
}

/// `units start` or `units BETWEEN start AND end` (`WindowFrame` has no `Display`, so no
/// `ToSql` either).
fn window_frame(out: &mut String, frame: &WindowFrame) {
    out.push_str(match frame.units {
        WindowFrameUnits::Rows => "ROWS ",
        WindowFrameUnits::Range => "RANGE ",
        WindowFrameUnits::Groups => "GROUPS ",
    });
    match &frame.end_bound {
        None => frame.start_bound.write_sql(out),
        Some(end) => {
            out.push_str("BETWEEN ");
            frame.start_bound.write_sql(out);
            out.push_str(" AND ");
            end.write_sql(out);
        }
    }
}

impl ToSql for WindowFrameBound {
    fn write_sql(&self, out: &mut String) {
        let (n, side) = match self {
            WindowFrameBound::CurrentRow => return out.push_str("CURRENT ROW"),
            WindowFrameBound::Preceding(n) => (n, " PRECEDING"),
            WindowFrameBound::Following(n) => (n, " FOLLOWING"),
        };
        match n {
            Some(n) => n.write_sql(out),
            None => out.push_str("UNBOUNDED"),
        }
        out.push_str(side);
    }
}
