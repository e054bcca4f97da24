//! Names and literals: identifiers, dotted names, values and date/time fields, with the
//! quoting and escaping sqlparser's `Display` applies to them.

use super::{separated, unprintable, ToSql};
use sqlparser::ast::{
    DateTimeField, DollarQuotedString, Ident, ObjectName, ObjectNamePart, QuoteDelimitedString,
    TrimWhereField, Value, ValueWithSpan,
};

impl ToSql for Ident {
    fn write_sql(&self, out: &mut String) {
        ident(out, &self.value, self.quote_style);
    }
}

/// A name as written with its quotes (an `Ident`, a word token).
pub(super) fn ident(out: &mut String, value: &str, quote_style: Option<char>) {
    match quote_style {
        None => out.push_str(value),
        Some(q @ ('"' | '\'' | '`')) => quoted(out, q, value),
        Some('[') => verbatim(out, "[", value, "]"),
        // Display panics on any other quote; no lexer of ours makes one.
        Some(_) => unprintable(out),
    }
}

impl ToSql for ObjectName {
    fn write_sql(&self, out: &mut String) {
        separated(out, &self.0, ".");
    }
}

impl ToSql for ObjectNamePart {
    fn write_sql(&self, out: &mut String) {
        match self {
            ObjectNamePart::Identifier(ident) => ident.write_sql(out),
            // Snowflake's IDENTIFIER(...) names: no parser of ours builds them.
            ObjectNamePart::Function(_) => unprintable(out),
        }
    }
}

impl ToSql for ValueWithSpan {
    fn write_sql(&self, out: &mut String) {
        self.value.write_sql(out);
    }
}

impl ToSql for Value {
    fn write_sql(&self, out: &mut String) {
        match self {
            Value::Number(digits, long) => {
                out.push_str(digits);
                if *long {
                    out.push('L');
                }
            }
            Value::SingleQuotedString(s) => quoted(out, '\'', s),
            Value::DoubleQuotedString(s) => quoted(out, '"', s),
            Value::NationalStringLiteral(s) => {
                out.push('N');
                quoted(out, '\'', s);
            }
            Value::EscapedStringLiteral(s) => escaped_literal(out, s),
            Value::UnicodeStringLiteral(s) => unicode_literal(out, s),
            Value::DollarQuotedString(d) => dollar_quoted(out, d),
            Value::QuoteDelimitedStringLiteral(q) => quote_delimited(out, q),
            Value::NationalQuoteDelimitedStringLiteral(q) => {
                out.push('N');
                quote_delimited(out, q);
            }
            Value::HexStringLiteral(s) => prefixed(out, 'X', '\'', s),
            Value::SingleQuotedByteStringLiteral(s) => prefixed(out, 'B', '\'', s),
            Value::DoubleQuotedByteStringLiteral(s) => prefixed(out, 'B', '"', s),
            Value::SingleQuotedRawStringLiteral(s) => prefixed(out, 'R', '\'', s),
            Value::DoubleQuotedRawStringLiteral(s) => prefixed(out, 'R', '"', s),
            // The strings below are printed as they were read, with no escaping.
            Value::TripleSingleQuotedString(s) => verbatim(out, "'''", s, "'''"),
            Value::TripleDoubleQuotedString(s) => verbatim(out, "\"\"\"", s, "\"\"\""),
            Value::TripleSingleQuotedByteStringLiteral(s) => verbatim(out, "B'''", s, "'''"),
            Value::TripleDoubleQuotedByteStringLiteral(s) => verbatim(out, "B\"\"\"", s, "\"\"\""),
            Value::TripleSingleQuotedRawStringLiteral(s) => verbatim(out, "R'''", s, "'''"),
            Value::TripleDoubleQuotedRawStringLiteral(s) => verbatim(out, "R\"\"\"", s, "\"\"\""),
            Value::Boolean(true) => out.push_str("true"),
            Value::Boolean(false) => out.push_str("false"),
            Value::Null => out.push_str("NULL"),
            Value::Placeholder(p) => out.push_str(p),
        }
    }
}

/// `X'...'` and the like: the prefix, then the body quoted as [`quoted`] quotes it.
fn prefixed(out: &mut String, prefix: char, quote: char, body: &str) {
    out.push(prefix);
    quoted(out, quote, body);
}

pub(super) fn verbatim(out: &mut String, open: &str, body: &str, close: &str) {
    out.push_str(open);
    out.push_str(body);
    out.push_str(close);
}

/// `body` between two `quote`s, a lone quote inside doubled. A quote already doubled, or
/// after a backslash, is taken as escaped and left alone; after a backslash-escaped quote
/// every quote is left alone until some other character comes (sqlparser's rule, whose
/// output the engine's tests hold).
pub(super) fn quoted(out: &mut String, quote: char, body: &str) {
    out.push(quote);
    let mut previous = '\0';
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != quote {
            previous = c;
        } else if previous != '\\' {
            out.push(quote);
            if chars.peek() == Some(&quote) {
                chars.next();
            }
            previous = quote;
        }
    }
    out.push(quote);
}

/// PostgreSQL's `E'...'`, with C-style escapes.
fn escaped_literal(out: &mut String, body: &str) {
    out.push_str("E'");
    for c in body.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out.push('\'');
}

/// PostgreSQL's `U&'...'`: non-ASCII characters as `\XXXX` or `\+XXXXXX` (hex code points).
fn unicode_literal(out: &mut String, body: &str) {
    out.push_str("U&'");
    for c in body.chars() {
        match c {
            '\'' => out.push_str("''"),
            '\\' => out.push_str("\\\\"),
            _ if c.is_ascii() => out.push(c),
            _ => {
                let code = u32::from(c);
                out.push('\\');
                let digits = if code <= 0xFFFF {
                    4
                } else {
                    out.push('+');
                    6
                };
                for shift in (0..digits).rev() {
                    let nibble = (code >> (shift * 4)) & 0xF;
                    out.push(char::from_digit(nibble, 16).map_or('0', |d| d.to_ascii_uppercase()));
                }
            }
        }
    }
    out.push('\'');
}

pub(super) fn dollar_quoted(out: &mut String, d: &DollarQuotedString) {
    let tag = d.tag.as_deref().unwrap_or("");
    out.push('$');
    out.push_str(tag);
    out.push('$');
    out.push_str(&d.value);
    out.push('$');
    out.push_str(tag);
    out.push('$');
}

/// Oracle's `Q'[...]'`.
pub(super) fn quote_delimited(out: &mut String, q: &QuoteDelimitedString) {
    out.push_str("Q'");
    out.push(q.start_quote);
    out.push_str(&q.value);
    out.push(q.end_quote);
    out.push('\'');
}

/// Appends `n` in decimal.
pub(super) fn number(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

impl ToSql for DateTimeField {
    fn write_sql(&self, out: &mut String) {
        use DateTimeField as F;
        let name = match self {
            F::Week(day) => {
                out.push_str("WEEK");
                if let Some(day) = day {
                    out.push('(');
                    day.write_sql(out);
                    out.push(')');
                }
                return;
            }
            F::Custom(name) => return name.write_sql(out),
            F::Year => "YEAR",
            F::Years => "YEARS",
            F::Month => "MONTH",
            F::Months => "MONTHS",
            F::Weeks => "WEEKS",
            F::Day => "DAY",
            F::DayOfWeek => "DAYOFWEEK",
            F::DayOfYear => "DAYOFYEAR",
            F::Days => "DAYS",
            F::Date => "DATE",
            F::Datetime => "DATETIME",
            F::Hour => "HOUR",
            F::Hours => "HOURS",
            F::Minute => "MINUTE",
            F::Minutes => "MINUTES",
            F::Second => "SECOND",
            F::Seconds => "SECONDS",
            F::Century => "CENTURY",
            F::Decade => "DECADE",
            F::Dow => "DOW",
            F::Doy => "DOY",
            F::Epoch => "EPOCH",
            F::Isodow => "ISODOW",
            F::Isoyear => "ISOYEAR",
            F::IsoWeek => "ISOWEEK",
            F::Julian => "JULIAN",
            F::Microsecond => "MICROSECOND",
            F::Microseconds => "MICROSECONDS",
            F::Millenium => "MILLENIUM",
            F::Millennium => "MILLENNIUM",
            F::Millisecond => "MILLISECOND",
            F::Milliseconds => "MILLISECONDS",
            F::Nanosecond => "NANOSECOND",
            F::Nanoseconds => "NANOSECONDS",
            F::Quarter => "QUARTER",
            F::Time => "TIME",
            F::Timezone => "TIMEZONE",
            F::TimezoneAbbr => "TIMEZONE_ABBR",
            F::TimezoneHour => "TIMEZONE_HOUR",
            F::TimezoneMinute => "TIMEZONE_MINUTE",
            F::TimezoneRegion => "TIMEZONE_REGION",
            F::NoDateTime => "NODATETIME",
        };
        out.push_str(name);
    }
}

impl ToSql for TrimWhereField {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            TrimWhereField::Both => "BOTH",
            TrimWhereField::Leading => "LEADING",
            TrimWhereField::Trailing => "TRAILING",
        });
    }
}
