//! What each flavour's lexer accepts: the answers sqlparser's MySQL, PostgreSQL, MS SQL,
//! SQLite and generic dialects give to the questions its tokenizer asks.

use crate::sql::Flavor;

#[derive(Clone, Copy)]
pub(super) struct Rules(pub(super) Flavor);

impl Rules {
    fn is(self, f: Flavor) -> bool {
        self.0 == f
    }

    pub(super) fn is_identifier_start(self, c: char) -> bool {
        match self.0 {
            Flavor::MySql => c.is_alphabetic() || matches!(c, '_' | '$' | '@') || !c.is_ascii(),
            Flavor::Postgres => c.is_alphabetic() || c == '_' || !c.is_ascii(),
            Flavor::MsSql | Flavor::Generic => c.is_alphabetic() || matches!(c, '_' | '#' | '@'),
            // SQLite's: ASCII letters, '_', and every character past ASCII.
            Flavor::Sqlite => c.is_ascii_alphabetic() || c == '_' || !c.is_ascii(),
        }
    }

    pub(super) fn is_identifier_part(self, c: char) -> bool {
        match self.0 {
            Flavor::MySql => self.is_identifier_start(c) || c.is_ascii_digit(),
            Flavor::Postgres => {
                c.is_alphabetic() || c.is_ascii_digit() || matches!(c, '$' | '_') || !c.is_ascii()
            }
            Flavor::MsSql | Flavor::Generic => {
                c.is_alphabetic() || c.is_ascii_digit() || matches!(c, '@' | '$' | '#' | '_')
            }
            Flavor::Sqlite => self.is_identifier_start(c) || c.is_ascii_digit() || c == '$',
        }
    }

    /// Opening quotes of a delimited identifier.
    pub(super) fn is_delimited_identifier_start(self, c: char) -> bool {
        match self.0 {
            Flavor::MySql => c == '`',
            Flavor::Postgres => c == '"',
            Flavor::MsSql => matches!(c, '"' | '['),
            Flavor::Sqlite => matches!(c, '`' | '"' | '['),
            Flavor::Generic => matches!(c, '"' | '`'),
        }
    }

    /// Whether `\` escapes in '...' and "..." strings (MySQL's).
    pub(super) fn backslash_escapes(self) -> bool {
        self.is(Flavor::MySql)
    }

    /// MySQL keeps `\%` and `\_` as written, for LIKE to read.
    pub(super) fn keeps_wildcard_escapes(self) -> bool {
        self.is(Flavor::MySql)
    }

    /// MySQL's identifiers may begin with digits (`1abc`, `t.1e5`).
    pub(super) fn numeric_prefix(self) -> bool {
        self.is(Flavor::MySql)
    }

    /// `1_000`.
    pub(super) fn numeric_underscores(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::Sqlite)
    }

    /// PostgreSQL's `~~`, `~~*`, `!~~` and `!~~*` (LIKE and ILIKE).
    pub(super) fn like_match_operators(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::Generic)
    }

    /// After a period, a letter always starts a word (`t.x'..'` is no hex string).
    pub(super) fn word_after_period(self) -> bool {
        matches!(self.0, Flavor::MySql | Flavor::Generic)
    }

    /// `COPY ... FROM STDIN;` followed by its rows, read raw.
    pub(super) fn copy_data(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::Generic)
    }

    /// SQLite's `/* ...` without its `*/` is a comment to the end.
    pub(super) fn unterminated_comments(self) -> bool {
        self.is(Flavor::Sqlite)
    }

    /// `N'...'`: every flavour's but SQLite's.
    pub(super) fn national_strings(self) -> bool {
        !self.is(Flavor::Sqlite)
    }

    /// PostgreSQL's integers in hex, octal and binary: `0x1F`, `0o17`, `0b101`.
    pub(super) fn non_decimal_integers(self) -> bool {
        self.is(Flavor::Postgres)
    }

    /// MySQL reads `--` as a comment only when whitespace follows.
    pub(super) fn dash_comment_needs_space(self) -> bool {
        self.is(Flavor::MySql)
    }

    /// PostgreSQL's geometric and JSON operators (`@@`, `?|`, `<->`, `&<` ...).
    pub(super) fn geometric(self) -> bool {
        self.is(Flavor::Postgres)
    }

    /// PostgreSQL lets any run of operator characters form a custom operator.
    pub(super) fn is_custom_operator_part(self, c: char) -> bool {
        self.is(Flavor::Postgres)
            && matches!(
                c,
                '+' | '-'
                    | '*'
                    | '/'
                    | '<'
                    | '>'
                    | '='
                    | '~'
                    | '!'
                    | '@'
                    | '#'
                    | '%'
                    | '^'
                    | '&'
                    | '|'
                    | '`'
                    | '?'
            )
    }

    pub(super) fn nested_comments(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::MsSql | Flavor::Generic)
    }

    /// `/*!50110 ... */` is read as SQL.
    pub(super) fn comment_hints(self) -> bool {
        matches!(self.0, Flavor::MySql | Flavor::Generic)
    }

    /// `#` starts a comment.
    pub(super) fn hash_comments(self) -> bool {
        self.is(Flavor::MySql)
    }

    /// A single-line comment ends at `\r` as well as `\n`.
    pub(super) fn comment_ends_at_cr(self) -> bool {
        self.is(Flavor::Postgres)
    }

    /// SQLite's `$name` placeholders, where `$` may repeat and `$$` quotes nothing.
    pub(super) fn dollar_placeholders(self) -> bool {
        self.is(Flavor::Sqlite)
    }

    /// T-SQL's money literals: `$12.50`.
    pub(super) fn dollar_money(self) -> bool {
        self.is(Flavor::MsSql)
    }

    /// `b'...'` / `B"..."` byte (bit) strings.
    pub(super) fn byte_strings(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::MySql | Flavor::Generic)
    }

    /// `r'...'` raw strings.
    pub(super) fn raw_strings(self) -> bool {
        self.is(Flavor::Generic)
    }

    /// Oracle's `q'[...]'`.
    pub(super) fn quote_delimited_strings(self) -> bool {
        self.is(Flavor::Generic)
    }

    /// `E'\n'`.
    pub(super) fn escape_strings(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::Generic)
    }

    /// `U&'\0041'`.
    pub(super) fn unicode_strings(self) -> bool {
        matches!(self.0, Flavor::Postgres | Flavor::Generic)
    }

    /// DuckDB's `//`, kept by the generic dialect.
    pub(super) fn int_div(self) -> bool {
        self.is(Flavor::Generic)
    }

    /// BigQuery's `|>`, kept by the generic dialect.
    pub(super) fn pipe_operator(self) -> bool {
        self.is(Flavor::Generic)
    }
}
