//! Every interleaving of the sessions' steps that keeps each session's own order, in
//! isolationtester's order: depth first, trying sessions in file order at each point.

use super::spec::Spec;

/// The step names of each permutation to run: the spec's permutation lines, or all
/// interleavings when it has none.
pub fn permutations(spec: &Spec) -> Vec<Vec<String>> {
    if !spec.permutations.is_empty() {
        return spec
            .permutations
            .iter()
            .map(|p| {
                p.iter()
                    .map(|s| match s.statements {
                        Some(n) => format!("{}(statements {n})", s.name),
                        None => s.name.clone(),
                    })
                    .collect()
            })
            .collect();
    }
    let piles: Vec<Vec<String>> = spec
        .sessions
        .iter()
        .map(|s| s.steps.iter().map(|st| st.name.clone()).collect())
        .collect();
    let mut out = Vec::new();
    let mut next = vec![0usize; piles.len()];
    let mut current = Vec::new();
    interleave(&piles, &mut next, &mut current, &mut out);
    out
}

fn interleave(
    piles: &[Vec<String>],
    next: &mut [usize],
    current: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    let mut any = false;
    for (i, pile) in piles.iter().enumerate() {
        if next[i] < pile.len() {
            any = true;
            current.push(pile[next[i]].clone());
            next[i] += 1;
            interleave(piles, next, current, out);
            next[i] -= 1;
            current.pop();
        }
    }
    if !any && !current.is_empty() {
        out.push(current.clone());
    }
}

/// How many interleavings sessions of these sizes have: the multinomial coefficient.
pub fn count(sizes: &[usize]) -> u128 {
    let mut total = 0usize;
    let mut result: u128 = 1;
    for &n in sizes {
        for k in 1..=n {
            total += 1;
            result = result * total as u128 / k as u128;
        }
    }
    result
}
