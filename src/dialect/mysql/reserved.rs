//! Rule: MariaDB's reserved words are not table or column names. In CREATE TABLE, a table or
//! column named by one unquoted (`CREATE TABLE jobs (id int, desc text)`, a ring's `range`
//! or `rows`) is error 1064 at that word; the lab's parser takes most words there, so the
//! table was made, and its statements ran, where the server refuses the first one. Quoted
//! (`` `desc` ``) the word is a name. As PostgreSQL's rule (`postgres/reserved.rs`), only
//! CREATE TABLE is checked: every later statement names the table's columns as it did.

use super::super::split::LineIndex;
use crate::source::{Pos, Span};
use crate::trace::StepError;
use sqlparser::ast::{Ident, ObjectNamePart, Statement};

/// The words MariaDB 10.11 refuses unquoted as a column's name (each probed on the server in
/// `CREATE TABLE t (x int, <word> int)`), sorted.
const RESERVED: &str = "accessible add all alter analyze and as asc asensitive before between \
bigint binary blob both by call cascade case change char character check collate column \
condition constraint continue convert create cross current_date current_role current_time \
current_timestamp current_user cursor databases day_hour day_microsecond day_minute \
day_second dec decimal declare default delayed delete delete_domain_id desc describe \
deterministic distinct distinctrow div do_domain_ids double drop dual each else elseif \
enclosed escaped except exists exit explain false fetch float float4 float8 for force \
foreign from fulltext grant group having high_priority hour_microsecond hour_minute \
hour_second if ignore ignore_domain_ids in index infile inner inout insensitive insert int \
int1 int2 int3 int4 int8 integer intersect interval into is iterate join key keys kill \
leading leave left like limit linear lines load localtime localtimestamp lock long longblob \
longtext loop low_priority master_ssl_verify_server_cert match maxvalue mediumblob mediumint \
mediumtext middleint minute_microsecond minute_second mod modifies natural no_write_to_binlog \
not null numeric offset on optimize optionally or order out outer outfile over \
page_checksum parse_vcol_expr partition portion precision primary procedure purge range \
read read_write reads real recursive ref_system_id references regexp release rename repeat \
replace require resignal restrict return returning revoke right rlike row_number rows \
schemas second_microsecond select sensitive separator set show signal smallint spatial \
specific sql sql_big_result sql_calc_found_rows sql_small_result sqlexception sqlstate \
sqlwarning ssl starting stats_auto_recalc stats_persistent stats_sample_pages \
straight_join table terminated then tinyblob tinyint tinytext to trailing trigger true undo \
union unique unlock unsigned update usage use using utc_date utc_time utc_timestamp values \
varbinary varchar varcharacter varying when where while with write xor year_month zerofill";

/// CREATE TABLE's table or first column named by an unquoted reserved word, as the server's
/// 1064 at it; `lines` index the script, `statement` is where the statement is in it.
pub fn check(stmt: &Statement, lines: &LineIndex, statement: Span) -> Result<(), StepError> {
    let Statement::CreateTable(c) = stmt else {
        return Ok(());
    };
    // After a database (`test.order`) any word is a name to the server.
    let table = match c.name.0.as_slice() {
        [ObjectNamePart::Identifier(i)] => Some(i),
        _ => None,
    };
    let names = table.into_iter().chain(c.columns.iter().map(|d| &d.name));
    match names.into_iter().find(|n| is_reserved(n)) {
        Some(name) => Err(at(name, lines, statement)),
        None => Ok(()),
    }
}

fn is_reserved(name: &Ident) -> bool {
    name.quote_style.is_none()
        && RESERVED
            .split(' ')
            .any(|w| w.eq_ignore_ascii_case(&name.value))
}

/// The server's words: the statement's text from the name on (cut as the server cuts it)
/// and the name's line within the statement.
fn at(name: &Ident, lines: &LineIndex, statement: Span) -> StepError {
    let start = Pos {
        line: name.span.start.line as u32,
        column: name.span.start.column as u32,
    };
    let rest = lines.slice(start, statement.end);
    // Past 80 characters, the server keeps 77 of them and "...".
    let near = if rest.chars().nth(80).is_some() {
        rest.chars().take(77).chain("...".chars()).collect()
    } else {
        rest
    };
    let line = start.line.saturating_sub(statement.start.line) + 1;
    let mut e = StepError::other(
        "1064",
        format!("You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '{near}' at line {line}"),
    );
    e.pos = Some(start);
    e
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reserved_words_are_sorted() {
        let words: Vec<&str> = super::RESERVED.split(' ').collect();
        assert!(words.windows(2).all(|w| w[0] < w[1]), "{words:?}");
        assert_eq!(words.len(), 243);
    }
}
