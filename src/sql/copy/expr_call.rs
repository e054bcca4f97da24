//! Function calls: arguments and their clauses, WITHIN GROUP, FILTER, and OVER with its
//! window specification and frame.
//!
//! Cloned as standalone: `Ident` and `FunctionArgOperator` (no fields); `NullTreatment`,
//! `DuplicateTreatment` and `WindowFrameUnits` are `Copy`; a separator literal is copied by
//! `value.rs`.

use super::{marker_expr, Duplicate};
use sqlparser::ast::{
    Function, FunctionArg, FunctionArgExpr, FunctionArgumentClause, FunctionArgumentList,
    FunctionArguments, WindowFrame, WindowFrameBound, WindowSpec, WindowType,
};

// ODBC's braces, ClickHouse's parameters and IGNORE/RESPECT NULLS, which our parser refuses,
// are copied as they are too: each costs no more than the field-by-field copy itself.
impl Duplicate for Function {
    fn copy_of(&self) -> Self {
        Function {
            name: self.name.copy_of(),
            uses_odbc_syntax: self.uses_odbc_syntax,
            parameters: self.parameters.copy_of(),
            args: self.args.copy_of(),
            within_group: self.within_group.copy_of(),
            filter: self.filter.copy_of(),
            null_treatment: self.null_treatment,
            over: self.over.copy_of(),
        }
    }
}

impl Duplicate for FunctionArguments {
    fn copy_of(&self) -> Self {
        match self {
            FunctionArguments::None => FunctionArguments::None,
            FunctionArguments::Subquery(query) => FunctionArguments::Subquery(query.copy_of()),
            FunctionArguments::List(list) => FunctionArguments::List(list.copy_of()),
        }
    }
}

impl Duplicate for FunctionArgumentList {
    fn copy_of(&self) -> Self {
        FunctionArgumentList {
            duplicate_treatment: self.duplicate_treatment,
            args: self.args.copy_of(),
            clauses: self.clauses.copy_of(),
        }
    }
}

impl Duplicate for FunctionArgumentClause {
    fn copy_of(&self) -> Self {
        match self {
            FunctionArgumentClause::IgnoreOrRespectNulls(n) => {
                FunctionArgumentClause::IgnoreOrRespectNulls(*n)
            }
            FunctionArgumentClause::Where(e) => FunctionArgumentClause::Where(e.copy_of()),
            FunctionArgumentClause::OrderBy(items) => {
                FunctionArgumentClause::OrderBy(items.copy_of())
            }
            FunctionArgumentClause::Limit(e) => FunctionArgumentClause::Limit(e.copy_of()),
            FunctionArgumentClause::Separator(v) => FunctionArgumentClause::Separator(v.copy_of()),
            // Refused by our parser: LISTAGG's ON OVERFLOW, HAVING MIN/MAX and the JSON
            // functions' clauses.
            FunctionArgumentClause::OnOverflow(_)
            | FunctionArgumentClause::Having(_)
            | FunctionArgumentClause::JsonNullClause(_)
            | FunctionArgumentClause::JsonReturningClause(_) => {
                FunctionArgumentClause::Where(marker_expr())
            }
        }
    }
}

impl Duplicate for FunctionArg {
    fn copy_of(&self) -> Self {
        match self {
            FunctionArg::Named {
                name,
                arg,
                operator,
            } => FunctionArg::Named {
                name: name.clone(),
                arg: arg.copy_of(),
                operator: operator.clone(),
            },
            FunctionArg::ExprNamed {
                name,
                arg,
                operator,
            } => FunctionArg::ExprNamed {
                name: name.copy_of(),
                arg: arg.copy_of(),
                operator: operator.clone(),
            },
            FunctionArg::Unnamed(arg) => FunctionArg::Unnamed(arg.copy_of()),
        }
    }
}

impl Duplicate for FunctionArgExpr {
    fn copy_of(&self) -> Self {
        match self {
            FunctionArgExpr::Expr(e) => FunctionArgExpr::Expr(e.copy_of()),
            FunctionArgExpr::QualifiedWildcard(name) => {
                FunctionArgExpr::QualifiedWildcard(name.copy_of())
            }
            FunctionArgExpr::Wildcard => FunctionArgExpr::Wildcard,
            // `*` with EXCLUDE/REPLACE options, which no call of ours takes.
            FunctionArgExpr::WildcardWithOptions(_) => FunctionArgExpr::Expr(marker_expr()),
        }
    }
}

impl Duplicate for WindowType {
    fn copy_of(&self) -> Self {
        match self {
            WindowType::WindowSpec(spec) => WindowType::WindowSpec(spec.copy_of()),
            WindowType::NamedWindow(name) => WindowType::NamedWindow(name.clone()),
        }
    }
}

impl Duplicate for WindowSpec {
    fn copy_of(&self) -> Self {
        WindowSpec {
            window_name: self.window_name.clone(),
            partition_by: self.partition_by.copy_of(),
            order_by: self.order_by.copy_of(),
            window_frame: self.window_frame.copy_of(),
        }
    }
}

impl Duplicate for WindowFrame {
    fn copy_of(&self) -> Self {
        WindowFrame {
            units: self.units,
            start_bound: self.start_bound.copy_of(),
            end_bound: self.end_bound.copy_of(),
        }
    }
}

impl Duplicate for WindowFrameBound {
    fn copy_of(&self) -> Self {
        match self {
            WindowFrameBound::CurrentRow => WindowFrameBound::CurrentRow,
            WindowFrameBound::Preceding(n) => WindowFrameBound::Preceding(n.copy_of()),
            WindowFrameBound::Following(n) => WindowFrameBound::Following(n.copy_of()),
        }
    }
}
