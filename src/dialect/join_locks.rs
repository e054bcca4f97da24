//! Rule: PostgreSQL's locking clause over a join or several FROM items. `FOR UPDATE` alone
//! locks a row of every table the join reads, `FOR UPDATE OF j, q` (or several clauses, each
//! with its mode and wait policy) the rows of the tables named. For each row of the join, in
//! the order the query gives them, the server locks each table's row in turn: the tables in
//! the order the clauses name them, or in the FROM's order when a clause names none. A row
//! it may not lock ends the whole joined row: `SKIP LOCKED` skips it, keeping the locks it
//! took on the rows before, `NOWAIT` fails, and a wait re-checks the joined row after it with
//! the newest versions of the rows it locks and the others as first read (seen on
//! PostgreSQL 15: a pop through `jobs j JOIN queues q` that meets queue 2 held skips jobs 2
//! and 4, yet holds them).
//!
//! The rows the read locks are a tuple of rowids, one per table of the FROM (the ones not
//! locked too: they tell apart two joined rows sharing the locked ones), which the engine
//! locks in [`JoinedRead::locks`]' order and the statement keeps through
//! `ql_locked(k, a.rowid, b.rowid)`. Refused by the server and here: a locked table on the
//! nullable side of an outer join (0A000), a name the FROM does not have (42P01), a qualified
//! name (42601), a WITH query or a function named (0A000). Refused by name: a subquery or a
//! parenthesized join in such a FROM (the server locks the subquery's tables too). The same
//! reading serves one table whose clauses name it (`FOR NO KEY UPDATE OF j`, two clauses).

use super::locks::WaitPolicy;
use super::postgres::lock_strength::{KEY_SHARE, NO_KEY_UPDATE};
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{
    Ident, JoinOperator, LockClause, LockType, ObjectName, Query, SetExpr, TableAlias, TableFactor,
};

/// How a locking read of a join locks each joined row (`LockRead::joined`).
#[derive(Debug, Clone, PartialEq)]
pub struct JoinedRead {
    /// The rowid columns its rowid query gives: one per table of the FROM.
    pub width: usize,
    /// The tables it locks, in the order it locks a joined row's rows.
    pub locks: Vec<JoinedLock>,
}

/// One table a join's locking clause locks.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinedLock {
    /// Its rowid's place in a joined row's tuple.
    pub column: usize,
    pub table: String,
    pub exclusive: bool,
    /// PostgreSQL's weaker mode of the two: FOR NO KEY UPDATE, FOR KEY SHARE.
    pub weaker: bool,
    pub policy: WaitPolicy,
}

/// A table of the locking query's FROM.
pub struct Relation {
    /// How the query calls it: its alias, or its name's parts as written.
    pub qualifier: Vec<Ident>,
    pub table: String,
    /// On the nullable side of an outer join.
    nullable: bool,
}

/// What a locking read of a join needs: the FROM's tables and what it locks of them.
pub struct Planned {
    pub relations: Vec<Relation>,
    pub read: JoinedRead,
}

/// One locking clause: its mode, its wait policy, and the table it names (none: all).
struct Asked {
    name: Option<String>,
    rank: u8,
    policy: WaitPolicy,
}

/// Plans the locking clauses `clauses` of `q` (over a join or several FROM items, or one
/// table they name); `ctes` are the names of the WITH queries `q` may read (never locked).
pub fn plan(q: &Query, clauses: &[LockClause], ctes: &[String]) -> Result<Planned, StepError> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return Err(refused("over a set operation (UNION, INTERSECT, EXCEPT)"));
    };
    let mut relations: Vec<Relation> = Vec::new();
    // The FROM's items that are no table: a WITH query or a function, by the name a clause
    // would call them.
    let mut others: Vec<(String, &str)> = Vec::new();
    for from in &select.from {
        let first = relations.len();
        for k in 0..=from.joins.len() {
            let (factor, op) = match k.checked_sub(1) {
                None => (&from.relation, None),
                Some(j) => (&from.joins[j].relation, Some(&from.joins[j].join_operator)),
            };
            let (left_nullable, right_nullable) = match op {
                Some(JoinOperator::Left(_) | JoinOperator::LeftOuter(_))
                | Some(JoinOperator::OuterApply) => (false, true),
                Some(JoinOperator::Right(_) | JoinOperator::RightOuter(_)) => (true, false),
                Some(JoinOperator::FullOuter(_)) => (true, true),
                _ => (false, false),
            };
            if left_nullable {
                relations[first..]
                    .iter_mut()
                    .for_each(|r| r.nullable = true);
            }
            match factor {
                TableFactor::Table {
                    name, alias, args, ..
                } => {
                    let table = super::exprs::last_ident(name);
                    let qualifier = qualifier(name, alias.as_ref());
                    let called = alias
                        .as_ref()
                        .map_or(table.clone(), |a| a.name.value.clone());
                    let cte =
                        name.0.len() == 1 && ctes.iter().any(|c| c.eq_ignore_ascii_case(&table));
                    if args.is_some() {
                        others.push((called, "a function"));
                    } else if cte {
                        others.push((called, "a WITH query"));
                    } else {
                        relations.push(Relation {
                            qualifier,
                            table,
                            nullable: right_nullable,
                        });
                    }
                }
                // A subquery of no table: the rewritten generate_series (`postgres/series.rs`).
                TableFactor::Derived {
                    subquery, alias, ..
                } if !reads_tables(subquery) => {
                    let called = alias.as_ref().map(|a| a.name.value.clone());
                    others.push((called.unwrap_or_default(), "a function"));
                }
                TableFactor::Derived { .. } => return Err(refused("over a subquery in FROM")),
                TableFactor::NestedJoin { .. } => return Err(refused("over a parenthesized join")),
                _ => others.push((String::new(), "a function")),
            }
        }
    }
    let mut locks: Vec<(usize, u8, WaitPolicy)> = Vec::new();
    for clause in clauses {
        let asked = asked(clause)?;
        let columns = match &asked.name {
            None => 0..relations.len(),
            Some(name) => {
                let i = named(&relations, &others, name, asked.rank)?;
                i..i + 1
            }
        };
        for column in columns {
            match locks.iter_mut().find(|l| l.0 == column) {
                // Named twice: the stronger mode and the stricter wait policy.
                Some(l) => *l = (column, l.1.max(asked.rank), l.2.max(asked.policy)),
                None => locks.push((column, asked.rank, asked.policy)),
            }
        }
    }
    if let Some((_, rank, _)) = locks.iter().find(|l| relations[l.0].nullable) {
        return Err(StepError::other(
            "0A000",
            format!(
                "{} cannot be applied to the nullable side of an outer join",
                strength(*rank)
            ),
        ));
    }
    let locks = locks
        .into_iter()
        .map(|(column, rank, policy)| JoinedLock {
            column,
            table: relations[column].table.clone(),
            exclusive: rank >= 2,
            weaker: rank % 2 == 0,
            policy,
        })
        .collect();
    let width = relations.len();
    Ok(Planned {
        relations,
        read: JoinedRead { width, locks },
    })
}

/// How a query calls a table of its FROM: the alias, or every part of the table's name.
pub(super) fn qualifier(name: &ObjectName, alias: Option<&TableAlias>) -> Vec<Ident> {
    match alias {
        Some(a) => vec![a.name.clone()],
        None => (name.0.iter())
            .filter_map(|p| p.as_ident().cloned())
            .collect(),
    }
}

/// Whether `q` reads a table (not only WITH queries of its own).
fn reads_tables(q: &Query) -> bool {
    let mut q = q.duplicate();
    let ctes = q.with.as_ref().map_or(&[][..], |w| &w.cte_tables[..]);
    let own: Vec<String> = (ctes.iter())
        .map(|c| c.alias.name.value.to_ascii_lowercase())
        .collect();
    let mut any = false;
    super::walk::relations(&mut q, &mut |name| {
        any |= !own.contains(&super::exprs::last_ident(name).to_ascii_lowercase());
        std::ops::ControlFlow::Continue(())
    });
    any
}

/// A clause's mode (0 KEY SHARE, 1 SHARE, 2 NO KEY UPDATE, 3 UPDATE), policy and name.
fn asked(clause: &LockClause) -> Result<Asked, StepError> {
    let mut parts: Vec<String> = Vec::new();
    for part in clause.of.as_ref().map_or(&[][..], |o| &o.0[..]) {
        parts.extend(part.as_ident().map(|i| i.value.clone()));
    }
    let weaker = parts
        .first()
        .is_some_and(|p| p == NO_KEY_UPDATE || p == KEY_SHARE);
    if weaker {
        parts.remove(0);
    }
    let rank = match clause.lock_type {
        LockType::Share => u8::from(!weaker),
        LockType::Update => 2 + u8::from(!weaker),
    };
    if parts.len() > 1 {
        return Err(StepError::other(
            "42601",
            format!("{} must specify unqualified relation names", strength(rank)),
        ));
    }
    Ok(Asked {
        name: parts.pop(),
        rank,
        policy: WaitPolicy::of(clause.nonblock),
    })
}

/// The place of the table `name` calls (its alias, or its name when it has none).
fn named(
    relations: &[Relation],
    others: &[(String, &str)],
    name: &str,
    rank: u8,
) -> Result<usize, StepError> {
    let calls =
        |r: &Relation| (r.qualifier.last()).is_some_and(|q| q.value.eq_ignore_ascii_case(name));
    if let Some(i) = relations.iter().position(calls) {
        return Ok(i);
    }
    if let Some((_, what)) = others.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Err(StepError::other(
            "0A000",
            format!("{} cannot be applied to {what}", strength(rank)),
        ));
    }
    Err(StepError::other(
        "42P01",
        format!(
            "relation \"{name}\" in {} clause not found in FROM clause",
            strength(rank)
        ),
    ))
}

/// The clause's words for a mode, as the server's messages give them.
fn strength(rank: u8) -> &'static str {
    [
        "FOR KEY SHARE",
        "FOR SHARE",
        "FOR NO KEY UPDATE",
        "FOR UPDATE",
    ][usize::from(rank.min(3))]
}

fn refused(what: &str) -> StepError {
    super::common::unsupported_with(
        Dialect::Postgres,
        &format!("a locking clause {what}"),
        "lock the tables of the FROM itself: join them directly (jobs j JOIN queues q ON ... FOR UPDATE OF j SKIP LOCKED)",
    )
}

/// A clause's mode in the server's words (`FOR NO KEY UPDATE`).
pub fn strength_of(clause: &LockClause) -> &'static str {
    asked(clause).map_or("FOR UPDATE", |a| strength(a.rank))
}
