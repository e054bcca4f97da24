//! What the fuzz targets (`fuzz_targets/*.rs`) share: turning the fuzzer's bytes into text,
//! and driving the front-ends the way the engine does before anything runs (no SQLite).

use queuelab::dialect::catalog::Catalog;
use queuelab::dialect::mssql::tsql::node::{Kind, Node};
use queuelab::dialect::mssql::tsql::{program, reader};
use queuelab::dialect::{self, Dialect, PlanKind};
use sqlparser::ast::Statement;
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod parser;

/// Inputs longer than this are skipped by the text-only targets (the runs take 4 KB).
pub const MAX_TEXT: usize = 64 * 1024;

/// How deep this harness walks T-SQL statement trees itself: deeper trees are still read,
/// planned and compiled by the engine, only this walk stops (so that a stack overflow found
/// is always the engine's, never the harness's).
const MAX_WALK: usize = 64;

/// The fuzzer's bytes as text (invalid UTF-8 replaced), or `None` when longer than `max`.
pub fn text(data: &[u8], max: usize) -> Option<String> {
    (data.len() <= max).then(|| String::from_utf8_lossy(data).into_owned())
}

/// A script read as an editor and the engine read it, without running anything: the outline,
/// then every statement planned for SQLite, with the catalog the DDL plans before it leave.
pub fn front_end(dialect: Dialect, text: &str) {
    let _ = queuelab::outline(dialect, text);
    let mut catalog = Catalog::default();
    if dialect == Dialect::MsSql {
        tsql(text, &mut catalog);
        return;
    }
    let script = dialect::front::parse_script(dialect, text);
    for st in &script.statements {
        if let Ok(ast) = &st.ast {
            plan_one(dialect, ast, &mut catalog);
        }
    }
}

/// A T-SQL script read into batches, each batch compiled to steps and its SQL statements
/// planned (before variables are put in: the interpreter plans them again when it runs).
pub fn tsql(text: &str, catalog: &mut Catalog) {
    let read = reader::read_script(text);
    for batch in &read.batches {
        let _ = program::compile(&batch.nodes);
        for node in &batch.nodes {
            plan_nodes(node, catalog, 0);
        }
    }
}

fn plan_nodes(node: &Node, catalog: &mut Catalog, depth: usize) {
    if depth > MAX_WALK {
        return;
    }
    match &node.kind {
        Kind::Sql(stmt) | Kind::CurrentOf { stmt, .. } => plan_one(Dialect::MsSql, stmt, catalog),
        Kind::Block(body) => body.iter().for_each(|n| plan_nodes(n, catalog, depth + 1)),
        Kind::If {
            then, otherwise, ..
        } => {
            plan_nodes(then, catalog, depth + 1);
            if let Some(o) = otherwise {
                plan_nodes(o, catalog, depth + 1);
            }
        }
        Kind::While { body, .. } => plan_nodes(body, catalog, depth + 1),
        Kind::CreateProc(def) => {
            let _ = program::compile(&def.body);
            def.body
                .iter()
                .for_each(|n| plan_nodes(n, catalog, depth + 1));
            catalog.put_procedure(def.clone());
        }
        _ => {}
    }
}

/// Plans one statement and applies what a successful run would change in the catalog.
fn plan_one(dialect: Dialect, stmt: &Statement, catalog: &mut Catalog) {
    let Ok(plan) = dialect::plan(dialect, stmt, catalog) else {
        return;
    };
    if let Some(ring) = plan.ring {
        catalog.set_ring(ring);
    }
    if let PlanKind::Ddl { change } = &plan.kind {
        catalog.apply(change);
    }
}

/// The main thread's stack, `[low, high)`, for telling a stack overflow from another fault.
static STACK_LOW: AtomicUsize = AtomicUsize::new(0);
static STACK_HIGH: AtomicUsize = AtomicUsize::new(0);

/// Every target's `init`: makes a stack overflow a crash that libFuzzer reports and saves.
///
/// libFuzzer's `main` is C++, so Rust's runtime never sets up its guard-page handler, and
/// libFuzzer's own SIGSEGV handler would run on the overflowed stack: the process dies before
/// the input is written down. So the main thread gets an alternate signal stack, and SIGSEGV
/// and SIGBUS a handler on it, installed before libFuzzer installs its own (libFuzzer keeps
/// `SA_ONSTACK` and calls a SIGSEGV handler it finds first). The handler says whether the
/// fault is at the end of the stack, then aborts: libFuzzer takes the SIGABRT as a crash,
/// like a panic, and saves the input as `crash-*`.
pub fn init() {
    const ALT_STACK: usize = 1 << 20;
    // SAFETY: plain libc calls on memory this function owns; the handler only calls
    // async-signal-safe functions (write, abort).
    unsafe {
        let alt = libc::mmap(
            std::ptr::null_mut(),
            ALT_STACK,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert!(alt != libc::MAP_FAILED, "mmap of the signal stack failed");
        let ss = libc::stack_t {
            ss_sp: alt,
            ss_flags: 0,
            ss_size: ALT_STACK,
        };
        assert_eq!(
            libc::sigaltstack(&ss, std::ptr::null_mut()),
            0,
            "sigaltstack"
        );

        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) == 0 {
            let mut addr = std::ptr::null_mut();
            let mut size = 0;
            if libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0 {
                STACK_LOW.store(addr as usize, Ordering::Relaxed);
                STACK_HIGH.store(addr as usize + size, Ordering::Relaxed);
            }
            libc::pthread_attr_destroy(&mut attr);
        }

        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_fault as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut sa.sa_mask);
        for sig in [libc::SIGSEGV, libc::SIGBUS] {
            assert_eq!(
                libc::sigaction(sig, &sa, std::ptr::null_mut()),
                0,
                "sigaction"
            );
        }
    }
}

extern "C" fn on_fault(_sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    let addr = unsafe { (*info).si_addr() } as usize;
    let (low, high) = (
        STACK_LOW.load(Ordering::Relaxed),
        STACK_HIGH.load(Ordering::Relaxed),
    );
    // The guard gap below a growing main stack is 1 MB; a big frame may land anywhere in it.
    let near_end = low != 0 && addr < high && addr >= low.saturating_sub(2 << 20);
    let msg: &[u8] = if near_end {
        b"\n==queuelab-fuzz== STACK OVERFLOW (fault at the end of the main thread's stack)\n"
    } else {
        b"\n==queuelab-fuzz== SEGMENTATION FAULT (not at the end of the stack)\n"
    };
    // SAFETY: write and abort are async-signal-safe.
    unsafe {
        libc::write(2, msg.as_ptr().cast(), msg.len());
        libc::abort();
    }
}

/// `queuelab::decimal::parse_f64` against the standard library's parser, on the whole text
/// and on each of its words: both accept or both refuse, and agree within 4 units in the last
/// place (the postgres target runs it: PostgreSQL's timeouts and intervals are read with it).
/// PostgreSQL's reading of integer text (`'42'::int`, `int_values::cast`) against the
/// standard library's, spaces around it aside: the same integers, each in range or not.
pub fn integer_text(text: &str) {
    use queuelab::dialect::postgres::int_values::cast;
    use queuelab::trace::Value;
    for word in std::iter::once(text).chain(text.split_whitespace()) {
        let trimmed = word.trim_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
        for bits in [16, 32, 64] {
            let ours = cast(Value::Text(word.to_string()), bits, false);
            let std = match bits {
                16 => trimmed.parse::<i16>().map(i64::from).ok(),
                32 => trimmed.parse::<i32>().map(i64::from).ok(),
                _ => trimmed.parse::<i64>().ok(),
            };
            match (std, &ours) {
                (Some(n), Ok(Value::Int(m))) => assert_eq!(n, *m, "{word:?}"),
                (None, Err(_)) => {}
                _ => panic!("{word:?} as {bits} bits: the standard library {std:?}, ours {ours:?}"),
            }
        }
    }
}

pub fn decimal(text: &str) {
    for word in std::iter::once(text).chain(text.split_whitespace()) {
        let ours = queuelab::decimal::parse_f64(word);
        match (word.parse::<f64>().ok(), ours) {
            (None, None) => {}
            (Some(a), Some(b)) if a.is_nan() => assert!(b.is_nan(), "{word:?}: {b}"),
            (Some(a), Some(b)) => {
                let ulps = (a.to_bits() as i64).abs_diff(b.to_bits() as i64);
                assert!(ulps <= 4, "{word:?}: {a} against {b}");
            }
            (a, b) => panic!("{word:?}: the standard library {a:?}, ours {b:?}"),
        }
    }
}
