//! Explorer speed (benchmarks, never tests): every schedule of the two budget specs of the
//! explorer issue, counted and judged. `cargo bench --bench explore`.

use criterion::{criterion_group, criterion_main, Criterion};
use queuelab::explore::{explore, ExploreConfig};
use queuelab::scenario::resolve;
use std::hint::black_box;

fn explore_all(c: &mut Criterion, name: &str, text: &str, schedules: u128) {
    let r = resolve(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let report = explore(&r.spec, ExploreConfig::default()).expect("explores");
    assert_eq!(report.schedules, schedules);
    assert!(report.complete());
    c.bench_function(name, |b| {
        b.iter(|| black_box(explore(&r.spec, ExploreConfig::default())))
    });
}

fn three_by_four(c: &mut Criterion) {
    explore_all(
        c,
        "explore: 3 x 4 shared-queue spec, 34,650 schedules",
        include_str!("../bench/three-by-four.spec"),
        34_650,
    );
}

fn five_by_four(c: &mut Criterion) {
    explore_all(
        c,
        "explore: 5 x 4 partitioned-queue spec, 305,540,235,000 schedules",
        include_str!("../bench/five-by-four.spec"),
        305_540_235_000,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = three_by_four, five_by_four
}
criterion_main!(benches);
