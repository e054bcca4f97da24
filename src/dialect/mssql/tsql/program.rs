//! Statement trees compiled to a flat list with jumps, so that the interpreter can stop after
//! any one statement (a step) and go on later: IF and WHILE become a condition step and jumps.

use super::node::{Kind, Node};
use crate::trace::{ErrorClass, StepError};

#[derive(Debug, Clone)]
pub enum Instr {
    /// One statement: a step.
    Stmt(Node),
    /// An IF or WHILE condition: a step; when false, go to the target.
    Cond {
        node: Node,
        else_at: usize,
    },
    Jump(usize),
}

pub fn compile(nodes: &[Node]) -> Result<Vec<Instr>, StepError> {
    let mut c = Compiler {
        out: Vec::new(),
        loops: Vec::new(),
    };
    for n in nodes {
        c.node(n)?;
    }
    Ok(c.out)
}

struct Compiler {
    out: Vec<Instr>,
    /// Open loops: (start, jumps to patch with the end).
    loops: Vec<(usize, Vec<usize>)>,
}

impl Compiler {
    fn node(&mut self, n: &Node) -> Result<(), StepError> {
        match &n.kind {
            Kind::Block(body) => {
                for b in body {
                    self.node(b)?;
                }
            }
            Kind::If {
                then, otherwise, ..
            } => {
                let cond = self.out.len();
                self.out.push(Instr::Cond {
                    node: n.clone(),
                    else_at: 0,
                });
                self.node(then)?;
                match otherwise {
                    Some(e) => {
                        let jump = self.out.len();
                        self.out.push(Instr::Jump(0));
                        self.patch_cond(cond, self.out.len());
                        self.node(e)?;
                        self.out[jump] = Instr::Jump(self.out.len());
                    }
                    None => self.patch_cond(cond, self.out.len()),
                }
            }
            Kind::While { body, .. } => {
                let start = self.out.len();
                self.out.push(Instr::Cond {
                    node: n.clone(),
                    else_at: 0,
                });
                self.loops.push((start, Vec::new()));
                self.node(body)?;
                self.out.push(Instr::Jump(start));
                let end = self.out.len();
                self.patch_cond(start, end);
                if let Some((_, breaks)) = self.loops.pop() {
                    for b in breaks {
                        self.out[b] = Instr::Jump(end);
                    }
                }
            }
            Kind::Break | Kind::Continue => {
                let Some((start, breaks)) = self.loops.last_mut() else {
                    return Err(StepError {
                        class: ErrorClass::Other,
                        native: "135".into(),
                        message: format!(
                            "Cannot use a {} statement outside the scope of a WHILE statement (at {}).",
                            if matches!(n.kind, Kind::Break) { "BREAK" } else { "CONTINUE" },
                            n.span.start
                        ),
                        pos: Some(n.span.start),
                        fixed_text: None,
                    });
                };
                if matches!(n.kind, Kind::Break) {
                    breaks.push(self.out.len());
                    self.out.push(Instr::Jump(0));
                } else {
                    let s = *start;
                    self.out.push(Instr::Jump(s));
                }
            }
            _ => self.out.push(Instr::Stmt(n.clone())),
        }
        Ok(())
    }

    fn patch_cond(&mut self, at: usize, target: usize) {
        if let Instr::Cond { else_at, .. } = &mut self.out[at] {
            *else_at = target;
        }
    }
}
