//! Queries that look at a simulation from outside it: what a new autocommit session would
//! read now (the explorer's `#! expect sql` checks), leaving no trace.

use super::program::{advance, Stop, Ticks, Work};
use super::Sim;
use crate::dialect::mssql::tsql::interp::Interp;
use crate::scenario::spec::Block;
use crate::trace::Outcome;

/// What a query run in a new session gave.
#[derive(Debug, Clone, PartialEq)]
pub enum FreshQuery {
    /// It ran: its result, or the error it ended in.
    Done(Outcome),
    /// It would wait for locks these sessions hold (SQL Server's locking reads).
    Waits(Vec<String>),
}

impl Sim {
    /// Runs `sql` as a new autocommit session would now, then undoes everything it did
    /// (the state, the clock and the marks are as before). It runs in the engine's hidden
    /// setup session, which holds no transaction once the setup is done.
    pub fn query_as_new_session(&mut self, sql: &str) -> FreshQuery {
        let mark = self.save();
        let block = Block {
            sql: sql.to_string(),
            pos: crate::source::Pos { line: 1, column: 1 },
        };
        let work = if self.lab.dialect.procedural_batches() {
            Work::tsql(sql)
        } else {
            self.cache.work(&self.lab, &block)
        };
        let got = match work {
            Err(e) => FreshQuery::Done(Outcome::Error(e)),
            Ok(work) => {
                let mut interp = Interp::default();
                let ran = advance(
                    &mut self.lab,
                    &mut interp,
                    0,
                    work,
                    (None, Ticks::EngineStatements),
                    usize::MAX,
                );
                match ran.stop {
                    Stop::Ended { outcome, .. } => FreshQuery::Done(outcome),
                    Stop::Waiting { on, .. } => FreshQuery::Waits(
                        on.iter()
                            .filter_map(|s| self.lab.sessions.get(*s).map(|x| x.name.clone()))
                            .collect(),
                    ),
                }
            }
        };
        self.restore(mark);
        got
    }
}
