//! `pallas-split-scf-blocks`: a block holding many `scf` ops with regions
//! is cut after each of them, so that `convert-scf-to-cf` lowers the CPU
//! reference in time linear in its size.
//!
//! `convert-scf-to-cf` lowers an `scf.for` (`if`, `while`, ...) by splitting
//! its block after the op: every op after it moves to a new block, one by
//! one. A block of `n` ops holding `k` such ops costs `O(k * n)`, and the
//! CPU reference makes exactly such blocks: every 2-D vector op becomes a
//! row loop (`pallas-row-loops`), and a fully unrolled loop repeats its body
//! in one block (841 unrolled flash-attention steps: 43 842 loops in one
//! block, 39 s in `convert-scf-to-cf`, 2.5 s for a third of them).
//!
//! Cut beforehand, from the last such op to the first, each cut moves only
//! the ops up to the next one and each later split by `convert-scf-to-cf`
//! finds just a branch after its op: linear in all. A block of a region that
//! allows several blocks (a function body) is cut in place; a single-block
//! region (the body of an `scf.if` or `scf.for`) first gets its ops wrapped
//! in one `scf.execute_region`, whose region takes several blocks and
//! yields what the block's terminator uses. Blocks with few such ops are
//! left alone.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, Region, RegionLike, Value, ValueLike};

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-split-scf-blocks",
    name: "PallasSplitScfBlocks",
    description: "Cut blocks holding many scf ops with regions after each of them (a function body in place, a single-block region inside an scf.execute_region), so that convert-scf-to-cf, which splits the block of every op it lowers, takes linear time (part of pallas-cpu-pipeline)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["cf", "scf"],
    run,
};

/// Blocks with fewer such ops are left as they are (their splits cost
/// little).
const MIN_SPLIT_OPS: usize = 16;

/// Whether `convert-scf-to-cf` lowers `op` by splitting its block.
fn splits_block(op: &OperationRef) -> bool {
    op.region_count() > 0 && ir::op_name_of(op).starts_with("scf.")
}

/// Whether the regions of `op` may hold several blocks.
fn multi_block(op: &OperationRef) -> bool {
    matches!(
        ir::op_name_of(op),
        "func.func" | "llvm.func" | "scf.execute_region"
    )
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    // Collected first: cutting adds blocks.
    let mut blocks: Vec<(BlockRef, bool)> = vec![];
    ir::walk_nested(&module, &mut |op| {
        for i in 0..op.region_count() {
            let Some(region) = ir::region_at(&op, i) else {
                continue;
            };
            let mut block = region.first_block();
            while let Some(b) = block {
                let n = ir::block_ops(b).iter().filter(|o| splits_block(o)).count();
                if n >= MIN_SPLIT_OPS && b.terminator().is_some() {
                    blocks.push((b, multi_block(&op)));
                }
                block = b.next_in_region();
            }
        }
    });
    for (block, in_place) in blocks {
        let target = if in_place { Some(block) } else { wrap(block) };
        if let Some(t) = target {
            cut_after_each(t);
        }
    }
    Ok(())
}

/// Moves the ops of `block` but its terminator into the one block of a new
/// `scf.execute_region` in front of the terminator, which yields the
/// terminator's operands defined by those ops; that block.
fn wrap<'c, 'a>(block: BlockRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    let term = ir::op_ref(block.terminator()?);
    let ops = ir::block_ops(block);
    let moved = &ops[..ops.len() - 1];
    let same_block = |v: Value| {
        ir::defining_op(v)
            .and_then(|d| d.block())
            .is_some_and(|b| b == block)
    };
    let mut escaping: Vec<Value<'c, 'a>> = vec![];
    for i in 0..term.operand_count() {
        let v = ir::value(ir::operand_at(&term, i)?);
        if same_block(v) && !escaping.contains(&v) {
            escaping.push(v);
        }
    }
    let loc = term.location();
    let region = Region::new();
    let body = region.append_block(Block::new(&[]));
    let types: Vec<_> = escaping.iter().map(|v| v.r#type()).collect();
    let exec = OperationBuilder::new("scf.execute_region", loc)
        .add_results(&types)
        .add_regions([region])
        .build()
        .ok()?;
    let exec = block.insert_operation_before(term, exec);
    for op in moved {
        ir::move_to_end(op, &body);
    }
    let yield_op = OperationBuilder::new("scf.yield", loc)
        .add_operands(&escaping)
        .build()
        .ok()?;
    body.append_operation(yield_op);
    for i in 0..term.operand_count() {
        let v = ir::value(ir::operand_at(&term, i)?);
        if let Some(j) = escaping.iter().position(|e| *e == v) {
            ir::set_operand(&term, i, ir::result_of(exec, j));
        }
    }
    Some(body)
}

/// Ends `block` after each op that splits it (but one right before the
/// terminator) with a branch to a new block holding the ops that followed,
/// the last such op first so that each cut moves only the ops up to the
/// next one.
fn cut_after_each(block: BlockRef) {
    let Some(region) = block.parent_region() else {
        return;
    };
    let ops = ir::block_ops(block);
    let loc = block
        .terminator()
        .map(|t| t.location())
        .unwrap_or_else(|| ops[0].location());
    for (i, op) in ops.iter().enumerate().rev() {
        if !splits_block(op) || i + 2 >= ops.len() {
            continue;
        }
        let next = region.insert_block_after(block, Block::new(&[]));
        let mut o = op.next_in_block();
        while let Some(x) = o {
            o = x.next_in_block();
            ir::move_to_end(&ir::op_ref(x), &next);
        }
        if let Ok(br) = OperationBuilder::new("cf.br", loc)
            .add_successors(&[&next])
            .build()
        {
            block.append_operation(br);
        }
    }
}
