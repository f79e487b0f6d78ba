//! Verifiers of the `mosaic_gpu` ops that have one (`MosaicGPU_VerifiedOp`
//! in include/pallas/Dialect/MosaicGPU/MosaicGPUOps.td). The generated C++
//! `verify()` methods call [`mosaic_gpu_rust_verify_op`].
//!
//! The checks, their order and their messages are jaxlib 0.10.2's, so that
//! a module jaxlib rejects is rejected here with the same words. Unlike
//! jaxlib's, no check may crash: verifiers run right after parsing, so a
//! type that is not what the ODS constraint promised reads as a null type
//! and simply fails (dynamic sizes are never multiplied out).
//!
//! [`mosaic_gpu_rust_verify_op`]: crate::ir::verifier_hooks::mosaic_gpu_rust_verify_op

use melior::ir::operation::OperationRef;
use mlir_sys::MlirAttribute;

use crate::ir::ffi;
use crate::ir::mgpu_view;
use crate::ir::tpu_view::{attr_text, Op, Ty, Verified};

/// Memory spaces as `mosaicGpuMemorySpaceGetKind` reports them.
const SMEM: i32 = ffi::MosaicGpuSpaceSmem as i32;
const TMEM: i32 = ffi::MosaicGpuSpaceTmem as i32;

/// Verifies a `mosaic_gpu` op (called by the generated C++ `verify()`).
pub(crate) fn verify_op(op: &OperationRef) -> Result<(), ()> {
    verify(Op::of(op)).map_err(|_| ())
}

fn verify(op: Op) -> Verified {
    match op.name().strip_prefix("mosaic_gpu.").unwrap_or("") {
        "try_cluster_cancel" => cluster_cancel_response(op, "Try cluster cancel response"),
        "query_cluster_cancel" => cluster_cancel_response(op, "Response to decode"),
        "async_load" => async_load(op),
        "async_prefetch" => async_prefetch(op),
        "async_store" => async_store(op),
        "multimem_load_reduce" => multimem_load_reduce(op),
        "vector_store" => vector_store(op),
        "async_store_smem" => async_store_smem(op),
        "tmem_layout_cast" | "tmem_dealloc" => tmem_ref(op, op.operand(0)),
        "broadcast_in_dim" => broadcast_in_dim(op),
        "reinterpret_cast" => reinterpret_cast(op),
        "wgmma" => wgmma(op),
        "mma" => mma(op),
        "tcgen05_mma" => tcgen05_mma(op),
        "return" => return_op(op),
        "custom_primitive" => custom_primitive(op),
        "warp_map" => op.ensure(
            (0..op.num_operands()).all(|i| !op.operand(i).is_vector()),
            || "Can only map over scalars and refs.".into(),
        ),
        "tmem_alloc" => tmem_alloc(op),
        "async_load_tmem" => tmem_copy(op, op.operand(0), op.result(0), "result"),
        "async_store_tmem" => tmem_copy(op, op.operand(1), op.operand(0), "destination"),
        "async_store_smem_to_tmem" => smem_to_tmem(op),
        "async_store_sparse_metadata_smem_to_tmem" => sparse_metadata_to_tmem(op),
        "async_store_scales_smem_to_tmem" => scales_to_tmem(op),
        "slice_tmem" => slice_tmem(op),
        "broadcasted_iota" => broadcasted_iota(op),
        "print_layout" => {
            let value = op.operand(0);
            if value.is_memref() {
                tmem_ref(op, value)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `64, 128` (a shape streamed into an MLIR diagnostic, or absl::StrJoin).
fn list(v: &[i64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a memref lives (GMEM when it has no memory space).
fn space(t: Ty) -> i32 {
    t.mosaic_gpu_space()
}

/// A memref's memory space as MLIR streams an attribute (also a null one).
fn space_text(t: Ty) -> String {
    t.memory_space()
        .map(attr_text)
        .unwrap_or_else(|| "<<NULL ATTRIBUTE>>".into())
}

/// The element count of a static shape; `None` when a size is dynamic or
/// the count is past `i64`.
fn num_elements(t: Ty) -> Option<i64> {
    crate::ir::element_count(&t.shape())
}

/// The integers of an ArrayAttr of IntegerAttrs (others skipped).
fn int_array(a: Option<MlirAttribute>) -> Vec<i64> {
    mgpu_view::int_array(a)
}

/// The number of entries of an ArrayAttr attribute (0 when absent).
fn array_len(op: Op, name: &str) -> usize {
    mgpu_view::array_len(op.attr(name))
}

/// The check every op taking a TMEM ref makes.
fn tmem_ref(op: Op, t: Ty) -> Verified {
    op.ensure(space(t) == TMEM, || {
        format!(
            "The tmem memref must have a mosaic_gpu.tmem memory space but got: {}",
            space_text(t)
        )
    })
}

fn is_int(t: Ty) -> bool {
    t.is_integer()
}

//===----------------------------------------------------------------------===//
// Barriers and cluster cancellation
//===----------------------------------------------------------------------===//

fn cluster_cancel_response(op: Op, what: &str) -> Verified {
    let response = op.operand(0);
    let n = num_elements(response);
    if n != Some(16) {
        let n = n.map_or("?".to_string(), |n| n.to_string());
        return op.fail(format!(
            "{what} must have 16 elements, but has {n} elements."
        ));
    }
    op.ensure(space(response) == SMEM, || {
        "Response memref must be in SMEM.".into()
    })
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// The checks shared by async_load and async_store: `gmem` is the sliced
/// GMEM ref, `smem` the contiguous SMEM one, `indices` the operand range of
/// the indices.
fn tma_slice(
    op: Op,
    (gmem, gmem_name): (Ty, &str),
    (smem, smem_name): (Ty, &str),
    indices: std::ops::Range<usize>,
) -> Verified {
    let lengths = op.dense_attr("slice_lengths").unwrap_or_default();
    if !gmem.elem().same_as(smem.elem()) {
        return op.fail("The `source` and `destination` memrefs must have the same element type.");
    }
    if lengths.iter().any(|&l| l < -1) {
        return op.fail("The `slice_lengths` attribute must not contain values less than -1.");
    }
    let collapsed = lengths.iter().filter(|&&l| l == -1).count() as i64;
    if gmem.rank() != smem.rank() + collapsed {
        return op.fail(format!(
            "The rank of the `{gmem_name}` must be equal to the rank of the `{smem_name}` plus \
             the number of collapsed dimensions as indicated by -1 values in `slice_lengths`."
        ));
    }
    if indices.len() as i64 != gmem.rank() {
        return op.fail(format!(
            "The size of `indices` must be equal to the rank of `{gmem_name}`."
        ));
    }
    if lengths.len() as i64 != gmem.rank() {
        return op.fail(format!(
            "The size of `slice_lengths` must be equal to the rank of `{gmem_name}`."
        ));
    }
    let mut vector_dim: Option<usize> = None;
    for (dim, i) in indices.enumerate() {
        let index = op.operand(i);
        if !index.is_vector() {
            continue;
        }
        if let Some(first) = vector_dim {
            return op.fail(format!(
                "Only one index may be a vector but got multiple vector indices for \
                 dimensions {first} and {dim}."
            ));
        }
        vector_dim = Some(dim);
        let size = index.shape().first().copied().unwrap_or(0);
        if size != lengths[dim] {
            return op.fail(format!(
                "The size of the vector index must be equal to the slice length but got \
                 {size} != {}.",
                lengths[dim]
            ));
        }
    }
    Ok(())
}

fn distinct_collective(op: Op) -> Verified {
    let dims = int_array(op.attr("collective"));
    let duplicate = dims
        .iter()
        .enumerate()
        .any(|(i, d)| dims[i + 1..].contains(d));
    op.ensure(!duplicate, || {
        "The `collective` attribute must not contain duplicate dimensions.".into()
    })
}

fn async_load(op: Op) -> Verified {
    // Operand groups: source, destination, barrier, indices, predicate.
    tma_slice(
        op,
        (op.operand(0), "source"),
        (op.operand(1), "destination"),
        op.group(3),
    )?;
    distinct_collective(op)
}

fn async_prefetch(op: Op) -> Verified {
    // Operand groups: source, indices, predicate.
    let lengths = op.dense_attr("slice_lengths").unwrap_or_default();
    if lengths.iter().any(|&l| l < -1) {
        return op.fail("The `slice_lengths` attribute must not contain values less than -1.");
    }
    if op.group(1).len() as i64 != op.operand(0).rank() {
        return op.fail("The size of `indices` must be equal to the rank of `source`.");
    }
    distinct_collective(op)
}

fn async_store(op: Op) -> Verified {
    // Operand groups: source, destination, indices, predicate, gmem_peer_id.
    if !op.group(4).is_empty() && op.bool_attr("is_global_broadcast") {
        return op.fail("Both `gmem_peer_id` or `is_global_broadcast` cannot be specified.");
    }
    tma_slice(
        op,
        (op.operand(1), "destination"),
        (op.operand(0), "source"),
        op.group(2),
    )
}

//===----------------------------------------------------------------------===//
// Registers <-> memory
//===----------------------------------------------------------------------===//

/// MultimemLoadReductionType values.
const MULTIMEM_ADD: i64 = 0;
const MULTIMEM_MIN: i64 = 1;
const MULTIMEM_MAX: i64 = 2;

fn multimem_load_reduce(op: Op) -> Verified {
    let source = op.operand(0);
    let elem = source.elem();
    let kind = op.int_attr("reduction_type").unwrap_or(MULTIMEM_ADD);
    if is_int(elem) {
        if !matches!(elem.int_width(), Some(32 | 64)) {
            return op.fail("Only supported 32 and 64 bit integer operations");
        }
        if kind == MULTIMEM_MIN || kind == MULTIMEM_MAX {
            return op.fail(
                "Integer Min, or Max reductions must specify signedness (use Umin, Smin, Umax, \
                 Smax).",
            );
        }
    } else if elem.is_float() {
        if !matches!(kind, MULTIMEM_ADD | MULTIMEM_MIN | MULTIMEM_MAX) {
            return op.fail("Only Add, Max and Min reductions are supported on float source.");
        }
        if elem.is_f32() && kind != MULTIMEM_ADD {
            return op.fail("Only Add is supported for F32 source type.");
        }
        let supported = elem.is_f32()
            || elem.is_f16()
            || elem.is_bf16()
            || elem.is_f8e4m3fn()
            || elem.is_f8e5m2();
        if !supported {
            return op.fail(format!("Unsupported source type: '{}'", elem.text()));
        }
    } else {
        return op.fail(format!("Unsupported source type: '{}'", elem.text()));
    }
    op.ensure(source.memory_space().is_none(), || {
        "Expected the ref to be in GMEM.".into()
    })
}

fn vector_store(op: Op) -> Verified {
    let (value, dest) = (op.operand(0), op.operand(1));
    if value.shape() != dest.shape() {
        return op.fail(format!(
            "The source and destination must have the same shape but got {} and {}",
            list(&value.shape()),
            list(&dest.shape())
        ));
    }
    if !value.elem().same_as(dest.elem()) {
        return op.fail(format!(
            "The source and destination must have the same element type but got '{}' and '{}'",
            value.elem().text(),
            dest.elem().text()
        ));
    }
    op.ensure(
        !(op.bool_attr("multimem") && dest.memory_space().is_some()),
        || "The destination must be in GMEM for multidevice multicast".into(),
    )
}

fn async_store_smem(op: Op) -> Verified {
    let (value, dest) = (op.operand(0), op.operand(1));
    if value.shape() != dest.shape() {
        return op.fail("The `valueToStore` and `destination` must have the same shape.");
    }
    if !value.elem().same_as(dest.elem()) {
        return op.fail("The `valueToStore` and `destination` must have the same element type.");
    }
    op.ensure(space(dest) == SMEM, || {
        "The `destination` memref must be in SMEM.".into()
    })
}

//===----------------------------------------------------------------------===//
// Vectors and refs
//===----------------------------------------------------------------------===//

fn broadcast_in_dim(op: Op) -> Verified {
    let (operand, result) = (op.operand(0), op.result(0));
    let dims = op.dense_attr("broadcast_dimensions").unwrap_or_default();
    if operand.rank() == 0 {
        return op.fail("The input vector must have rank > 0.");
    }
    if operand.rank() > result.rank() {
        return op.fail(
            "The rank of the input vector must be smaller or equal to the rank of the result \
             vector.",
        );
    }
    if operand.rank() != dims.len() as i64 {
        return op.fail(
            "The size of the `broadcast_dimensions` attribute must be equal to the rank of the \
             input vector.",
        );
    }
    let (in_shape, out_shape) = (operand.shape(), result.shape());
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d >= result.rank() {
            return op.fail(format!(
                "The values in the `broadcast_dimensions` attribute must be in the range \
                 [0, result.shape.rank={}).",
                result.rank()
            ));
        }
        if i > 0 && d <= dims[i - 1] {
            return op.fail(
                "The values in the `broadcast_dimensions` attribute must be strictly increasing.",
            );
        }
        let size = in_shape[i];
        if size != 1 && size != out_shape[d as usize] {
            return op.fail(format!(
                "The size of the input vector's dimension {i} must be either 1 or equal to the \
                 size of the result vector's dimension {d}."
            ));
        }
    }
    Ok(())
}

fn broadcasted_iota(op: Op) -> Verified {
    let rank = op.result(0).rank();
    let dim = op.int_attr("dimension").unwrap_or(0);
    op.ensure(dim < rank, || {
        format!("dimension={dim} must be smaller than the rank={rank} of the result.")
    })
}

fn reinterpret_cast(op: Op) -> Verified {
    let (source, result) = (op.operand(0), op.result(0));
    if !source.elem().same_as(result.elem()) {
        return op.fail("source and result memrefs must have the same element type");
    }
    // jaxlib multiplies dynamic sizes out as if they were sizes; only static
    // shapes have a count to compare.
    match (num_elements(source), num_elements(result)) {
        (Some(a), Some(b)) if a != b => op.fail(format!(
            "source and result memrefs must have the same number of elements, but got {a} and {b}"
        )),
        _ => Ok(()),
    }
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

/// The [m, k] x [k, n] -> [m, n] shape checks of wgmma and mma (after
/// their element type check); `first_a`/`k_text`/`n_text` are where their
/// messages differ.
fn matmul_shapes(op: Op, acc: Ty, a: Ty, b: Ty, wgmma: bool) -> Verified {
    if !a.elem().same_as(b.elem()) {
        return op.fail("The `a` and `b` inputs must have the same element type.");
    }
    let (acc_s, a_s, b_s) = (acc.shape(), a.shape(), b.shape());
    if acc_s.len() != 2 || a_s.len() != 2 || b_s.len() != 2 {
        // The ODS rank constraints have reported it already.
        return op.fail("expects 2-D operands");
    }
    let (m, k, n) = (acc_s[0], a_s[1], b_s[1]);
    if m != a_s[0] {
        let which = if wgmma { "dimensions" } else { "dimension" };
        return op.fail(format!(
            "The accumulator's first dimension {m} must be equal to the first {which} of `a`: {}.",
            a_s[0]
        ));
    }
    if k != b_s[0] {
        return op.fail(if wgmma {
            format!(
                "`a`'s contracting dimension {k} must be equal to the first dimension of `b`: {}.",
                b_s[0]
            )
        } else {
            format!(
                "`a`'s second dimension {k} must be equal to `b`'s first dimension: {}.",
                b_s[0]
            )
        });
    }
    if n != acc_s[1] {
        return op.fail(if wgmma {
            format!(
                "`b`'s non-contracting dimension {n} must be equal to the accumulator's second \
                 dimension {}.",
                acc_s[1]
            )
        } else {
            format!(
                "The accumulator's second dimension {} must be equal to the second dimension of \
                 `b`: {n}.",
                acc_s[1]
            )
        });
    }
    Ok(())
}

fn wgmma(op: Op) -> Verified {
    let acc = op.operand(0);
    matmul_shapes(op, acc, op.operand(1), op.operand(2), true)?;
    // The M size of every wgmma instruction.
    let m = acc.shape()[0];
    op.ensure(m % 64 == 0, || {
        format!("The accumulator's first dimension must be a multiple of 64, but got {m}.")
    })
}

fn mma(op: Op) -> Verified {
    let (acc, a) = (op.operand(0), op.operand(1));
    matmul_shapes(op, acc, a, op.operand(2), false)?;
    let (elem, acc_elem) = (a.elem(), acc.elem());
    if is_int(elem) {
        op.ensure(
            acc_elem.int_width() == Some(32) && acc_elem.is_signless_int(),
            || "Only i32 accumulator supported for integer operands.".into(),
        )
    } else if elem.is_float() {
        op.ensure(acc_elem.is_float(), || {
            "Only float accumulator supported for floating operands.".into()
        })
    } else {
        op.fail("Unsupported operand type.")
    }
}

fn tcgen05_mma(op: Op) -> Verified {
    // Operand groups: accumulator, a, b, accumulate, a_scale, b_scale,
    // a_sparse_metadata.
    let (acc, a, b) = (op.operand(0), op.operand(1), op.operand(2));
    let optional = |g: usize| op.group(g).next().map(|i| op.operand(i));
    let (a_scale, b_scale, sparse) = (optional(4), optional(5), optional(6));
    let collective = op.bool_attr("collective");
    if !a.elem().same_as(b.elem()) {
        return op.fail("The `a` and `b` inputs must have the same element type.");
    }
    let (acc_s, a_s, b_s) = (acc.shape(), a.shape(), b.shape());
    if acc_s.len() != 2 || a_s.len() != 2 || b_s.len() != 2 {
        return op.fail("expects 2-D operands");
    }
    let m = acc_s[0];
    if m != a_s[0] {
        return op.fail(format!(
            "The accumulator's first dimension {m} must be equal to the first dimensions of `a`: \
             {}.",
            a_s[0]
        ));
    }
    let k = a_s[1];
    if sparse.is_some() && k * 2 != b_s[0] {
        return op.fail(format!(
            "For sparse MMA, `a`'s contracting dimension {k} must be half the first dimension of \
             `b`: {}.",
            b_s[0]
        ));
    }
    if sparse.is_none() && k != b_s[0] {
        return op.fail(format!(
            "`a`'s contracting dimension {k} must be equal to the first dimension of `b`: {}.",
            b_s[0]
        ));
    }
    let n = b_s[1];
    if n != acc_s[1] && !collective {
        return op.fail(format!(
            "`b`'s non-contracting dimension {n} must be equal to the accumulator's second \
             dimension {}.",
            acc_s[1]
        ));
    }
    if n * 2 != acc_s[1] && collective {
        return op.fail(format!(
            "`b`'s non-contracting dimension {n} must be half the accumulator's second dimension \
             {} for collective MMA.",
            acc_s[1]
        ));
    }
    // The smallest M of a tcgen05.mma instruction.
    if m % 32 != 0 {
        return op.fail(format!(
            "The accumulator's first dimension must be a multiple of 32 but got {m}."
        ));
    }
    if space(acc) != TMEM {
        return op.fail(format!(
            "The accumulator must be in TMEM, but got {}.",
            space_text(acc)
        ));
    }
    if !matches!(space(a), TMEM | SMEM) {
        return op.fail(format!(
            "The `a` input must be in TMEM or SMEM, but got {}.",
            space_text(a)
        ));
    }
    if space(b) != SMEM {
        return op.fail(format!(
            "The `b` input must be in SMEM, but got {}.",
            space_text(b)
        ));
    }
    match (a_scale, b_scale) {
        (Some(a_scale), Some(b_scale)) => {
            if space(a_scale) != TMEM {
                return op.fail(format!(
                    "The `a_scale` input must be in TMEM, but got {}.",
                    space_text(a_scale)
                ));
            }
            if space(b_scale) != TMEM {
                return op.fail(format!(
                    "The `b_scale` input must be in TMEM, but got {}.",
                    space_text(b_scale)
                ));
            }
        }
        (None, None) => {}
        _ => return op.fail("Either none or both scales should be provided."),
    }
    if let Some(meta) = sparse {
        if space(meta) != TMEM {
            return op.fail(format!(
                "The `a_sparse_metadata` input must be in TMEM, but got {}.",
                space_text(meta)
            ));
        }
        let meta_s = meta.shape();
        if meta_s != a_s {
            let at = |s: &[i64], i: usize| s.get(i).copied().unwrap_or(0);
            return op.fail(format!(
                "The `a_sparse_metadata` shape [{}, {}] must match the shape of `a` [{}, {}].",
                at(&meta_s, 0),
                at(&meta_s, 1),
                a_s[0],
                a_s[1]
            ));
        }
    }
    Ok(())
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

fn return_op(op: Op) -> Verified {
    let Some(parent) = op.parent() else {
        return Ok(());
    };
    let (n, expected) = (op.num_operands(), parent.num_results());
    let parent_name = parent.name();
    if n != expected {
        return op.fail(format!(
            "has {n} operands, but enclosing custom_primitive (@{parent_name}) returns {expected}"
        ));
    }
    for i in 0..n {
        let (got, want) = (op.operand(i), parent.result(i));
        if !got.same_as(want) {
            return op.fail(format!(
                "type of return operand {i} ('{}') doesn't match the result type ('{}') in \
                 custom_primitive @{parent_name}",
                got.text(),
                want.text()
            ));
        }
    }
    Ok(())
}

fn custom_primitive(op: Op) -> Verified {
    let operands: Vec<Ty> = (0..op.num_operands()).map(|i| op.operand(i)).collect();
    let vectors = operands.iter().filter(|t| t.is_vector()).count();
    // Barrier refs in SMEM count too, as in jaxlib.
    let smem_refs = operands
        .iter()
        .filter(|t| t.is_memref() && space(**t) == SMEM)
        .count();
    if vectors != array_len(op, "in_layouts") {
        return op.fail("Custom primitive must have a layout for each vector operand.");
    }
    if smem_refs != array_len(op, "in_transforms") {
        return op.fail("Custom primitive must have transforms for each memref operand in smem.");
    }
    let mut vector_results = 0;
    for i in 0..op.num_results() {
        let t = op.result(i);
        if t.is_vector() {
            vector_results += 1;
        } else if is_shaped(t) {
            return op.fail("Custom primitive can only return scalars or vectors.");
        }
    }
    op.ensure(vector_results == array_len(op, "out_layouts"), || {
        "Custom primitive must have a layout for each vector result.".into()
    })
}

/// Any ShapedType (tensors and unranked memrefs included).
fn is_shaped(t: Ty) -> bool {
    t.is_any_shaped()
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

fn tmem_alloc(op: Op) -> Verified {
    let (smem_ptr, result) = (op.operand(0), op.result(0));
    if space(smem_ptr) != SMEM {
        return op.fail(format!(
            "The `smem_ptr` memref must have the Workgroup address space but got: {}",
            space_text(smem_ptr)
        ));
    }
    tmem_ref(op, result)?;
    let columns = result.shape().get(1).copied().unwrap_or(0);
    let packing = op.int_attr("packing").unwrap_or(1);
    let bits = result.bitwidth();
    if packing != 1 {
        // A TMEM cell is 32 bits wide.
        if packing * bits != 32 {
            return op.fail(format!(
                "Only unpacked, or fully packed allocations are supported. Expected packing to \
                 be either 1 or 32 / element_bitwidth, but got: packing = {packing}, \
                 element_bitwidth = {bits}"
            ));
        }
        if columns % packing != 0 {
            return op.fail(format!(
                "The number of unpacked columns must be divisible by the packing factor, but \
                 got: {columns} / {packing}"
            ));
        }
    }
    let allocated = columns / packing.max(1);
    op.ensure(allocated <= 512, || {
        format!(
            "The number of allocated columns must be less than or equal to 512 but got: \
             {allocated}"
        )
    })
}

/// async_load_tmem (TMEM `tmem` to registers `regs`) and async_store_tmem
/// (registers to TMEM); `other` names the non-TMEM side in the messages.
fn tmem_copy(op: Op, tmem: Ty, regs: Ty, other: &str) -> Verified {
    if !tmem.elem().same_as(regs.elem()) {
        return op.fail(format!(
            "The `source` and `{other}` must have the same element type."
        ));
    }
    if tmem.shape() != regs.shape() {
        return op.fail(format!(
            "The `source` and `{other}` must have the same shape."
        ));
    }
    tmem_ref(op, tmem)
}

fn smem_to_tmem(op: Op) -> Verified {
    let (source, dest) = (op.operand(0), op.operand(1));
    if source.shape() != dest.shape() {
        return op.fail(format!(
            "The `source` ({}) and `destination` ({}) memrefs must have the same shape.",
            list(&source.shape()),
            list(&dest.shape())
        ));
    }
    if !source.elem().same_as(dest.elem()) {
        return op.fail(format!(
            "The `source` ({}) and `destination` ({}) memrefs must have the same element type.",
            source.elem().text(),
            dest.elem().text()
        ));
    }
    if space(source) != SMEM {
        return op.fail("The `source` memref must be in SMEM.");
    }
    tmem_ref(op, dest)
}

/// The TMEM destination's [M, N], each required to be a multiple of
/// `multiples`.
fn tmem_tile_dims(
    op: Op,
    dest: Ty,
    multiples: (i64, i64),
) -> Result<(i64, i64), crate::ir::Reported> {
    let shape = dest.shape();
    let (rows, cols) = (
        shape.first().copied().unwrap_or(0),
        shape.get(1).copied().unwrap_or(0),
    );
    if rows % multiples.0 != 0 {
        op.fail(format!(
            "The first dimension of the TMEM memref must be a multiple of {}, but got {rows}.",
            multiples.0
        ))?;
    }
    if cols % multiples.1 != 0 {
        op.fail(format!(
            "The second dimension of the TMEM memref must be a multiple of {}, but got {cols}.",
            multiples.1
        ))?;
    }
    Ok((rows, cols))
}

fn sparse_metadata_to_tmem(op: Op) -> Verified {
    let (source, dest) = (op.operand(0), op.operand(1));
    let (rows, cols) = tmem_tile_dims(op, dest, (128, 64))?;
    let expected = [rows / 128, cols / 64, 128, 64];
    if source.shape() != expected {
        return op.fail(format!(
            "The `source` memref must have shape ({}), but got ({}).",
            list(&expected),
            list(&source.shape())
        ));
    }
    if space(source) != SMEM {
        return op.fail("The `source` memref must be in SMEM.");
    }
    tmem_ref(op, dest)
}

fn scales_to_tmem(op: Op) -> Verified {
    let (source, dest) = (op.operand(0), op.operand(1));
    if !source.elem().same_as(dest.elem()) {
        return op.fail(format!(
            "The `source` ({}) and `destination` ({}) memrefs must have the same element type.",
            source.elem().text(),
            dest.elem().text()
        ));
    }
    let (rows, cols) = tmem_tile_dims(op, dest, (128, 4))?;
    let k_tiles = cols / 4;
    let tiled = [rows / 128, k_tiles, 32, 16];
    let single = [1, k_tiles, 64, 16];
    let shape = source.shape();
    if shape != tiled && shape != single {
        return op.fail(format!(
            "The `source` memref must have shape ({}) or ({}), but got ({}).",
            list(&tiled),
            list(&single),
            list(&shape)
        ));
    }
    if space(source) != SMEM {
        return op.fail("The `source` memref must be in SMEM.");
    }
    tmem_ref(op, dest)
}

fn slice_tmem(op: Op) -> Verified {
    tmem_ref(op, op.operand(0))?;
    tmem_ref(op, op.result(0))?;
    let offset = op.int_attr("offset").unwrap_or(0);
    op.ensure(offset % 4 == 0, || {
        format!("The offset must be a multiple of 4 but got: {offset}")
    })
}
