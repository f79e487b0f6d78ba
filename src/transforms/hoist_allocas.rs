//! `pallas-hoist-loop-allocas`: statically sized `memref.alloca`s inside
//! loops move to the entry block of their function.
//!
//! `convert-vector-to-scf` puts the temporary buffer of every n-D vector
//! transfer at the start of the closest automatic allocation scope, which
//! is the `scf.for` around it (a kernel's grid loop on the CPU). Lowered to
//! the LLVM dialect such an alloca runs once per iteration and nothing pops
//! it, so the stack grows with every grid step: a 1024x1024 matmul in
//! 128x128 tiles (512 steps) overflows an 8 MB stack. Each of these buffers
//! is written before it is read within one iteration, so one buffer per
//! function, allocated once, is equivalent.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::RegionLike;

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-hoist-loop-allocas",
    name: "PallasHoistLoopAllocas",
    description: "Move statically sized memref.allocas out of loops to the entry block of their function (part of pallas-cpu-pipeline: keeps per-iteration vector-transfer buffers from growing the stack)",
    anchor: "builtin.module",
    options: &[],
    dialects: &[],
    run,
};

const LOOPS: &[&str] = &["scf.for", "scf.while", "scf.parallel", "scf.forall"];

fn name_of(op: &OperationRef) -> String {
    crate::ir::op_name_of(op).to_string()
}

/// The function around `op` if a loop lies between them.
fn function_if_in_loop<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut in_loop = false;
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        let name = name_of(&p);
        if name == "func.func" {
            return in_loop.then_some(p);
        }
        in_loop |= LOOPS.contains(&name.as_str());
        cur = p.parent_operation();
    }
    None
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut moves = vec![];
    ir::walk_nested(&module, &mut |op| {
        // Only static allocations: a dynamic size may depend on the loop.
        if name_of(&op) == "memref.alloca" && op.operand_count() == 0 {
            if let Some(func) = function_if_in_loop(&op) {
                moves.push((op, func));
            }
        }
    });
    // Each goes before what starts its function now, so the hoisted
    // allocas keep their order.
    let firsts: Vec<_> = moves
        .iter()
        .map(|(_, func)| {
            func.region(0)
                .ok()
                .and_then(|r| r.first_block())
                .and_then(|b| b.first_operation())
        })
        .collect();
    for ((op, _), first) in moves.iter().zip(firsts) {
        if let Some(first) = first {
            ir::move_before(op, &first);
        }
    }
    Ok(())
}
