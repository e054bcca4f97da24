//! Pseudo-random numbers for the unit tests that try many generated inputs: xorshift64, from a
//! fixed seed, so that a failure names an input that comes back on every run.

/// The generator: each call gives the next number of the sequence `seed` starts.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
