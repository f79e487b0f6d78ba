//! The kernel's own conditionals. In the pallas dialect a `lax.cond` or
//! `pl.when` is an `scf.if`; JAX lowers every `cond_p` (whatever the
//! semantics) to an `scf.index_switch` on the branch index, and jaxlib's
//! layout inference has a rule for that op but none for an `scf.if` that
//! yields vectors. A two-way cond's index is its predicate widened to i32
//! (`arith.extui`) and cast to `index`; case 0 is the false branch and the
//! default region the true one (`lax.cond` lists the false branch first and
//! the switch's last branch is its default). A `pl.when` has an empty false
//! branch: case 0 only yields. A `lax.switch` is written as the
//! `scf.index_switch` it lowers to (on its clamped index, cases 0..n-2, the
//! last branch the default) and stays as it is.
//!
//! The `scf.if` ops the lowering itself builds (the printing thread's guard,
//! the collectives' one-lane sections) are JAX's `scf.if` too and are not
//! touched: [`switch_conditionals`] runs on the body before anything else
//! builds ops in it. The grid pipeline's refill is a `lax.cond` in JAX's
//! pipeline code, so it is a switch too ([`when`]).

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value};

use crate::conversion::common::builder::B;
use crate::conversion::framework::OwnedRewriter;
use crate::ir::{self, value};

/// Turns every `scf.if` in kernel `k`'s body into JAX's `scf.index_switch`.
pub fn switch_conditionals<'c, 'a>(k: &OperationRef<'c, 'a>) -> Result<(), String> {
    let mut ifs = vec![];
    ir::walk_nested(k, &mut |op| {
        if ir::op_name_of(&op) == "scf.if" {
            ifs.push(op);
        }
    });
    if ifs.is_empty() {
        return Ok(());
    }
    let rw = OwnedRewriter::new(k);
    // Moving a conditional's blocks keeps the ops in them (nested
    // conditionals included) the same ops, so the list stays valid.
    for op in ifs {
        to_switch(&rw, op)?;
    }
    Ok(())
}

fn to_switch<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, op: OperationRef<'c, 'a>) -> Result<(), String> {
    let loc = op.location();
    let pred = op
        .operand(0)
        .map(value)
        .map_err(|e| format!("scf.if without a condition: {e}"))?;
    let results: Vec<Type> = ir::result_types(op).collect();
    rw.set_insertion_point_before(&op);
    let b = B::new(rw, loc);
    let wide = b.val("arith.extui", &[pred], b.i32(), &[]);
    let index = b.index_cast(wide, b.index());
    // Region 0 is the default (the true branch), then case 0 (the false one).
    let (default, case0) = (Region::new(), Region::new());
    default.append_block(Block::new(&[]));
    case0.append_block(Block::new(&[]));
    let switch = rw.insert(b.build(
        "scf.index_switch",
        &[index],
        &results,
        &[("cases", b.dense_i64_attr(&[0]))],
        vec![default, case0],
    ));
    for (from, to) in [(0, 0), (1, 1)] {
        let dest = ir::region_at(&switch, to)
            .and_then(|r| r.first_block())
            .ok_or("scf.index_switch without a block")?;
        match ir::region_at(&op, from).and_then(|r| r.first_block()) {
            Some(src) => rw.merge_blocks(src, dest, &[]),
            None => {
                // An `scf.if` without an else branch yields nothing.
                rw.set_insertion_point_to_end(dest);
                B::new(rw, loc).op("scf.yield", &[], &[], &[]);
            }
        }
    }
    for i in 0..op.result_count() {
        rw.replace_all_uses_with(ir::result_of(op, i), ir::result_of(switch, i));
    }
    rw.erase_op(&op);
    Ok(())
}

/// JAX's `pl.when(cond)` (a cond whose false branch is empty) with an empty
/// true branch, inserted at `b`'s point; the true branch's terminator, to
/// insert its ops before.
pub fn when<'c, 'a>(b: &B<'_, 'c, 'a>, cond: Value<'c, 'a>) -> OperationRef<'c, 'a> {
    let wide = b.val("arith.extui", &[cond], b.i32(), &[]);
    let index = b.index_cast(wide, b.index());
    let regions: Vec<Region> = (0..2)
        .map(|_| {
            let block = Block::new(&[]);
            block.append_operation(b.build("scf.yield", &[], &[], &[], vec![]));
            let region = Region::new();
            region.append_block(block);
            region
        })
        .collect();
    let switch = b.rw.insert(b.build(
        "scf.index_switch",
        &[index],
        &[],
        &[("cases", b.dense_i64_attr(&[0]))],
        regions,
    ));
    let default = ir::region_at(&switch, 0)
        .and_then(|r| r.first_block())
        .expect("the switch was built with a default block");
    default
        .terminator()
        .expect("the default block was built with its yield")
}
