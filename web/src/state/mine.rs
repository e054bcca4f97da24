//! The user's own scripts: every text typed, pasted or fixed in the editor, newest first.
//! Choosing an example or opening a link replaces the document but never these, so the
//! Examples menu can always bring them back ("Your scripts"). Kept in local storage by
//! `hooks/use_persistence.rs`; pure data here.

use queuelab::Dialect;

/// How many scripts are kept: enough to come back from a few examples and links, few enough
/// that the menu stays short and local storage small.
pub const KEPT: usize = 5;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mine {
    /// Newest first, at most [`KEPT`].
    pub scripts: Vec<OwnScript>,
    /// The script the editor holds, which edits update; `None` while the editor holds an
    /// example or a link, so that the next edit starts a script of its own.
    pub current: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnScript {
    pub text: String,
    /// The dialect's name (`Dialect::name`), as the menu had it.
    pub dialect: String,
}

impl OwnScript {
    pub fn new(text: &str, dialect: Dialect) -> OwnScript {
        OwnScript {
            text: text.to_string(),
            dialect: dialect.name().to_string(),
        }
    }

    pub fn dialect(&self) -> Dialect {
        Dialect::from_name(&self.dialect).unwrap_or(Dialect::MySql)
    }

    /// The menu's name for it: its first line that says something, shortened.
    pub fn label(&self) -> String {
        const WIDTH: usize = 40;
        let line = self
            .text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !is_dialect_line(l))
            .unwrap_or("(empty)");
        match line.char_indices().nth(WIDTH) {
            Some((cut, _)) => format!("{}…", line[..cut].trim_end()),
            None => line.to_string(),
        }
    }
}

fn is_dialect_line(l: &str) -> bool {
    queuelab::source::dialect_header(l).is_some()
}

impl Mine {
    /// The saved scripts, the editor's `text` among them when it is one.
    pub fn new(scripts: Vec<OwnScript>, text: &str) -> Mine {
        let mut scripts = scripts;
        scripts.truncate(KEPT);
        let current = scripts.iter().position(|s| s.text == text);
        Mine { scripts, current }
    }

    /// The editor now holds `text`, written by the user: the current script becomes it (and
    /// the newest), or, when the editor held an example or a link, a new script starts.
    pub fn wrote(&self, text: &str, dialect: Dialect) -> Mine {
        let mut scripts = self.scripts.clone();
        if let Some(i) = self.current.filter(|&i| i < scripts.len()) {
            scripts.remove(i);
        }
        // The same text kept twice would be two menu entries for one script.
        scripts.retain(|s| s.text != text);
        scripts.insert(0, OwnScript::new(text, dialect));
        scripts.truncate(KEPT);
        Mine {
            scripts,
            current: Some(0),
        }
    }

    /// The editor now holds something that is not the user's (an example, a link).
    pub fn left(&self) -> Mine {
        Mine {
            scripts: self.scripts.clone(),
            current: None,
        }
    }

    /// The editor now holds script `i` again.
    pub fn opened(&self, i: usize) -> Mine {
        Mine {
            scripts: self.scripts.clone(),
            current: (i < self.scripts.len()).then_some(i),
        }
    }
}
