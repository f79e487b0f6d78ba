//! mbarriers. With warpgroup semantics every thread of the warpgroup
//! arrives, so a barrier that expects `n` arrivals is initialised for
//! `n * 128`, and an `arrive_expect_tx` of `bytes` makes each thread expect
//! `bytes / 128`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::fragments::WARPGROUP;
use super::{unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// The `!llvm.ptr<3>` of a barrier operand (a `memref<!mosaic_gpu.barrier>`
/// cast from a pointer, as the Mosaic GPU module makes them).
pub(super) fn barrier_ptr<'c, 'a>(v: Value<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    if v.r#type().to_string() == "!llvm.ptr<3>" {
        return Ok(v);
    }
    if let Some(def) = ir::defining_op(v) {
        if ir::op_name_of(&def) == "builtin.unrealized_conversion_cast" && def.operand_count() == 1
        {
            let src = ir::operand_at(&def, 0).ok_or("cast without an operand")?;
            if src.r#type().to_string() == "!llvm.ptr<3>" {
                return Ok(src);
            }
        }
    }
    Err(unsupported(format!(
        "a barrier of type {} that is not a cast of a shared memory pointer",
        v.r#type()
    )))
}

/// `mosaic_gpu.initialize_barrier`: one thread of the block initialises
/// each barrier of the array.
pub(super) fn initialize<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let b = l.b(&op);
    let base = barrier_ptr(ir::operand_at(&op, 0).ok_or("no barrier operand")?)?;
    let arrivals = ir::int_attr(&op, "arrival_count").ok_or("no arrival_count")?;
    let n = ir::int_attr(&op, "num_barriers").ok_or("no num_barriers")?;
    let count = b.ci32(arrivals * WARPGROUP);
    let leader = l.ctx().block_leader;
    for i in 0..n {
        let p = gep(&b, base, i);
        b.op("nvvm.mbarrier.init", &[p, count, leader], &[], &[]);
    }
    l.done.push(op);
    Ok(())
}

/// `base[i]` over 8-byte barriers.
pub(super) fn gep<'c, 'a>(b: &B<'_, 'c, 'a>, base: Value<'c, 'a>, i: i64) -> Value<'c, 'a> {
    if i == 0 {
        return base;
    }
    b.val(
        "llvm.getelementptr",
        &[base],
        base.r#type(),
        &[
            ("elem_type", b.attr("i64")),
            ("rawConstantIndices", b.dense_i32_attr(&[i as i32])),
        ],
    )
}

pub(super) fn arrive_expect_tx<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let b = l.b(&op);
    let p = barrier_ptr(ir::operand_at(&op, 0).ok_or("no barrier operand")?)?;
    let bytes = ir::int_attr(&op, "expect_tx").ok_or("no expect_tx")?;
    if bytes % WARPGROUP != 0 {
        return Err(unsupported(format!(
            "expecting {bytes} bytes, not a multiple of the {WARPGROUP} threads that arrive"
        )));
    }
    let i64t = b.i64();
    b.op(
        "nvvm.mbarrier.arrive.expect_tx",
        &[p, b.ci32(bytes / WARPGROUP)],
        &[i64t],
        &[],
    );
    l.done.push(op);
    Ok(())
}

pub(super) fn arrive<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    if op
        .attribute("orders_tensor_core")
        .map(|a| a.to_string() == "true")
        .unwrap_or(false)
    {
        return Err(unsupported("arrivals that order tensor core work"));
    }
    let b = l.b(&op);
    let p = barrier_ptr(ir::operand_at(&op, 0).ok_or("no barrier operand")?)?;
    let i64t = b.i64();
    b.op("nvvm.mbarrier.arrive", &[p], &[i64t], &[]);
    l.done.push(op);
    Ok(())
}
