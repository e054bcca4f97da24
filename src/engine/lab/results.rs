//! What a statement's plan asks of its result beyond running: PostgreSQL's InitPlans bound
//! before it runs, MySQL's user variables assigned from its row, and MariaDB's impossible
//! WHERE answered with no result set.

use super::{Finished, Lab, Resume};
use crate::dialect::{Plan, PlanKind};
use crate::engine::store::StoreError;
use crate::ids::ChangeKind;
use crate::trace::{ErrorClass, Outcome, StepError, Value};

impl Lab {
    /// Binds the plan's InitPlans: computed in the view now on the first try, kept after.
    pub(super) fn bind_init_plans(
        &self,
        plan: &Plan,
        resume: &mut Resume,
    ) -> Result<(), StoreError> {
        if plan.init_plans.is_empty() {
            return Ok(());
        }
        let mut params = crate::engine::store::UserVariables::new();
        let kept = resume.init_values.take();
        let mut values = Vec::with_capacity(plan.init_plans.len());
        for (i, sql) in plan.init_plans.iter().enumerate() {
            let value = match &kept {
                Some(v) => v.get(i).cloned().unwrap_or(Value::Null),
                None => {
                    // Each may read the ones before it.
                    self.store.set_params(Some(params.clone()));
                    let (_, rows) = self.store.query(sql)?;
                    rows.into_iter()
                        .next()
                        .and_then(|r| r.into_iter().next())
                        .unwrap_or(Value::Null)
                }
            };
            params.insert(crate::dialect::postgres::init_param(i), value.clone());
            values.push(value);
        }
        self.store.set_params(Some(params));
        resume.init_values = Some(values);
        Ok(())
    }

    /// MariaDB's impossible WHERE (`Plan::no_result_set_if`): a plain OK, no result set.
    pub(super) fn drop_result_set(&self, plan: &Plan, mut f: Finished) -> Finished {
        let (Outcome::Ok(done), Some(probe)) = (&mut f.outcome, &plan.no_result_set_if) else {
            return f;
        };
        let impossible = self.store.query(probe).is_ok_and(|(_, rows)| {
            matches!(rows.first().and_then(|r| r.first()), Some(Value::Int(n)) if *n != 0)
        });
        if impossible {
            done.columns = None;
            done.rows.clear();
        }
        f
    }

    /// `SET @a = ...` or `SELECT ... INTO @a` ended: its row goes into the session's user
    /// variables, and the client gets no result set. No row leaves them as they were (with
    /// MySQL's "no data" warning); more than one is MySQL's error 1172, after the first row
    /// was assigned (as the server does).
    pub(super) fn assign(&mut self, s: usize, plan: &Plan, mut f: Finished) -> Finished {
        let (Outcome::Ok(done), Some(names)) = (&mut f.outcome, &plan.assign) else {
            return f;
        };
        // The server assigns the first row before it finds a second.
        if let Some(row) = done.rows.first_mut() {
            let vars = &mut self.sessions[s].vars;
            for (name, value) in names.iter().zip(std::mem::take(row)) {
                vars.insert(name.clone(), value);
            }
        }
        match done.rows.len() {
            0 => done.warnings += 1,
            1 => {}
            _ => {
                let (native, message) = self.dialect.too_many_rows_error();
                f.outcome = Outcome::Error(StepError {
                    class: ErrorClass::Other,
                    native,
                    message,
                    pos: None,
                    fixed_text: None,
                });
                return f;
            }
        }
        done.columns = None;
        done.rows.clear();
        f
    }

    /// The first id an INSERT generated: the value its first row took in the table's
    /// AUTO_INCREMENT column, when its rows asked for one (left the column out, or gave it
    /// NULL or 0: `AutoIds::automatic`), or it was DEFAULT VALUES (no `AutoIds`).
    pub(super) fn generated_id(
        &self,
        plan: &Plan,
        changes: &[crate::engine::store::RowChange],
    ) -> Option<i64> {
        let PlanKind::Insert { table, .. } = &plan.kind else {
            return None;
        };
        let def = self.catalog.table(table)?;
        let auto = def.columns.iter().find(|c| c.auto_increment)?;
        if !plan.auto_ids.as_ref().is_none_or(|a| a.automatic) {
            return None;
        }
        let at = self
            .store
            .columns(table)
            .iter()
            .position(|c| c.eq_ignore_ascii_case(&auto.name))?;
        let first = changes
            .iter()
            .find(|c| c.kind == ChangeKind::Insert && c.table.eq_ignore_ascii_case(table))?;
        match first.new.get(at) {
            Some(Value::Int(id)) => Some(*id),
            _ => None,
        }
    }
}
