//! Copies of literal values. sqlparser's derived `Clone` of `Value`, compiled in sqlparser at
//! opt-level 3 (Cargo.toml says why), spends an arm on each of its twenty-odd kinds of
//! literal (899 B of code), though nearly all of them hold just one string. Here a value is
//! copied bit for bit and its strings are then given memory of their own, in one arm for
//! every kind that holds one string ([`super::bitwise_then_own`]). The match names every
//! kind, so that one sqlparser adds does not compile until it is placed.

use super::{bitwise_then_own, own, Duplicate};
use sqlparser::ast::{CastFormat, Value, ValueWithSpan};

impl Duplicate for Value {
    fn copy_of(&self) -> Self {
        use Value as V;
        // SAFETY: the match gives every string of the copy its own memory.
        unsafe {
            bitwise_then_own(self, |copy| match copy {
                V::Number(s, _)
                | V::SingleQuotedString(s)
                | V::TripleSingleQuotedString(s)
                | V::TripleDoubleQuotedString(s)
                | V::EscapedStringLiteral(s)
                | V::UnicodeStringLiteral(s)
                | V::SingleQuotedByteStringLiteral(s)
                | V::DoubleQuotedByteStringLiteral(s)
                | V::TripleSingleQuotedByteStringLiteral(s)
                | V::TripleDoubleQuotedByteStringLiteral(s)
                | V::SingleQuotedRawStringLiteral(s)
                | V::DoubleQuotedRawStringLiteral(s)
                | V::TripleSingleQuotedRawStringLiteral(s)
                | V::TripleDoubleQuotedRawStringLiteral(s)
                | V::NationalStringLiteral(s)
                | V::HexStringLiteral(s)
                | V::DoubleQuotedString(s)
                | V::Placeholder(s) => own(s),
                V::DollarQuotedString(d) => {
                    own(&mut d.value);
                    own(&mut d.tag);
                }
                V::QuoteDelimitedStringLiteral(q) | V::NationalQuoteDelimitedStringLiteral(q) => {
                    own(&mut q.value)
                }
                V::Boolean(_) | V::Null => {}
            })
        }
    }
}

impl Duplicate for ValueWithSpan {
    fn copy_of(&self) -> Self {
        ValueWithSpan {
            value: self.value.copy_of(),
            span: self.span,
        }
    }
}

impl Duplicate for CastFormat {
    fn copy_of(&self) -> Self {
        match self {
            CastFormat::Value(v) => CastFormat::Value(v.copy_of()),
            CastFormat::ValueAtTimeZone(v, zone) => {
                CastFormat::ValueAtTimeZone(v.copy_of(), zone.copy_of())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::ast::{DollarQuotedString, QuoteDelimitedString};
    use sqlparser::tokenizer::Span;

    /// Every kind of literal copies equal to sqlparser's `Clone`, and the copy owns its text:
    /// dropping the original leaves it whole.
    #[test]
    fn literals_copy_as_clone_does() {
        let text = || "it's".to_string();
        let quoted = QuoteDelimitedString {
            start_quote: '[',
            value: text(),
            end_quote: ']',
        };
        let values = [
            Value::Number("12.5".into(), true),
            Value::SingleQuotedString(text()),
            Value::DollarQuotedString(DollarQuotedString {
                value: text(),
                tag: Some("t".into()),
            }),
            Value::TripleSingleQuotedString(text()),
            Value::TripleDoubleQuotedString(text()),
            Value::EscapedStringLiteral(text()),
            Value::UnicodeStringLiteral(text()),
            Value::SingleQuotedByteStringLiteral(text()),
            Value::DoubleQuotedByteStringLiteral(text()),
            Value::TripleSingleQuotedByteStringLiteral(text()),
            Value::TripleDoubleQuotedByteStringLiteral(text()),
            Value::SingleQuotedRawStringLiteral(text()),
            Value::DoubleQuotedRawStringLiteral(text()),
            Value::TripleSingleQuotedRawStringLiteral(text()),
            Value::TripleDoubleQuotedRawStringLiteral(text()),
            Value::NationalStringLiteral(text()),
            Value::QuoteDelimitedStringLiteral(quoted.clone()),
            Value::NationalQuoteDelimitedStringLiteral(quoted),
            Value::HexStringLiteral("0f".into()),
            Value::DoubleQuotedString(text()),
            Value::Boolean(true),
            Value::Null,
            Value::Placeholder("$1".into()),
        ];
        for value in values {
            let spanned = value.with_span(Span::empty());
            let original = spanned.clone();
            let copy = original.copy_of();
            drop(original);
            assert_eq!(copy, spanned);
            let format = CastFormat::ValueAtTimeZone(copy.clone(), copy);
            assert_eq!(format.copy_of(), format);
        }
    }
}
