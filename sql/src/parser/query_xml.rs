//! PostgreSQL's `XMLTABLE(...)` as a table, which sqlparser reads in every dialect when the
//! word is followed by `(`.

use super::super::Parser;
use super::from::boxed_factor;
use sqlparser::ast::{
    TableFactor, XmlNamespaceDefinition, XmlPassingArgument, XmlPassingClause, XmlTableColumn,
    XmlTableColumnOption,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `XMLTABLE([XMLNAMESPACES (uri AS name, ...),] row [PASSING ...] COLUMNS column, ...)
    /// [alias]`, XMLTABLE read.
    pub(super) fn query_xml_table(&mut self) -> Result<Box<TableFactor>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let namespaces = if self.parse_keyword(Keyword::XMLNAMESPACES) {
            let namespaces =
                self.parse_parenthesized(|p| p.parse_comma_separated(Parser::query_xml_namespace))?;
            self.expect_token(&Token::Comma)?;
            namespaces
        } else {
            vec![]
        };
        let row_expression = self.parse_expr()?;
        let passing = self.query_xml_passing()?;
        self.expect_keyword_is(Keyword::COLUMNS)?;
        let columns = self.parse_comma_separated(Parser::query_xml_column)?;
        self.expect_token(&Token::RParen)?;
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::XmlTable {
            namespaces,
            row_expression,
            passing,
            columns,
            alias,
        }))
    }

    fn query_xml_namespace(&mut self) -> Result<XmlNamespaceDefinition, ParserError> {
        let uri = self.parse_expr()?;
        self.expect_keyword_is(Keyword::AS)?;
        let name = self.parse_identifier()?;
        Ok(XmlNamespaceDefinition { uri, name })
    }

    /// `PASSING [BY VALUE] expr [AS name], ...`, or nothing.
    fn query_xml_passing(&mut self) -> Result<XmlPassingClause, ParserError> {
        let mut arguments = vec![];
        if self.parse_keyword(Keyword::PASSING) {
            loop {
                // A BY that VALUE does not follow stays read, as in sqlparser.
                let by_value =
                    self.parse_keyword(Keyword::BY) && self.parse_keyword(Keyword::VALUE);
                let expr = self.parse_expr()?;
                let alias = if self.parse_keyword(Keyword::AS) {
                    Some(self.parse_identifier()?)
                } else {
                    None
                };
                arguments.push(XmlPassingArgument {
                    expr,
                    alias,
                    by_value,
                });
                if !self.consume_token(&Token::Comma) {
                    break;
                }
            }
        }
        Ok(XmlPassingClause { arguments })
    }

    /// `name FOR ORDINALITY` or `name type [PATH expr] [DEFAULT expr] [[NOT] NULL]`.
    fn query_xml_column(&mut self) -> Result<XmlTableColumn, ParserError> {
        let name = self.parse_identifier()?;
        if self.parse_keyword(Keyword::FOR) {
            self.expect_keyword(Keyword::ORDINALITY)?;
            return Ok(XmlTableColumn {
                name,
                option: XmlTableColumnOption::ForOrdinality,
            });
        }
        let r#type = self.parse_data_type()?;
        let path = if self.parse_keyword(Keyword::PATH) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        let default = if self.parse_keyword(Keyword::DEFAULT) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        let not_null = self.parse_keywords(&[Keyword::NOT, Keyword::NULL]);
        if !not_null {
            let _ = self.parse_keyword(Keyword::NULL);
        }
        Ok(XmlTableColumn {
            name,
            option: XmlTableColumnOption::NamedInfo {
                r#type,
                path,
                default,
                nullable: !not_null,
            },
        })
    }
}
