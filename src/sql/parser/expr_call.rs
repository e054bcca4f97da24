//! Function calls: the argument list (DISTINCT, `*`, named arguments, ORDER BY,
//! SEPARATOR, ...), WITHIN GROUP, FILTER and OVER with its window specification and frame.
//! (IGNORE/RESPECT NULLS, the JSON functions' clauses, LISTAGG's ON OVERFLOW, XMLPARSE and
//! ClickHouse's parametric calls are refused by name.)

use super::prefix::is_plain_name;
use crate::sql::parser::{parser_err, Parser};
use crate::sql::Flavor;
use sqlparser::ast::{
    DuplicateTreatment, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgOperator,
    FunctionArgumentClause, FunctionArgumentList, FunctionArguments, ObjectName, WindowFrame,
    WindowFrameBound, WindowFrameUnits, WindowSpec, WindowType,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// `f(a => 1)` style names taken as whole expressions (PostgreSQL, T-SQL).
    fn expr_named_args_by_expr(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::MsSql)
    }

    /// `FILTER (WHERE ...)` after an aggregate.
    fn expr_filter_clause(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Sqlite | Flavor::Generic)
    }

    /// `f(x AS name)` (PostgreSQL's XMLFOREST and the like).
    fn expr_aliased_args(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// A call of `name`, from its `(` (sqlparser's `parse_function`).
    ///
    /// The arguments are read apart from what follows them, and each part by a function
    /// of its own, so that the frames live while an argument is read stay small.
    pub(crate) fn parse_function(&mut self, name: ObjectName) -> Result<Expr, ParserError> {
        self.function_boxed(name).map(|e| *e)
    }

    /// [`Parser::parse_function`], boxed.
    pub(super) fn function_boxed(&mut self, name: ObjectName) -> Result<Box<Expr>, ParserError> {
        if matches!(self.flavor, Flavor::Postgres | Flavor::Generic)
            && is_plain_name(&name, "xmlparse")
        {
            return self.refuse_next("XMLPARSE");
        }
        self.expect_token(&Token::LParen)?;
        let args = self.function_argument_list()?;
        self.call_after_arguments(name, args).map(Box::new)
    }

    /// What follows a call's arguments: the generic dialect's second list (ClickHouse's
    /// `f(params)(args)`), WITHIN GROUP, FILTER, IGNORE/RESPECT NULLS, OVER.
    fn call_after_arguments(
        &mut self,
        name: ObjectName,
        first: FunctionArgumentList,
    ) -> Result<Expr, ParserError> {
        if self.flavor.is_generic() && matches!(self.peek_token_ref().token, Token::LParen) {
            return self.refuse_next("a parametric call `f(params)(args)`");
        }
        let within_group = self.within_group()?;
        let filter = self.aggregate_filter()?;
        self.refuse_null_treatment()?;
        let over = self.over_clause()?;
        Ok(Expr::Function(Function {
            name,
            uses_odbc_syntax: false,
            parameters: FunctionArguments::None,
            args: FunctionArguments::List(first),
            null_treatment: None,
            filter,
            over,
            within_group,
        }))
    }

    /// `WITHIN GROUP (ORDER BY ...)`, if there.
    fn within_group(&mut self) -> Result<Vec<sqlparser::ast::OrderByExpr>, ParserError> {
        if !self.parse_keywords(&[Keyword::WITHIN, Keyword::GROUP]) {
            return Ok(Vec::new());
        }
        self.expect_token(&Token::LParen)?;
        self.expect_keywords(&[Keyword::ORDER, Keyword::BY])?;
        let order_by = self.parse_comma_separated(Parser::parse_order_by_expr)?;
        self.expect_token(&Token::RParen)?;
        Ok(order_by)
    }

    /// `FILTER (WHERE ...)`, where the flavour takes it. Each step stays taken when a
    /// later one fails, as in sqlparser.
    fn aggregate_filter(&mut self) -> Result<Option<Box<Expr>>, ParserError> {
        if self.flavor.expr_filter_clause()
            && self.parse_keyword(Keyword::FILTER)
            && self.consume_token(&Token::LParen)
            && self.parse_keyword(Keyword::WHERE)
        {
            let filter = *self.subexpr(0)?;
            self.expect_token(&Token::RParen)?;
            return Ok(Some(Box::new(filter)));
        }
        Ok(None)
    }

    /// `OVER (spec)` or `OVER name`, if there. In SQLite an OVER that no name (a word that
    /// could be an alias, or a quoted one) follows is the alias `over`.
    fn over_clause(&mut self) -> Result<Option<WindowType>, ParserError> {
        if !self.parse_keyword(Keyword::OVER) {
            return Ok(None);
        }
        if self.consume_token(&Token::LParen) {
            return Ok(Some(WindowType::WindowSpec(self.parse_window_spec()?)));
        }
        if self.flavor == Flavor::Sqlite {
            let alias = match &self.peek_token_ref().token {
                Token::Word(w) => !self.flavor.query_is_select_item_alias(false, w.keyword),
                Token::SingleQuotedString(_) | Token::DoubleQuotedString(_) => false,
                _ => true,
            };
            if alias {
                self.prev_token();
                return Ok(None);
            }
        }
        Ok(Some(WindowType::NamedWindow(self.parse_identifier()?)))
    }

    /// Refuses `IGNORE NULLS` or `RESPECT NULLS` (which SQLite has not) where sqlparser would
    /// read them. Like the other refusals of this file, named at its first keyword: the
    /// engine runs its SQL on SQLite, and grammar it cannot run is download size for nothing.
    fn refuse_null_treatment(&self) -> Result<(), ParserError> {
        if self
            .peek_one_of_keywords(&[Keyword::RESPECT, Keyword::IGNORE])
            .is_some()
        {
            return self.refuse_next("IGNORE NULLS / RESPECT NULLS");
        }
        Ok(())
    }

    /// Refuses the JSON functions' `ABSENT ON NULL`, `NULL ON NULL` and `RETURNING type`.
    fn refuse_json_clauses(&mut self) -> Result<(), ParserError> {
        if self.peek_keywords(&[Keyword::ABSENT, Keyword::ON, Keyword::NULL])
            || self.peek_keywords(&[Keyword::NULL, Keyword::ON, Keyword::NULL])
            || self.peek_keyword(Keyword::RETURNING)
        {
            return self.refuse_next("JSON function clauses (ON NULL, RETURNING)");
        }
        Ok(())
    }

    /// The arguments after `(`, through `)`.
    pub(crate) fn function_argument_list(&mut self) -> Result<FunctionArgumentList, ParserError> {
        let mut clauses = Vec::new();
        self.refuse_json_clauses()?;
        if self.consume_token(&Token::RParen) {
            return Ok(FunctionArgumentList {
                duplicate_treatment: None,
                args: Vec::new(),
                clauses,
            });
        }
        let duplicate_treatment = self.duplicate_treatment()?;
        let mut args = Vec::new();
        // SQLite's `string_agg(ORDER BY x)`: an ORDER BY with no arguments before it.
        let no_args = matches!(self.flavor, Flavor::Sqlite | Flavor::Generic)
            && duplicate_treatment != Some(DuplicateTreatment::Distinct)
            && self.peek_keywords(&[Keyword::ORDER, Keyword::BY]);
        if !no_args {
            loop {
                self.push_function_arg(&mut args)?;
                if !self.consume_token(&Token::Comma) {
                    break;
                }
            }
        }
        self.argument_clauses(&mut clauses)?;
        Ok(FunctionArgumentList {
            duplicate_treatment,
            args,
            clauses,
        })
    }

    /// The clauses after the arguments (WHERE, ORDER BY, LIMIT, SEPARATOR, ...) and `)`.
    fn argument_clauses(
        &mut self,
        clauses: &mut Vec<FunctionArgumentClause>,
    ) -> Result<(), ParserError> {
        if self.parse_keyword(Keyword::WHERE) {
            clauses.push(FunctionArgumentClause::Where(*self.subexpr(0)?));
        }
        if self.flavor.is_generic() {
            self.refuse_null_treatment()?;
        }
        if self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            clauses.push(FunctionArgumentClause::OrderBy(
                self.parse_comma_separated(Parser::parse_order_by_expr)?,
            ));
        }
        if self.parse_keyword(Keyword::LIMIT) {
            clauses.push(FunctionArgumentClause::Limit(*self.subexpr(0)?));
        }
        if self.flavor.is_generic() && self.peek_keyword(Keyword::HAVING) {
            return self.refuse_next("HAVING MIN/MAX in a call");
        }
        if matches!(self.flavor, Flavor::Generic | Flavor::MySql)
            && self.parse_keyword(Keyword::SEPARATOR)
        {
            clauses.push(FunctionArgumentClause::Separator(self.parse_value()?));
        }
        if self.peek_keywords(&[Keyword::ON, Keyword::OVERFLOW]) {
            return self.refuse_next("LISTAGG's ON OVERFLOW");
        }
        self.refuse_json_clauses()?;
        self.expect_token(&Token::RParen)?;
        Ok(())
    }

    /// `ALL` or `DISTINCT` before the arguments.
    fn duplicate_treatment(&mut self) -> Result<Option<DuplicateTreatment>, ParserError> {
        let at = self.peek_token_ref().span.start;
        let all = self.parse_keyword(Keyword::ALL);
        let distinct = self.parse_keyword(Keyword::DISTINCT);
        match (all, distinct) {
            (true, false) => Ok(Some(DuplicateTreatment::All)),
            (false, true) => Ok(Some(DuplicateTreatment::Distinct)),
            (false, false) => Ok(None),
            (true, true) => parser_err("Cannot specify both ALL and DISTINCT", at),
        }
    }

    fn push_function_arg(&mut self, args: &mut Vec<FunctionArg>) -> Result<(), ParserError> {
        let arg = self.function_arg()?;
        args.push(*arg);
        Ok(())
    }

    /// One argument: `expr`, `*`, `t.*`, or a named one (`name => expr` and the like);
    /// boxed, as arguments are large and this is on the way of every nested call.
    pub(crate) fn function_arg(&mut self) -> Result<Box<FunctionArg>, ParserError> {
        if self.flavor.expr_named_args_by_expr() {
            let expr = self.wildcard_expr_boxed()?;
            return self.arg_after_expr(*expr);
        }
        match self.maybe_parse(Parser::named_arg)? {
            Some(arg) => Ok(arg),
            None => {
                let expr = self.wildcard_expr_boxed()?;
                self.unnamed_arg(*expr)
            }
        }
    }

    /// `expr => value` (PostgreSQL, T-SQL: the name read as an expression), or `expr`.
    fn arg_after_expr(&mut self, expr: Expr) -> Result<Box<FunctionArg>, ParserError> {
        if !matches!(expr, Expr::Wildcard(_) | Expr::QualifiedWildcard(..)) {
            if let Some(operator) = self.maybe_parse(|p| p.named_arg_operator())? {
                let arg = self.wildcard_expr_boxed()?;
                return Ok(Box::new(FunctionArg::ExprNamed {
                    name: expr,
                    arg: arg_expr(*arg),
                    operator,
                }));
            }
        }
        self.unnamed_arg(expr)
    }

    /// `name => value` and the like, the name an identifier.
    fn named_arg(&mut self) -> Result<Box<FunctionArg>, ParserError> {
        let name = self.parse_identifier()?;
        let operator = self.named_arg_operator()?;
        let arg = self.wildcard_expr_boxed()?;
        Ok(Box::new(FunctionArg::Named {
            name,
            arg: arg_expr(*arg),
            operator,
        }))
    }

    fn unnamed_arg(&mut self, expr: Expr) -> Result<Box<FunctionArg>, ParserError> {
        let arg = self.maybe_aliased_arg(arg_expr(expr))?;
        Ok(Box::new(FunctionArg::Unnamed(arg)))
    }

    /// `AS name` after an argument, where the flavour allows it.
    fn maybe_aliased_arg(&mut self, arg: FunctionArgExpr) -> Result<FunctionArgExpr, ParserError> {
        match arg {
            FunctionArgExpr::Expr(expr)
                if self.flavor.expr_aliased_args() && self.parse_keyword(Keyword::AS) =>
            {
                Ok(FunctionArgExpr::Expr(Expr::Named {
                    expr: Box::new(expr),
                    name: self.parse_identifier()?,
                }))
            }
            other => Ok(other),
        }
    }

    /// The operator between a named argument's name and value.
    fn named_arg_operator(&mut self) -> Result<FunctionArgOperator, ParserError> {
        if self.parse_keyword(Keyword::VALUE) {
            return Ok(FunctionArgOperator::Value);
        }
        let t = self.next_token();
        let f = self.flavor;
        match t.token {
            Token::RArrow if f != Flavor::MsSql => Ok(FunctionArgOperator::RightArrow),
            Token::Assignment if matches!(f, Flavor::Postgres | Flavor::Generic) => {
                Ok(FunctionArgOperator::Assignment)
            }
            Token::Colon if matches!(f, Flavor::Postgres | Flavor::MsSql) => {
                Ok(FunctionArgOperator::Colon)
            }
            _ => {
                self.prev_token();
                self.expected("argument operator", t)
            }
        }
    }

    /// A window specification after `OVER (`, through `)`.
    pub(crate) fn parse_window_spec(&mut self) -> Result<WindowSpec, ParserError> {
        let window_name = match &self.peek_token_ref().token {
            Token::Word(w)
                if !matches!(
                    w.keyword,
                    Keyword::PARTITION
                        | Keyword::ORDER
                        | Keyword::ROWS
                        | Keyword::RANGE
                        | Keyword::GROUPS
                ) =>
            {
                self.maybe_parse(|p| p.parse_identifier())?
            }
            _ => None,
        };
        let partition_by = if self.parse_keywords(&[Keyword::PARTITION, Keyword::BY]) {
            self.expr_list()?
        } else {
            Vec::new()
        };
        let order_by = if self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            self.parse_comma_separated(Parser::parse_order_by_expr)?
        } else {
            Vec::new()
        };
        let window_frame = if self.consume_token(&Token::RParen) {
            None
        } else {
            let frame = self.window_frame()?;
            self.expect_token(&Token::RParen)?;
            Some(frame)
        };
        Ok(WindowSpec {
            window_name,
            partition_by,
            order_by,
            window_frame,
        })
    }

    /// `ROWS|RANGE|GROUPS <bound>` or `... BETWEEN <bound> AND <bound>`.
    fn window_frame(&mut self) -> Result<WindowFrame, ParserError> {
        let t = self.next_token();
        let units = match &t.token {
            Token::Word(w) if w.keyword == Keyword::ROWS => WindowFrameUnits::Rows,
            Token::Word(w) if w.keyword == Keyword::RANGE => WindowFrameUnits::Range,
            Token::Word(w) if w.keyword == Keyword::GROUPS => WindowFrameUnits::Groups,
            _ => return self.expected("ROWS, RANGE, GROUPS", t),
        };
        let (start_bound, end_bound) = if self.parse_keyword(Keyword::BETWEEN) {
            let start = self.window_frame_bound()?;
            self.expect_keyword_is(Keyword::AND)?;
            (start, Some(self.window_frame_bound()?))
        } else {
            (self.window_frame_bound()?, None)
        };
        Ok(WindowFrame {
            units,
            start_bound,
            end_bound,
        })
    }

    fn window_frame_bound(&mut self) -> Result<WindowFrameBound, ParserError> {
        if self.parse_keywords(&[Keyword::CURRENT, Keyword::ROW]) {
            return Ok(WindowFrameBound::CurrentRow);
        }
        let rows = if self.parse_keyword(Keyword::UNBOUNDED) {
            None
        } else if let Token::SingleQuotedString(_) = self.peek_token_ref().token {
            Some(Box::new(self.parse_interval()?))
        } else {
            Some(self.subexpr(0)?)
        };
        if self.parse_keyword(Keyword::PRECEDING) {
            Ok(WindowFrameBound::Preceding(rows))
        } else if self.parse_keyword(Keyword::FOLLOWING) {
            Ok(WindowFrameBound::Following(rows))
        } else {
            self.expected_ref("PRECEDING or FOLLOWING", self.peek_token_ref())
        }
    }

    /// `CURRENT_TIMESTAMP` and the like: a call with or without parentheses.
    pub(super) fn time_function(&mut self, name: ObjectName) -> Result<Expr, ParserError> {
        let args = if self.consume_token(&Token::LParen) {
            FunctionArguments::List(self.function_argument_list()?)
        } else {
            FunctionArguments::None
        };
        Ok(Expr::Function(Function {
            name,
            uses_odbc_syntax: false,
            parameters: FunctionArguments::None,
            args,
            filter: None,
            over: None,
            null_treatment: None,
            within_group: Vec::new(),
        }))
    }
}

/// An argument's expression, a wildcard taken apart as sqlparser's `From<Expr>` does. Written
/// here because that `From` is compiled in sqlparser's crate, and calling it carried a third
/// copy of the trees' drop code (a sixth of the syntax tree's code) into the download.
fn arg_expr(expr: Expr) -> FunctionArgExpr {
    match expr {
        Expr::QualifiedWildcard(prefix, _) => FunctionArgExpr::QualifiedWildcard(prefix),
        Expr::Wildcard(_) => FunctionArgExpr::Wildcard,
        expr => FunctionArgExpr::Expr(expr),
    }
}
