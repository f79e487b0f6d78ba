//! DMAs run synchronously on the CPU: `pallas.dma_start` copies and adds the
//! number of elements copied to its semaphore, `pallas.dma_wait` subtracts
//! it. Semaphores are `i32` counters (`semaphore_signal/wait/read`).

use melior::ir::operation::OperationLike;
use melior::ir::{Value, ValueLike};

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
        b.op(
            "cf.assert",
            &[ok],
            &[],
            &[("msg", b.attr(&format!("\"{msg}\"")))],
        );
    }
    let mut operands = vec![new, sem];
    operands.extend_from_slice(indices);
    b.op("memref.store", &operands, &[], &[]);
}

/// The number of elements of a memref, as i32.
fn num_elements<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let rank = memref_shape(v.r#type()).len();
    let mut n = b.cidx(1);
    for d in 0..rank {
        let s = b.dim(v, d);
        n = b.mul(n, s);
    }
    b.index_cast(n, b.i32())
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    for (name, start) in [("pallas.dma_start", true), ("pallas.dma_wait", false)] {
        set.add(name, Some(tc), move |op, operands, rw| {
            let seg = segments(&op, operands);
            if !seg[4].is_empty() || !seg[6].is_empty() {
                return Err("not yet supported: remote DMA on the CPU".into());
            }
            let (src, dst, sem, idx) = (seg[0][0], seg[1][0], seg[2][0], &seg[3]);
            let b = B::new(rw, op.location());
            let offsets = seg.get(DMA_OFFSETS).and_then(|s| s.first().copied());
            // An indirect DMA indexes the ref in hbm/vmem_shared: a scatter
            // when that is the destination. It waits for the other ref.
            let scatter = op
                .operand(1)
                .ok()
                .and_then(value_space)
                .is_some_and(|s| s == "hbm" || s == "vmem_shared")
                && op
                    .operand(0)
                    .ok()
                    .and_then(value_space)
                    .is_none_or(|s| s != "hbm" && s != "vmem_shared");
            let counted = if offsets.is_some() && scatter {
                src
            } else {
                dst
            };
            let n = num_elements(&b, counted);
            if let (true, Some(o)) = (start, offsets) {
                let filter = seg.get(DMA_OFFSET_FILTER).and_then(|s| s.first().copied());
                let add = op.attribute("add").is_ok();
                sparsecore::indirect_copy(&b, src, dst, o, filter, scatter, add)?;
                bump(&b, sem, idx, n, None);
            } else if start {
                b.op("memref.copy", &[src, dst], &[], &[]);
                bump(&b, sem, idx, n, None);
            } else {
                let zero = b.ci32(0);
                let neg = b.sub(zero, n);
                bump(
                    &b,
                    sem,
                    idx,
                    neg,
                    Some("pallas.dma_wait on a DMA that was never started"),
                );
            }
            rw.erase_op(&op);
            Ok(())
        });
    }
    set.add("pallas.semaphore_signal", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        if !seg[3].is_empty() || !seg[4].is_empty() {
            return Err("not yet supported: remote semaphore_signal on the CPU".into());
        }
        let b = B::new(rw, op.location());
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
        if decrement {
            bump(
                &b,
                *sem,
                idx,
                neg,
                Some("pallas.semaphore_wait would block forever"),
            );
        } else {
            let mut ops = vec![*sem];
            ops.extend_from_slice(idx);
            let cur = b.val("memref.load", &ops, b.i32(), &[]);
            let ok = b.cmpi("sge", cur, *value);
            b.op(
                "cf.assert",
                &[ok],
                &[],
                &[(
                    "msg",
                    b.attr("\"pallas.semaphore_wait would block forever\""),
                )],
            );
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
