//! The ops of a kernel body: grid queries, ref accesses, semaphores, DMA,
//! compute helpers and the GPU-only ops.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::RegionLike;
use melior::ir::ValueLike;

use super::kernel::verify_allocation;
use super::{
    ancestor, attr, bit_width, dense_i64, dim_text, ensure, entry_arg_types, fail, int_attr,
    is_i32, op_name, shape_of, shape_text, string_attr, type_list, vector_or_scalar, Verified,
};
use crate::ir::{element_type, is_memref, memref_shape, SemaphoreKind};

const DYNAMIC: i64 = i64::MIN;

pub(super) fn verify_body_op(op: &OperationRef, name: &str) -> Verified {
    let short = name.strip_prefix("pallas.").unwrap_or(name);
    // Index maps may query the grid and read (scalar prefetch) refs.
    let grid_query = matches!(short, "program_id" | "num_programs" | "axis_index" | "load");
    let allowed: &[&str] = if grid_query {
        &["pallas.kernel", "pallas.index_map"]
    } else {
        &["pallas.kernel"]
    };
    let Some(container) = ancestor(op, allowed) else {
        return fail(
            op,
            if grid_query {
                "must be nested in a pallas.kernel or a pallas.index_map"
            } else {
                "must be nested in a pallas.kernel"
            },
        );
    };
    match short {
        "program_id" | "num_programs" => verify_axis(op, &container),
        "load" => {
            if op_name(&container) == "pallas.index_map" {
                let t = result_type(op, 0);
                ensure(op, !crate::ir::is_vector(t), || {
                    format!("reads {t}; in a pallas.index_map, loads read scalars (of scalar prefetch refs)")
                })?;
            }
            verify_load(op)
        }
        "store" => verify_store_like(op, false),
        "swap" => verify_store_like(op, true),
        "atomic_rmw" => verify_atomic_rmw(op),
        "atomic_cas" => verify_atomic_cas(op),
        "dot" => verify_dot(op),
        "roll" => verify_roll(op),
        "iota" => verify_iota(op),
        "concatenate" => verify_concatenate(op),
        "repeat" => verify_repeat(op),
        "bitcast" => verify_bitcast(op),
        "ref_reshape" => super::refs::verify_ref_reshape(op),
        "ref_bitcast" => super::refs::verify_ref_bitcast(op),
        "multiple_of" => {
            let m = int_attr(op, "multiple").unwrap_or(1);
            ensure(op, m > 0, || format!("multiple must be positive, got {m}"))
        }
        "run_scoped" => verify_run_scoped(op).and_then(|_| super::gpu::verify_gpu_run_scoped(op)),
        "axis_index" => super::gpu::verify_gpu_axis_index(op),
        "named_scope" => verify_region_results(op),
        "get_barrier_semaphore" => {
            let t = result_type(op, 0);
            ensure(
                op,
                is_memref(t)
                    && SemaphoreKind::of_memref(t) == Some(SemaphoreKind::BarrierSemaphore),
                || format!("result must be a memref of !pallas.barrier_semaphore, got {t}"),
            )
        }
        "semaphore_signal" => verify_semaphore_signal(op),
        "semaphore_wait" => {
            let types = operand_types(op);
            verify_sem(op, "sem", types[0], types.len() - 2, SIGNALLABLE)
        }
        "semaphore_read" => {
            let types = operand_types(op);
            verify_sem(op, "sem", types[0], types.len() - 1, READABLE)
        }
        "dma_start" => verify_dma(op, true),
        "dma_wait" => verify_dma(op, false),
        "debug_print" => verify_debug_print(op),
        "prng_seed" => ensure(op, op.operand_count() > 0, || {
            "needs at least one seed".into()
        }),
        "barrier_arrive" | "barrier_wait" => {
            let types = operand_types(op);
            verify_sem(op, "barrier", types[0], types.len() - 1, BARRIER)
        }
        "copy_gmem_to_smem" => {
            let types = operand_types(op);
            verify_same_array(op, "src", types[0], "dst", types[1])?;
            verify_sem(op, "barrier", types[2], types.len() - 3, BARRIER)?;
            super::gpu::verify_gpu_op(op, short).unwrap_or(Ok(()))
        }
        "copy_smem_to_gmem" => {
            let types = operand_types(op);
            verify_same_array(op, "src", types[0], "dst", types[1])?;
            super::gpu::verify_gpu_op(op, short).unwrap_or(Ok(()))
        }
        "sort" => verify_sort(op),
        "cumulative" | "scan_count" => {
            let types = operand_types(op);
            verify_lane_mask(op, types.get(1), "x", types[0])
        }
        "take_along_axis" => verify_take_along_axis(op),
        "rev" => verify_rev(op),
        "load_gather" => verify_gather_scatter(op, false),
        "store_scatter" => verify_gather_scatter(op, true),
        _ => super::gpu::verify_gpu_op(op, short).unwrap_or(Ok(())),
    }
}

fn operand_types<'c>(op: &OperationRef<'c, '_>) -> Vec<Type<'c>> {
    op.operands().map(|v| v.r#type()).collect()
}

fn result_type<'c>(op: &OperationRef<'c, '_>, index: usize) -> Type<'c> {
    op.result(index).map(|r| r.r#type()).expect("result")
}

/// Operand types grouped by `operandSegmentSizes`.
fn segments<'c>(op: &OperationRef<'c, '_>) -> Vec<Vec<Type<'c>>> {
    let types = operand_types(op);
    let Some(sizes) = attr(op, "operandSegmentSizes") else {
        return vec![types];
    };
    let sizes: Vec<usize> = crate::ir::dense_i32(sizes)
        .into_iter()
        .map(|n| n as usize)
        .collect();
    let mut at = 0;
    sizes
        .into_iter()
        .map(|n| {
            let group = types[at..at + n].to_vec();
            at += n;
            group
        })
        .collect()
}

//===----------------------------------------------------------------------===//
// Grid queries
//===----------------------------------------------------------------------===//

fn verify_axis(op: &OperationRef, container: &OperationRef) -> Verified {
    let rank = if op_name(container) == "pallas.kernel" {
        dense_i64(container, "grid").unwrap_or_default().len()
    } else {
        // An index map takes one i32 per grid axis, then the prefetch refs.
        entry_arg_types(container)
            .unwrap_or_default()
            .iter()
            .take_while(|t| is_i32(**t))
            .count()
    };
    let axis = int_attr(op, "axis").unwrap_or(0);
    ensure(op, axis >= 0 && (axis as usize) < rank, || {
        format!("axis {axis} is out of range for a grid of rank {rank}")
    })
}

//===----------------------------------------------------------------------===//
// Ref accesses
//===----------------------------------------------------------------------===//

/// Checks the indexer of a ref access and returns the type of the window it
/// selects: a vector of the kept sizes, or the element type when every dim
/// is dropped.
fn verify_indexer<'c>(
    op: &OperationRef<'c, '_>,
    ref_type: Type<'c>,
    indices: usize,
) -> Result<Type<'c>, ()> {
    let starts = dense_i64(op, "starts").unwrap_or_default();
    let sizes = dense_i64(op, "sizes").unwrap_or_default();
    let strides = dense_i64(op, "strides").unwrap_or_default();
    let shape = memref_shape(ref_type);
    let elem = super::value_element_type(element_type(ref_type));
    ensure(
        op,
        starts.len() == sizes.len() && sizes.len() == strides.len(),
        || {
            format!(
                "indexer has {} starts, {} sizes and {} strides; they must have the same length",
                starts.len(),
                sizes.len(),
                strides.len()
            )
        },
    )?;
    let dynamic = starts.iter().filter(|s| **s == DYNAMIC).count();
    ensure(op, dynamic == indices, || {
        format!("indexer has {dynamic} dynamic starts but {indices} index operands")
    })?;
    if starts.is_empty() {
        ensure(op, !shape.contains(&DYNAMIC), || {
            format!(
                "cannot access the whole of {ref_type}, which has dynamic dims; give an indexer"
            )
        })?;
        return Ok(vector_or_scalar(&shape, elem));
    }
    ensure(op, starts.len() == shape.len(), || {
        format!(
            "indexer has {} entries but the ref {ref_type} has rank {}",
            starts.len(),
            shape.len()
        )
    })?;
    let mut kept = Vec::new();
    for d in 0..shape.len() {
        let (start, size, stride) = (starts[d], sizes[d], strides[d]);
        ensure(op, size == -1 || size > 0, || {
            format!("indexer size {size} at dim {d} must be positive (or -1 for a single index)")
        })?;
        ensure(op, stride > 0, || {
            format!("indexer stride {stride} at dim {d} must be positive")
        })?;
        ensure(op, start == DYNAMIC || start >= 0, || {
            format!("indexer start {start} at dim {d} must be non-negative")
        })?;
        let span = (size.max(1) as i128 - 1) * stride as i128 + 1;
        let first = if start == DYNAMIC { 0 } else { start as i128 };
        if shape[d] != DYNAMIC && first + span > shape[d] as i128 {
            let size_text = if size == -1 {
                String::new()
            } else {
                format!(":{size}:{stride}")
            };
            return fail(
                op,
                format!(
                    "indexer entry {}{size_text} at dim {d} does not fit in the ref {ref_type}",
                    dim_text(start)
                ),
            )
            .map(|_| elem);
        }
        if size != -1 {
            kept.push(size);
        }
    }
    Ok(vector_or_scalar(&kept, elem))
}

fn verify_mask(op: &OperationRef, mask: Option<&Type>, value: Type) -> Verified {
    let Some(mask) = mask else { return Ok(()) };
    ensure(op, shape_of(*mask) == shape_of(value), || {
        format!("mask {mask} must have the shape of the value {value}")
    })
}

fn verify_load(op: &OperationRef) -> Verified {
    // ref, indices, mask, other
    let seg = segments(op);
    let ref_type = seg[0][0];
    let window = verify_indexer(op, ref_type, seg[1].len())?;
    let result = result_type(op, 0);
    ensure(op, result == window, || {
        format!("result type {result} does not match the window {window} selected from {ref_type}")
    })?;
    verify_mask(op, seg[2].first(), result)?;
    if let Some(other) = seg[3].first() {
        ensure(op, *other == result, || {
            format!("other {other} must have the result type {result}")
        })?;
    }
    if attr(op, "expand").is_some() {
        ensure(op, !seg[2].is_empty(), || {
            "expand needs a mask (its set lanes read consecutive elements)".into()
        })?;
        ensure(op, seg[3].is_empty(), || {
            "expand cannot take other (the lanes outside the mask are unspecified)".into()
        })?;
    }
    Ok(())
}

fn verify_store_like(op: &OperationRef, returns_old: bool) -> Verified {
    // value, ref, indices, mask
    let seg = segments(op);
    let (value, ref_type) = (seg[0][0], seg[1][0]);
    let window = verify_indexer(op, ref_type, seg[2].len())?;
    ensure(op, value == window, || {
        format!("value type {value} does not match the window {window} selected from {ref_type}")
    })?;
    if returns_old {
        let result = result_type(op, 0);
        ensure(op, result == window, || {
            format!(
                "result type {result} does not match the window {window} selected from {ref_type}"
            )
        })?;
    } else if attr(op, "compress").is_some() {
        ensure(op, !seg[3].is_empty(), || {
            "compress needs a mask (its set lanes are written to consecutive elements)".into()
        })?;
    }
    verify_mask(op, seg[3].first(), value)
}

fn verify_atomic_rmw(op: &OperationRef) -> Verified {
    verify_store_like(op, true)?;
    let elem = element_type(segments(op)[1][0]);
    // 3..=5: and, or, xor.
    let kind = int_attr(op, "kind").unwrap_or(0);
    let integer = crate::ir::is_integer(elem);
    ensure(op, !(3..=5).contains(&kind) || integer, || {
        format!("bitwise atomics need an integer element type, got {elem}")
    })
}

fn verify_atomic_cas(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    let ref_type = types[0];
    let indices = types.len() - 3;
    let rank = memref_shape(ref_type).len();
    ensure(op, indices == rank, || {
        format!("needs {rank} indices to select one element of {ref_type}, got {indices}")
    })?;
    let value = types[types.len() - 1];
    ensure(op, element_type(ref_type) == value, || {
        format!("value type {value} must be the element type of {ref_type}")
    })
}

//===----------------------------------------------------------------------===//
// Semaphores and DMA
//===----------------------------------------------------------------------===//

type SemRule = (&'static [SemaphoreKind], &'static str);
const SIGNALLABLE: SemRule = (
    &[SemaphoreKind::Regular, SemaphoreKind::BarrierSemaphore],
    "!pallas.semaphore or !pallas.barrier_semaphore",
);
const READABLE: SemRule = (
    &[
        SemaphoreKind::Regular,
        SemaphoreKind::Dma,
        SemaphoreKind::BarrierSemaphore,
    ],
    "!pallas.semaphore, !pallas.dma_semaphore or !pallas.barrier_semaphore",
);
const DMA: SemRule = (
    &[SemaphoreKind::Dma, SemaphoreKind::Regular],
    "!pallas.dma_semaphore or !pallas.semaphore",
);
const BARRIER: SemRule = (&[SemaphoreKind::Barrier], "!pallas.barrier");

/// A semaphore (or barrier) ref, indexed down to a single element.
fn verify_sem(op: &OperationRef, what: &str, t: Type, indices: usize, rule: SemRule) -> Verified {
    let kind = SemaphoreKind::of_memref(t);
    ensure(op, kind.is_some_and(|k| rule.0.contains(&k)), || {
        format!("{what} must be a memref of {}, got {t}", rule.1)
    })?;
    let rank = memref_shape(t).len();
    ensure(op, indices == rank, || {
        format!("{what} needs {rank} indices to select a single element of {t}, got {indices}")
    })
}

/// `device_id_type = logical` takes a single device id.
fn verify_device_ids(op: &OperationRef, count: usize) -> Verified {
    let logical = int_attr(op, "device_id_type") == Some(1);
    ensure(op, !logical || count <= 1, || {
        format!("a logical device id is a single i32, got {count} values")
    })
}

fn verify_semaphore_signal(op: &OperationRef) -> Verified {
    // sem, indices, inc, device_id, core_index
    let seg = segments(op);
    verify_sem(op, "sem", seg[0][0], seg[1].len(), SIGNALLABLE)?;
    verify_device_ids(op, seg[3].len())
}

fn verify_same_array(op: &OperationRef, a_name: &str, a: Type, b_name: &str, b: Type) -> Verified {
    ensure(op, element_type(a) == element_type(b), || {
        format!("{a_name} {a} and {b_name} {b} must have the same element type")
    })?;
    ensure(op, memref_shape(a) == memref_shape(b), || {
        format!("{a_name} {a} and {b_name} {b} must have the same shape")
    })
}

fn verify_dma(op: &OperationRef, is_start: bool) -> Verified {
    // src, dst, sem, sem_indices, src_sem, src_sem_indices, device_id,
    // offsets, offset_filter
    let seg = segments(op);
    match seg.get(7).and_then(|s| s.first()) {
        Some(offsets) => verify_indirect_dma(op, *offsets, seg[0][0], seg[1][0], &seg[6])?,
        None => {
            ensure(op, seg.get(8).is_none_or(|s| s.is_empty()), || {
                "filter needs offsets (it names the offsets to skip)".into()
            })?;
            ensure(op, attr(op, "add").is_none(), || {
                "add needs offsets (only an indirect DMA accumulates)".into()
            })?;
            verify_same_array(op, "src", seg[0][0], "dst", seg[1][0])?;
        }
    }
    verify_sem(op, "sem", seg[2][0], seg[3].len(), DMA)?;
    match seg[4].first() {
        Some(src_sem) => verify_sem(op, "src_sem", *src_sem, seg[5].len(), DMA)?,
        None => ensure(op, seg[5].is_empty(), || {
            "has src_sem indices but no src_sem".into()
        })?,
    }
    if is_start {
        ensure(op, seg[4].is_empty() == seg[6].is_empty(), || {
            "src_sem and device must be given together (a remote copy needs both) or not at all"
                .into()
        })?;
    }
    verify_device_ids(op, seg[6].len())?;
    let priority = int_attr(op, "priority").unwrap_or(0);
    ensure(op, priority >= 0, || {
        format!("priority must be non-negative, got {priority}")
    })
}

/// An indirect DMA: one of src/dst is indexed along its major dim by the K
/// offsets, the other one has K rows; both agree on the element type and
/// the dims after the major one.
fn verify_indirect_dma(
    op: &OperationRef,
    offsets: Type,
    src: Type,
    dst: Type,
    device_id: &[Type],
) -> Verified {
    ensure(op, device_id.is_empty(), || {
        "an indirect DMA cannot be remote: offsets and device(...) exclude each other".into()
    })?;
    ensure(op, element_type(src) == element_type(dst), || {
        format!("src {src} and dst {dst} must have the same element type")
    })?;
    let (s, d) = (memref_shape(src), memref_shape(dst));
    ensure(
        op,
        !s.is_empty() && s.len() == d.len() && s[1..] == d[1..],
        || {
            format!(
            "with offsets, src {src} and dst {dst} must have the same rank (at least 1) and the same dims after the major one"
        )
        },
    )?;
    let k = shape_of(offsets)[0];
    ensure(op, k == DYNAMIC || s[0] == k || d[0] == k, || {
        format!(
            "offsets {offsets} select {k} rows, but neither src {src} nor dst {dst} has {k} rows along its major dim"
        )
    })
}

//===----------------------------------------------------------------------===//
// SparseCore lane ops
//===----------------------------------------------------------------------===//

/// The lane count of a rank-1 vector (the op's ODS types make them rank 1).
fn lanes(t: Type) -> i64 {
    shape_of(t).first().copied().unwrap_or(0)
}

/// An optional lane mask as long as `what` (`t`).
fn verify_lane_mask(op: &OperationRef, mask: Option<&Type>, what: &str, t: Type) -> Verified {
    let Some(mask) = mask else { return Ok(()) };
    ensure(op, lanes(*mask) == lanes(t), || {
        format!("mask {mask} must have as many lanes as {what} {t}")
    })
}

fn verify_sort(op: &OperationRef) -> Verified {
    // keys, values, mask
    let types = operand_types(op);
    let (keys, values) = (types[0], types[1]);
    ensure(op, lanes(values) == lanes(keys), || {
        format!("values {values} must have as many lanes as keys {keys}")
    })?;
    verify_lane_mask(op, types.get(2), "keys", keys)
}

fn verify_take_along_axis(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    let (x, indices, result) = (types[0], types[1], result_type(op, 0));
    let (xs, is) = (shape_of(x), shape_of(indices));
    let dim = int_attr(op, "dimension").unwrap_or(0);
    ensure(op, (0..xs.len() as i64).contains(&dim), || {
        format!("dim {dim} is out of range for x {x}")
    })?;
    ensure(op, is.len() == xs.len(), || {
        format!("indices {indices} must have the rank of x {x}")
    })?;
    let d = dim as usize;
    let same_elsewhere = xs
        .iter()
        .zip(&is)
        .enumerate()
        .all(|(k, (a, b))| k == d || a == b);
    ensure(op, same_elsewhere, || {
        format!("indices {indices} must match x {x} outside dim {dim}")
    })?;
    let expected = vector_or_scalar(&is, element_type(x));
    ensure(op, result == expected, || {
        format!(
            "result {result} must be {expected} (the element type of x with the shape of indices)"
        )
    })
}

fn verify_rev(op: &OperationRef) -> Verified {
    let x = operand_types(op)[0];
    let rank = shape_of(x).len() as i64;
    let dims = dense_i64(op, "dimensions").unwrap_or_default();
    for (k, dim) in dims.iter().enumerate() {
        ensure(op, (0..rank).contains(dim), || {
            format!("dim {dim} is out of range for {x}")
        })?;
        ensure(op, !dims[..k].contains(dim), || {
            format!("dims {} list dim {dim} twice", shape_text(&dims))
        })?;
    }
    Ok(())
}

/// pallas.load_gather (ref, indices, mask -> result) and
/// pallas.store_scatter (value, ref, indices, mask).
fn verify_gather_scatter(op: &OperationRef, is_store: bool) -> Verified {
    let seg = segments(op);
    let (ref_type, indices, mask) = if is_store {
        (seg[1][0], &seg[2], seg[3].first())
    } else {
        (seg[0][0], &seg[1], seg[2].first())
    };
    let rank = memref_shape(ref_type).len();
    ensure(op, indices.len() == rank, || {
        format!(
            "needs {rank} index vectors (one per dim of {ref_type}), got {}",
            indices.len()
        )
    })?;
    let n = lanes(indices[0]);
    for (k, t) in indices.iter().enumerate().skip(1) {
        ensure(op, lanes(*t) == n, || {
            format!(
                "index vector #{k} ({t}) must have as many lanes as index vector #0 ({})",
                indices[0]
            )
        })?;
    }
    let elem = element_type(ref_type);
    let lanes_text = format!("the indices ({n})");
    if is_store {
        let value = seg[0][0];
        ensure(op, lanes(value) == n, || {
            format!("value {value} must have as many lanes as {lanes_text}")
        })?;
        ensure(op, element_type(value) == elem, || {
            format!("value {value} must have the element type of {ref_type}")
        })?;
    } else {
        let result = result_type(op, 0);
        let expected = vector_or_scalar(&[n], elem);
        ensure(op, result == expected, || {
            format!("result {result} must be {expected}: one element of {ref_type} per index lane")
        })?;
    }
    if let Some(mask) = mask {
        ensure(op, lanes(*mask) == n, || {
            format!("mask {mask} must have as many lanes as {lanes_text}")
        })?;
    }
    Ok(())
}

//===----------------------------------------------------------------------===//
// Compute and misc
//===----------------------------------------------------------------------===//

fn verify_dot(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    let (lt, rt, res) = (types[0], types[1], result_type(op, 0));
    let (l, r) = (shape_of(lt), shape_of(rt));
    let (tl, tr) = (
        attr(op, "transpose_lhs").is_some(),
        attr(op, "transpose_rhs").is_some(),
    );
    let (m, k_lhs) = if tl { (l[1], l[0]) } else { (l[0], l[1]) };
    let (k_rhs, n) = if tr { (r[1], r[0]) } else { (r[0], r[1]) };
    ensure(op, k_lhs == k_rhs, || {
        format!("contracting dims differ: lhs {lt} gives {k_lhs} but rhs {rt} gives {k_rhs} (after transposes)")
    })?;
    ensure(op, shape_of(res) == [m, n], || {
        format!(
            "result {res} must have shape {} for lhs {lt} and rhs {rt}",
            shape_text(&[m, n])
        )
    })?;
    if let Some(p) = string_attr(op, "precision") {
        ensure(
            op,
            matches!(p.as_str(), "default" | "high" | "highest"),
            || format!("precision must be default, high or highest, got '{p}'"),
        )?;
    }
    Ok(())
}

fn verify_roll(op: &OperationRef) -> Verified {
    let t = operand_types(op)[0];
    let rank = shape_of(t).len() as i64;
    let axis = int_attr(op, "axis").unwrap_or(0);
    ensure(op, (0..rank).contains(&axis), || {
        format!("axis {axis} is out of range for {t}")
    })?;
    let (stride, stride_axis) = (int_attr(op, "stride"), int_attr(op, "stride_axis"));
    ensure(op, stride.is_some() == stride_axis.is_some(), || {
        "stride and stride_axis go together".into()
    })?;
    if let Some(a) = stride_axis {
        ensure(op, (0..rank).contains(&a), || {
            format!("stride_axis {a} is out of range for {t}")
        })?;
    }
    Ok(())
}

fn verify_iota(op: &OperationRef) -> Verified {
    let t = result_type(op, 0);
    let rank = shape_of(t).len() as i64;
    let dim = int_attr(op, "dimension").unwrap_or(0);
    ensure(op, (0..rank).contains(&dim), || {
        format!("dim {dim} is out of range for {t}")
    })
}

/// Checks that `result` is `inputs` joined along `dim`: the same element
/// type and rank, equal sizes elsewhere, and the sum of sizes along `dim`.
fn verify_concatenate(op: &OperationRef) -> Verified {
    let inputs = operand_types(op);
    ensure(op, !inputs.is_empty(), || "needs at least one input".into())?;
    let result = result_type(op, 0);
    let out = shape_of(result);
    let dim = int_attr(op, "dimension").unwrap_or(0);
    ensure(op, (0..out.len() as i64).contains(&dim), || {
        format!("dim {dim} is out of range for {result}")
    })?;
    let d = dim as usize;
    let mut total = 0;
    for (i, t) in inputs.iter().enumerate() {
        let s = shape_of(*t);
        ensure(op, element_type(*t) == element_type(result), || {
            format!("input #{i} ({t}) has another element type than the result {result}")
        })?;
        let same_elsewhere = s.len() == out.len()
            && s.iter()
                .zip(&out)
                .enumerate()
                .all(|(k, (a, b))| k == d || a == b);
        ensure(op, same_elsewhere, || {
            format!("input #{i} ({t}) does not match the result {result} outside dim {dim}")
        })?;
        total += s[d];
    }
    ensure(op, total == out[d], || {
        format!(
            "the inputs add up to {total} along dim {dim}, but the result has {}",
            out[d]
        )
    })
}

fn verify_repeat(op: &OperationRef) -> Verified {
    let (input, result) = (operand_types(op)[0], result_type(op, 0));
    let (dim, times) = (
        int_attr(op, "dimension").unwrap_or(0),
        int_attr(op, "times").unwrap_or(0),
    );
    let (a, b) = (shape_of(input), shape_of(result));
    ensure(op, (0..a.len() as i64).contains(&dim), || {
        format!("dim {dim} is out of range for {input}")
    })?;
    ensure(op, times >= 1, || {
        format!("times must be at least 1, got {times}")
    })?;
    let mut expected = a.clone();
    let repeated = expected[dim as usize].checked_mul(times);
    expected[dim as usize] = repeated.unwrap_or(DYNAMIC);
    ensure(
        op,
        element_type(input) == element_type(result) && repeated.is_some() && expected == b,
        || format!("repeating {input} {times} times along dim {dim} does not give {result}"),
    )
}

fn verify_bitcast(op: &OperationRef) -> Verified {
    let (input, result) = (operand_types(op)[0], result_type(op, 0));
    let width = |t: Type| bit_width(element_type(t)).map(|w| w as i64);
    let (Some(wi), Some(wr)) = (width(input), width(result)) else {
        return fail(
            op,
            format!("bitcast needs integer or float elements, got {input} -> {result}"),
        );
    };
    let bits = |t: Type, w: i64| {
        crate::ir::element_count(&shape_of(t))
            .and_then(|n| n.checked_mul(w))
            .map_or("more than 2^63 - 1 bits".to_string(), |b| {
                format!("{b} bits")
            })
    };
    let (a, b) = (bits(input, wi), bits(result, wr));
    ensure(op, a == b && !a.starts_with("more"), || {
        format!("input {input} has {a} but result {result} has {b}; a bitcast keeps the total bit count")
    })
}

fn verify_run_scoped(op: &OperationRef) -> Verified {
    for (k, t) in entry_arg_types(op)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        verify_allocation(op, &format!("allocation {k}"), t)?;
    }
    verify_region_results(op)
}

/// The single-block region of `op` yields exactly the op's result types.
fn verify_region_results(op: &OperationRef) -> Verified {
    let results: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let region = op.region(0).map_err(|_| ())?;
    let Some(block) = region.first_block() else {
        return Ok(());
    };
    let Some(term) = block.terminator() else {
        return Ok(());
    };
    let yielded: Vec<Type> = term.operands().map(|v| v.r#type()).collect();
    ensure(op, yielded == results, || {
        format!(
            "region yields {} but the op returns {}",
            type_list(&yielded),
            type_list(&results)
        )
    })
}

fn verify_debug_print(op: &OperationRef) -> Verified {
    let format = string_attr(op, "format").unwrap_or_default();
    let placeholders = format.matches("{}").count();
    let args = op.operand_count();
    ensure(op, placeholders == args, || {
        format!("format \"{format}\" has {placeholders} placeholders but {args} values are given")
    })
}
