//! Keeps a `<select>` showing `value`. Setting `selected` on options only works until the user
//! touches the select, so the property is set after every render: cheap, and it also repairs a
//! select whose DOM node yew reused for another vnode.

use crate::hooks::use_effect_when::use_effect_always;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[hook]
pub fn use_select_value(node: NodeRef, value: String) {
    use_effect_always(move || {
        if let Some(select) = node.cast::<HtmlSelectElement>() {
            if select.value() != value {
                select.set_value(&value);
            }
        }
    });
}
