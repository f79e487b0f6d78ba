//! WGMMA (`pallas.wgmma`, `pallas.wgmma_wait`) and its register
//! accumulator, as JAX's warpgroup lowering emits them.
//!
//! JAX discharges the accumulator ref of a `plgpu.ACC` scope into SSA
//! values: the scope starts from a zero tile behind an optimization barrier
//! and a WGMMA register fence; every WGMMA produces the next value
//! (`mosaic_gpu.wgmma`, then the commit of its group); loops carry the value
//! as loop state and conditionals yield it; reading the ref waits for every
//! WGMMA in flight and takes the current value. A scope whose first use of
//! the accumulator stores a value starts from that value instead (JAX's
//! `run_state` on `plgpu.ACC.init`); a kernel scratch accumulator lives
//! across the sequential steps of the grid (the pipeline carries it, see
//! [`carried`]). [`discharge`] does this on the pallas body before anything
//! else is rewritten, so that the planner and the scope lowering only ever
//! see shared-memory allocations. The WGMMA ops it leaves read their shared
//! operands through the pallas views, which the view lowering replaces; a
//! transposed operand is transposed ([`rewrite`]) once its view has its
//! final type.

use melior::ir::block::{BlockLike, BlockRef};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{B, DYNAMIC};
use crate::conversion::framework::OwnedRewriter;
use crate::ir::{self, value, MemorySpace};

/// Discardable markers on a `mosaic_gpu.wgmma` whose operand is read
/// transposed, until its view is lowered.
const TRANSPOSE_LHS: &str = "pallas.transpose_lhs";
const TRANSPOSE_RHS: &str = "pallas.transpose_rhs";

fn is_regs(v: Value) -> bool {
    ir::is_memref(v.r#type()) && MemorySpace::of_memref(v.r#type()) == Some(MemorySpace::Regs)
}

/// Whether the element type `t` is one `wgmma.mma_async` reads: f16, bf16,
/// f32 (as tf32), the two f8 kinds and i8.
fn is_wgmma_operand_type(t: Type) -> bool {
    let text = t.to_string();
    matches!(
        text.as_str(),
        "f16" | "bf16" | "tf32" | "f32" | "f8E4M3FN" | "f8E5M2" | "i8"
    )
}

/// Checks that `acc` is allocated by a scope or the kernel and that every
/// op between `op` and that owner is one the accumulator can be carried
/// through (a loop, a conditional, a nested scope).
fn owning_scope<'c, 'a>(op: &OperationRef<'c, 'a>, acc: Value<'c, 'a>) -> Result<(), String> {
    let Some((owner, _)) = ir::block_arg_owner(acc) else {
        return Err(
            "not yet supported: a WGMMA accumulator other than a run_scoped allocation".into(),
        );
    };
    if !matches!(
        ir::op_name_of(&owner),
        "pallas.run_scoped" | "pallas.kernel"
    ) {
        return Err("not yet supported: a WGMMA accumulator other than a run_scoped allocation or a kernel scratch operand".into());
    }
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if p == owner {
            return Ok(());
        }
        let name = ir::op_name_of(&p);
        if !matches!(
            name,
            "scf.for" | "scf.if" | "pallas.run_scoped" | "pallas.named_scope"
        ) {
            return Err(format!(
                "not yet supported: a WGMMA accumulator used inside `{name}` (only scf.for, scf.if, run_scoped and named_scope carry it)"
            ));
        }
        parent = p.parent_operation();
    }
    Err("a WGMMA accumulator used outside its scope".into())
}

/// Checks a WGMMA op, or an access to an accumulator, for [`discharge`]
/// and [`rewrite`] (the pallas verifier has checked shapes and element
/// types already).
pub fn check(op: &OperationRef) -> Result<(), String> {
    let operand = |i: usize| op.operand(i).map(value).map_err(|e| e.to_string());
    match ir::op_name_of(op) {
        "pallas.wgmma" => {
            let (acc, lhs) = (operand(0)?, operand(1)?);
            owning_scope(op, acc)?;
            for user in ir::users(acc) {
                let name = ir::op_name_of(&user);
                let writes = name == "pallas.wgmma" && crate::ir::operand_at(&user, 0) == Some(acc);
                // Reads and stores are checked (and reported) at their ops.
                if !writes && name != "pallas.load" && name != "pallas.store" {
                    return Err(format!(
                        "not yet supported: the WGMMA accumulator used by `{name}` (only WGMMAs and acc[...] reads)"
                    ));
                }
            }
            let elem = ir::element_type(lhs.r#type());
            if !is_wgmma_operand_type(elem) {
                return Err(format!(
                    "lhs and rhs of {elem} cannot feed WGMMA, which reads f16, bf16, f32 (as tf32), f8E4M3FN, f8E5M2 and i8"
                ));
            }
            // What Mosaic GPU's WGMMA emitter rejects, in its words.
            let elem_text = elem.to_string();
            let acc_elem = ir::element_type(acc.r#type());
            if !ir::is_memref(lhs.r#type())
                && !matches!(
                    elem_text.as_str(),
                    "f16" | "bf16" | "i8" | "f8E5M2" | "f8E4M3FN"
                )
            {
                return Err(format!(
                    "Only f16, bf16, i8, f8e5m2, f8e4m3fn are supported for A in registers, got {elem}"
                ));
            }
            if matches!(elem_text.as_str(), "f32" | "bf16") && !ir::is_f32(acc_elem) {
                return Err(format!(
                    "WGMMA with element type {elem} only supports accumulators of type f32, but got: {acc_elem}"
                ));
            }
            let transposed =
                op.attribute("transpose_lhs").is_ok() || op.attribute("transpose_rhs").is_ok();
            if transposed && ir::bit_width(elem) != Some(16) {
                return Err("Only f16 WGMMA supports transposes".into());
            }
            if ir::is_memref(lhs.r#type()) && !ir::has_identity_layout(lhs.r#type()) {
                // Views are fine; only their strides must be row-major,
                // which the view lowering keeps.
                let (strides, _) = ir::memref_strides_and_offset(lhs.r#type())
                    .ok_or("lhs without strided layout")?;
                if strides.last() != Some(&1) {
                    return Err(format!(
                        "not yet supported: a WGMMA lhs view with non-unit minor stride ({})",
                        lhs.r#type()
                    ));
                }
            }
            Ok(())
        }
        "pallas.wgmma_wait" => Ok(()),
        "pallas.load" => {
            let acc = operand(0)?;
            owning_scope(op, acc)?;
            let t = ir::value_type(ir::result_of(*op, 0));
            let starts = op
                .attribute("starts")
                .map(ir::dense_i64)
                .unwrap_or_default();
            if !ir::is_vector(t) || !starts.is_empty() {
                return Err(
                    "not yet supported: reading part of a WGMMA accumulator (only acc[...])".into(),
                );
            }
            Ok(())
        }
        "pallas.store" if is_init_store(op) => Ok(()),
        "pallas.store" => Err(
            "not yet supported: storing into a WGMMA accumulator other than to start its scope (plgpu.ACC.init)".into(),
        ),
        name => Err(format!(
            "not yet supported: `{name}` of a WGMMA accumulator"
        )),
    }
}

/// Whether `op` stores a whole value into an accumulator of a scope
/// before anything else uses it there: the scope starts from that value
/// (JAX's `plgpu.ACC.init`).
fn is_init_store(op: &OperationRef) -> bool {
    let Some(acc) = crate::ir::operand_at(op, 1) else {
        return false;
    };
    let whole = op
        .attribute("starts")
        .map(ir::dense_i64)
        .unwrap_or_default()
        .is_empty();
    let Some((owner, _)) = ir::block_arg_owner(acc) else {
        return false;
    };
    if !whole
        || ir::op_name_of(&owner) != "pallas.run_scoped"
        || op.parent_operation() != Some(owner)
    {
        return false;
    }
    first_use(acc).is_some_and(|u| u == *op)
}

/// The first op of the scope's body that uses `acc` (itself or through a
/// region).
fn first_use<'c, 'a>(acc: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let (owner, _) = ir::block_arg_owner(acc)?;
    let body = crate::ir::region_at(&owner, 0)?.first_block()?;
    ops_of(body).into_iter().find(|o| {
        (0..o.operand_count()).any(|i| crate::ir::operand_at(o, i) == Some(acc))
            || uses_inside(o, acc)
    })
}

/// Whether the accumulator `acc` is used anywhere under `op`.
fn uses_inside(op: &OperationRef, acc: Value) -> bool {
    ir::users(acc).iter().any(|u| {
        let mut p = u.parent_operation();
        while let Some(q) = p {
            if q == *op {
                return true;
            }
            p = q.parent_operation();
        }
        false
    })
}

/// Whether a WGMMA under `op` writes the accumulator `acc`.
fn writes_inside(op: &OperationRef, acc: Value) -> bool {
    ir::users(acc).iter().any(|u| {
        if ir::op_name_of(u) != "pallas.wgmma" {
            return false;
        }
        let mut p = u.parent_operation();
        while let Some(q) = p {
            if q == *op {
                return true;
            }
            p = q.parent_operation();
        }
        false
    })
}

fn ops_of<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut ops = vec![];
    let mut op = block.first_operation();
    while let Some(o) = op {
        ops.push(o);
        op = o.next_in_block();
    }
    ops
}

fn operands<'c, 'a>(op: &OperationRef<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, String> {
    (0..op.operand_count())
        .map(|i| op.operand(i).map(value).map_err(|e| e.to_string()))
        .collect()
}

/// Replaces the terminator of `block` (an `scf.yield`) with one that also
/// yields `v`.
fn yield_also<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    block: BlockRef<'c, 'a>,
    v: Value<'c, 'a>,
) -> Result<(), String> {
    let old = block.terminator().ok_or("a region without a terminator")?;
    let mut values = operands(&old)?;
    values.push(v);
    rw.set_insertion_point_before(&old);
    let b = B::new(rw, old.location());
    b.op("scf.yield", &values, &[], &[]);
    rw.erase_op(&old);
    Ok(())
}

/// Threads accumulator `acc` (value `cur` on entry) through the ops of
/// `block`; its value at the end of the block.
fn thread<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    block: BlockRef<'c, 'a>,
    acc: Value<'c, 'a>,
    mut cur: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let vt = cur.r#type();
    for op in ops_of(block) {
        let name = ir::op_name_of(&op);
        let first = crate::ir::operand_at(&op, 0).map(value);
        let loc = op.location();
        match name {
            "pallas.wgmma" if first == Some(acc) => {
                rw.set_insertion_point_before(&op);
                let b = B::new(rw, loc);
                let ins = operands(&op)?;
                let mut attrs = vec![];
                for (from, to) in [
                    ("transpose_lhs", TRANSPOSE_LHS),
                    ("transpose_rhs", TRANSPOSE_RHS),
                ] {
                    if op.attribute(from).is_ok() {
                        attrs.push((to, b.attr("unit")));
                    }
                }
                cur = b.val("mosaic_gpu.wgmma", &[cur, ins[1], ins[2]], vt, &attrs);
                b.op("nvvm.wgmma.commit.group.sync.aligned", &[], &[], &[]);
                rw.erase_op(&op);
            }
            "pallas.load" if first == Some(acc) => {
                rw.set_insertion_point_before(&op);
                let b = B::new(rw, loc);
                wait(&b, 0);
                rw.replace_all_uses_with(ir::result_of(op, 0), cur);
                rw.erase_op(&op);
            }
            // Regions that only read the accumulator see the current value.
            _ if op.region_count() > 0 && uses_inside(&op, acc) && !writes_inside(&op, acc) => {
                for r in 0..op.region_count() {
                    let mut block = crate::ir::region_at(&op, r).and_then(|r| r.first_block());
                    while let Some(blk) = block {
                        thread(rw, blk, acc, cur)?;
                        block = blk.next_in_region();
                    }
                }
            }
            "scf.for" if uses_inside(&op, acc) => cur = thread_for(rw, op, acc, cur)?,
            "scf.if" if uses_inside(&op, acc) => cur = thread_if(rw, op, acc, cur)?,
            "pallas.run_scoped" | "pallas.named_scope" if uses_inside(&op, acc) => {
                cur = thread_scope(rw, op, acc, cur)?
            }
            _ => {}
        }
    }
    Ok(cur)
}

/// `scf.for` with the accumulator as one more loop-carried value.
fn thread_for<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    op: OperationRef<'c, 'a>,
    acc: Value<'c, 'a>,
    cur: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let loc = op.location();
    let vt = cur.r#type();
    let old_body = op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("scf.for without a body")?;
    let mut ins = operands(&op)?;
    ins.push(cur);
    let results: Vec<Type> = ir::result_types(op).chain([vt]).collect();
    let args: Vec<(Type, _)> = (0..old_body.argument_count())
        .map(|i| {
            old_body
                .argument(i)
                .map(|a| (a.r#type(), loc))
                .map_err(|e| e.to_string())
        })
        .chain([Ok((vt, loc))])
        .collect::<Result<_, _>>()?;
    let region = Region::new();
    region.append_block(Block::new(&args));
    rw.set_insertion_point_before(&op);
    let b = B::new(rw, loc);
    let new = rw.insert(b.build("scf.for", &ins, &results, &[], vec![region]));
    let body = new
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("scf.for without a body")?;
    let n = old_body.argument_count();
    let kept: Vec<Value> = (0..n)
        .map(|i| body.argument(i).map(value).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    rw.merge_blocks(old_body, body, &kept);
    let carried = value(body.argument(n).map_err(|e| e.to_string())?);
    let last = thread(rw, body, acc, carried)?;
    yield_also(rw, body, last)?;
    Ok(replace_with_carrying(rw, op, new))
}

/// Replaces `op` by `new`, which has `op`'s results and the accumulator
/// after them; the accumulator's value after `new`.
fn replace_with_carrying<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    op: OperationRef<'c, 'a>,
    new: OperationRef<'c, 'a>,
) -> Value<'c, 'a> {
    let n = op.result_count();
    for i in 0..n {
        rw.replace_all_uses_with(ir::result_of(op, i), ir::result_of(new, i));
    }
    rw.erase_op(&op);
    ir::result_of(new, n)
}

/// `scf.if` that also yields the accumulator (unchanged where a branch
/// does not touch it; an absent else branch is made to yield it).
fn thread_if<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    op: OperationRef<'c, 'a>,
    acc: Value<'c, 'a>,
    cur: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let loc = op.location();
    let vt = cur.r#type();
    let results: Vec<Type> = ir::result_types(op).chain([vt]).collect();
    let (then_region, else_region) = (Region::new(), Region::new());
    then_region.append_block(Block::new(&[]));
    else_region.append_block(Block::new(&[]));
    rw.set_insertion_point_before(&op);
    let b = B::new(rw, loc);
    let ins = operands(&op)?;
    let new = rw.insert(b.build(
        "scf.if",
        &ins,
        &results,
        &[],
        vec![then_region, else_region],
    ));
    for r in 0..2 {
        let dest = new
            .region(r)
            .ok()
            .and_then(|r| r.first_block())
            .ok_or("scf.if without a block")?;
        match crate::ir::region_at(&op, r).and_then(|r| r.first_block()) {
            Some(src) => {
                rw.merge_blocks(src, dest, &[]);
                let last = thread(rw, dest, acc, cur)?;
                yield_also(rw, dest, last)?;
            }
            None => {
                rw.set_insertion_point_to_end(dest);
                B::new(rw, loc).op("scf.yield", &[cur], &[], &[]);
            }
        }
    }
    Ok(replace_with_carrying(rw, op, new))
}

/// A nested `run_scoped` or `named_scope` that also yields the
/// accumulator.
fn thread_scope<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    op: OperationRef<'c, 'a>,
    acc: Value<'c, 'a>,
    cur: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let loc = op.location();
    let vt = cur.r#type();
    let old_body = op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("run_scoped without a body")?;
    let results: Vec<Type> = ir::result_types(op).chain([vt]).collect();
    let args: Vec<(Type, _)> = (0..old_body.argument_count())
        .map(|i| {
            old_body
                .argument(i)
                .map(|a| (a.r#type(), loc))
                .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let region = Region::new();
    region.append_block(Block::new(&args));
    // The scope keeps its attributes (the transforms of its allocations).
    let names: Vec<String> = op
        .attributes()
        .map(|(n, _)| n.as_string_ref().as_str().unwrap_or_default().to_string())
        .collect();
    let attrs: Vec<(&str, melior::ir::attribute::Attribute)> = names
        .iter()
        .filter_map(|n| op.attribute(n).ok().map(|a| (n.as_str(), a)))
        .collect();
    rw.set_insertion_point_before(&op);
    let b = B::new(rw, loc);
    let name = ir::op_name_of(&op);
    let new = rw.insert(b.build(name, &[], &results, &attrs, vec![region]));
    let body = new
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("run_scoped without a body")?;
    let kept: Vec<Value> = (0..args.len())
        .map(|i| body.argument(i).map(value).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    rw.merge_blocks(old_body, body, &kept);
    let last = thread(rw, body, acc, cur)?;
    let mut values = vec![];
    if let Some(t) = body
        .terminator()
        .filter(|t| ir::op_name_of(t) == "pallas.yield")
    {
        values = operands(&t)?;
        rw.erase_op(&t);
    }
    values.push(last);
    rw.set_insertion_point_to_end(body);
    B::new(rw, loc).op("pallas.yield", &values, &[], &[]);
    Ok(replace_with_carrying(rw, op, new))
}

/// `nvvm.wgmma.wait.group.sync.aligned pending`.
fn wait(b: &B, pending: i64) {
    let i64t = ir::i64_like(b.i32());
    b.op(
        "nvvm.wgmma.wait.group.sync.aligned",
        &[],
        &[],
        &[("group", b.int_attr(pending, i64t))],
    );
}

/// Marks of a kernel scratch accumulator's value where a step of the
/// kernel body starts (a placeholder the pipeline replaces) and ends (an
/// op holding the value the step leaves).
const CARRIED_IN: &str = "pallas.carried_in";
const CARRIED_OUT: &str = "pallas.carried_out";

/// The zero accumulator of vector type `vt` behind an optimization barrier
/// and the WGMMA register fence, as a scope starts it.
pub fn init_accumulator<'c, 'a>(b: &B<'_, 'c, 'a>, vt: Type<'c>) -> Value<'c, 'a> {
    let zero = b.val(
        "arith.constant",
        &[],
        vt,
        &[("value", ir::zero_splat_attr(vt))],
    );
    let init = b.val("mosaic_gpu.optimization_barrier", &[zero], vt, &[]);
    b.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
    init
}

/// The kernel scratch accumulators [`discharge`] left in the kernel body
/// `body`: for each, the placeholder of its value when a step starts and
/// its value when the step ends.
pub fn carried<'c, 'a>(
    body: BlockRef<'c, 'a>,
) -> Result<Vec<(Value<'c, 'a>, Value<'c, 'a>)>, String> {
    let ops = ops_of(body);
    let mut starts = vec![];
    let mut ends = vec![];
    for op in ops {
        if op.attribute(CARRIED_IN).is_ok() {
            starts.push(ir::result_of(op, 0));
        } else if op.attribute(CARRIED_OUT).is_ok() {
            ends.push(value(op.operand(0).map_err(|e| e.to_string())?));
        }
    }
    if starts.len() != ends.len() {
        return Err("unpaired accumulator marks".into());
    }
    Ok(starts.into_iter().zip(ends).collect())
}

/// Erases the marks [`carried`] reads, once the body is rewritten.
pub fn erase_carried(root: &OperationRef) {
    let mut marks = vec![];
    ir::walk_nested(root, &mut |op| {
        if op.attribute(CARRIED_IN).is_ok() || op.attribute(CARRIED_OUT).is_ok() {
            marks.push(op);
        }
    });
    for op in marks {
        ir::erase_operation(op);
    }
}

/// Discharges every register accumulator of `kernel`'s scopes and scratch
/// operands (see the module doc); checked by [`check`] first. A scratch
/// accumulator lives across the steps of the kernel body: the body starts
/// from a placeholder and marks the value it ends with ([`carried`]).
pub fn discharge<'c, 'a>(kernel: &OperationRef<'c, 'a>) -> Result<(), String> {
    let rw = OwnedRewriter::new(kernel);
    let body = ir::body_block(kernel).ok_or("kernel without a body")?;
    for i in (0..body.argument_count()).rev() {
        let acc = value(body.argument(i).map_err(|e| e.to_string())?);
        if !is_regs(acc) {
            continue;
        }
        let t = acc.r#type();
        let vt = ir::vector_type(&ir::memref_shape(t), ir::element_type(t));
        let first = body.first_operation().ok_or("an empty kernel body")?;
        rw.set_insertion_point_before(&first);
        let b = B::new(&rw, kernel.location());
        let start = b.val(
            "builtin.unrealized_conversion_cast",
            &[],
            vt,
            &[(CARRIED_IN, b.attr("unit"))],
        );
        let end = thread(&rw, body, acc, start)?;
        let ret = body
            .terminator()
            .ok_or("kernel body without a terminator")?;
        rw.set_insertion_point_before(&ret);
        B::new(&rw, kernel.location()).op(
            "builtin.unrealized_conversion_cast",
            &[end],
            &[],
            &[(CARRIED_OUT, b.attr("unit"))],
        );
        if !ir::erase_block_argument(body, i) {
            return Err("a WGMMA accumulator still used after its discharge".into());
        }
    }
    // Threading an accumulator rebuilds the ops around its uses, which may
    // hold other scopes: look the next scope up afresh each time rather
    // than keeping refs that rebuilding invalidates.
    while let Some(scope) = next_accumulator_scope(kernel) {
        let Some(body) = crate::ir::region_at(&scope, 0).and_then(|r| r.first_block()) else {
            continue;
        };
        for i in (0..body.argument_count()).rev() {
            let acc = value(body.argument(i).map_err(|e| e.to_string())?);
            if !is_regs(acc) {
                continue;
            }
            let t = acc.r#type();
            let vt = ir::vector_type(&ir::memref_shape(t), ir::element_type(t));
            let init = match first_use(acc).filter(is_init_store) {
                // plgpu.ACC.init: the scope starts from the stored value.
                Some(store) => {
                    rw.set_insertion_point_before(&store);
                    let b = B::new(&rw, store.location());
                    let x = value(store.operand(0).map_err(|e| e.to_string())?);
                    let init = b.val("mosaic_gpu.optimization_barrier", &[x], vt, &[]);
                    b.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
                    rw.erase_op(&store);
                    init
                }
                None => {
                    rw.set_insertion_point_before(&scope);
                    init_accumulator(&B::new(&rw, scope.location()), vt)
                }
            };
            thread(&rw, body, acc, init)?;
            if !ir::erase_block_argument(body, i) {
                return Err("a WGMMA accumulator still used after its discharge".into());
            }
        }
    }
    Ok(())
}

/// The first `pallas.run_scoped` of `kernel` that still allocates a
/// register accumulator.
fn next_accumulator_scope<'c, 'a>(kernel: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut found = None;
    ir::walk_nested(kernel, &mut |op| {
        if found.is_some() || ir::op_name_of(&op) != "pallas.run_scoped" {
            return;
        }
        let Some(body) = crate::ir::region_at(&op, 0).and_then(|r| r.first_block()) else {
            return;
        };
        let has_acc = (0..body.argument_count())
            .filter_map(|i| crate::ir::argument_at(&body, i))
            .any(|a| is_regs(value(a)));
        if has_acc {
            found = Some(op);
        }
    });
    found
}

/// Rewrites what [`discharge`] left for the body rewrite: the transposed
/// operands of a WGMMA (now that their views have their final types) and
/// `pallas.wgmma_wait`; whether `op` was one of those.
pub fn rewrite<'c, 'a>(b: &B<'_, 'c, 'a>, op: &OperationRef<'c, 'a>) -> Result<bool, String> {
    match ir::op_name_of(op) {
        "mosaic_gpu.wgmma" => {
            for (index, marker) in [(1, TRANSPOSE_LHS), (2, TRANSPOSE_RHS)] {
                if !ir::remove_attribute(op, marker) {
                    continue;
                }
                let x = value(op.operand(index).map_err(|e| e.to_string())?);
                let t = x.r#type();
                let shape = ir::memref_shape(t);
                let (strides, offset) =
                    ir::memref_strides_and_offset(t).ok_or("a WGMMA operand without strides")?;
                if shape.len() != 2 || strides.contains(&DYNAMIC) {
                    return Err(format!("cannot transpose the WGMMA operand {t}"));
                }
                let tt = ir::strided_memref_type(
                    &[shape[1], shape[0]],
                    ir::element_type(t),
                    &[strides[1], strides[0]],
                    offset,
                    ir::memref_memory_space(t),
                );
                let perm = ir::permutation_map_attr(t, &[1, 0]);
                let transposed = b.val("memref.transpose", &[x], tt, &[("permutation", perm)]);
                ir::set_operand(op, index, transposed);
            }
            Ok(true)
        }
        "pallas.wgmma_wait" => {
            let pending = ir::int_attr(op, "pending").unwrap_or(0);
            wait(b, pending);
            b.rw.erase_op(op);
            Ok(true)
        }
        _ => Ok(false),
    }
}
