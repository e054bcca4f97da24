//! Unary and binary operators.

use super::{unprintable, ToSql};
use sqlparser::ast::{BinaryOperator, UnaryOperator};

impl ToSql for UnaryOperator {
    fn write_sql(&self, out: &mut String) {
        use UnaryOperator as U;
        out.push_str(match self {
            U::Plus => "+",
            U::Minus => "-",
            U::Not => "NOT",
            U::BitwiseNot => "~",
            U::PGSquareRoot => "|/",
            U::PGCubeRoot => "||/",
            U::PGPostfixFactorial => "!",
            U::PGPrefixFactorial => "!!",
            U::PGAbs => "@",
            U::Hash => "#",
            U::AtDashAt => "@-@",
            U::DoubleAt => "@@",
            U::QuestionDash => "?-",
            U::QuestionPipe => "?|",
            // Databricks' `!x`: no parser of ours reads it.
            U::BangNot => return unprintable(out),
        });
    }
}

impl ToSql for BinaryOperator {
    fn write_sql(&self, out: &mut String) {
        use BinaryOperator as B;
        let symbol = match self {
            B::Custom(s) => s,
            B::PGCustomBinaryOperator(parts) => {
                out.push_str("OPERATOR(");
                out.push_str(&parts.join("."));
                out.push(')');
                return;
            }
            B::Plus => "+",
            B::Minus => "-",
            B::Multiply => "*",
            B::Divide => "/",
            B::Modulo => "%",
            B::StringConcat => "||",
            B::Gt => ">",
            B::Lt => "<",
            B::GtEq => ">=",
            B::LtEq => "<=",
            B::Spaceship => "<=>",
            B::Eq => "=",
            B::NotEq => "<>",
            B::And => "AND",
            B::Or => "OR",
            B::Xor => "XOR",
            B::BitwiseOr => "|",
            B::BitwiseAnd => "&",
            B::BitwiseXor | B::PGExp => "^",
            B::DuckIntegerDivide => "//",
            B::MyIntegerDivide => "DIV",
            B::Match => "MATCH",
            B::Regexp => "REGEXP",
            B::Glob => "GLOB",
            B::PGBitwiseXor => "#",
            B::PGBitwiseShiftLeft => "<<",
            B::PGBitwiseShiftRight => ">>",
            B::PGOverlap => "&&",
            B::PGRegexMatch => "~",
            B::PGRegexIMatch => "~*",
            B::PGRegexNotMatch => "!~",
            B::PGRegexNotIMatch => "!~*",
            B::PGLikeMatch => "~~",
            B::PGILikeMatch => "~~*",
            B::PGNotLikeMatch => "!~~",
            B::PGNotILikeMatch => "!~~*",
            B::PGStartsWith => "^@",
            B::Arrow => "->",
            B::LongArrow => "->>",
            B::HashArrow => "#>",
            B::HashLongArrow => "#>>",
            B::AtAt => "@@",
            B::AtArrow => "@>",
            B::ArrowAt => "<@",
            B::HashMinus => "#-",
            B::AtQuestion => "@?",
            B::Question => "?",
            B::QuestionAnd => "?&",
            B::QuestionPipe => "?|",
            B::Overlaps => "OVERLAPS",
            B::DoubleHash => "##",
            B::LtDashGt => "<->",
            B::AndLt => "&<",
            B::AndGt => "&>",
            B::LtLtPipe => "<<|",
            B::PipeGtGt => "|>>",
            B::AndLtPipe => "&<|",
            B::PipeAndGt => "|&>",
            B::LtCaret => "<^",
            B::GtCaret => ">^",
            B::QuestionHash => "?#",
            B::QuestionDash => "?-",
            B::QuestionDashPipe => "?-|",
            B::QuestionDoublePipe => "?||",
            B::At => "@",
            B::TildeEq => "~=",
            B::Assignment => ":=",
            B::Is => "IS",
            B::IsNot => "IS NOT",
        };
        out.push_str(symbol);
    }
}
