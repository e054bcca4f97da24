//! Joins: every kind sqlparser reads in the five flavours, with ON or USING, T-SQL's APPLY,
//! and MySQL's and PostgreSQL's right-nested `a JOIN b JOIN c ON .. ON ..`.

use super::super::Parser;
use super::from::{boxed_factor, table_with_joins};
use crate::sql::Flavor;
use sqlparser::ast::{Join, JoinConstraint, JoinOperator, TableFactor};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

/// How a join keyword sequence builds its operator from the constraint after the table.
type JoinKind = fn(JoinConstraint) -> JoinOperator;

impl Parser {
    /// The joins after a table factor, as long as a join keyword follows.
    pub(super) fn query_joins(&mut self) -> Result<Vec<Join>, ParserError> {
        let mut joins = vec![];
        loop {
            // sqlparser consumes ClickHouse's GLOBAL even when no join follows.
            let global = self.parse_keyword(Keyword::GLOBAL);
            let Some(join_operator_and_relation) = self.query_join()? else {
                break;
            };
            let (relation, join_operator) = join_operator_and_relation;
            push_join(&mut joins, relation, global, join_operator);
        }
        Ok(joins)
    }

    /// One join: its operator and the table joined; `None` when no join starts here.
    pub(super) fn query_join(
        &mut self,
    ) -> Result<Option<(Box<TableFactor>, JoinOperator)>, ParserError> {
        if self.parse_keyword(Keyword::CROSS) {
            return self.query_cross_join().map(Some);
        }
        if self.parse_keyword(Keyword::OUTER) {
            // T-SQL's OUTER APPLY.
            self.expect_keyword_is(Keyword::APPLY)?;
            return Ok(Some((self.query_table_factor()?, JoinOperator::OuterApply)));
        }
        if self.peek_keyword(Keyword::ASOF) {
            // Snowflake's, which no server the lab models has: its grammar stays out of the app.
            if !self.flavor.is_generic() {
                return self.refuse_next("ASOF JOIN");
            }
            self.next_token();
            return self.query_asof_join().map(Some);
        }
        if let Some(operator) = self.query_array_join_keywords() {
            return Ok(Some((self.query_table_factor()?, operator)));
        }
        let natural = self.parse_keyword(Keyword::NATURAL);
        let Some(kind) = self.query_join_kind(natural)? else {
            return Ok(None);
        };
        let mut relation = self.query_table_factor()?;
        // MySQL and PostgreSQL read `a JOIN b JOIN c ON .. ON ..` as `a JOIN (b JOIN c ON ..)`.
        if !self
            .flavor
            .query_supports_left_associative_joins_without_parens()
            && !natural
            && self.query_peek_parensless_nested_join()
        {
            let joins = self.query_joins()?;
            let table_with_joins = table_with_joins(relation, joins);
            relation = boxed_factor(|| TableFactor::NestedJoin {
                table_with_joins,
                alias: None,
            });
        }
        let constraint = self.query_join_constraint(natural)?;
        Ok(Some((relation, kind(constraint))))
    }

    /// Snowflake's `ASOF JOIN t MATCH_CONDITION (expr) [ON ...|USING ...]`, ASOF read.
    fn query_asof_join(&mut self) -> Result<(Box<TableFactor>, JoinOperator), ParserError> {
        self.expect_keyword_is(Keyword::JOIN)?;
        let relation = self.query_table_factor()?;
        self.expect_keyword_is(Keyword::MATCH_CONDITION)?;
        let match_condition = self.parse_parenthesized(Parser::parse_expr)?;
        let constraint = self.query_join_constraint(false)?;
        let operator = JoinOperator::AsOf {
            match_condition,
            constraint,
        };
        Ok((relation, operator))
    }

    /// ClickHouse's `[INNER|LEFT] ARRAY JOIN`, which the generic dialect reads, consumed.
    fn query_array_join_keywords(&mut self) -> Option<JoinOperator> {
        if !self.flavor.is_generic() {
            None
        } else if self.parse_keywords(&[Keyword::INNER, Keyword::ARRAY, Keyword::JOIN]) {
            Some(JoinOperator::InnerArrayJoin)
        } else if self.parse_keywords(&[Keyword::LEFT, Keyword::ARRAY, Keyword::JOIN]) {
            Some(JoinOperator::LeftArrayJoin)
        } else if self.parse_keywords(&[Keyword::ARRAY, Keyword::JOIN]) {
            Some(JoinOperator::ArrayJoin)
        } else {
            None
        }
    }

    /// `CROSS JOIN t` (with MySQL's optional constraint) or T-SQL's `CROSS APPLY t`, CROSS
    /// read.
    pub(super) fn query_cross_join(
        &mut self,
    ) -> Result<(Box<TableFactor>, JoinOperator), ParserError> {
        let apply = if self.parse_keyword(Keyword::JOIN) {
            false
        } else if self.parse_keyword(Keyword::APPLY) {
            true
        } else {
            return self.expected("JOIN or APPLY after CROSS", self.peek_token());
        };
        let relation = self.query_table_factor()?;
        if apply {
            return Ok((relation, JoinOperator::CrossApply));
        }
        let constraint = if self.flavor == Flavor::MySql {
            self.query_join_constraint(false)?
        } else {
            JoinConstraint::None
        };
        Ok((relation, JoinOperator::CrossJoin(constraint)))
    }

    /// The keywords of an inner or outer join, consumed; `None` (nothing consumed) when no
    /// join keyword is next.
    pub(super) fn query_join_kind(
        &mut self,
        natural: bool,
    ) -> Result<Option<JoinKind>, ParserError> {
        let keyword = match &self.peek_token_ref().token {
            Token::Word(w) => w.keyword,
            _ => Keyword::NoKeyword,
        };
        let kind: JoinKind = match keyword {
            Keyword::INNER | Keyword::JOIN => {
                let inner = self.parse_keyword(Keyword::INNER);
                self.expect_keyword_is(Keyword::JOIN)?;
                if inner {
                    JoinOperator::Inner
                } else {
                    JoinOperator::Join
                }
            }
            Keyword::LEFT | Keyword::RIGHT => {
                self.advance_token();
                return self
                    .query_left_or_right_join(keyword == Keyword::LEFT)
                    .map(Some);
            }
            Keyword::ANTI | Keyword::SEMI => {
                self.advance_token();
                self.expect_keyword_is(Keyword::JOIN)?;
                if keyword == Keyword::ANTI {
                    JoinOperator::Anti
                } else {
                    JoinOperator::Semi
                }
            }
            Keyword::FULL => {
                self.advance_token();
                let _ = self.parse_keyword(Keyword::OUTER);
                self.expect_keyword_is(Keyword::JOIN)?;
                JoinOperator::FullOuter
            }
            Keyword::OUTER => return self.expected("LEFT, RIGHT, or FULL", self.peek_token()),
            Keyword::STRAIGHT_JOIN => {
                self.advance_token();
                JoinOperator::StraightJoin
            }
            _ if natural => return self.expected("a join type after NATURAL", self.peek_token()),
            _ => return Ok(None),
        };
        Ok(Some(kind))
    }

    /// After LEFT or RIGHT: `[OUTER|SEMI|ANTI] JOIN`.
    pub(super) fn query_left_or_right_join(&mut self, left: bool) -> Result<JoinKind, ParserError> {
        let which = self.parse_one_of_keywords(&[
            Keyword::OUTER,
            Keyword::SEMI,
            Keyword::ANTI,
            Keyword::JOIN,
        ]);
        let pick = |l: JoinKind, r: JoinKind| if left { l } else { r };
        let kind = match which {
            Some(Keyword::JOIN) => return Ok(pick(JoinOperator::Left, JoinOperator::Right)),
            Some(Keyword::OUTER) => pick(JoinOperator::LeftOuter, JoinOperator::RightOuter),
            Some(Keyword::SEMI) => pick(JoinOperator::LeftSemi, JoinOperator::RightSemi),
            Some(Keyword::ANTI) => pick(JoinOperator::LeftAnti, JoinOperator::RightAnti),
            _ => {
                let side = if left { "LEFT" } else { "RIGHT" };
                return Err(ParserError::ParserError(format!(
                    "expected OUTER, SEMI, ANTI or JOIN after {side}"
                )));
            }
        };
        self.expect_keyword_is(Keyword::JOIN)?;
        Ok(kind)
    }

    pub(super) fn query_peek_parensless_nested_join(&self) -> bool {
        self.peek_one_of_keywords(&[
            Keyword::JOIN,
            Keyword::INNER,
            Keyword::LEFT,
            Keyword::RIGHT,
            Keyword::FULL,
        ])
        .is_some()
    }

    /// `ON expr`, `USING (a, ...)`, or nothing; NATURAL joins take none.
    pub(super) fn query_join_constraint(
        &mut self,
        natural: bool,
    ) -> Result<JoinConstraint, ParserError> {
        if natural {
            return Ok(JoinConstraint::Natural);
        }
        if self.parse_keyword(Keyword::ON) {
            return Ok(JoinConstraint::On(self.parse_expr()?));
        }
        if !self.parse_keyword(Keyword::USING) {
            return Ok(JoinConstraint::None);
        }
        if !self.consume_token(&Token::LParen) {
            return self.expected("a list of columns in parentheses", self.peek_token());
        }
        let columns = self.parse_comma_separated(Parser::parse_object_name)?;
        self.expect_token(&Token::RParen)?;
        if self.peek_keyword(Keyword::AS) {
            return self.refuse_next("USING (...) AS alias");
        }
        Ok(JoinConstraint::Using(columns))
    }
}

#[inline(never)]
fn push_join(
    joins: &mut Vec<Join>,
    relation: Box<TableFactor>,
    global: bool,
    join_operator: JoinOperator,
) {
    joins.push(Join {
        relation: *relation,
        global,
        join_operator,
    });
}

/// The questions sqlparser's dialects answer for joins.
impl Flavor {
    /// `a JOIN b JOIN c ON .. ON ..` read left to right; MySQL and PostgreSQL nest it.
    fn query_supports_left_associative_joins_without_parens(self) -> bool {
        !matches!(self, Flavor::MySql | Flavor::Postgres)
    }
}
