//! DMAs run synchronously on the CPU: `pallas.dma_start` copies and adds the
//! number of elements copied to its semaphore (and to its source semaphore,
//! if any), `pallas.dma_wait` subtracts it from both. Semaphores are `i32`
//! counters (`semaphore_signal/wait/read`). A wait that finds its counter
//! short fails at run time with a message naming it: nothing else can
//! signal it (on a mesh a device reaches a wait only once its semaphores
//! hold enough, see mesh_schedule.rs). Remote ops
//! arrive here with the other device's refs in place of their own
//! (mesh.rs); the device ids are then only a record. A device has one
//! TensorCore, so `semaphore_signal ... core(c)` in a TensorCore kernel must
//! name core 0 (checked at run time, like a device id); a SparseCore
//! kernel's semaphores are per core, and core(c) adds to core c's.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Value, ValueLike};

use super::mesh::REMOTE_ATTR;
use super::sparsecore;
use crate::conversion::common::builder::{segments, B};
use crate::conversion::common::sparsecore::{DMA_OFFSETS, DMA_OFFSET_FILTER};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::conversion::pallas_to_tpu::load_store::value_space;
use crate::ir::memref_shape;

/// Adds `delta` (i32) to `sem[indices]`; with `check`, first asserts the
/// counter holds at least `-delta` (a wait that would block forever).
fn bump<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    sem: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
    delta: Value<'c, 'a>,
    check: Option<&str>,
) {
    let mut operands = vec![sem];
    operands.extend_from_slice(indices);
    let old = b.val("memref.load", &operands, b.i32(), &[]);
    let new = b.add(old, delta);
    if let Some(msg) = check {
        let zero = b.ci32(0);
        let ok = b.cmpi("sge", new, zero);
        fail_unless(b, ok, msg);
    }
    let mut operands = vec![new, sem];
    operands.extend_from_slice(indices);
    b.op("memref.store", &operands, &[], &[]);
}

/// The C library's `exit`, which the run-time checks call (declared by
/// [`declare_exit`]).
pub const EXIT: &str = "exit";

/// Unless `ok` holds at run time, prints `msg` (escaped for an attribute)
/// and exits with status 1. Unlike `cf.assert`'s abort, `exit` flushes
/// stdout, so the message also reaches a pipe.
pub fn fail_unless<'c, 'a>(b: &B<'_, 'c, 'a>, ok: Value<'c, 'a>, msg: &str) {
    let yes = b.constant("true", ok.r#type());
    let bad = b.bin("arith.xori", ok, yes);
    let then = b.if_then(bad);
    b.rw.set_insertion_point_before(&then);
    let text = b.attr(&format!("\"{msg}\""));
    b.op("vector.print", &[], &[], &[("stringLiteral", text)]);
    let one = b.ci32(1);
    let callee = b.attr(&format!("@{EXIT}"));
    b.op("func.call", &[one], &[], &[("callee", callee)]);
    b.rw.set_insertion_point_after(&then.parent_operation().expect("the if"));
}

/// Declares `exit` in `module` (for [`fail_unless`]) unless it has it.
pub fn declare_exit(module: &melior::ir::operation::OperationRef) {
    if crate::ir::SymbolTable::of(module).lookup(EXIT).is_some() {
        return;
    }
    let Some(body) = crate::ir::body_block(module) else {
        return;
    };
    crate::conversion::framework::with_ir_rewriter(module, |rw| {
        if let Some(first) = body.first_operation() {
            rw.set_insertion_point_before(&first);
        } else {
            rw.set_insertion_point_to_end(body);
        }
        let b = B::new(rw, module.location());
        let attrs = [
            ("sym_name", b.attr(&format!("\"{EXIT}\""))),
            ("function_type", b.attr("(i32) -> ()")),
            ("sym_visibility", b.attr("\"private\"")),
        ];
        let decl = b.build(
            "func.func",
            &[],
            &[],
            &attrs,
            vec![melior::ir::Region::new()],
        );
        rw.insert(decl);
    });
}

/// The message of a run-time check: what failed, and where (escaped for
/// [`fail_unless`]).
fn failed_at(what: &str, op: &melior::ir::operation::OperationRef) -> String {
    format!("{what} at {}", op.location())
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// The message of a wait's run-time check: what blocked, and where.
pub(super) fn blocked(what: &str, op: &melior::ir::operation::OperationRef) -> String {
    failed_at(&format!("{what} would block forever"), op)
}

/// The per-core view (kernel.rs's `core_row`) `sem` is, if it is one.
fn core_row_of<'c, 'a>(sem: Value<'c, 'a>) -> Option<melior::ir::operation::OperationRef<'c, 'a>> {
    crate::ir::defining_op(sem).filter(|d| d.attribute(super::kernel::CORE_ROW_ATTR).is_ok())
}

/// Remote forms must have been resolved by mesh.rs.
fn check_resolved(op: &melior::ir::operation::OperationRef, ids: &[Value]) -> Result<(), String> {
    if !ids.is_empty() && op.attribute(REMOTE_ATTR).is_err() {
        return Err("a remote op outside a kernel run on a mesh".into());
    }
    Ok(())
}

/// The number of elements of a memref, as i32 (what a DMA of it counts).
pub(super) fn copied_elements<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let rank = memref_shape(v.r#type()).len();
    let mut n = b.cidx(1);
    for d in 0..rank {
        let s = b.dim(v, d);
        n = b.mul(n, s);
    }
    b.index_cast(n, b.i32())
}

/// Whether a DMA is an indirect scatter: it indexes the ref in
/// hbm/vmem_shared, and that is its destination.
fn is_scatter(op: &OperationRef) -> bool {
    op.operand(1)
        .ok()
        .and_then(value_space)
        .is_some_and(|s| s == "hbm" || s == "vmem_shared")
        && op
            .operand(0)
            .ok()
            .and_then(value_space)
            .is_none_or(|s| s != "hbm" && s != "vmem_shared")
}

/// The ref whose elements a DMA counts on its semaphores (`seg`: its
/// operand segments): the destination, or the source of an indirect
/// scatter (it waits for the other ref).
pub(super) fn counted_ref<'c, 'a>(op: &OperationRef, seg: &[Vec<Value<'c, 'a>>]) -> Value<'c, 'a> {
    let indirect = seg.get(DMA_OFFSETS).is_some_and(|s| !s.is_empty());
    if indirect && is_scatter(op) {
        seg[0][0]
    } else {
        seg[1][0]
    }
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    for (name, start) in [("pallas.dma_start", true), ("pallas.dma_wait", false)] {
        set.add(name, Some(tc), move |op, operands, rw| {
            let seg = segments(&op, operands);
            if start {
                check_resolved(&op, &seg[6])?;
            }
            let (src, dst, sem, idx) = (seg[0][0], seg[1][0], seg[2][0], &seg[3]);
            let src_sem = seg[4].first().copied();
            let b = B::new(rw, op.location());
            let offsets = seg.get(DMA_OFFSETS).and_then(|s| s.first().copied());
            let scatter = is_scatter(&op);
            let counted = counted_ref(&op, &seg);
            let n = copied_elements(&b, counted);
            if let (true, Some(o)) = (start, offsets) {
                let filter = seg.get(DMA_OFFSET_FILTER).and_then(|s| s.first().copied());
                let add = op.attribute("add").is_ok();
                sparsecore::indirect_copy(&b, src, dst, o, filter, scatter, add)?;
                bump(&b, sem, idx, n, None);
            } else if start {
                b.op("memref.copy", &[src, dst], &[], &[]);
                bump(&b, sem, idx, n, None);
                if let Some(s) = src_sem {
                    bump(&b, s, &seg[5], n, None);
                }
            } else {
                let zero = b.ci32(0);
                let neg = b.sub(zero, n);
                let msg = blocked("pallas.dma_wait (no DMA signalled its semaphore)", &op);
                bump(&b, sem, idx, neg, Some(&msg));
                if let Some(s) = src_sem {
                    let msg = blocked(
                        "pallas.dma_wait (no DMA signalled its source semaphore)",
                        &op,
                    );
                    bump(&b, s, &seg[5], neg, Some(&msg));
                }
            }
            rw.erase_op(&op);
            Ok(())
        });
    }
    set.add("pallas.semaphore_signal", Some(tc), |op, operands, rw| {
        // sem, indices, inc, device_id, core_index
        let seg = segments(&op, operands);
        check_resolved(&op, &seg[3])?;
        let b = B::new(rw, op.location());
        // A simulated device has one TensorCore (core 0), as a v5e / v6e
        // chip and as JAX's interpret mode by default (num_cores_per_device
        // = 1): core(0) is the device's own core, any other is not there.
        // A SparseCore kernel's semaphores are stacked per core (kernel.rs):
        // core(c) adds to row c.
        if let (Some(core), Some(row)) = (seg[4].first(), core_row_of(seg[0][0])) {
            let stacked = crate::conversion::common::builder::value(
                row.operand(0).map_err(|e| e.to_string())?,
            );
            let row_ty = seg[0][0].r#type();
            let per_core = memref_shape(row_ty).iter().product::<i64>() * 4;
            let n = memref_shape(stacked.r#type())[0] / per_core;
            let c = b.index_cast(*core, b.index());
            let (lo, hi) = (b.cmpi("sge", c, b.cidx(0)), b.cmpi("slt", c, b.cidx(n)));
            let ok = b.bin("arith.andi", lo, hi);
            let msg = failed_at(&format!("pallas.semaphore_signal to a core outside the kernel's {n}"), &op);
            fail_unless(&b, ok, &msg);
            let sem = super::kernel::core_row(&b, stacked, c, row_ty);
            bump(&b, sem, &seg[1], seg[2][0], None);
            rw.erase_op(&op);
            return Ok(());
        }
        if let Some(core) = seg[4].first() {
            let only = b.cmpi("eq", *core, b.ci32(0));
            let msg = failed_at(
                "pallas.semaphore_signal to a core other than 0 (a device of the CPU reference has one TensorCore)",
                &op,
            );
            fail_unless(&b, only, &msg);
        }
        bump(&b, seg[0][0], &seg[1], seg[2][0], None);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.semaphore_wait", Some(tc), |op, operands, rw| {
        let (sem, rest) = operands.split_first().ok_or("no operands")?;
        let (value, idx) = rest.split_last().ok_or("no value")?;
        let b = B::new(rw, op.location());
        let decrement = op
            .attribute("decrement")
            .map(|a| a.to_string() != "false")
            .unwrap_or(true);
        let zero = b.ci32(0);
        let neg = b.sub(zero, *value);
        let msg = blocked("pallas.semaphore_wait", &op);
        if decrement {
            bump(&b, *sem, idx, neg, Some(&msg));
        } else {
            let mut ops = vec![*sem];
            ops.extend_from_slice(idx);
            let cur = b.val("memref.load", &ops, b.i32(), &[]);
            let ok = b.cmpi("sge", cur, *value);
            fail_unless(&b, ok, &msg);
        }
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.semaphore_read", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let v = b.val("memref.load", operands, b.i32(), &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}
