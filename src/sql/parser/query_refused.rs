//! The query clauses of other databases that sqlparser reads and Queue Lab's parser refuses by
//! name, at the keywords that start them. The engine runs its SQL on SQLite, which can run
//! none of them, and their grammar would be download size for nothing. Each list is checked
//! where sqlparser's grammar would start the clauses in it, so that the refusal comes before
//! anything else is read (an error later in the text is never skipped).

use super::super::{parser_err, unsupported, Parser};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

/// A construct: the keywords that start it, and its name.
type Construct = (&'static [Keyword], &'static str);

/// Table functions of other databases, when `(` follows their word.
pub(super) const TABLE_FUNCTIONS: &[Construct] = &[
    (&[Keyword::JSON_TABLE], "JSON_TABLE"),
    (&[Keyword::OPENJSON], "OPENJSON"),
    (&[Keyword::XMLTABLE], "XMLTABLE"),
];

/// What may follow a table's alias in other databases.
pub(super) const TABLE_SAMPLES: &[Construct] = &[
    (&[Keyword::TABLESAMPLE], "TABLESAMPLE"),
    (&[Keyword::SAMPLE], "SAMPLE"),
];

pub(super) const PIVOTS: &[Construct] = &[
    (&[Keyword::PIVOT], "PIVOT"),
    (&[Keyword::UNPIVOT], "UNPIVOT"),
];

/// T-SQL's temporal tables and the forms of other databases sqlparser reads with them.
pub(super) const TABLE_VERSIONS: &[Construct] = &[
    (&[Keyword::FOR, Keyword::SYSTEM_TIME], "FOR SYSTEM_TIME"),
    (&[Keyword::CHANGES], "CHANGES"),
    (&[Keyword::AT], "AT (a table's version)"),
    (&[Keyword::BEFORE], "BEFORE (a table's version)"),
    (
        &[Keyword::TIMESTAMP, Keyword::AS, Keyword::OF],
        "TIMESTAMP AS OF",
    ),
    (
        &[Keyword::VERSION, Keyword::AS, Keyword::OF],
        "VERSION AS OF",
    ),
];

/// Hive's and Oracle's clauses before and after WHERE.
pub(super) const LATERAL_VIEWS: &[Construct] =
    &[(&[Keyword::LATERAL, Keyword::VIEW], "LATERAL VIEW")];

pub(super) const CONNECT_BY: &[Construct] = &[
    (&[Keyword::START, Keyword::WITH], "START WITH"),
    (&[Keyword::CONNECT, Keyword::BY], "CONNECT BY"),
];

/// GROUP BY's grouping forms (as items, and GROUPING SETS after them too) and the clauses
/// of other databases after GROUP BY.
pub(super) const GROUPINGS: &[Construct] = &[
    (&[Keyword::GROUPING, Keyword::SETS], "GROUPING SETS"),
    (&[Keyword::CUBE], "CUBE"),
    (&[Keyword::ROLLUP], "ROLLUP"),
];

/// MySQL's `GROUP BY ... WITH ROLLUP` (and ClickHouse's CUBE and TOTALS).
pub(super) const GROUP_BY_MODIFIERS: &[Construct] =
    &[(&[Keyword::WITH], "GROUP BY ... WITH ROLLUP")];

/// Snowflake's filter on window functions, before or after WINDOW.
pub(super) const QUALIFY: &[Construct] = &[(&[Keyword::QUALIFY], "QUALIFY")];

pub(super) const AFTER_GROUP_BY: &[Construct] = &[
    (&[Keyword::CLUSTER, Keyword::BY], "CLUSTER BY"),
    (&[Keyword::DISTRIBUTE, Keyword::BY], "DISTRIBUTE BY"),
    (&[Keyword::SORT, Keyword::BY], "SORT BY"),
];

/// What may follow `*` in the generic dialect.
pub(super) const WILDCARD_OPTIONS: &[Construct] = &[
    (&[Keyword::ILIKE], "* ILIKE"),
    (&[Keyword::EXCLUDE], "* EXCLUDE"),
    (&[Keyword::EXCEPT], "* EXCEPT"),
    (&[Keyword::REPLACE], "* REPLACE"),
    (&[Keyword::RENAME], "* RENAME"),
];

/// T-SQL's FOR clauses, FOR read.
pub(super) const FOR_CLAUSES: &[Construct] = &[
    (&[Keyword::XML], "FOR XML"),
    (&[Keyword::JSON], "FOR JSON"),
    (&[Keyword::BROWSE], "FOR BROWSE"),
];

/// ClickHouse's clauses, which the generic dialect reads: SETTINGS after LIMIT (and in a table
/// function's arguments), FORMAT at a query's end.
pub(super) const SETTINGS: &[Construct] = &[(&[Keyword::SETTINGS], "SETTINGS")];
pub(super) const FORMAT: &[Construct] = &[(&[Keyword::FORMAT], "FORMAT")];

impl Parser {
    /// Refuses the first of `constructs` whose keywords come next.
    pub(super) fn query_refuse(&self, constructs: &[Construct]) -> Result<(), ParserError> {
        for (keywords, name) in constructs {
            let next = keywords.iter().enumerate().all(|(i, k)| {
                matches!(&self.peek_nth_token_ref(i).token, Token::Word(w) if w.keyword == *k)
            });
            if next {
                return self.refuse_next(name);
            }
        }
        Ok(())
    }

    /// [`Parser::query_refuse`] in the generic dialect only (ClickHouse's clauses).
    pub(super) fn query_refuse_generic(&self, constructs: &[Construct]) -> Result<(), ParserError> {
        if self.flavor.is_generic() {
            self.query_refuse(constructs)?;
        }
        Ok(())
    }

    /// Refuses `what` at the token consumed last (a clause's first keyword).
    pub(super) fn query_refuse_current<T>(&self, what: &str) -> Result<T, ParserError> {
        parser_err(unsupported(what), self.get_current_token().span.start)
    }
}
