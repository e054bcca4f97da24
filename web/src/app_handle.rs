//! The app's handle: the state (document, run, view) and the engine behind the buttons. `App`
//! makes it and hands it to the panes, which read the state and act through it: plain changes
//! as an [`Action`] to the reducer, engine work as a [`Command`] to the driver, which
//! dispatches its results.

use crate::driver::{Command, Driver};
use crate::state::{Action, AppState};
use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;
use yew::prelude::*;

/// The state and the driver, made by `App` and passed to every pane.
#[derive(Clone)]
pub struct AppHandle {
    state: UseReducerHandle<AppState>,
    driver: Rc<RefCell<Driver>>,
}

/// The same state, not an equal one: every action makes a new state, so comparing addresses
/// tells a change as well as comparing every field would, without that code in the download
/// (about 3 KB) or its time on each render.
impl PartialEq for AppHandle {
    fn eq(&self, other: &AppHandle) -> bool {
        std::ptr::eq::<AppState>(&*self.state, &*other.state)
            && Rc::ptr_eq(&self.driver, &other.driver)
    }
}

impl Deref for AppHandle {
    type Target = AppState;
    fn deref(&self) -> &AppState {
        &self.state
    }
}

impl AppHandle {
    pub fn new(state: UseReducerHandle<AppState>, driver: Rc<RefCell<Driver>>) -> AppHandle {
        AppHandle { state, driver }
    }

    /// A change that needs no engine.
    pub fn dispatch(&self, action: Action) {
        self.state.dispatch(action);
    }

    /// Engine work, in the event handler (never in the reducer); its results are dispatched.
    pub fn send(&self, command: Command) {
        // Handlers run one at a time, so the driver is never borrowed twice.
        let actions = self.driver.borrow_mut().handle(&self.state, command);
        for a in actions {
            self.state.dispatch(a);
        }
    }

    pub fn dispatcher(&self) -> UseReducerDispatcher<AppState> {
        self.state.dispatcher()
    }
}
