//! DMAs, semaphores and device ids, as JAX 0.10.2's Pallas TPU lowering
//! emits them.
//!
//! * `pallas.dma_start` -> `tpu.enqueue_dma source(..) target(..)
//!   [source_semaphore(..)] target_semaphore(..) [device_id(..)]`.
//! * `pallas.dma_wait` -> `tpu.wait_dma2 semaphore(..) src(..) dst(..)`;
//!   for a remote copy (with `device(..)`) first the send side, as JAX's
//!   `.wait()` does: `wait_dma2` on the send semaphore with src and dst
//!   swapped and the dummy device and core id 0, then the receive side with
//!   the device id.
//! * `pallas.semaphore_signal/wait/read` -> `tpu.sem_signal/sem_wait/sem_read`.
//! * Semaphore array elements are selected with `tpu.memref_slice` (i32
//!   starts) + `tpu.memref_squeeze` to a rank-0 ref.
//! * Device ids of type `mesh` are mesh coordinates, linearized row-major
//!   into the logical id Mosaic takes; `logical` ids pass as they are.
//! * `pallas.get_barrier_semaphore` -> `tpu.sem_barrier` typed in
//!   `semaphore_mem` (JAX 0.4.38 typed it in vmem; 0.10.2 fixed that).
//! * `pallas.device_id` -> `tpu.device_id`.

use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::kernel::{self, Mesh};
use super::load_store::{is_bool_ref, sem_element, space_keyword_of, value_space_keyword};
use super::refs;
use super::types::tpu_type;
use crate::conversion::common::builder::{array_elements, B};
use crate::conversion::common::segments::Segments;
use crate::conversion::common::sparsecore::{DMA_OFFSETS, DMA_OFFSET_FILTER};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, memref_shape, SemaphoreKind};

/// The device id operands of a `pallas.dma_start` / `pallas.dma_wait` /
/// `pallas.semaphore_signal` (empty for a local one); `None` for other ops.
pub fn device_ids<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Vec<Value<'c, 'a>>> {
    let segment = match crate::ir::op_name_of(op) {
        // src, dst, sem, sem_indices, src_sem, src_sem_indices, device_id
        "pallas.dma_start" | "pallas.dma_wait" => 6,
        // sem, indices, inc, device_id, core_index
        "pallas.semaphore_signal" => 3,
        _ => return None,
    };
    let operands: Vec<Value<'c, 'a>> = op.operands().collect();
    Some(Segments::of(op, &operands).get(segment).to_vec())
}

/// Whether the op's device ids are logical ids (`device_id_type = logical`)
/// rather than mesh coordinates (the default).
fn logical_ids(op: &OperationRef) -> bool {
    ir::int_attr(op, "device_id_type") == Some(1)
}

/// The logical device id Mosaic takes for the op's device id operands.
fn logical_device_id<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ids: &[Value<'c, 'a>],
) -> Result<Option<Value<'c, 'a>>, String> {
    if ids.is_empty() {
        return Ok(None);
    }
    if logical_ids(op) {
        return Ok(Some(ids[0]));
    }
    let mesh = Mesh::of(op).ok_or("Mesh context is not set.")?;
    if mesh.shape.len() != ids.len() {
        return Err(mesh_arity_message(ids.len(), mesh.shape.len()));
    }
    Ok(Some(mesh.logical_id(b, ids)))
}

fn mesh_arity_message(ids: usize, axes: usize) -> String {
    format!(
        "Number of device ids must match the number of mesh axes, but got {ids} ids for a {axes}D mesh."
    )
}

/// Mesh axis count of the kernel `op` is in, read from its
/// `compiler_params` before the kernel is converted.
fn kernel_mesh_rank(op: &OperationRef) -> Option<usize> {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if crate::ir::op_name_of(&p) == "pallas.kernel" {
            let params = p.attribute("compiler_params").ok()?;
            let tpu = kernel::dict_get(params, "mosaic_tpu")?;
            return Some(array_elements(kernel::dict_get(tpu, "mesh_axes")?).len());
        }
        cur = p.parent_operation();
    }
    None
}

/// The `operandSegmentSizes` attribute of a generically built op.
fn segment_sizes<'c>(b: &B<'_, 'c, '_>, sizes: &[usize]) -> (&'static str, Attribute<'c>) {
    let sizes: Vec<i32> = sizes.iter().map(|s| *s as i32).collect();
    ("operandSegmentSizes", b.dense_i32_attr(&sizes))
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.dma_start", Some(tc), |op, operands, rw| {
        let seg = Segments::of(&op, operands);
        let (src, dst) = (seg.one(0)?, seg.one(1)?);
        let b = B::new(rw, op.location());
        if let Some(offsets) = seg.first(DMA_OFFSETS) {
            let sem = sem_element(&b, seg.one(2)?, seg.get(3))?;
            let (src, dst) = indirect_refs(&b, src, dst);
            let offsets = ref_for_dma(&b, offsets);
            let filter = seg.first(DMA_OFFSET_FILTER);
            let mut ops = vec![src, dst, offsets, sem];
            ops.extend(filter);
            let mut attrs = vec![];
            if op.attribute("add").is_ok() {
                attrs.push(("add", b.attr("true")));
            }
            b.op("tpu.enqueue_indirect_dma", &ops, &[], &attrs);
            rw.erase_op(&op);
            return Ok(());
        }
        let device = logical_device_id(&b, &op, seg.get(6))?;
        let sem = sem_element(&b, seg.one(2)?, seg.get(3))?;
        let src_sem = match seg.first(4) {
            Some(s) => Some(sem_element(&b, s, seg.get(5))?),
            None => None,
        };
        let (src, dst) = (ref_for_dma(&b, src), ref_for_dma(&b, dst));
        // source, source_semaphore, target, target_semaphore, device_id,
        // core_id, subcore_id
        let mut ops = vec![src];
        ops.extend(src_sem);
        ops.extend([dst, sem]);
        ops.extend(device);
        let mut attrs = vec![segment_sizes(
            &b,
            &[
                1,
                src_sem.is_some() as usize,
                1,
                1,
                device.is_some() as usize,
                0,
                0,
            ],
        )];
        let priority = ir::int_attr(&op, "priority").unwrap_or(0);
        if priority != 0 {
            attrs.push(("priority", b.int_attr(priority, b.i32())));
        }
        b.op("tpu.enqueue_dma", &ops, &[], &attrs);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.dma_wait", Some(tc), |op, operands, rw| {
        let seg = Segments::of(&op, operands);
        let (src, dst) = (seg.one(0)?, seg.one(1)?);
        let b = B::new(rw, op.location());
        if !seg.get(DMA_OFFSETS).is_empty() {
            let sem = sem_element(&b, seg.one(2)?, seg.get(3))?;
            let (src, dst) = indirect_refs(&b, src, dst);
            b.op("tpu.wait_indirect_dma", &[sem, src, dst], &[], &[]);
            rw.erase_op(&op);
            return Ok(());
        }
        let device = logical_device_id(&b, &op, seg.get(6))?;
        if let (Some(s), Some(_)) = (seg.first(4), device) {
            // The send side of a remote copy: its semaphore, the copy seen
            // from the destination (src and dst swapped), and the dummy
            // device and core id JAX's wait_send inserts.
            let send_sem = sem_element(&b, s, seg.get(5))?;
            let zero = b.ci32(0);
            let (src, dst) = (ref_for_dma(&b, src), ref_for_dma(&b, dst));
            wait_dma2(&b, send_sem, dst, src, Some(zero), Some(zero));
        }
        let sem = sem_element(&b, seg.one(2)?, seg.get(3))?;
        let (src, dst) = (ref_for_dma(&b, src), ref_for_dma(&b, dst));
        wait_dma2(&b, sem, src, dst, device, None);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.semaphore_signal", Some(tc), |op, operands, rw| {
        // sem, indices, inc, device_id, core_index
        let seg = Segments::of(&op, operands);
        let b = B::new(rw, op.location());
        let device = logical_device_id(&b, &op, seg.get(3))?;
        let sem = sem_element(&b, seg.one(0)?, seg.get(1))?;
        let core = seg.first(4);
        let mut ops = vec![sem, seg.one(2)?];
        ops.extend(device);
        ops.extend(core);
        let attrs = [segment_sizes(
            &b,
            &[1, 1, device.is_some() as usize, core.is_some() as usize, 0],
        )];
        b.op("tpu.sem_signal", &ops, &[], &attrs);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.semaphore_wait", Some(tc), |op, operands, rw| {
        // sem, indices..., value
        let (sem, rest) = operands
            .split_first()
            .ok_or("semaphore_wait without operands")?;
        let (value, idx) = rest.split_last().ok_or("semaphore_wait without a value")?;
        let b = B::new(rw, op.location());
        let sem = sem_element(&b, *sem, idx)?;
        b.op("tpu.sem_wait", &[sem, *value], &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.semaphore_read", Some(tc), |op, operands, rw| {
        let (sem, idx) = operands
            .split_first()
            .ok_or("semaphore_read without operands")?;
        let b = B::new(rw, op.location());
        let sem = sem_element(&b, *sem, idx)?;
        let v = b.val("tpu.sem_read", &[sem], b.i32(), &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.get_barrier_semaphore", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let ty = tpu_type(op.result(0).map_err(|e| e.to_string())?.r#type());
        let v = b.val("tpu.sem_barrier", &[], ty, &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.device_id", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let v = b.val("tpu.device_id", &[], b.i32(), &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}

/// The source and destination of an indirect DMA as one use sees them. The
/// side the offsets index (HBM or VMEM_SHARED, copied from or to VMEM) is
/// sliced again over its whole major dim, as JAX does for `ref.at[idx]`.
fn indirect_refs<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
) -> (Value<'c, 'a>, Value<'c, 'a>) {
    let shared = |v: Value| matches!(space_keyword_of(v.r#type()), Some("hbm" | "vmem_shared"));
    let gather = shared(src) && space_keyword_of(dst.r#type()) == Some("vmem");
    let indexed = |v: Value<'c, 'a>| {
        let fresh = ref_for_dma(b, v);
        if fresh != v {
            return fresh;
        }
        let ty = v.r#type();
        let starts: Vec<Value> = memref_shape(ty).iter().map(|_| b.ci32(0)).collect();
        let mut ops = vec![v];
        ops.extend(starts.iter().copied());
        let seg = b.dense_i32_attr(&[1, starts.len() as i32, 0]);
        b.val(
            "tpu.memref_slice",
            &ops,
            ty,
            &[("operandSegmentSizes", seg)],
        )
    };
    if gather {
        (indexed(src), ref_for_dma(b, dst))
    } else {
        (ref_for_dma(b, src), indexed(dst))
    }
}

/// The ref `v` as one DMA use sees it: JAX applies a ref's transforms at
/// every use, so each DMA (and each side of a remote wait) gets its own
/// copy of the views (`tpu.memref_slice`, `memref_squeeze`,
/// `memref_reshape`, `memref_bitcast`) `v` is made by; `finish` erases
/// the originals that only DMAs used.
fn ref_for_dma<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    refs::for_use(b, v, true)
}

/// `tpu.wait_dma2 semaphore(..) src(..) dst(..) [device_id(..)] [core_id(..)]`.
fn wait_dma2<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    sem: Value<'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    device: Option<Value<'c, 'a>>,
    core: Option<Value<'c, 'a>>,
) {
    let mut ops = vec![sem, src, dst];
    ops.extend(device);
    ops.extend(core);
    let attrs = [segment_sizes(
        b,
        &[1, 1, 1, device.is_some() as usize, core.is_some() as usize],
    )];
    b.op("tpu.wait_dma2", &ops, &[], &attrs);
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

pub fn check(op: &OperationRef) -> Result<(), String> {
    let name = crate::ir::op_name_of(op);
    match name {
        "pallas.dma_start" | "pallas.dma_wait" => {
            if let Some(p) =
                crate::ir::int_attr(op, "priority").filter(|p| i32::try_from(*p).is_err())
            {
                return Err(format!("priority {p} does not fit tpu.enqueue_dma's i32"));
            }
            let vals: Vec<Value> = op.operands().collect();
            let seg = Segments::of(op, &vals);
            let (src, dst) = (seg.one(0)?, seg.one(1)?);
            if name == "pallas.dma_start"
                && (is_bool_ref(src.r#type()) || is_bool_ref(dst.r#type()))
            {
                return Err("DMAs with bool dtypes are not supported.".into());
            }
            for (what, v) in [("source", src), ("destination", dst)] {
                let t = v.r#type();
                match value_space_keyword(v) {
                    None => {
                        return Err(format!(
                            "DMA {what} {t} has no TPU memory space (any, hbm, vmem, vmem_shared, smem, cmem or host)"
                        ))
                    }
                    Some("semaphore_mem") => {
                        return Err(format!("DMA {what} {t} is a semaphore ref; DMAs copy data"))
                    }
                    Some(_) => {}
                }
            }
            let sem = seg.one(2)?.r#type();
            if name == "pallas.dma_wait"
                && SemaphoreKind::of_memref(sem) != Some(SemaphoreKind::Dma)
            {
                return Err(format!(
                    "tpu.wait_dma2 waits on a DMA semaphore (!pallas.dma_semaphore), got {sem}"
                ));
            }
            if name == "pallas.dma_wait" && !seg.get(4).is_empty() && seg.get(6).is_empty() {
                return Err("Cannot `wait_send` on a local copy.".into());
            }
            check_device_ids(op, seg.get(6).len())
        }
        "pallas.semaphore_signal" => {
            let vals: Vec<Value> = op.operands().collect();
            check_device_ids(op, Segments::of(op, &vals).get(3).len())
        }
        "pallas.semaphore_wait" => {
            let decrement = op
                .attribute("decrement")
                .map(|a| ir::attrs::as_bool(a) != Some(false))
                .unwrap_or(true);
            if !decrement {
                return Err("Non-decrementing wait is not supported.".into());
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Mesh device ids must give one coordinate per mesh axis.
fn check_device_ids(op: &OperationRef, count: usize) -> Result<(), String> {
    if count == 0 || logical_ids(op) {
        return Ok(());
    }
    // Without a mesh, checks.rs reports the communication itself.
    match kernel_mesh_rank(op) {
        Some(axes) if axes != count => Err(mesh_arity_message(count, axes)),
        _ => Ok(()),
    }
}
