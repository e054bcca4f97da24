//! EXPLAIN and DESCRIBE: a statement's plan, or a table's description.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    AnalyzeFormat, AnalyzeFormatKind, DescribeAlias, HiveDescribeFormat, Statement,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// PostgreSQL's `EXPLAIN (ANALYZE, ...) statement`.
    fn stmt_explain_options(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// EXPLAIN, DESC or DESCRIBE, the keyword consumed: the options, then a statement, or
    /// failing that a table name.
    pub(crate) fn parse_explain(&mut self, alias: DescribeAlias) -> Result<Statement, ParserError> {
        let (mut analyze, mut verbose, mut query_plan, mut estimate) = (false, false, false, false);
        let mut format = None;
        if alias == DescribeAlias::Explain
            && self.flavor.stmt_explain_options()
            && self.peek_token_ref().token == Token::LParen
        {
            return self.refuse_next("EXPLAIN with parenthesized options");
        } else if self.parse_keywords(&[Keyword::QUERY, Keyword::PLAN]) {
            query_plan = true;
        } else if self.parse_keyword(Keyword::ESTIMATE) {
            estimate = true;
        } else {
            analyze = self.parse_keyword(Keyword::ANALYZE);
            verbose = self.parse_keyword(Keyword::VERBOSE);
            if self.parse_keyword(Keyword::FORMAT) {
                format = Some(self.explain_format()?);
            }
        }
        match self.maybe_parse(|p| p.parse_statement())? {
            Some(Statement::Explain { .. } | Statement::ExplainTable { .. }) => Err(
                ParserError::ParserError("Explain must be root of the plan".to_string()),
            ),
            Some(statement) => Ok(Statement::Explain {
                describe_alias: alias,
                analyze,
                verbose,
                query_plan,
                estimate,
                statement: Box::new(statement),
                format,
                options: None,
            }),
            None => self.explain_table(alias),
        }
    }

    /// `[EXTENDED | FORMATTED] table` after EXPLAIN or DESCRIBE.
    fn explain_table(&mut self, alias: DescribeAlias) -> Result<Statement, ParserError> {
        let hive_format = match self.parse_one_of_keywords(&[Keyword::EXTENDED, Keyword::FORMATTED])
        {
            Some(Keyword::EXTENDED) => Some(HiveDescribeFormat::Extended),
            Some(_) => Some(HiveDescribeFormat::Formatted),
            None => None,
        };
        let table_name = self.stmt_object_name()?;
        Ok(Statement::ExplainTable {
            describe_alias: alias,
            hive_format,
            has_table_keyword: false,
            table_name,
        })
    }

    /// After FORMAT: `[=] TEXT | GRAPHVIZ | JSON | TREE`.
    fn explain_format(&mut self) -> Result<AnalyzeFormatKind, ParserError> {
        let assignment = self.consume_token(&Token::Eq);
        let next = self.next_token();
        let keyword = match &next.token {
            Token::Word(w) => w.keyword,
            _ => Keyword::NoKeyword,
        };
        let format = match keyword {
            Keyword::TEXT => AnalyzeFormat::TEXT,
            Keyword::GRAPHVIZ => AnalyzeFormat::GRAPHVIZ,
            Keyword::JSON => AnalyzeFormat::JSON,
            Keyword::TREE => AnalyzeFormat::TREE,
            _ => return self.expected("fileformat", next),
        };
        Ok(if assignment {
            AnalyzeFormatKind::Assignment(format)
        } else {
            AnalyzeFormatKind::Keyword(format)
        })
    }
}
