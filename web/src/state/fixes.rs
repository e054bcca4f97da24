//! What an offered fix does, so that its button says so: straighten typographic quotes, add
//! the `;` a pasted block lacks, add a `GO` line, or, failing those, apply the correction.

/// The button of a fix: its id (for tests and styles), its label and its tooltip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixButton {
    pub id: &'static str,
    pub label: &'static str,
    pub title: &'static str,
}

/// The button for replacing `old` with `new`.
pub fn fix_button(old: &str, new: &str) -> FixButton {
    if queuelab::source::straighten_quotes(old) == new {
        return FixButton {
            id: "fix-quotes",
            label: "Straighten quotes",
            title: "Replace the typographic quotes in the editor with straight ones and run again",
        };
    }
    match inserted(old, new).map(str::trim) {
        Some(";") => FixButton {
            id: "fix-semicolon",
            label: "Add the missing ;",
            title: "End the statement before with a semicolon, as the article meant, and run again",
        },
        Some("]") => FixButton {
            id: "fix-bracket",
            label: "Add the missing ]",
            title: "Close the bracketed name on its line, as the article meant, and run again",
        },
        Some(go) if go.eq_ignore_ascii_case("go") => FixButton {
            id: "fix-go",
            label: "Add the missing GO",
            title: "Put a GO line where the batch must end, and run again",
        },
        _ => FixButton {
            id: "fix-text",
            label: "Apply the fix",
            title: "Replace the text in the editor with the corrected one and run again",
        },
    }
}

/// The text `new` adds to `old` at one place, when that is all it changes.
fn inserted<'a>(old: &str, new: &'a str) -> Option<&'a str> {
    let extra = new.len().checked_sub(old.len())?;
    let prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let same_tail = new.get(prefix + extra..)? == old.get(prefix..)?;
    same_tail.then(|| new.get(prefix..prefix + extra)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fix_is_named_after_what_it_does() {
        assert_eq!(
            fix_button("select ’a’", "select 'a'").label,
            "Straighten quotes"
        );
        assert_eq!(
            fix_button(
                "create table q (id int)\ninsert into q",
                "create table q (id int);\ninsert into q"
            )
            .id,
            "fix-semicolon"
        );
        assert_eq!(
            fix_button(
                "create proc p as select 1\nexec p",
                "create proc p as select 1\nGO\nexec p"
            )
            .id,
            "fix-go"
        );
        assert_eq!(
            fix_button("ON [PRIMARY\nGO", "ON [PRIMARY]\nGO").id,
            "fix-bracket"
        );
        assert_eq!(fix_button("abc", "xyz").id, "fix-text");
    }
}
