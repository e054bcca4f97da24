//! `exp`, `ln`, `sqrt` and `power` (`pow`), which SQLite's build leaves out: job queues
//! compute retry backoffs with them (graphile-worker's `exp(least(attempts, 10)) * interval
//! '1 second'`, MariaDB's `NOW() + INTERVAL POW(2, attempts) SECOND`). Each gives a double,
//! as both servers' functions of a double do; the planner types the result
//! (`dialect/num_types.rs`). Rounded correctly (`double_double.rs`), as the servers' C
//! library nearly always rounds, and the same on every target: the conformance suite
//! compares the digits with the servers' own. Where a server fails or answers NULL (an overflow, the logarithm of
//! zero, a negative number to a fractional power) the two servers differ, and the lab
//! refuses the value by name rather than answer for either.

use super::double_double::{self as dd, Dd};
use super::errors::refused_in_function as refused;
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// Which function.
#[derive(Clone, Copy)]
pub enum MathCall {
    Exp,
    Ln,
    Sqrt,
    Power,
}

impl MathCall {
    /// The SQLite names it is registered under, with their argument counts.
    pub const ALL: [(&'static str, i32, MathCall); 5] = [
        ("exp", 1, MathCall::Exp),
        ("ln", 1, MathCall::Ln),
        ("sqrt", 1, MathCall::Sqrt),
        ("power", 2, MathCall::Power),
        ("pow", 2, MathCall::Power),
    ];
}

/// Argument `i` as a double; `None` for NULL.
fn arg(ctx: &Context, i: usize) -> rusqlite::Result<Option<f64>> {
    match ctx.get::<Sql>(i)? {
        Sql::Null => Ok(None),
        Sql::Integer(n) => Ok(Some(n as f64)),
        Sql::Real(r) => Ok(Some(r)),
        _ => Err(refused(
            "A math function of a string",
            "give it a number (a column of a number type, or a constant)",
        )),
    }
}

pub fn call(kind: MathCall, ctx: &Context) -> rusqlite::Result<Sql> {
    let Some(x) = arg(ctx, 0)? else {
        return Ok(Sql::Null);
    };
    let value = match kind {
        MathCall::Exp => dd::exp(Dd::of(x)),
        MathCall::Ln => dd::LN_DOMAIN.contains(&x).then(|| dd::ln(x).round()),
        MathCall::Sqrt => (x >= 0.0).then(|| x.sqrt()),
        MathCall::Power => {
            let Some(y) = arg(ctx, 1)? else {
                return Ok(Sql::Null);
            };
            power(x, y)
        }
    };
    let name = match kind {
        MathCall::Exp => "exp",
        MathCall::Ln => "ln",
        MathCall::Sqrt => "sqrt",
        MathCall::Power => "power",
    };
    value.map(Sql::Real).ok_or_else(|| {
        refused(
            &format!("{name}() of {} (no finite double)", crate::float_text::display(x)),
            "the servers fail or answer NULL there (PostgreSQL's 22003 or 2201F, MariaDB's 1690 or NULL); keep the argument in range (least(attempts, 10))",
        )
    })
}

/// `x` to the power `y`, as `e^(y ln |x|)` computed in double-double (so `power(2, 10)` is
/// 1024 exactly); `None` where no real, finite double answers (a negative `x` to a
/// fractional power, zero to a negative one, an overflow) and past the range the lab
/// computes (`|x|` beyond 1e±300).
fn power(x: f64, y: f64) -> Option<f64> {
    if y == 0.0 {
        return Some(1.0);
    }
    if x == 0.0 {
        return (y > 0.0).then_some(0.0);
    }
    if (x < 0.0 && y.fract() != 0.0) || !dd::LN_DOMAIN.contains(&x.abs()) {
        return None;
    }
    let magnitude = dd::exp(dd::ln(x.abs()).mul(Dd::of(y)))?;
    let odd = x < 0.0 && (y % 2.0).abs() == 1.0;
    Some(if odd { -magnitude } else { magnitude })
}
