//! `use_value`: yew's `use_state` behind one stored type. yew compiles a state hook's
//! machinery (`HookProvider::run` of its reducer) once for every pair of value and initial
//! closure types, which was once per call site: 8 copies, some 6 KB of the download's code.
//! Here every value is kept as an `Rc<dyn Any>` made by a boxed closure, so that machinery is
//! compiled once; [`State`] hands the value back as its own type. Same behaviour as
//! `use_state`: the initial closure runs on the first render only, and each `set` stores the
//! new value and renders the component again.

use std::any::Any;
use std::marker::PhantomData;
use std::ops::Deref;
use std::rc::Rc;
use yew::functional::{hook, use_state, UseStateHandle};

/// A component's value of type `T`, and `set` to replace it.
pub struct State<T> {
    inner: UseStateHandle<Rc<dyn Any>>,
    kind: PhantomData<T>,
}

impl<T> Clone for State<T> {
    fn clone(&self) -> Self {
        State {
            inner: self.inner.clone(),
            kind: PhantomData,
        }
    }
}

impl<T: PartialEq + 'static> PartialEq for State<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: 'static> Deref for State<T> {
    type Target = T;

    fn deref(&self) -> &T {
        // The value is always a `T`: `use_value` and `set` are its only writers.
        (**self.inner)
            .downcast_ref::<T>()
            .expect("a State holds its own type")
    }
}

impl<T: 'static> State<T> {
    /// Stores `value` and renders the component again.
    pub fn set(&self, value: T) {
        self.inner.set(Rc::new(value));
    }
}

/// `use_state(init)`, its machinery compiled once for the whole app.
#[hook]
pub fn use_value<T: 'static, F: FnOnce() -> T + 'static>(init: F) -> State<T> {
    let init: Box<dyn FnOnce() -> Rc<dyn Any>> = Box::new(move || Rc::new(init()));
    State {
        inner: use_state(init),
        kind: PhantomData,
    }
}
