//! Verifiers of the `tpu` ops that have one (`TPU_VerifiedOp` in
//! include/pallas/Dialect/TPU/TPUOps.td). The generated C++ `verify()`
//! methods call [`tpu_rust_verify_op`].
//!
//! The checks and their messages follow Mosaic's (jaxlib 0.10.2), so that a
//! module jaxlib rejects is rejected here with the same words. Unlike
//! Mosaic's, no check may crash on malformed input: verifiers run on parse,
//! before anything else has looked at the IR, so every index is bounds
//! checked and a type that is not what the ODS constraint promised simply
//! fails verification.

use melior::ir::operation::OperationRef;

use crate::ir::tpu_view::{self, attr_text, Op, Ty, Verified, CORE_TC};
use crate::ir::{ffi, Reported};

/// Mosaic's CoreType values.
const CORE_SC_SCALAR: i32 = 1;
const CORE_SC_VECTOR: i32 = 2;

/// Mosaic's MemorySpace values (as returned by tpuMemorySpaceAttrGetValue).
const SPACE_VMEM: i64 = 0;
const SPACE_SMEM: i64 = 1;
const SPACE_SEMAPHORE: i64 = 4;

/// Verifies a `tpu` op (called by the generated C++ `verify()`).
pub(crate) fn verify_op(op: &OperationRef) -> Result<(), ()> {
    verify(Op::of(op)).map_err(|_| ())
}

fn verify(op: Op) -> Verified {
    op.with_name(|name| verify_named(op, name.strip_prefix("tpu.").unwrap_or("")))
}

fn verify_named(op: Op, name: &str) -> Verified {
    match name {
        "reduce_index" => reduce_index(op),
        "scan" => scan(op),
        "vector_store" => vector_store(op),
        "vector_load" => vector_load(op),
        "strided_load" => strided(op, false),
        "strided_store" => strided(op, true),
        "vector_load_idx" => vector_idx(op, false),
        "vector_store_idx" => vector_idx(op, true),
        "dynamic_rotate" => dynamic_rotate(op),
        "iota" => iota(op),
        "reshape" => reshape(op),
        "pack_elementwise" => pack_elementwise(op),
        "unpack_elementwise" => unpack_elementwise(op),
        "dynamic_gather" => dynamic_gather(op),
        "matmul" => matmul(op),
        "concatenate" => concatenate(op),
        "bitcast" => bitcast(op),
        "weird" => weird(op),
        "reciprocal" => op.ensure(op.result(0).elem().is_f32(), || {
            "Not implemented: Reciprocal op for non-f32 dtypes".into()
        }),
        "stochastic_convert_elementwise" => stochastic_convert(op),
        "assume_multiple" => assume_multiple(op),
        "memref_slice" => memref_slice(op),
        "memref_squeeze" => memref_squeeze(op),
        "memref_reshape" => memref_reshape(op),
        "memref_bitcast" => memref_bitcast(op),
        "reinterpret_cast" => reinterpret_cast(op),
        "erase_memref_layout" => erase_memref_layout(op),
        "core_id" | "subcore_id" => core_or_subcore_id(op),
        "sem_wait" => op.ensure(op.operand(0).rank() == 0, || {
            "Semaphore reference must be rank 0".into()
        }),
        "sem_barrier" => op.ensure(op.result(0).rank() == 0, || {
            "Barrier semaphore reference must be rank 0".into()
        }),
        "sem_signal" => sem_signal(op),
        "enqueue_dma" => enqueue_dma(op),
        "wait_dma2" => wait_dma2(op),
        "region" => region(op),
        "mask_cast" => mask_cast(op),
        "transpose" => transpose(op),
        "log" => log(op),
        "log_buffer" => {
            let shape = op.dense_attr("shape").unwrap_or_default();
            op.ensure(op.operand(0).rank() == shape.len() as i64, || {
                "Shape must have the same length as the rank of the input".into()
            })
        }
        "fetch_and_add_sync" => fetch_and_add_sync(op),
        _ => Ok(()),
    }
}

/// `8, 128` (how MLIR diagnostics print an ArrayRef).
fn list(v: &[i64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `(8,128)` (Mosaic's shapeToString).
fn tight(v: &[i64]) -> String {
    format!(
        "({})",
        v.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn core_name(core: i32) -> &'static str {
    match core {
        CORE_TC => "tc",
        CORE_SC_SCALAR => "sc_scalar_subcore",
        CORE_SC_VECTOR => "sc_vector_subcore",
        _ => "unknown",
    }
}

const DYNAMIC: i64 = i64::MIN;

//===----------------------------------------------------------------------===//
// Reductions and vector ops
//===----------------------------------------------------------------------===//

fn reduce_index(op: Op) -> Verified {
    let (input, output) = (op.operand(0), op.result(0));
    let kind = reduction_kind(op);
    if !matches!(kind.as_deref(), Some("arg_max" | "arg_min")) {
        return op.fail("Reduction kind must be arg_max or arg_min");
    }
    if !input.elem().is_f32() {
        return op.fail("Not Implemented: Only f32 input is supported for arg_max and arg_min");
    }
    let bits = input.bitwidth();
    let out_elem = output.elem();
    if !(out_elem.is_signless_int() && out_elem.int_width() == Some(bits as u32)) {
        return op.fail(format!("Arg_max and arg_min must have i{bits} output"));
    }
    let (ins, outs) = (input.shape(), output.shape());
    let axis = op.int_attr("axis").unwrap_or(0);
    if axis < 0 || axis >= ins.len() as i64 {
        return op.fail(format!(
            "Axis must be in [0, {}), but got {axis}",
            ins.len()
        ));
    }
    if ins.len() < 2 {
        return op.fail("Not Implemented: Only input rank > 1 is supported.");
    }
    if outs.len() + 1 != ins.len() {
        return op.fail("Output rank must be one less than input rank");
    }
    let kept = ins.iter().enumerate().filter(|(i, _)| *i as i64 != axis);
    for ((i, d), o) in kept.zip(outs.iter()) {
        if d != o {
            return op.fail(format!(
                "Output shape must match input shape on non-reduction dimensions. Output shape ({}) does not match input shape ({}) at input dimension {i}",
                list(&outs),
                list(&ins)
            ));
        }
    }
    Ok(())
}

/// The keyword of the op's `kind` (#tpu.reduction_kind) attribute.
fn reduction_kind(op: Op) -> Option<String> {
    let out = attr_text(op.attr("kind")?);
    let inner = out
        .strip_prefix("#tpu.reduction_kind<")?
        .strip_suffix('>')?;
    Some(inner.to_string())
}

fn scan(op: Op) -> Verified {
    if op.core_type() != CORE_SC_VECTOR {
        return op.fail("Scan is supported only on the SC vector subcore");
    }
    let (input, output) = (op.operand(0), op.result(0));
    let i1_input = input.elem().int_width() == Some(1);
    if i1_input {
        if output.elem().int_width() != Some(32) {
            return op.fail("Output element type must be i32 vector for i1 vector inputs.");
        }
    } else if !input.elem().same_as(output.elem()) {
        return op.fail("Input and output element type mismatch.");
    }
    let (ins, outs) = (input.shape(), output.shape());
    if ins != outs {
        return op.fail(format!(
            "Input and output shape mismatch. Input shape: ({}). Output shape: ({}).",
            list(&ins),
            list(&outs)
        ));
    }
    if ins.len() > 2 {
        return op.fail("Input must be a rank 1 or 2 vector.");
    }
    let kind = reduction_kind(op).unwrap_or_default();
    if i1_input && kind != "sum" {
        return op.fail("Only sum reduction is supported for i1 vector inputs.");
    } else if !matches!(kind.as_str(), "sum" | "max" | "min") {
        return op.fail("Only sum, max and min reductions are supported.");
    }
    if op.num_operands() < 2 {
        return Ok(());
    }
    if i1_input {
        return op.fail("Mask is not supported for i1 vector inputs.");
    }
    let mask = op.operand(1).shape();
    if mask.len() != 1 {
        return op.fail("Mask must be a rank 1 vector.");
    }
    let minor = ins.last().copied().unwrap_or(0);
    op.ensure(mask[0] == minor, || {
        format!(
            "Mask and input mismatch. Expected mask of length: {minor}, but got {}.",
            mask[0]
        )
    })
}

fn dynamic_rotate(op: Op) -> Verified {
    let rank = op.result(0).rank();
    let dim = op.int_attr("dimension").unwrap_or(0);
    if dim < 0 || dim >= rank {
        return op.fail(format!("Invalid dimension: {dim}"));
    }
    let stride = op.int_attr("stride");
    let stride_dim = op.int_attr("stride_dimension");
    if stride.is_some_and(|s| s < 0) {
        return op.fail("Rotate stride must be >= 0 if it is specified");
    }
    if let Some(sd) = stride_dim {
        if sd < 0 || sd >= rank {
            return op.fail(format!("Invalid stride dimension: {sd}"));
        }
    }
    op.ensure(stride.is_some() == stride_dim.is_some(), || {
        "Expected either none or both stride and stride dimension are present".into()
    })
}

fn iota(op: Op) -> Verified {
    let rank = op.result(0).rank();
    let mut seen = vec![false; rank.max(0) as usize];
    for d in op.dense_attr("dimensions").unwrap_or_default() {
        if d < 0 || d >= rank {
            return op.fail(format!("Invalid dimension: {d}"));
        }
        if std::mem::replace(&mut seen[d as usize], true) {
            return op.fail("Dimensions must be unique");
        }
    }
    Ok(())
}

fn reshape(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if !src.elem().same_as(dst.elem()) {
        return op.fail("element type must match");
    }
    let count = |t: Ty| crate::ir::element_count(&t.shape());
    op.ensure(count(src).is_some() && count(src) == count(dst), || {
        "element count must match".into()
    })
}

/// Mosaic packs f32 into bf16 and integers into narrower integers.
fn packing_supported(op: Op, unpacked: Ty, packed: Ty) -> Verified {
    let ok = (unpacked.is_f32() && packed.is_bf16())
        || (unpacked.is_signless_int() && packed.is_signless_int());
    op.ensure(ok, || {
        "Only packing/unpacking f32 <-> bf16 and integer <-> integer is supported".into()
    })
}

fn pack_elementwise(op: Op) -> Verified {
    let n = op.num_operands();
    if n == 0 {
        return op.fail("At least one source is required");
    }
    let (src, out) = (op.operand(0), op.result(0));
    if src.bitwidth() != out.bitwidth() {
        return op.fail("All sources must have the same bitwidth as the result");
    }
    if !out.elem().is_signless_int() {
        return op.fail("Output type must be a signless integer type");
    }
    let Some(target) = op.type_attr("target_type") else {
        return op.fail("requires a target_type");
    };
    packing_supported(op, src.elem(), target)?;
    let factor = if target.bitwidth() > 0 {
        src.bitwidth() / target.bitwidth()
    } else {
        0
    };
    op.ensure(factor == n as i64, || {
        format!("The number of sources must match the packing factor ({factor}), got {n}")
    })
}

fn unpack_elementwise(op: Op) -> Verified {
    let Some(source) = op.type_attr("source_type") else {
        return op.fail("requires a source_type");
    };
    let out = op.result(0);
    packing_supported(op, out.elem(), source)?;
    let factor = if source.bitwidth() > 0 {
        out.bitwidth() / source.bitwidth()
    } else {
        0
    };
    let index = op.int_attr("index").unwrap_or(0);
    op.ensure(index < factor, || {
        format!("Index must be between 0 and the packing factor ({factor}), got {index}")
    })
}

fn dynamic_gather(op: Op) -> Verified {
    let src = op.operand(0).shape();
    let rank = src.len() as i64;
    let mut seen = vec![false; src.len()];
    for d in op.dense_attr("dimensions").unwrap_or_default() {
        if d < 0 || d >= rank {
            return op.fail(format!("Dimensions must be in [0, rank), but got {d}"));
        }
        if std::mem::replace(&mut seen[d as usize], true) {
            return op.fail("Dimensions must be unique");
        }
    }
    let out = op.result(0).shape();
    if src.len() != out.len() {
        return op.fail("Source and result shapes must have the same rank");
    }
    let ok = (0..src.len()).all(|i| seen[i] || src[i] == out[i]);
    op.ensure(ok, || {
        "Source and result shapes must match on non-gather dimensions".into()
    })
}

fn concatenate(op: Op) -> Verified {
    let n = op.num_operands();
    if n < 2 {
        return op.fail("Expected at least 2 operands for concatenate op.");
    }
    let dim = op.int_attr("dimension").unwrap_or(0);
    let first = op.operand(0);
    let first_shape = first.shape();
    for i in 0..n {
        let t = op.operand(i);
        if !t.is_vector() {
            return op.fail("Operand must be a vector type.");
        }
        if !t.elem().same_as(first.elem()) {
            return op
                .fail("Not implemented:: Expected all operands to have the same element type.");
        }
        let shape = t.shape();
        let mismatch = shape
            .iter()
            .enumerate()
            .any(|(d, s)| d as i64 != dim && first_shape.get(d) != Some(s));
        if mismatch {
            return op.fail(
                "Not implemented: Expected all operands to have the same shape outside of the concat dim",
            );
        }
    }
    // The result type jaxlib infers: the first operand's, summed along `dim`.
    let rank = first_shape.len() as i64;
    if dim < 0 || dim >= rank || (0..n).any(|i| op.operand(i).rank() <= dim) {
        return op.fail(format!("Invalid dimension: {dim}"));
    }
    let mut expected = first_shape;
    expected[dim as usize] = (0..n).map(|i| op.operand(i).shape()[dim as usize]).sum();
    let out = op.result(0);
    op.ensure(out.shape() == expected && out.elem().same_as(first.elem()), || {
        format!(
            "inferred type(s) 'vector<{}x{}>' are incompatible with return type(s) of operation '{}'",
            expected.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"),
            first.elem().text(),
            out.text()
        )
    })
}

fn bitcast(op: Op) -> Verified {
    let (input, output) = (op.operand(0), op.result(0));
    let (ib, ob) = (input.bitwidth(), output.bitwidth());
    let (mut ins, mut outs) = (input.shape(), output.shape());
    if ib != ob {
        if ins.len() < 2 || outs.len() < 2 {
            return op.fail_plain(
                "Not implemented: bitcast between different bitwidths on a 1D vector.",
            );
        }
        let (il, ol) = (ins.len(), outs.len());
        let scaled = |d: i64, bits| d.checked_mul(bits).unwrap_or(DYNAMIC);
        ins[il - 2] = scaled(ins[il - 2], ib);
        outs[ol - 2] = scaled(outs[ol - 2], ob);
        if ins != outs || ins[il - 2] == DYNAMIC {
            return op.fail_plain(
                "Expected input and output shapes are the same after multiplying the second-minor dimension by the ratio of bitwidths.",
            );
        }
    } else if ins != outs {
        return op.fail_plain(
            "Expected input and output shapes are the same when bitwidth does not change.",
        );
    }
    Ok(())
}

fn weird(op: Op) -> Verified {
    let (input, output) = (op.operand(0), op.result(0));
    if input.is_vector() {
        if !input.elem().is_f32() {
            return op.fail("Input type must be F32");
        }
        if !output.is_vector() {
            return op.fail("Output type must be a vector when input is a vector");
        }
        op.ensure(output.elem().int_width() == Some(1), || {
            "Output type must be I1".into()
        })
    } else {
        if !input.is_f32() {
            return op.fail("Input type must be F32");
        }
        op.ensure(output.int_width() == Some(1), || {
            "Output type must be I1 scalar".into()
        })
    }
}

fn stochastic_convert(op: Op) -> Verified {
    let ok = op
        .type_attr("dst_type")
        .is_some_and(|t| t.is_bf16() || t.is_stochastic_fp8());
    op.ensure(ok, || {
        "Only bf16, f8e5m2, f8e4m3fn, and f8e4m3b11fnuz are supported as destination types.".into()
    })
}

fn assume_multiple(op: Op) -> Verified {
    let multiple = op.int_attr("multiple").unwrap_or(1);
    if multiple < 1 {
        return op.fail_plain(format!("Multiple must be >= 1, got {multiple}"));
    }
    match op.constant_operand(0) {
        Some(v) if v % multiple != 0 => op.fail_plain(format!(
            "Operand is a constant {v} that is not a multiple of {multiple}"
        )),
        _ => Ok(()),
    }
}

fn mask_cast(op: Op) -> Verified {
    // Mosaic fails without a message here; say what is wrong.
    let (ins, outs) = (op.operand(0).shape(), op.result(0).shape());
    let lead = |s: &[i64]| s.iter().take(2).copied().collect::<Vec<_>>();
    op.ensure(lead(&ins) == lead(&outs), || {
        "Expected the two leading dimensions of input and result to match".into()
    })
}

fn transpose(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if !src.elem().same_as(dst.elem()) {
        return op.fail("Expected input and output element types to match");
    }
    let perm = op.dense_attr("permutation").unwrap_or_default();
    let (ins, outs) = (src.shape(), dst.shape());
    if perm.len() != ins.len() {
        return op.fail("Expected permutation rank to match input rank");
    }
    if perm.len() != outs.len() {
        return op.fail("Expected permutation rank to match output rank");
    }
    let mut seen = vec![false; ins.len()];
    for &d in &perm {
        if d < 0 || d >= ins.len() as i64 {
            return op.fail(format!("Permutation element out of bounds: {d}"));
        }
        if std::mem::replace(&mut seen[d as usize], true) {
            return op.fail(format!("Permutation element repeated: {d}"));
        }
    }
    let ok = perm.iter().zip(&outs).all(|(&p, &o)| ins[p as usize] == o);
    op.ensure(ok, || {
        "Expected input shape permuted by the given permutation to match the output shape".into()
    })
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

fn matmul(op: Op) -> Verified {
    let (lhs, rhs, acc, res) = (op.operand(0), op.operand(1), op.operand(2), op.result(0));
    if !acc.same_as(res) {
        return op.fail("Not implemented: matmul acc and result have different types");
    }
    if acc.bitwidth() != 32 {
        return op.fail("Expected matmul acc to be 32-bit");
    }
    if op.bool_attr("transpose_lhs") {
        return op.fail(
            "Lhs transpose not supported via this API - please use the dimension numbers API.",
        );
    }
    let Some(dims) = op.attr("dimension_numbers") else {
        return Ok(());
    };
    tpu_view::with_dot_dimension_lists(dims, |lists| {
        lhs.with_shape(|ls| rhs.with_shape(|rs| matmul_dimensions(op, lists, ls, rs)))
    })
}

/// The `dimension_numbers` of a matmul against its operand shapes.
fn matmul_dimensions(op: Op, lists: [&[i64]; 7], ls: &[i64], rs: &[i64]) -> Verified {
    let [lc, rc, lnc, rnc, order, lb, rb] = lists;
    if lc.len() != 1 {
        return op.fail("Not implemented: lhs contracting dims must be of size 1");
    }
    if rc.len() != 1 {
        return op.fail("Not implemented: rhs contracting dims must be of size 1");
    }
    if !lnc.is_sorted() {
        return op.fail("Not implemented: lhs non contracting dims must be sorted");
    }
    if !rnc.is_sorted() {
        return op.fail("Not implemented: rhs non contracting dims must be sorted");
    }
    if lc.len() + lnc.len() + lb.len() != ls.len() {
        return op.fail(
            "Not implemented: lhs contracting + non contracting + batch dims must be of the same size as the lhs shape",
        );
    }
    if rc.len() + rnc.len() + rb.len() != rs.len() {
        return op.fail(
            "Not implemented: rhs contracting + non contracting + batch dims must be of the same size as the rhs shape",
        );
    }
    let at = |s: &[i64], d: i64| usize::try_from(d).ok().and_then(|d| s.get(d).copied());
    // An out-of-range dim is reported by the "out of bounds" check below.
    if let (Some(l), Some(r)) = (at(ls, lc[0]), at(rs, rc[0])) {
        if l != r {
            return op
                .fail("Not implemented: lhs and rhs contracting dims must be of the same size");
        }
    }
    if lb.len() != rb.len() {
        return op.fail("Not implemented: lhs and rhs should have the same number of batch dims");
    }
    if lb.len() > 1 {
        return op.fail("Not implemented: Up to 1 batch dim supported");
    }
    for (operand, rank, groups) in [
        ("lhs", ls.len(), [lc, lnc, lb]),
        ("rhs", rs.len(), [rc, rnc, rb]),
    ] {
        let mut seen = vec![false; rank];
        for &d in groups.into_iter().flatten() {
            if d < 0 || d >= rank as i64 {
                return op.fail(format!("Illegal: Dim {d} is out of bounds for {operand}"));
            }
            if std::mem::replace(&mut seen[d as usize], true) {
                return op.fail(format!(
                    "Illegal: Dim {d} repeats in dimension numbers of {operand}"
                ));
            }
        }
        if let Some(d) = seen.iter().position(|s| !s) {
            return op.fail(format!(
                "Illegal: Dim {d} is not seen in {operand} dimension numbers"
            ));
        }
    }
    if let (Some(&l), Some(&r)) = (lb.first(), rb.first()) {
        let (lsz, rsz) = (at(ls, l).unwrap_or(0), at(rs, r).unwrap_or(0));
        if lsz != rsz {
            return op.fail("Not Implemented: batch dims must be equal");
        }
        if lsz == 0 {
            return op.fail("Illegal: batch size must be > 0");
        }
    }
    if order.len() % 2 != 0 {
        return op.fail("Illegal: output dim order must have an even number of elements.");
    }
    let expected = lb
        .iter()
        .chain(lnc)
        .flat_map(|&d| [0, d])
        .chain(rnc.iter().flat_map(|&d| [1, d]));
    op.ensure(order.iter().copied().eq(expected), || {
        "Illegal: output dim order must be in the form of [0, lhs_batch_dims, 0, lhs_non_contracting_dims, 1, rhs_non_contracting_dims]".into()
    })
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

/// What Mosaic checks on every vector store: base in VMEM (when it has a
/// memory space), matching element types, a 32-bit value when masked, and
/// a mask of the value's shape.
fn store_common(op: Op, base: Ty, value: Ty, mask: Option<Ty>) -> Verified {
    if base.memory_space().is_some() && base.tpu_space() != Some(SPACE_VMEM) {
        return op.fail("Expected base memref to be in VMEM.");
    }
    if !value.elem().same_as(base.elem()) {
        return op.fail("Expected base and valueToStore element type to match");
    }
    if let Some(mask) = mask {
        if value.bitwidth() != 32 {
            return op.fail_plain("Not implemented: masked store with non-32-bit element type");
        }
        if value.shape() != mask.shape() {
            return op.fail(format!(
                "Expected mask shape to match result shape: ({}). Got: ({}).",
                list(&value.shape()),
                list(&mask.shape())
            ));
        }
    }
    Ok(())
}

/// The load-side counterpart of [`store_common`]; the mask only needs to
/// broadcast to the result.
fn load_common(op: Op, base: Ty, value: Ty, mask: Option<Ty>) -> Verified {
    if base.memory_space().is_some() && base.tpu_space() != Some(SPACE_VMEM) {
        return op.fail("Expected base memref to be in VMEM.");
    }
    if !value.elem().same_as(base.elem()) {
        return op.fail("Expected base and result element type to match.");
    }
    if let Some(mask) = mask {
        if value.bitwidth() != 32 {
            return op.fail_plain("Not implemented: masked load with non-32-bit element type");
        }
        if !broadcastable(&mask.shape(), &value.shape()) {
            return op.fail("Expected mask shape to be broadcastable to result shape.");
        }
    }
    Ok(())
}

/// vector.broadcast's rule: trailing dims equal or 1, source rank not larger.
fn broadcastable(from: &[i64], to: &[i64]) -> bool {
    from.len() <= to.len()
        && from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&f, &t)| f == t || f == 1)
}

fn vector_store(op: Op) -> Verified {
    // Segments: valueToStore, base, indices, mask.
    if !op.dense_attr("strides").unwrap_or_default().is_empty() {
        return op.fail_plain("Not implemented: general vector store with strides.");
    }
    let base = op.operand(op.group(1).start);
    let indices = op.group(2).len() as i64;
    if indices != base.rank() {
        return op.fail(format!("Expected {} indices.", base.rank()));
    }
    let mask = op.group(3).next().map(|i| op.operand(i));
    store_common(op, base, op.operand(0), mask)
}

fn vector_load(op: Op) -> Verified {
    // Segments: base, indices, mask.
    let base = op.operand(0);
    if op.group(1).len() as i64 != base.rank() {
        return op.fail(format!("Expected {} indices.", base.rank()));
    }
    let strides = op.dense_attr("strides").unwrap_or_default();
    if !strides.is_empty() {
        if strides.len() as i64 != base.rank() {
            return op.fail(format!("Expected {} strides.", base.rank()));
        }
        return op.fail_plain("Not implemented: general vector load with strides.");
    }
    let mask = op.group(2).next().map(|i| op.operand(i));
    load_common(op, base, op.result(0), mask)
}

fn strided(op: Op, store: bool) -> Verified {
    let (base, vector, first_index, min_stride) = if store {
        (op.operand(1), op.operand(0), 2, 1)
    } else {
        (op.operand(0), op.result(0), 1, 0)
    };
    let rank = base.rank();
    let indices = op.num_operands().saturating_sub(first_index) as i64;
    let strides = op.dense_attr("strides").unwrap_or_default();
    if rank != indices {
        return op.fail_plain(format!(
            "Base memref's rank and indices size do not match: {rank} vs {indices}"
        ));
    }
    if rank != strides.len() as i64 {
        return op.fail_plain(format!(
            "Base memref's rank and strides size do not match: {rank} vs {}",
            strides.len()
        ));
    }
    if rank != vector.rank() {
        return op.fail_plain(format!(
            "Base memref's rank and result's rank do not match: {rank} vs {}",
            vector.rank()
        ));
    }
    match strides.iter().position(|&s| s < min_stride) {
        Some(i) => op.fail_plain(format!(
            "Strides[{i}]={} must be >= {min_stride}",
            strides[i]
        )),
        None => Ok(()),
    }
}

fn vector_idx(op: Op, store: bool) -> Verified {
    // Segments: [valueToStore,] base, indices, mask.
    let g = if store { 1 } else { 0 };
    let base = op.operand(op.group(g).start);
    let indices = op.group(g + 1);
    let value = if store { op.operand(0) } else { op.result(0) };
    if indices.len() as i64 != base.rank() {
        return op.fail(format!(
            "Expected one index vector for each dimension of the base memref with dimension: {}. Got: {}.",
            base.rank(),
            indices.len()
        ));
    }
    if store && value.rank() != 1 {
        return op.fail(format!(
            "Expected value to have rank 1. Got: {}.",
            value.rank()
        ));
    }
    for (n, i) in indices.enumerate() {
        let shape = op.operand(i).shape();
        if shape != value.shape() {
            return op.fail(format!(
                "Expected {} elements in indices. Got {} in index #{n}.",
                list(&value.shape()),
                list(&shape)
            ));
        }
    }
    let mask = op.group(g + 2).next().map(|i| op.operand(i));
    if store {
        store_common(op, base, value, mask)
    } else {
        load_common(op, base, value, mask)
    }
}

//===----------------------------------------------------------------------===//
// Memref views
//===----------------------------------------------------------------------===//

fn memref_slice(op: Op) -> Verified {
    // Segments: mem_ref, base_idx, dynamic_sizes.
    let (src, dst) = (op.operand(0), op.result(0));
    let src_shape = src.shape();
    if src_shape.contains(&DYNAMIC) {
        return op.fail("Only slicing of memrefs with static shapes is supported.");
    }
    if op.group(2).len() != dst.num_dynamic_dims() {
        return op.fail(
            "Number of provided dynamic dimensions sizes must match the number of dynamic dimensions in the target type.",
        );
    }
    if src.tpu_space() == Some(SPACE_SEMAPHORE) && src.elem().semaphore_kind() == 0 {
        return op.fail("References to semaphore memory space must have a semaphore element type.");
    }
    let indices = op.group(1).len();
    if indices != dst.rank() as usize || indices != src_shape.len() {
        return op.fail("Indices and slice shapes must match.");
    }
    if dst.memory_space().is_some() && !dst.same_memory_space(src) {
        return op.fail("Memory spaces must match if the target memory space is provided.");
    }
    let (src_tiled, dst_tiled) = (src.tiled_first_rank(), dst.tiled_first_rank());
    if src_tiled.is_some() != dst_tiled.is_some() {
        return op.fail("Source and target layouts must match.");
    }
    match src_tiled {
        Some(tile_rank) if tile_rank > src_shape.len() as i64 => op.fail(format!(
            "Source memref has {} dimensions, but the tiling has {tile_rank} dimensions. The memref must have at least as many dimensions as the tiling.",
            src_shape.len()
        )),
        _ => Ok(()),
    }
}

/// The dims of `src` that squeezing drops to get `dst` (Mosaic's rule:
/// match from the minor end, dropping unit dims that do not match).
fn squeezed_dims(op: Op, src: &[i64], dst: &[i64]) -> Result<Vec<usize>, Reported> {
    let invalid = || {
        op.fail_plain(format!(
            "Target shape is not valid. Source: {}, Target: {}.",
            tight(src),
            tight(dst)
        ))
    };
    let mut squeezed = Vec::new();
    let (mut s, mut t) = (src.len() as i64 - 1, dst.len() as i64 - 1);
    while s >= 0 || t >= 0 {
        let target = if t >= 0 { dst[t as usize] } else { -1 };
        if s < 0 {
            invalid()?;
        }
        let source = src[s as usize];
        if source == target {
            t -= 1;
        } else if source != 1 {
            invalid()?;
        } else {
            squeezed.push(s as usize);
        }
        s -= 1;
    }
    Ok(squeezed)
}

fn memref_squeeze(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if dst.memory_space().is_some() && !dst.same_memory_space(src) {
        return op.fail("Memory spaces do not match.");
    }
    if !src.elem().same_as(dst.elem()) {
        return op.fail("Element types don't match.");
    }
    let (ss, ds) = (src.shape(), dst.shape());
    let squeezed = squeezed_dims(op, &ss, &ds)?;
    if squeezed.is_empty() && ss != ds {
        return op.fail("Source and target shapes must be the same if no dimensions are squeezed.");
    }
    op.ensure(
        src.tiled_first_rank().is_some() == dst.tiled_first_rank().is_some(),
        || "Either both src and dst or none of them should have a tiled layout".into(),
    )
}

fn memref_reshape(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if dst.memory_space().is_some() && !dst.same_memory_space(src) {
        return op.fail("Memory spaces do not match.");
    }
    if src.rank() < 2 || dst.rank() < 2 {
        return op.fail_plain("Not implemented: 1d memref reshape.");
    }
    if !src.elem().same_as(dst.elem()) {
        return op.fail("Element types don't match.");
    }
    let count = |t: Ty| crate::ir::element_count(&t.shape());
    if count(src).is_none() || count(src) != count(dst) {
        return op.fail("Number of elements doesn't match between input and output memref type.");
    }
    if src.is_identity_layout() && dst.is_identity_layout() {
        return Ok(());
    }
    op.ensure(
        src.tiled_first_rank().is_some() && dst.tiled_first_rank().is_some(),
        || "Only identity or tiled layouts supported.".into(),
    )
}

fn memref_bitcast(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if dst.memory_space().is_some() && !dst.same_memory_space(src) {
        return op.fail("Memory spaces do not match.");
    }
    if src.rank() != dst.rank() {
        return op.fail("Ranks do not match.");
    }
    if src.rank() <= 1 {
        return op.fail("Not implemented: 1d memref bitcast.");
    }
    let (sb, db) = (src.bitwidth(), dst.bitwidth());
    let (ss, ds) = (src.shape(), dst.shape());
    for i in 0..ss.len() {
        if i == ss.len() - 2 {
            if ss[i] * sb != ds[i] * db {
                return op.fail(format!(
                    "Expected the same number of bits on the 2nd minormost dim: ({} * {sb}) vs ({} * {db})",
                    ss[i], ds[i]
                ));
            }
        } else if ss[i] != ds[i] {
            return op.fail(format!(
                "Expected the same dim size on dim {i}: {} vs {}",
                ss[i], ds[i]
            ));
        }
    }
    if dst.tiled_first_rank().is_none() {
        return Ok(());
    }
    op.ensure(src.tiled_first_rank().is_some(), || {
        "Expected a tiled layout for the input memref.".into()
    })
}

fn reinterpret_cast(op: Op) -> Verified {
    // Segments: input, dynamic_offset, dynamic_sizes.
    let (src, dst) = (op.operand(0), op.result(0));
    if !src.same_memory_space(dst) {
        let space = |t: Ty| {
            t.memory_space()
                .map(attr_text)
                .unwrap_or_else(|| "<<NULL ATTRIBUTE>>".into())
        };
        return op.fail(format!(
            "Source and target memory spaces must match, but got {} and {}",
            space(src),
            space(dst)
        ));
    }
    let (want, got) = (dst.num_dynamic_dims(), op.group(2).len());
    op.ensure(want == got, || {
        format!("expected {want} dynamic size(s) for the result type, but got {got}")
    })
}

fn erase_memref_layout(op: Op) -> Verified {
    let (src, dst) = (op.operand(0), op.result(0));
    if !src.elem().same_as(dst.elem()) {
        return op.fail("Cannot change the memref element type");
    }
    op.ensure(
        dst.memory_space().is_none() || src.same_memory_space(dst),
        || "Memref memory space must be either erased (changed to null) or preserved".into(),
    )
}

//===----------------------------------------------------------------------===//
// Ids, semaphores, DMAs
//===----------------------------------------------------------------------===//

fn core_or_subcore_id(op: Op) -> Verified {
    let Some(core) = op.ancestor_core_type() else {
        return op.fail("Failed to infer the core type from parent ops");
    };
    if core == CORE_TC {
        return op.fail(format!("Unsupported core type: {}", core_name(core)));
    }
    let mut cur = op.parent();
    while let Some(p) = cur {
        if p.name() == "func.func" {
            let semantics = p
                .attr("dimension_semantics")
                .is_some_and(tpu_view::is_array);
            // Mosaic fails without a message here; say why.
            return op.ensure(!semantics, || {
                "is not supported in a kernel with dimension_semantics".into()
            });
        }
        cur = p.parent();
    }
    Ok(())
}

fn sem_signal(op: Op) -> Verified {
    // Segments: semaphore, amount, device_id, core_id, subcore_id.
    let sem = op.operand(0);
    if sem.rank() != 0 {
        return op.fail("Semaphore reference must be rank 0");
    }
    let issuing = op.core_type();
    let target = sem.ref_core_type().unwrap_or(issuing);
    let (device, core, subcore) = (
        !op.group(2).is_empty(),
        !op.group(3).is_empty(),
        !op.group(4).is_empty(),
    );
    if !core && !device && target != issuing {
        return op.fail(format!(
            "Target core type ({}) must match source core type ({}) when device_id and core_id are not specified",
            core_name(target),
            core_name(issuing)
        ));
    }
    op.ensure(target == CORE_SC_VECTOR || !subcore, || {
        "Subcore id should not be set unless target core type is SC vector subcore".into()
    })
}

fn enqueue_dma(op: Op) -> Verified {
    // Segments: source, source_semaphore, target, target_semaphore,
    // device_id, core_id, subcore_id.
    let one = |g: usize| op.group(g).next().map(|i| op.operand(i));
    let Some(target_sem) = one(3) else {
        return op.fail("EnqueueDMA target semaphore must be provided.");
    };
    if target_sem.rank() != 0 {
        return op.fail("DMA target semaphore must be rank 0");
    }
    let source_sem = one(1);
    if let Some(s) = source_sem {
        if s.rank() != 0 {
            return op.fail("DMA source semaphore reference must be rank 0");
        }
        if !s.elem().same_as(target_sem.elem()) {
            return op.fail("DMA source and target semaphore must have the same type");
        }
    }
    let (Some(source), Some(target)) = (one(0), one(2)) else {
        return op.fail("requires a source and a target");
    };
    if !source.elem().same_as(target.elem()) {
        return op.fail("DMA source and target element type mismatch");
    }
    if source.shape() != target.shape() {
        return op.fail("DMA source and target shape mismatch.");
    }
    let remote = one(4).is_some() || one(5).is_some();
    if remote && source_sem.is_none() {
        return op
            .fail("DMA source semaphore must be specified when device_id or core_id is specified");
    }
    if source_sem.is_some() && !remote {
        return op.fail(
            "DMA destination device_id or core_id must be specified when source semaphore is specified",
        );
    }
    let priority = op.int_attr("priority").unwrap_or(0);
    if !(0..=1).contains(&priority) {
        return op.fail(format!(
            "Not implemented: only support priority 0 or 1, but got {priority}"
        ));
    }
    if priority != 0 && remote {
        return op.fail("Not implemented: non-zero priority is not supported for remote DMA");
    }
    let issuing = op.core_type();
    let target_core = target_sem.ref_core_type().unwrap_or(issuing);
    if source_sem.is_some_and(|s| s.ref_core_type().unwrap_or(issuing) != issuing) {
        return op.fail("Source semaphore and source ref core type mismatched");
    }
    if target_core != issuing && one(5).is_none() {
        return op.fail(format!(
            "Core id must be specified when target core type ({}) is different from source core type ({})",
            core_name(target_core),
            core_name(issuing)
        ));
    }
    if op.bool_attr("strict_ordering") && issuing == CORE_TC {
        return op.fail("Strict ordering is only supported on the SC scalar and vector subcores");
    }
    let smem = |t: Ty| t.tpu_space() == Some(SPACE_SMEM);
    if target_sem.elem().semaphore_kind() == ffi::TpuTypeSemaphore as i32
        && (smem(source) || smem(target))
    {
        return op.fail("Non-DMA semaphores are not supported for DMAs involving SMEM");
    }
    op.ensure(target_core == CORE_SC_VECTOR || one(6).is_none(), || {
        "Subcore id should not be set unless target core type is SC vector subcore".into()
    })
}

fn wait_dma2(op: Op) -> Verified {
    let sem = op.operand(0);
    if sem.rank() != 0 {
        return op.fail("DMA wait semaphore must be rank 0");
    }
    let issuing = op.core_type();
    op.ensure(sem.ref_core_type().unwrap_or(issuing) == issuing, || {
        "Can only await semaphores attached to the local core".into()
    })
}

//===----------------------------------------------------------------------===//
// Regions, logging, atomics
//===----------------------------------------------------------------------===//

fn region(op: Op) -> Verified {
    let ok = (0..op.num_results()).all(|i| {
        let t = op.result(i);
        t.is_vector() || t.is_index() || t.int_width().is_some() || t.is_float()
    });
    op.ensure(ok, || {
        "Region result must be float, int, index or a vector type.".into()
    })
}

fn log(op: Op) -> Verified {
    let core = op.core_type();
    let sc = core == CORE_SC_SCALAR || core == CORE_SC_VECTOR;
    if sc && op.bool_attr("formatted") {
        return op.fail("Formatted logging is not supported on SC");
    }
    if sc && op.num_operands() > 1 {
        return op.fail("SC logging only supports 0 or 1 inputs");
    }
    let vector_input = (0..op.num_operands()).any(|i| op.operand(i).is_vector());
    op.ensure(core != CORE_SC_SCALAR || !vector_input, || {
        "SC scalar subcore does not support logging vectors".into()
    })
}

fn fetch_and_add_sync(op: Op) -> Verified {
    let base = op.operand(0);
    let issuing = op.core_type();
    match base.ref_core_type().unwrap_or(issuing) {
        CORE_SC_VECTOR => {}
        CORE_SC_SCALAR => return op.fail("SC scalar subcore target not supported yet"),
        other => {
            return op.fail(format!(
                "Only SC vector subcore is supported, got {}",
                core_name(other)
            ))
        }
    }
    // Operands: base, indices..., value, core_id.
    let indices = op.num_operands().saturating_sub(3);
    op.ensure(indices as i64 == base.rank(), || {
        format!(
            "Number of indices ({indices}) must match memref rank ({})",
            base.rank()
        )
    })
}
