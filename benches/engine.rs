//! Engine speed (benchmarks, never tests): one statement of a queue-sized scenario, and every
//! permutation of a two-session spec. `cargo bench --bench engine`.

use criterion::{criterion_group, criterion_main, Criterion};
use queuelab::dialect::{plan, Dialect};
use queuelab::engine::lab::Lab;
use queuelab::engine::store::Store;
use queuelab::scenario::resolve;
use queuelab::sim::{run_permutations, Config, Sim};
use queuelab::RunConfig;
use std::hint::black_box;

/// A lab with a 100-row job queue and two sessions.
fn queue_lab() -> Lab {
    let store = Store::open(RunConfig::default().step_budget).expect("sqlite opens");
    let mut lab = Lab::new(Dialect::Postgres, store);
    let setup = lab.add_session("setup");
    let sql = "CREATE TABLE jobs (id int PRIMARY KEY, payload text NOT NULL);
               INSERT INTO jobs SELECT value, 'job ' || value FROM generate_series(1, 100);";
    for p in queuelab::dialect::front::parse_script(Dialect::Postgres, sql).statements {
        let ast = p.ast.expect("setup parses");
        let pl = plan(Dialect::Postgres, &ast, &lab.catalog).expect("setup plans");
        lab.submit(setup, std::sync::Arc::new(pl), 0);
    }
    lab.add_session("c1");
    lab
}

fn one_step(c: &mut Criterion) {
    let pop = "SELECT id, payload FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED";
    let ast = queuelab::dialect::front::parse_script(Dialect::Postgres, pop).statements[0]
        .ast
        .clone()
        .expect("parses");
    c.bench_function("one step: SKIP LOCKED pop on 100 rows (plan + run)", |b| {
        let mut lab = queue_lab();
        b.iter(|| {
            let p = plan(Dialect::Postgres, &ast, &lab.catalog).expect("plans");
            black_box(lab.submit(1, std::sync::Arc::new(p), 0));
        })
    });
}

/// Also run by `examples/permutations.rs` under callgrind.
const TWO_BY_THREE: &str = include_str!("../bench/two-by-three.spec");

fn all_permutations(c: &mut Criterion) {
    let r = resolve(TWO_BY_THREE);
    assert_eq!(r.schedule_count(), Some(20));
    let config = Config::default();
    c.bench_function("all 20 permutations of a 2-session x 3-step spec", |b| {
        b.iter(|| black_box(run_permutations(&r.spec, r.schedules(), &config)))
    });
}

/// What a depth-first search does at every state: mark, take one step, come back.
fn save_step_restore(c: &mut Criterion) {
    let r = resolve(TWO_BY_THREE);
    let mut sim = Sim::new(std::sync::Arc::new(r.spec.clone()), Config::default()).expect("sim");
    let c1 = sim.runnable()[0];
    // c1 begins; the step measured is its SKIP LOCKED pop (a2), planned and run each time.
    let begin = sim.next_choice(c1).expect("a1");
    let _ = sim.step(begin);
    let choice = sim.next_choice(c1).expect("a2");
    c.bench_function(
        "save + step + restore of a SKIP LOCKED pop (2x3 spec)",
        |b| {
            b.iter(|| {
                let m = sim.save();
                black_box(sim.step(choice));
                sim.restore(m);
            })
        },
    );
}

/// T-SQL: the seed 001 cursor pop with another consumer waiting inside the procedure, each
/// statement of both procedure bodies interpreted, planned and run.
fn tsql_cursor_pop(c: &mut Criterion) {
    let r = resolve(include_str!("../tests/mssql/cursor-pop.spec"));
    let config = Config::default();
    c.bench_function("T-SQL: cursor-pop.spec, both permutations", |b| {
        b.iter(|| black_box(run_permutations(&r.spec, r.schedules(), &config)))
    });
}

criterion_group!(
    benches,
    one_step,
    all_permutations,
    save_step_restore,
    tsql_cursor_pop
);
criterion_main!(benches);
