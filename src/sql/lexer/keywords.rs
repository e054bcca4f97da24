//! The keywords Queue Lab reads: every keyword its parser or engine names, and the ones in
//! sqlparser's reserved-word lists it consults. A word outside this list is read as a plain
//! word (`Keyword::NoKeyword`): nothing in the lab would tell the two apart.
//!
//! sqlparser's own lookup table holds its ~1,100 keywords, and each keyword's derived `Debug`
//! another table of its name; together about 40 KB of the browser download, where this list
//! takes about 7 KB. The list is packed at compile time into one text and two small arrays,
//! and is checked there to be sorted (`src/sql/lexer/tests.rs` checks it is complete).

use sqlparser::keywords::{self as kw, Keyword};
use sqlparser::tokenizer::{Token, TokenWithSpan, Word};
use std::cmp::Ordering;

macro_rules! known {
    ($($k:ident),* $(,)?) => {
        /// The known keywords in sqlparser's order (ASCII order of their text), each with the
        /// text a word must have to be it. Used at compile time only.
        const KNOWN: &[(&str, Keyword)] = &[$((kw::$k, Keyword::$k)),*];
    };
}

known!(
    ABORT,
    ABSENT,
    ACCESS,
    ACTION,
    ADD,
    AFTER,
    AGGREGATE,
    ALGORITHM,
    ALIAS,
    ALL,
    ALTER,
    ALWAYS,
    ANALYZE,
    AND,
    ANTI,
    ANY,
    APPLY,
    ARRAY,
    AS,
    ASC,
    ASENSITIVE,
    ASOF,
    ASSERT,
    ASYMMETRIC,
    ASYNC,
    AT,
    ATTACH,
    AUTHORIZATION,
    AUTOEXTEND_SIZE,
    AUTOINCREMENT,
    AUTO_INCREMENT,
    AVG_ROW_LENGTH,
    BACKUP,
    BEFORE,
    BEGIN,
    BETWEEN,
    BIGDECIMAL,
    BIGINT,
    BIGNUMERIC,
    BINARY,
    BIT,
    BLOB,
    BLOOM,
    BOOL,
    BOOLEAN,
    BOTH,
    BOX,
    BRIN,
    BROWSE,
    BTREE,
    BY,
    BYTEA,
    BYTES,
    CACHE,
    CALL,
    CASCADE,
    CASE,
    CAST,
    CATCH,
    CEIL,
    CENTURY,
    CHAIN,
    CHANGE,
    CHANGES,
    CHAR,
    CHARACTER,
    CHARACTERISTICS,
    CHARACTERS,
    CHARSET,
    CHECK,
    CHECKSUM,
    CIRCLE,
    CLEAR,
    CLOB,
    CLONE,
    CLOSE,
    CLUSTER,
    CLUSTERED,
    COALESCE,
    COLLATE,
    COLLATION,
    COLUMN,
    COMMENT,
    COMMIT,
    COMMITTED,
    COMPRESSION,
    CONCURRENTLY,
    CONFLICT,
    CONNECT,
    CONNECTION,
    CONNECTOR,
    CONSTRAINT,
    CONTINUE,
    CONVERT,
    COPY,
    CREATE,
    CROSS,
    CUBE,
    CURRENT,
    CURRENT_CATALOG,
    CURRENT_DATE,
    CURRENT_ROLE,
    CURRENT_SCHEMA,
    CURRENT_TIME,
    CURRENT_TIMESTAMP,
    CURRENT_USER,
    CURSOR,
    CYCLE,
    DATA,
    DATABASE,
    DATE,
    DATE32,
    DATETIME,
    DAY,
    DAYOFWEEK,
    DAYOFYEAR,
    DAYS,
    DEALLOCATE,
    DEC,
    DECADE,
    DECIMAL,
    DECLARE,
    DEFAULT,
    DEFAULTS,
    DEFERRABLE,
    DEFERRED,
    DEFINER,
    DELAYED,
    DELAY_KEY_WRITE,
    DELETE,
    DENY,
    DESC,
    DESCRIBE,
    DETACH,
    DIRECTORY,
    DISABLE,
    DISCARD,
    DISTINCT,
    DISTINCTROW,
    DISTKEY,
    DISTRIBUTE,
    DISTSTYLE,
    DIV,
    DO,
    DOMAIN,
    DOUBLE,
    DOW,
    DOY,
    DROP,
    DUPLICATE,
    ELSE,
    ENABLE,
    ENCRYPTION,
    END,
    ENFORCED,
    ENGINE,
    ENGINE_ATTRIBUTE,
    ENUM,
    ENUM16,
    ENUM8,
    EPHEMERAL,
    EPOCH,
    ESCAPE,
    EXCEPT,
    EXCEPTION,
    EXCLUDE,
    EXCLUDING,
    EXCLUSIVE,
    EXEC,
    EXECUTE,
    EXISTS,
    EXPLAIN,
    EXPORT,
    EXTENSION,
    EXTERNAL,
    EXTRACT,
    FAIL,
    FALSE,
    FETCH,
    FILL,
    FILTER,
    FIRST,
    FIXEDSTRING,
    FLOAT,
    FLOAT32,
    FLOAT4,
    FLOAT64,
    FLOAT8,
    FLOOR,
    FLUSH,
    FOLLOWING,
    FOR,
    FORCE,
    FOREIGN,
    FORMAT,
    FREEZE,
    FROM,
    FULL,
    FULLTEXT,
    FUNCTION,
    GENERATED,
    GIN,
    GIST,
    GLOB,
    GLOBAL,
    GRANT,
    GROUP,
    GROUPING,
    GROUPS,
    HASH,
    HAVING,
    HEAP,
    HIGH_PRIORITY,
    HIVEVAR,
    HOLD,
    HOUR,
    HOURS,
    HUGEINT,
    ICEBERG,
    IDENTITY,
    IDENTITY_INSERT,
    IF,
    IGNORE,
    ILIKE,
    IMMEDIATE,
    IN,
    INCLUDE,
    INCLUDING,
    INCREMENT,
    INDEX,
    INDEXED,
    INHERIT,
    INHERITS,
    INITIALLY,
    INNER,
    INOUT,
    INSENSITIVE,
    INSERT,
    INSERT_METHOD,
    INSTALL,
    INT,
    INT128,
    INT16,
    INT2,
    INT256,
    INT32,
    INT4,
    INT64,
    INT8,
    INTEGER,
    INTERPOLATE,
    INTERSECT,
    INTERVAL,
    INTO,
    INVISIBLE,
    IS,
    ISODOW,
    ISOLATION,
    ISOWEEK,
    ISOYEAR,
    JOIN,
    JSON,
    JSONB,
    JSON_TABLE,
    JULIAN,
    KEY,
    KEY_BLOCK_SIZE,
    KILL,
    LARGE,
    LAST,
    LATERAL,
    LEADING,
    LEAST,
    LEFT,
    LEVEL,
    LIKE,
    LIMIT,
    LINE,
    LISTEN,
    LOAD,
    LOCAL,
    LOCALTIME,
    LOCALTIMESTAMP,
    LOCATION,
    LOCK,
    LOCKED,
    LONGBLOB,
    LONGTEXT,
    LOWCARDINALITY,
    LOW_PRIORITY,
    LSEG,
    MACRO,
    MAP,
    MATCH,
    MATCH_CONDITION,
    MATCH_RECOGNIZE,
    MATERIALIZE,
    MATERIALIZED,
    MAX,
    MAXVALUE,
    MAX_ROWS,
    MEDIUMBLOB,
    MEDIUMINT,
    MEDIUMTEXT,
    MEMBER,
    MERGE,
    MICROSECOND,
    MICROSECONDS,
    MILLENIUM,
    MILLENNIUM,
    MILLISECOND,
    MILLISECONDS,
    MINUS,
    MINUTE,
    MINUTES,
    MINVALUE,
    MIN_ROWS,
    MOD,
    MODE,
    MODIFY,
    MONTH,
    MONTHS,
    MSCK,
    MULTISET,
    NAME,
    NAMES,
    NANOSECOND,
    NANOSECONDS,
    NATIONAL,
    NATURAL,
    NCHAR,
    NESTED,
    NEXT,
    NFC,
    NFD,
    NFKC,
    NFKD,
    NO,
    NONE,
    NORMALIZE,
    NORMALIZED,
    NOT,
    NOTHING,
    NOTIFY,
    NOTNULL,
    NOWAIT,
    NULL,
    NULLABLE,
    NULLIF,
    NULLS,
    NUMERIC,
    NVARCHAR,
    OBJECT,
    OCTETS,
    OF,
    OFFSET,
    OFFSETS,
    ON,
    ONLY,
    OPEN,
    OPENJSON,
    OPERATOR,
    OPTIMIZE,
    OPTIONS,
    OR,
    ORDER,
    ORDINALITY,
    OUT,
    OUTER,
    OUTPUT,
    OVER,
    OVERFLOW,
    OVERLAPS,
    OVERLAY,
    OVERRIDING,
    OVERWRITE,
    OWNED,
    OWNER,
    PACK_KEYS,
    PARTIAL,
    PARTITION,
    PARTITIONED,
    PASSWORD,
    PATH,
    PERCENT,
    PIVOT,
    PLACING,
    POINT,
    POLICY,
    POLYGON,
    POSITION,
    PRAGMA,
    PRECEDING,
    PRECISION,
    PREPARE,
    PRESERVE,
    PREWHERE,
    PRIMARY,
    PRINT,
    PRIVILEGES,
    PROC,
    PROCEDURE,
    PROJECTION,
    PURGE,
    QUALIFY,
    QUARTER,
    RAISE,
    RAISERROR,
    RANGE,
    READ,
    REAL,
    RECURSIVE,
    REFERENCES,
    REFRESH,
    REGCLASS,
    REGEXP,
    RELEASE,
    RENAME,
    REPEATABLE,
    REPLACE,
    REPLICA,
    RESET,
    RESPECT,
    RESTART,
    RESTRICT,
    RESUME,
    RETURN,
    RETURNING,
    REVOKE,
    RIGHT,
    RLIKE,
    ROLE,
    ROLLBACK,
    ROLLUP,
    ROW,
    ROWID,
    ROWS,
    ROW_FORMAT,
    RULE,
    SAFE_CAST,
    SAMPLE,
    SAVEPOINT,
    SCHEMA,
    SCROLL,
    SEARCH,
    SECOND,
    SECONDARY_ENGINE_ATTRIBUTE,
    SECONDS,
    SECRET,
    SECURE,
    SECURITY,
    SELECT,
    SEMI,
    SEPARATOR,
    SEQUENCE,
    SERDEPROPERTIES,
    SERIALIZABLE,
    SERVER,
    SESSION,
    SESSION_USER,
    SET,
    SETOF,
    SETS,
    SETTINGS,
    SHARE,
    SHOW,
    SIGNED,
    SIMILAR,
    SIMPLE,
    SKIP,
    SMALLINT,
    SNAPSHOT,
    SOME,
    SORT,
    SORTKEY,
    SPATIAL,
    SPGIST,
    SQL,
    SQL_BIG_RESULT,
    SQL_BUFFER_RESULT,
    SQL_CALC_FOUND_ROWS,
    SQL_NO_CACHE,
    SQL_SMALL_RESULT,
    SRID,
    STAGE,
    START,
    STATISTICS,
    STATS_AUTO_RECALC,
    STATS_PERSISTENT,
    STATS_SAMPLE_PAGES,
    STDIN,
    STEP,
    STORED,
    STRAIGHT_JOIN,
    STREAM,
    STRICT,
    STRING,
    STRUCT,
    SUBSTR,
    SUBSTRING,
    SUSPEND,
    SWAP,
    SYMMETRIC,
    SYSTEM,
    SYSTEM_TIME,
    SYSTEM_USER,
    TABLE,
    TABLES,
    TABLESAMPLE,
    TABLESPACE,
    TBLPROPERTIES,
    TEMP,
    TEMPORARY,
    TEXT,
    THEN,
    THROW,
    TIES,
    TIME,
    TIMESTAMP,
    TIMESTAMPTZ,
    TIMESTAMP_NTZ,
    TIMETZ,
    TIMEZONE,
    TIMEZONE_ABBR,
    TIMEZONE_HOUR,
    TIMEZONE_MINUTE,
    TIMEZONE_REGION,
    TINYBLOB,
    TINYINT,
    TINYTEXT,
    TO,
    TOP,
    TRAILING,
    TRAN,
    TRANSACTION,
    TRANSIENT,
    TREAT,
    TRIGGER,
    TRIM,
    TRUE,
    TRUNCATE,
    TRY,
    TRY_CAST,
    TRY_CONVERT,
    TSQUERY,
    TSVECTOR,
    TUPLE,
    TYPE,
    UBIGINT,
    UHUGEINT,
    UINT128,
    UINT16,
    UINT256,
    UINT32,
    UINT64,
    UINT8,
    UNBOUNDED,
    UNCACHE,
    UNCOMMITTED,
    UNFREEZE,
    UNION,
    UNIQUE,
    UNKNOWN,
    UNLISTEN,
    UNLOAD,
    UNLOCK,
    UNLOGGED,
    UNNEST,
    UNPIVOT,
    UNSIGNED,
    UPDATE,
    USE,
    USER,
    USING,
    USMALLINT,
    UTINYINT,
    UUID,
    VACUUM,
    VALID,
    VALIDATE,
    VALUE,
    VALUES,
    VARBINARY,
    VARBIT,
    VARCHAR,
    VARIADIC,
    VARYING,
    VERBOSE,
    VERSION,
    VIEW,
    VIRTUAL,
    VOLATILE,
    WAITFOR,
    WAREHOUSE,
    WEEK,
    WEEKS,
    WHEN,
    WHERE,
    WHILE,
    WINDOW,
    WITH,
    WITHIN,
    WITHOUT,
    WORK,
    WRITE,
    XML,
    XMLNAMESPACES,
    XMLTABLE,
    XOR,
    YEAR,
    YEARS,
    ZEROFILL,
    ZONE,
);

const COUNT: usize = KNOWN.len();

const TEXT_LEN: usize = {
    let mut i = 0;
    let mut n = 0;
    while i < COUNT {
        n += KNOWN[i].0.len();
        i += 1;
    }
    n
};

/// The keywords' texts, one after the other.
static TEXT: [u8; TEXT_LEN] = {
    let mut text = [0u8; TEXT_LEN];
    let (mut i, mut at) = (0, 0);
    while i < COUNT {
        let word = KNOWN[i].0.as_bytes();
        let mut j = 0;
        while j < word.len() {
            text[at] = word[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    text
};

/// Where each keyword's text ends in `TEXT`.
static ENDS: [u16; COUNT] = {
    let mut ends = [0u16; COUNT];
    let (mut i, mut at) = (0, 0);
    while i < COUNT {
        at += KNOWN[i].0.len();
        assert!(at <= u16::MAX as usize);
        ends[i] = at as u16;
        i += 1;
    }
    ends
};

/// The keywords, in the order of `ENDS`.
static KEYWORDS: [Keyword; COUNT] = {
    let mut keys = [Keyword::NoKeyword; COUNT];
    let mut i = 0;
    while i < COUNT {
        keys[i] = KNOWN[i].1;
        i += 1;
    }
    keys
};

/// Both binary searches need the list in ASCII order of the texts, which is also the order of
/// sqlparser's `Keyword` (it declares them so).
const _: () = {
    let mut i = 1;
    while i < COUNT {
        assert!(
            text_order(KNOWN[i - 1].0.as_bytes(), KNOWN[i].0.as_bytes()) < 0,
            "keywords out of order"
        );
        assert!(
            (KNOWN[i - 1].1 as u16) < (KNOWN[i].1 as u16),
            "keywords out of order"
        );
        i += 1;
    }
};

const fn text_order(a: &[u8], b: &[u8]) -> i32 {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] as i32 - b[i] as i32;
        }
        i += 1;
    }
    a.len() as i32 - b.len() as i32
}

fn text_of(i: usize) -> &'static [u8] {
    let start = if i == 0 { 0 } else { ENDS[i - 1] as usize };
    TEXT.get(start..ENDS[i] as usize).unwrap_or_default()
}

/// The keyword an unquoted word is (ASCII letters in any case), as sqlparser's tokenizer
/// looks it up; `NoKeyword` for a quoted word or any other.
pub(super) fn keyword_of(word: &str, quote_style: Option<char>) -> Keyword {
    if quote_style.is_some() {
        return Keyword::NoKeyword;
    }
    let word = word.as_bytes();
    let (mut low, mut high) = (0, COUNT);
    while low < high {
        let mid = low + (high - low) / 2;
        match compare(text_of(mid), word) {
            Ordering::Less => low = mid + 1,
            Ordering::Greater => high = mid,
            Ordering::Equal => return KEYWORDS[mid],
        }
    }
    Keyword::NoKeyword
}

/// A keyword's text against a word, the word's ASCII letters taken as capitals.
fn compare(probe: &[u8], word: &[u8]) -> Ordering {
    for (p, w) in probe.iter().zip(word) {
        let order = p.cmp(&w.to_ascii_uppercase());
        if order != Ordering::Equal {
            return order;
        }
    }
    probe.len().cmp(&word.len())
}

/// A word token, its keyword looked up (sqlparser's `Token::make_word`).
pub fn word(value: &str, quote_style: Option<char>) -> Token {
    Token::Word(Word {
        keyword: keyword_of(value, quote_style),
        value: value.to_string(),
        quote_style,
    })
}

/// A keyword's name as sqlparser's derived `Debug` writes it (its parse errors quote it).
pub fn keyword_name(keyword: Keyword) -> &'static str {
    match KEYWORDS.binary_search(&keyword) {
        Ok(i) => std::str::from_utf8(text_of(i)).unwrap_or_default(),
        Err(_) => "NoKeyword",
    }
}

/// `text` between `quote`s as Rust's `Debug` writes a string (`"`) or a character (`'`): the
/// quote, `\\` and the control characters escaped. Written out because the browser's build
/// formats no `Debug` (`-Zfmt-debug=none`, scripts/build-app.mjs); unlike `Debug`, it leaves
/// the characters Unicode does not print as they are (only an error message shows them).
pub fn debug_quoted(text: &str, quote: char) -> String {
    let mut out = String::from(quote);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\0' => out.push_str("\\0"),
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A token as sqlparser's derived `Debug` writes it, for the tokens its "No infix parser for
/// token ..." error can name: words and the operators that rank as infix. Written out here
/// because `Token`'s `Debug` would bring every keyword's name into the download.
pub fn token_debug(token: &Token) -> String {
    let name = match token {
        Token::Word(w) => {
            let quote = match w.quote_style {
                Some(q) => format!("Some({})", debug_quoted(&q.to_string(), '\'')),
                None => "None".into(),
            };
            return format!(
                "Word(Word {{ value: {}, quote_style: {quote}, keyword: {} }})",
                debug_quoted(&w.value, '"'),
                keyword_name(w.keyword)
            );
        }
        Token::CustomBinaryOperator(op) => {
            return format!("CustomBinaryOperator({})", debug_quoted(op, '"'))
        }
        Token::Period => "Period",
        Token::Assignment => "Assignment",
        Token::Eq => "Eq",
        Token::Lt => "Lt",
        Token::LtEq => "LtEq",
        Token::Neq => "Neq",
        Token::Gt => "Gt",
        Token::GtEq => "GtEq",
        Token::DoubleEq => "DoubleEq",
        Token::Tilde => "Tilde",
        Token::TildeAsterisk => "TildeAsterisk",
        Token::ExclamationMarkTilde => "ExclamationMarkTilde",
        Token::ExclamationMarkTildeAsterisk => "ExclamationMarkTildeAsterisk",
        Token::DoubleTilde => "DoubleTilde",
        Token::DoubleTildeAsterisk => "DoubleTildeAsterisk",
        Token::ExclamationMarkDoubleTilde => "ExclamationMarkDoubleTilde",
        Token::ExclamationMarkDoubleTildeAsterisk => "ExclamationMarkDoubleTildeAsterisk",
        Token::Spaceship => "Spaceship",
        Token::Pipe => "Pipe",
        Token::QuestionMarkDash => "QuestionMarkDash",
        Token::DoubleSharp => "DoubleSharp",
        Token::Overlap => "Overlap",
        Token::AmpersandLeftAngleBracket => "AmpersandLeftAngleBracket",
        Token::AmpersandRightAngleBracket => "AmpersandRightAngleBracket",
        Token::QuestionMarkDashVerticalBar => "QuestionMarkDashVerticalBar",
        Token::AmpersandLeftAngleBracketVerticalBar => "AmpersandLeftAngleBracketVerticalBar",
        Token::VerticalBarAmpersandRightAngleBracket => "VerticalBarAmpersandRightAngleBracket",
        Token::TwoWayArrow => "TwoWayArrow",
        Token::LeftAngleBracketCaret => "LeftAngleBracketCaret",
        Token::RightAngleBracketCaret => "RightAngleBracketCaret",
        Token::QuestionMarkSharp => "QuestionMarkSharp",
        Token::QuestionMarkDoubleVerticalBar => "QuestionMarkDoubleVerticalBar",
        Token::QuestionPipe => "QuestionPipe",
        Token::TildeEqual => "TildeEqual",
        Token::AtSign => "AtSign",
        Token::ShiftLeftVerticalBar => "ShiftLeftVerticalBar",
        Token::VerticalBarShiftRight => "VerticalBarShiftRight",
        Token::Caret => "Caret",
        Token::Sharp => "Sharp",
        Token::ShiftRight => "ShiftRight",
        Token::ShiftLeft => "ShiftLeft",
        Token::Ampersand => "Ampersand",
        Token::Plus => "Plus",
        Token::Minus => "Minus",
        Token::Mul => "Mul",
        Token::Div => "Div",
        Token::DuckIntDiv => "DuckIntDiv",
        Token::Mod => "Mod",
        Token::StringConcat => "StringConcat",
        Token::DoubleColon => "DoubleColon",
        Token::ExclamationMark => "ExclamationMark",
        Token::LBracket => "LBracket",
        Token::CaretAt => "CaretAt",
        Token::Colon => "Colon",
        Token::Arrow => "Arrow",
        Token::LongArrow => "LongArrow",
        Token::HashArrow => "HashArrow",
        Token::HashLongArrow => "HashLongArrow",
        Token::AtArrow => "AtArrow",
        Token::ArrowAt => "ArrowAt",
        Token::HashMinus => "HashMinus",
        Token::AtQuestion => "AtQuestion",
        Token::AtAt => "AtAt",
        Token::Question => "Question",
        Token::QuestionAnd => "QuestionAnd",
        // No other token ranks as an infix operator (`Parser::next_precedence`).
        other => return crate::sql::print::ToSql::to_sql(other),
    };
    name.to_string()
}

/// The keyword Queue Lab's lexer gives a word that sqlparser's tokenizer reads as `keyword`:
/// the same if the lab knows it, else `NoKeyword`. For the tests and fuzz targets that hold
/// the two lexers to each other.
pub fn known(keyword: Keyword) -> Keyword {
    match KEYWORDS.binary_search(&keyword) {
        Ok(_) => keyword,
        Err(_) => Keyword::NoKeyword,
    }
}

/// sqlparser's tokens as Queue Lab's lexer gives them: each word's keyword through [`known`].
pub fn as_known(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    for t in &mut tokens {
        if let Token::Word(w) = &mut t.token {
            w.keyword = known(w.keyword);
        }
    }
    tokens
}
