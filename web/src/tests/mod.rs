//! The web unit tests: the reducer and the driver together, as the `AppHandle` puts
//! them, natively. [`Ui`] is a state plus the driver; like the app, it may be given a
//! command on an older state, and the one driver follows.

mod mine;
mod script;
mod spec;
mod story;

use crate::driver::{Command, Driver};
use crate::state::document::SpecDoc;
use crate::state::run::SpecRun;
use crate::state::{Action, AppState};
use queuelab::sim::snapshot::Snapshot;
use queuelab::trace::Event;
use queuelab::Dialect;
use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

/// What a test sends: a plain action, or a command for the driver.
pub enum Input {
    Do(Action),
    Ask(Command),
}

impl From<Action> for Input {
    fn from(a: Action) -> Input {
        Input::Do(a)
    }
}

impl From<Command> for Input {
    fn from(c: Command) -> Input {
        Input::Ask(c)
    }
}

#[derive(Clone)]
pub struct Ui {
    state: AppState,
    driver: Rc<RefCell<Driver>>,
}

impl Deref for Ui {
    type Target = AppState;
    fn deref(&self) -> &AppState {
        &self.state
    }
}

impl Ui {
    fn of(state: AppState) -> Ui {
        Ui {
            state,
            driver: Rc::default(),
        }
    }

    pub fn new(text: String, dialect: Dialect) -> Ui {
        Ui::of(AppState::new(text, dialect))
    }

    pub fn default_example() -> Ui {
        Ui::of(AppState::default_example())
    }

    pub fn from_example(e: &queuelab::examples::Example) -> Ui {
        Ui::of(AppState::from_example(e))
    }

    pub fn apply(&self, input: impl Into<Input>) -> Ui {
        let actions = match input.into() {
            Input::Do(a) => vec![a],
            Input::Ask(c) => self.driver.borrow_mut().handle(&self.state, c),
        };
        let state = actions
            .into_iter()
            .fold(self.state.clone(), |s, a| s.apply(a));
        Ui {
            state,
            driver: self.driver.clone(),
        }
    }

    /// The moves chosen so far, as permutation entries.
    pub fn steps(&self) -> Vec<String> {
        match (&self.document.spec, self.spec_run()) {
            (Some(d), Some(r)) => queuelab::sim::Schedule(r.chosen().to_vec()).names(&d.spec),
            _ => Vec::new(),
        }
    }

    /// The spec and its run as the scenario view reads them.
    pub fn scenario(&self) -> Option<Sc> {
        let doc = self.document.spec.clone()?;
        let run = self.spec_run()?.clone();
        Some(Sc {
            errors: doc.errors.clone(),
            permutations: doc
                .permutations
                .iter()
                .map(|p| p.names(&doc.spec))
                .collect(),
            events: run.events(),
            partial: run.partial(),
            frames: run.snapshots[..run.cursor].to_vec(),
            doc,
            run,
        })
    }
}

/// A spec's run seen through the state's accessors.
pub struct Sc {
    pub errors: Vec<queuelab::trace::Diagnostic>,
    pub permutations: Vec<Vec<String>>,
    pub events: Vec<Event>,
    pub partial: Vec<bool>,
    pub frames: Vec<Rc<Snapshot>>,
    doc: Rc<SpecDoc>,
    run: SpecRun,
}

impl Sc {
    pub fn frame(&self) -> Option<&Snapshot> {
        self.run.shown()
    }
    pub fn stopped(&self) -> bool {
        self.run.stopped()
    }
    pub fn waits_for(&self, session: &str) -> &[String] {
        self.run.waits_for(session)
    }
    pub fn inside(&self, session: &str) -> Option<&str> {
        self.run.inside(session)
    }
    pub fn next_step(&self, session: &str) -> Option<&str> {
        self.run.next_step(&self.doc.spec, session)
    }
    pub fn statements_run(&self, session: &str) -> Option<u32> {
        self.run.statements_run(&self.doc.spec, session)
    }
    pub fn last_result(&self, session: &str) -> Option<(Event, bool)> {
        self.run.last_result(session)
    }
}
