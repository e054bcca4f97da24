//! Stand-ins for the SQLite functions the browser's build leaves out. `.cargo/config.toml`
//! compiles SQLite for wasm with `SQLITE_OMIT_VIEW`, `_ANALYZE`, `_REINDEX`, `_VACUUM`,
//! `_ATTACH`, `_ALTERTABLE` and `_PRAGMA` (code the engine never runs), but the
//! amalgamation's parser was generated with every statement in its grammar, so its actions
//! still call these, and the wasm would import them from `env` and fail to load. None of the
//! statements' stand-ins can be reached: Queue Lab's own parser refuses CREATE VIEW, ANALYZE,
//! REINDEX, VACUUM, ATTACH, DETACH and PRAGMA in every dialect (`src/sql/parser`; the
//! `pragma_*` table functions are refused by name too, `dialect/foreign.rs`, and SQLite's
//! lookup of them finds none here), the one ALTER TABLE it runs (ADD
//! COLUMN) is a rebuild of the table (`dialect::ddl::rebuild`), and the engine writes none of
//! them. Each takes the arguments of its call in the parser. Two functions of those parts serve other code
//! too: the database-name check, done here as SQLite does it, and the pager's cache reset,
//! which only a file-control call the engine never makes reaches.
//!
//! Both builds leave out triggers too (`SQLITE_OMIT_TRIGGER`), with stand-ins for the trigger
//! actions of the parser (at the end).
//!
//! With `SQLITE_OMIT_DATETIME_FUNCS` (both builds), SQLite keeps CURRENT_TIMESTAMP,
//! CURRENT_DATE and CURRENT_TIME through the C library's `gmtime` and `strftime`, which the
//! browser has none of. The engine never lets SQLite read its clock (every dialect's clock
//! functions become the scenario clock's, `dialect::exprs` and `dialect::clock_parts`), so
//! `gmtime` here finds no time, and SQLite's function then answers NULL without calling
//! `strftime`.

// SQLite's names, which the linker matches; and the parser's argument lists, however long.
#![allow(non_snake_case, clippy::too_many_arguments)]

#[cfg(target_arch = "wasm32")]
use core::ffi::c_char;
use core::ffi::{c_int, c_void};

type P = *mut c_void;

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Analyze(_: P, _: P, _: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Reindex(_: P, _: P, _: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3CreateView(_: P, _: P, _: P, _: P, _: P, _: P, _: c_int, _: c_int) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Vacuum(_: P, _: P, _: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Attach(_: P, _: P, _: P, _: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Detach(_: P, _: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3PagerClearCache(_: P) {}

#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sqlite3Pragma(_: P, _: P, _: P, _: P, _: c_int) {}

#[cfg(target_arch = "wasm32")]
/// No `pragma_*` table function: the lookup of an unknown table's name goes on to others.
#[no_mangle]
pub extern "C" fn sqlite3PragmaVtabRegister(_: P, _: *const c_char) -> P {
    core::ptr::null_mut()
}

#[cfg(target_arch = "wasm32")]
extern "C" {
    fn sqlite3_db_name(db: P, n: c_int) -> *const c_char;
    fn sqlite3_stricmp(a: *const c_char, b: *const c_char) -> c_int;
}

#[cfg(target_arch = "wasm32")]
/// Whether `name` names database `i` of `db` (`main` is database 0 under either name): what
/// SQLite's own definition answers, through its public API.
#[no_mangle]
pub extern "C" fn sqlite3DbIsNamed(db: P, i: c_int, name: *const c_char) -> c_int {
    // SAFETY: SQLite calls this with its open connection, an index below its database count
    // and a NUL-terminated name, which is what these functions take.
    let named =
        |schema: *const c_char| unsafe { !schema.is_null() && sqlite3_stricmp(schema, name) == 0 };
    c_int::from(named(unsafe { sqlite3_db_name(db, i) }) || (i == 0 && named(c"main".as_ptr())))
}

#[no_mangle]
pub extern "C" fn sqlite3AlterRenameTable(_: P, _: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterRenameColumn(_: P, _: P, _: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterDropConstraint(_: P, _: P, _: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterAddConstraint(_: P, _: P, _: P, _: P, _: P, _: c_int, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterSetNotNull(_: P, _: P, _: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterBeginAddColumn(_: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterFinishAddColumn(_: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3AlterDropColumn(_: P, _: P, _: P) {}

/// Virtual tables are left out of both builds (`SQLITE_OMIT_VIRTUALTABLE`, which leaves out
/// ALTER TABLE too): CREATE VIRTUAL TABLE is refused before SQLite (`src/sql/parser`).
#[no_mangle]
pub extern "C" fn sqlite3VtabBeginParse(_: P, _: P, _: P, _: P, _: c_int) {}

#[no_mangle]
pub extern "C" fn sqlite3VtabFinishParse(_: P, _: P) {}

#[no_mangle]
pub extern "C" fn sqlite3VtabArgInit(_: P) {}

#[no_mangle]
pub extern "C" fn sqlite3VtabArgExtend(_: P, _: P) {}

#[cfg(target_arch = "wasm32")]
/// The C library's `gmtime`: no time (see the header).
#[no_mangle]
pub extern "C" fn gmtime(_: *const i64) -> P {
    core::ptr::null_mut()
}

#[cfg(target_arch = "wasm32")]
/// The C library's `strftime`: writes nothing (never called, since `gmtime` finds no time).
#[no_mangle]
pub extern "C" fn strftime(_: *mut c_char, _: usize, _: *const c_char, _: P) -> usize {
    0
}

/// Triggers are left out of both builds (`SQLITE_OMIT_TRIGGER`): CREATE TRIGGER and DROP
/// TRIGGER are refused before SQLite (`src/sql/parser`), and RETURNING, which SQLite makes of
/// trigger code, is the engine's own (`engine/store/returning.rs`). The option also leaves out
/// the declarations of these functions, so the parser calls them as C's undeclared functions,
/// which return `int`: so do the stand-ins (the linker matches signatures in wasm).
#[no_mangle]
pub extern "C" fn sqlite3BeginTrigger(
    _: P,
    _: P,
    _: P,
    _: c_int,
    _: c_int,
    _: P,
    _: P,
    _: P,
    _: c_int,
    _: c_int,
) -> c_int {
    0
}

#[no_mangle]
pub extern "C" fn sqlite3FinishTrigger(_: P, _: P, _: P) -> c_int {
    0
}

#[no_mangle]
pub extern "C" fn sqlite3DropTrigger(_: P, _: P, _: c_int) -> c_int {
    0
}

#[no_mangle]
pub extern "C" fn sqlite3DeleteTriggerStep(_: P, _: P) -> c_int {
    0
}

#[no_mangle]
pub extern "C" fn sqlite3TriggerSelectStep(_: P, _: P, _: P, _: P) -> P {
    core::ptr::null_mut()
}

#[no_mangle]
pub extern "C" fn sqlite3TriggerInsertStep(
    _: P,
    _: P,
    _: P,
    _: P,
    _: c_int,
    _: P,
    _: P,
    _: P,
) -> P {
    core::ptr::null_mut()
}

#[no_mangle]
pub extern "C" fn sqlite3TriggerUpdateStep(
    _: P,
    _: P,
    _: P,
    _: P,
    _: P,
    _: c_int,
    _: P,
    _: P,
) -> P {
    core::ptr::null_mut()
}

#[no_mangle]
pub extern "C" fn sqlite3TriggerDeleteStep(_: P, _: P, _: P, _: P, _: P) -> P {
    core::ptr::null_mut()
}
