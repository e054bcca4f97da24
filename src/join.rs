//! [`join`]: borrowed text joined with a separator. The standard library's `join` is compiled
//! once per kind of part, and the engine joins owned `String`s in most places: this loop
//! serves the borrowed ones, for 449 bytes less code in the optimized browser download
//! than a second copy of the standard one.

/// `parts` one after another with `sep` between each two.
pub fn join(parts: &[&str], sep: &str) -> String {
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::join;

    #[test]
    fn parts_come_with_the_separator_between_each_two() {
        assert_eq!(join(&["a", "b", "c"], ", "), "a, b, c");
        assert_eq!(join(&["only"], " or "), "only");
        assert_eq!(join(&[], "-"), "");
    }
}
