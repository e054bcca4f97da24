//! [`Player`]: a [`Sim`] stepped by hand (the lab view's Step buttons), with a mark taken
//! before every move, so that going back to an earlier point restores a mark instead of
//! running the schedule again.
//!
//! Why it lives here and holds its state behind a `Box<dyn ...>` made here: the code that
//! drops a Sim (its plans, parsed statements and T-SQL programs hold sqlparser's trees) is
//! compiled into every crate that drops one. Kept inside this crate, the browser app drops a
//! `Player` through the box's vtable and carries no copy of its own (about 0.6 KB gzip).

use super::{Choice, Config, Mark, Sim};
use crate::engine::store::StoreError;
use crate::scenario::spec::Spec;
use crate::sim::snapshot::Snapshot;
use std::sync::Arc;

pub struct Player {
    held: Box<dyn Holds>,
}

/// What the box holds, reached through the vtable (see the module's doc).
trait Holds {
    fn get(&self) -> &Held;
    fn get_mut(&mut self) -> &mut Held;
}

struct Held {
    spec: Arc<Spec>,
    sim: Sim,
    /// `marks[i]`: the state before move `i` of `sim.taken()`.
    marks: Vec<Mark>,
}

impl Holds for Held {
    fn get(&self) -> &Held {
        self
    }

    fn get_mut(&mut self) -> &mut Held {
        self
    }
}

impl Player {
    /// A Sim of `spec` at its start.
    pub fn new(spec: Arc<Spec>, config: Config) -> Result<Player, StoreError> {
        let sim = Sim::new(spec.clone(), config)?;
        let held: Box<dyn Holds> = Box::new(Held {
            spec,
            sim,
            marks: Vec::new(),
        });
        Ok(Player { held })
    }

    /// The spec it runs (a new text is a new `Arc`, and wants a new player).
    pub fn spec(&self) -> &Arc<Spec> {
        &self.held.get().spec
    }

    pub fn sim(&self) -> &Sim {
        &self.held.get().sim
    }

    /// Takes the Sim to the point after `moves`: back to where its moves and `moves` part
    /// (restoring the mark taken there), then on with the rest.
    pub fn go_to(&mut self, moves: &[Choice]) {
        let h = self.held.get_mut();
        let taken = h.sim.taken().0;
        let common = taken.iter().zip(moves).take_while(|(a, b)| a == b).count();
        if common < taken.len() {
            h.marks.truncate(common + 1);
            if let Some(m) = h.marks.pop() {
                h.sim.restore(m);
            }
        }
        for c in &moves[h.sim.taken().0.len().min(moves.len())..] {
            h.marks.push(h.sim.save());
            let _ = h.sim.step(*c);
        }
    }

    /// Makes a move (marked first) and pictures it.
    pub fn play(&mut self, choice: Choice, before: Option<&Snapshot>) -> Snapshot {
        let h = self.held.get_mut();
        h.marks.push(h.sim.save());
        let out = h.sim.step(choice);
        h.sim.snapshot(before, &out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::schedule::step_id;
    use crate::trace::checked::{Checked, OrFail};
    use crate::trace::{Outcome, Value};

    const SPEC: &str = "# dialect: postgresql
setup { CREATE TABLE q (id int PRIMARY KEY); INSERT INTO q VALUES (1); }
session a
step a1 { BEGIN; }
step a2 { DELETE FROM q; }
step a3 { COMMIT; }
session b
step b1 { SELECT count(*) FROM q; }
";

    fn choice(p: &Player, name: &str) -> Checked<Choice> {
        let step = step_id(p.spec(), name).or_fail(name)?;
        Ok(Choice {
            step,
            statements: None,
        })
    }

    /// The count b1 shows in a move's picture.
    fn count(s: &Snapshot) -> Checked<Value> {
        match s.events.last().and_then(|e| e.outcome.as_ref()) {
            Some(Outcome::Ok(ok)) => ok
                .rows
                .first()
                .and_then(|r| r.first())
                .cloned()
                .or_fail("a row"),
            other => Err(format!("b1 answered {other:?}")),
        }
    }

    /// Going back restores the state before the later moves: b1 counts the deleted row again.
    #[test]
    fn going_back_undoes_the_moves_after_that_point() -> Checked {
        let (spec, diags) = crate::scenario::spec::parse(SPEC);
        assert!(diags.is_empty(), "{diags:?}");
        let mut p = Player::new(Arc::new(spec), Config::default()).or_fail("player")?;
        let [a1, a2, a3, b1] = [
            choice(&p, "a1")?,
            choice(&p, "a2")?,
            choice(&p, "a3")?,
            choice(&p, "b1")?,
        ];
        p.go_to(&[a1, a2, a3]);
        assert_eq!(count(&p.play(b1, None))?, Value::Int(0));
        p.go_to(&[a1]);
        assert_eq!(p.sim().taken().0, vec![a1]);
        assert_eq!(count(&p.play(b1, None))?, Value::Int(1));
        Ok(())
    }
}
