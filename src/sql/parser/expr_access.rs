//! What may follow an expression's start: `.field`, `.*`, `[subscript]` and T-SQL's `(+)`;
//! `t.c` becomes a compound identifier, `s.f(x)` a qualified call.

use super::Prec;
use crate::sql::parser::Parser;
use crate::sql::print::Sql;
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{AccessExpr, Expr, Ident, ObjectName, ObjectNamePart, Subscript};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

impl Parser {
    /// What may follow an expression's start: `.field`, `.*` (PostgreSQL, as in
    /// `count(t.*)`), `[subscript]`; `t.c` becomes a compound identifier
    /// (sqlparser's `parse_compound_expr`).
    /// The start comes back untouched when nothing follows it.
    pub(super) fn compound(&mut self, root: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        let next = &self.peek_token_ref().token;
        let plain = !matches!(*next, Token::Period) && !matches!(*next, Token::LBracket);
        if plain && !(self.flavor == Flavor::MsSql && self.peek_outer_join()) {
            return Ok(root);
        }
        self.compound_chain(*root).map(Box::new)
    }

    fn compound_chain(&mut self, root: Expr) -> Result<Expr, ParserError> {
        let mut chain: Vec<AccessExpr> = Vec::new();
        let mut wildcard: Option<TokenWithSpan> = None;
        loop {
            if self.consume_token(&Token::Period) {
                match &self.peek_token_ref().token {
                    Token::Mul => {
                        if self.flavor == Flavor::Postgres {
                            wildcard = Some(self.next_token());
                        } else {
                            // `t.*` is for the select list to read.
                            self.prev_token();
                        }
                        break;
                    }
                    Token::SingleQuotedString(s) => {
                        let s = s.clone();
                        self.advance_token();
                        chain.push(AccessExpr::Dot(Expr::Identifier(Ident::with_quote(
                            '\'', s,
                        ))));
                    }
                    Token::Placeholder(s) => {
                        let s = s.clone();
                        self.advance_token();
                        chain.push(AccessExpr::Dot(Expr::Identifier(Ident::new(s))));
                    }
                    _ => self.dotted_field(&mut chain)?,
                }
            } else if matches!(self.peek_token_ref().token, Token::LBracket) {
                while self.consume_token(&Token::LBracket) {
                    let subscript = self.subscript()?;
                    chain.push(AccessExpr::Subscript(subscript));
                }
            } else {
                break;
            }
        }
        let end = self.index().saturating_sub(1);
        if let Some(star) = wildcard {
            if !all_identifiers(&root, &chain) {
                return self
                    .expected_ref("an identifier or a '*' after '.'", self.peek_token_ref());
            }
            let idents = identifiers_of(root, chain)?;
            return Ok(Expr::QualifiedWildcard(
                crate::sql::build::name_of(idents),
                AttachedToken(star),
            ));
        }
        if self.flavor == Flavor::MsSql
            && self.consume_tokens(&[Token::LParen, Token::Plus, Token::RParen])
        {
            if !all_identifiers(&root, &chain) {
                let found = self.token_at(end).copy_of();
                return self.expected("column identifier before (+)", found);
            }
            let expr = if chain.is_empty() {
                root
            } else {
                Expr::CompoundIdentifier(identifiers_of(root, chain)?)
            };
            return Ok(Expr::OuterJoin(Box::new(expr)));
        }
        build_compound(root, chain)
    }

    /// One `.field` after the dot: a name, or a call / value read as a prefix.
    fn dotted_field(&mut self, chain: &mut Vec<AccessExpr>) -> Result<(), ParserError> {
        // A plain word is a name: reading it as a prefix could only give that, slowly.
        let plain_word = matches!(self.peek_token_ref().token, Token::Word(_))
            && !matches!(self.peek_nth_token_ref(1).token, Token::LParen);
        let field = if plain_word {
            None
        } else {
            self.maybe_parse(|p| {
                let e = p.parse_prefix()?;
                match e {
                    Expr::CompoundFieldAccess { .. }
                    | Expr::CompoundIdentifier(_)
                    | Expr::Identifier(_)
                    | Expr::Value(_)
                    | Expr::Function(_) => Ok(e),
                    _ => p.expected_ref("an identifier or value", p.peek_token_ref()),
                }
            })?
        };
        match field {
            Some(Expr::CompoundFieldAccess { root, access_chain }) => {
                chain.push(AccessExpr::Dot(*root));
                chain.extend(access_chain);
            }
            Some(Expr::CompoundIdentifier(parts)) => chain.extend(
                parts
                    .into_iter()
                    .map(|i| AccessExpr::Dot(Expr::Identifier(i))),
            ),
            Some(e) => chain.push(AccessExpr::Dot(e)),
            // A name, or a call by that name whose arguments failed as a prefix (their
            // error is the one given: `t.a(+)` is no outer join).
            None => {
                let name = self.parse_identifier()?;
                let field = if matches!(self.peek_token_ref().token, Token::LParen) {
                    self.parse_function(crate::sql::build::name(name))?
                } else {
                    Expr::Identifier(name)
                };
                chain.push(AccessExpr::Dot(field));
            }
        }
        Ok(())
    }

    /// `[i]`, `[l:u]`, `[l:u:s]` and their open forms, after the `[`.
    fn subscript(&mut self) -> Result<Subscript, ParserError> {
        let colon = self.flavor.expr_prec(Prec::Colon);
        let lower_bound = if self.consume_token(&Token::Colon) {
            None
        } else {
            Some(*self.subexpr(colon)?)
        };
        if self.consume_token(&Token::RBracket) {
            return Ok(match lower_bound {
                Some(index) => Subscript::Index { index },
                None => Subscript::Slice {
                    lower_bound,
                    upper_bound: None,
                    stride: None,
                },
            });
        }
        if lower_bound.is_some() {
            self.expect_token(&Token::Colon)?;
        }
        if self.consume_token(&Token::RBracket) {
            return Ok(Subscript::Slice {
                lower_bound,
                upper_bound: None,
                stride: None,
            });
        }
        let upper_bound = Some(*self.subexpr(colon)?);
        if self.consume_token(&Token::RBracket) {
            return Ok(Subscript::Slice {
                lower_bound,
                upper_bound,
                stride: None,
            });
        }
        self.expect_token(&Token::Colon)?;
        let stride = if self.consume_token(&Token::RBracket) {
            None
        } else {
            let s = *self.subexpr(0)?;
            self.expect_token(&Token::RBracket)?;
            Some(s)
        };
        Ok(Subscript::Slice {
            lower_bound,
            upper_bound,
            stride,
        })
    }
}

fn all_identifiers(root: &Expr, chain: &[AccessExpr]) -> bool {
    matches!(root, Expr::Identifier(_))
        && chain
            .iter()
            .all(|a| matches!(a, AccessExpr::Dot(Expr::Identifier(_))))
}

fn identifiers_of(root: Expr, chain: Vec<AccessExpr>) -> Result<Vec<Ident>, ParserError> {
    let Expr::Identifier(first) = root else {
        return Err(ParserError::ParserError(format!(
            "Expected identifier, found: {}",
            Sql(&root)
        )));
    };
    let mut idents = vec![first];
    for a in chain {
        match a {
            AccessExpr::Dot(Expr::Identifier(i)) => idents.push(i),
            other => {
                return Err(ParserError::ParserError(format!(
                    "Expected identifier, found: {}",
                    Sql(&other)
                )))
            }
        }
    }
    Ok(idents)
}

/// The expression a start and its accessors make: a compound identifier when all are
/// names, a qualified function name for `a.b.f(...)`, else a field access.
fn build_compound(root: Expr, mut chain: Vec<AccessExpr>) -> Result<Expr, ParserError> {
    if chain.is_empty() {
        return Ok(root);
    }
    if all_identifiers(&root, &chain) {
        return Ok(Expr::CompoundIdentifier(identifiers_of(root, chain)?));
    }
    let qualified_call = matches!(root, Expr::Identifier(_))
        && matches!(chain.last(), Some(AccessExpr::Dot(Expr::Function(_))))
        && chain
            .iter()
            .rev()
            .skip(1)
            .all(|a| matches!(a, AccessExpr::Dot(Expr::Identifier(_))));
    if qualified_call {
        // `root` is moved, not cloned: see query_limit_clause. `qualified_call` has checked
        // both shapes, so the error below is never reached.
        if let Expr::Identifier(first) = root {
            let Some(AccessExpr::Dot(Expr::Function(mut func))) = chain.pop() else {
                return Err(ParserError::ParserError(
                    "qualified function name".to_string(),
                ));
            };
            let mut parts = vec![ObjectNamePart::Identifier(first)];
            for a in chain {
                if let AccessExpr::Dot(Expr::Identifier(i)) = a {
                    parts.push(ObjectNamePart::Identifier(i));
                }
            }
            parts.extend(func.name.0);
            func.name = ObjectName(parts);
            return Ok(Expr::Function(func));
        }
    }
    if chain.len() == 1 {
        if let Some(AccessExpr::Dot(Expr::OuterJoin(inner))) = chain.last() {
            let Expr::Identifier(first) = &root else {
                return Err(ParserError::ParserError(
                    "column identifier before (+)".to_string(),
                ));
            };
            let mut idents = vec![first.clone()];
            match inner.as_ref() {
                Expr::CompoundIdentifier(rest) => idents.extend(rest.iter().cloned()),
                Expr::Identifier(i) => idents.push(i.clone()),
                _ => {
                    return Err(ParserError::ParserError(
                        "column identifier before (+)".to_string(),
                    ))
                }
            }
            return Ok(Expr::OuterJoin(Box::new(Expr::CompoundIdentifier(idents))));
        }
    }
    Ok(Expr::CompoundFieldAccess {
        root: Box::new(root),
        access_chain: chain,
    })
}
