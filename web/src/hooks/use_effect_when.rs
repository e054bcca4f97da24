//! `use_effect_when` and `use_effect_always`: yew's `use_effect_with` and `use_effect` behind
//! one type of dependencies and one type of callback. yew compiles its effect machinery
//! (`Effect::rendered`, the hook's state and its drop) once for every distinct triple of
//! dependency, callback and teardown types, which is once per call site: 17 copies, some
//! 8 KB of the download's code. Here the dependencies are boxed with a comparison made for
//! their type, and the callback and its teardown are boxed closures, so the machinery is
//! compiled once and each call site adds only its own small glue. Same behaviour: the
//! callback runs after the first render and after each render whose dependencies differ
//! from the last run's (every render, for `use_effect_always`), and the last teardown runs
//! before the next callback and when the component goes.

use std::any::Any;
use yew::functional::{use_effect_with, Hook, TearDown};

/// Dependencies of any type, compared by a function made for that type.
struct AnyDeps {
    value: Box<dyn Any>,
    same: fn(&dyn Any, &dyn Any) -> bool,
}

impl PartialEq for AnyDeps {
    fn eq(&self, other: &Self) -> bool {
        (self.same)(&*self.value, &*other.value)
    }
}

/// The callback, given the dependencies, handing back its teardown.
type Runner = Box<dyn FnOnce(&AnyDeps) -> Box<dyn FnOnce()>>;

fn same_as<T: PartialEq + 'static>(a: &dyn Any, b: &dyn Any) -> bool {
    a.downcast_ref::<T>() == b.downcast_ref::<T>()
}

fn never_same(_: &dyn Any, _: &dyn Any) -> bool {
    false
}

fn runner<T: 'static, D: TearDown>(f: impl FnOnce(&T) -> D + 'static) -> Runner {
    Box::new(move |deps: &AnyDeps| {
        // The value is always the `T` this runner was made with.
        let teardown = deps.value.downcast_ref::<T>().map(f);
        Box::new(move || {
            if let Some(t) = teardown {
                t.tear_down();
            }
        })
    })
}

/// `use_effect_with(deps, f)`, compiled once for the whole app.
pub fn use_effect_when<T, D>(deps: T, f: impl FnOnce(&T) -> D + 'static) -> impl Hook<Output = ()>
where
    T: PartialEq + 'static,
    D: TearDown,
{
    let deps = AnyDeps {
        value: Box::new(deps),
        same: same_as::<T>,
    };
    use_effect_with(deps, runner(f))
}

/// `use_effect(f)`: after every render.
pub fn use_effect_always<D: TearDown>(f: impl FnOnce() -> D + 'static) -> impl Hook<Output = ()> {
    let deps = AnyDeps {
        value: Box::new(()),
        same: never_same,
    };
    use_effect_with(deps, runner(move |_: &()| f()))
}
