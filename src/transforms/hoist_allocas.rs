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
//!
//! Likewise a statically sized `memref.alloc` in a loop that is freed in
//! its own block (a dot's operand buffers, a transpose's): it moves to the
//! entry block and its `memref.dealloc` before the function's return. A
//! fresh allocation's contents are undefined, so reusing one buffer changes
//! nothing; but malloc and free of tile-sized buffers every grid step cost
//! page faults, as the allocator gives the top of its heap back to the
//! system and takes it again (flash attention over a 4k sequence: a sixth of
//! its run).

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, ValueLike};

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-hoist-loop-allocas",
    name: "PallasHoistLoopAllocas",
    description: "Move statically sized memref.allocas out of loops to the entry block of their function, and statically sized memref.allocs freed in their own block in a loop to the entry block with their dealloc before the return (part of pallas-cpu-pipeline: keeps per-iteration vector-transfer buffers from growing the stack, and tile buffers from being allocated every grid step)",
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

/// The one `memref.dealloc` of `alloc`'s buffer if it is in the alloc's
/// block and the buffer itself goes nowhere the dealloc's move could
/// matter (yielded, returned, passed to a call, stored).
fn own_block_dealloc<'c, 'a>(alloc: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let v = ir::result_of(*alloc, 0);
    let users = ir::users(v);
    let deallocs: Vec<_> = users
        .iter()
        .filter(|u| name_of(u) == "memref.dealloc")
        .collect();
    let stored = |u: &OperationRef| {
        u.operand(0)
            .map(|x| x.to_raw().ptr == v.to_raw().ptr)
            .unwrap_or(false)
    };
    let escapes = users.iter().any(|u| match name_of(u).as_str() {
        "scf.yield" | "func.return" | "func.call" => true,
        "memref.store" | "llvm.store" => stored(u),
        _ => false,
    });
    let block = |o: &OperationRef| o.block().map(|b| b.to_raw().ptr);
    match deallocs.as_slice() {
        [d] if !escapes && block(d) == block(alloc) => Some(**d),
        _ => None,
    }
}

/// The one `func.return` of `func` (directly in its body), if it has one.
fn single_return<'c, 'a>(func: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let region = crate::ir::region_at(func, 0)?;
    let mut found = vec![];
    let mut block = region.first_block();
    while let Some(bl) = block {
        if let Some(t) = bl.terminator() {
            if name_of(&t) == "func.return" {
                found.push(ir::op_ref(t));
            }
        }
        block = bl.next_in_region();
    }
    (found.len() == 1).then(|| found[0])
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut moves = vec![];
    let mut frees = vec![];
    ir::walk_nested(&module, &mut |op| {
        // Only static allocations: a dynamic size may depend on the loop.
        let name = name_of(&op);
        if name == "memref.alloca" && op.operand_count() == 0 {
            if let Some(func) = function_if_in_loop(&op) {
                moves.push((op, func));
            }
        } else if name == "memref.alloc" && op.operand_count() == 0 {
            if let Some(func) = function_if_in_loop(&op) {
                if let (Some(d), Some(ret)) = (own_block_dealloc(&op), single_return(&func)) {
                    moves.push((op, func));
                    frees.push((d, ret));
                }
            }
        }
    });
    for (dealloc, ret) in &frees {
        ir::move_before(dealloc, ret);
    }
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
