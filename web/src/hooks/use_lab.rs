//! The app state as a context: components read it and dispatch actions through [`use_lab`].

use crate::state::LabState;
use yew::prelude::*;

/// The reducer handle shared through a `ContextProvider<Lab>` set up by `App`.
pub type Lab = UseReducerHandle<LabState>;

/// The app state and its dispatcher.
#[hook]
pub fn use_lab() -> Lab {
    // Every component using this sits under App's provider; a missing provider is a bug in the
    // component tree, not something a user can cause.
    use_context::<Lab>().expect("use_lab() outside App's ContextProvider<Lab>")
}
