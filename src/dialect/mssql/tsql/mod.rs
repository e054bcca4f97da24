//! Procedural T-SQL: batches (`GO`), procedures, variables, control flow, cursors and nested
//! transaction counts. The reader turns a script into statement trees; the interpreter runs
//! them one statement at a time on the multi-session engine, planning each SQL statement with
//! the SQL Server front-end (`dialect::mssql`) after putting its variables' values in.

pub mod batches;
pub mod interp;
pub mod node;
pub mod program;
pub mod reader;
