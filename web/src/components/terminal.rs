//! A statement and its output as the vendor's command-line client shows them: the statement
//! echoed after the prompt (continuation lines after `->`), then what the client prints.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TerminalProps {
    /// The statement as the client echoes it (`Dialect::echo`, shared with the CLI).
    pub echo: AttrValue,
    /// What the client prints.
    pub output: AttrValue,
    #[prop_or_default]
    pub failed: bool,
}

#[function_component(Terminal)]
pub fn terminal(props: &TerminalProps) -> Html {
    html! {
        <pre class={classes!("client", props.failed.then_some("failed"))}>
            <span class="echo">{ props.echo.clone() }</span>
            { "\n" }
            <span class="output">{ props.output.clone() }</span>
        </pre>
    }
}
