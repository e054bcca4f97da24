//! Where in a statement SQLite met a column it does not know: the clause, as MariaDB names it
//! in error 1054 (`Unknown column 'x' in 'WHERE'`). SQLite gives the byte offset of the name
//! in the SQL it ran; the engine's SQL keeps the user's clauses, so the clause is the last
//! clause keyword before that offset inside the same parentheses (or the nearest enclosing
//! ones: `max(x)` in a select list is in 'SELECT', `IN (SELECT x ...)` too).

/// The clause keywords MariaDB names, as it writes them.
const CLAUSES: [&str; 9] = [
    "SELECT",
    "WHERE",
    "ON",
    "HAVING",
    "SET",
    "VALUES",
    "RETURNING",
    "GROUP BY",
    "ORDER BY",
];

/// The clause of `sql` that holds byte `offset`, if a keyword before it says.
pub fn clause_at(sql: &str, offset: usize) -> Option<&'static str> {
    let head = sql.get(..offset)?.as_bytes();
    // One entry per open parenthesis, the outermost first: the clause seen last at that depth.
    let mut depths: Vec<Option<&'static str>> = vec![None];
    let mut last_word = "";
    let mut i = 0;
    while i < head.len() {
        let b = head[i];
        match b {
            b'\'' | b'"' | b'`' => i = skip_quoted(head, i),
            b'(' => {
                depths.push(None);
                i += 1;
            }
            b')' => {
                if depths.len() > 1 {
                    depths.pop();
                }
                i += 1;
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                let end = head[i..]
                    .iter()
                    .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                    .map_or(head.len(), |n| i + n);
                let word = &sql[i..end];
                if let Some(clause) = clause_word(last_word, word) {
                    *depths.last_mut()? = Some(clause);
                }
                last_word = word;
                i = end;
            }
            _ => i += 1,
        }
    }
    depths.into_iter().rev().flatten().next()
}

/// The clause `word` begins (after `before`: `BY` ends GROUP BY and ORDER BY).
fn clause_word(before: &str, word: &str) -> Option<&'static str> {
    let by = word.eq_ignore_ascii_case("BY");
    CLAUSES.into_iter().find(|c| match c.split_once(' ') {
        Some((first, _)) => by && before.eq_ignore_ascii_case(first),
        None => word.eq_ignore_ascii_case(c),
    })
}

/// The index just past the quoted string or name that starts at `i` (a doubled quote stays
/// inside it).
pub(crate) fn skip_quoted(s: &[u8], i: usize) -> usize {
    let q = s[i];
    let mut j = i + 1;
    while j < s.len() {
        if s[j] == q {
            if s.get(j + 1) == Some(&q) {
                j += 2;
                continue;
            }
            return j + 1;
        }
        j += 1;
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::clause_at;

    fn at(sql: &str) -> Option<&'static str> {
        clause_at(sql, sql.find("nope").unwrap())
    }

    #[test]
    fn the_clause_is_the_last_keyword_at_the_names_depth() {
        assert_eq!(at("SELECT nope FROM j"), Some("SELECT"));
        assert_eq!(at("SELECT max(nope) FROM j"), Some("SELECT"));
        assert_eq!(at("SELECT id FROM j WHERE id = 1 AND nope"), Some("WHERE"));
        assert_eq!(at("SELECT id FROM j a JOIN j b ON a.nope = 1"), Some("ON"));
        assert_eq!(at("SELECT id FROM j GROUP BY nope"), Some("GROUP BY"));
        assert_eq!(at("SELECT id FROM j ORDER BY id, nope"), Some("ORDER BY"));
        assert_eq!(at("UPDATE j SET id = nope"), Some("SET"));
        assert_eq!(at("INSERT INTO j VALUES (1, nope)"), Some("VALUES"));
        assert_eq!(at("DELETE FROM j RETURNING nope"), Some("RETURNING"));
        // A subquery's own clause, and the outer one after it closes.
        assert_eq!(
            at("SELECT 1 FROM j WHERE id IN (SELECT nope FROM j)"),
            Some("SELECT")
        );
        assert_eq!(
            at("SELECT 1 FROM j WHERE id IN (SELECT id FROM j) ORDER BY nope"),
            Some("ORDER BY")
        );
        // Keywords inside strings and quoted names are not clauses.
        assert_eq!(
            at("SELECT 'WHERE' || \"ORDER BY\" || nope FROM j"),
            Some("SELECT")
        );
        assert_eq!(at("nope"), None);
    }
}
