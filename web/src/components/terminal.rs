//! A statement and its output as the vendor's command-line client shows them: the statement
//! echoed after the prompt (continuation lines after `->`), then what the client prints.

use yew::prelude::*;

pub struct TerminalProps {
    /// The statement as the client echoes it (`Dialect::echo`, shared with the CLI).
    pub echo: AttrValue,
    /// What the client prints.
    pub output: AttrValue,
    pub failed: bool,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn terminal(props: &TerminalProps) -> Html {
    html! {
        <pre class={classes!("client", props.failed.then_some("failed"))}>
            <span class="echo">{ props.echo.clone() }</span>
            { "\n" }
            <span class="output">{ props.output.clone() }</span>
        </pre>
    }
}
