//! TMA copies between global and shared memory.
//!
//! The descriptor of each (global memref, box) pair is made once on the
//! host, in front of the `gpu.launch`, by upstream
//! `nvgpu.tma.create.descriptor` (a device pointer to the encoded tensor
//! map at run time); the kernel captures it as an `!llvm.ptr`. One thread
//! of the warpgroup issues each copy; loads complete on the barrier their
//! `arrive_expect_tx` armed, stores are committed to a bulk group.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::barriers::barrier_ptr;
use super::memory::no_transforms;
use super::tiled::{self, TRef, SWIZZLE, TILE_ROWS};
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// TMA boxes are at most 256 elements along each dimension.
const MAX_BOX: i64 = 256;

fn slice_lengths(op: &OperationRef) -> Result<Vec<i64>, String> {
    op.attribute("slice_lengths")
        .ok()
        .and_then(ir::attrs::as_dense_i64)
        .ok_or_else(|| "no slice_lengths".to_string())
}

/// The box of a copy: `slice_lengths` with squeezed dimensions (-1) as 1.
fn box_of(op: &OperationRef) -> Result<Vec<i64>, String> {
    let lens = slice_lengths(op)?;
    let boxed: Vec<i64> = lens.iter().map(|&n| if n == -1 { 1 } else { n }).collect();
    if let Some(n) = boxed.iter().find(|&&n| !(1..=MAX_BOX).contains(&n)) {
        return Err(unsupported(format!(
            "a TMA copy with a slice of {n} elements along a dimension (one TMA box holds 1 to \
             {MAX_BOX}; jaxlib splits such copies)"
        )));
    }
    Ok(boxed)
}

/// The base address of a contiguous shared memory ref, as `!llvm.ptr<3>`.
fn smem_ptr<'c, 'a>(b: &B<'_, 'c, 'a>, r: Value<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    let t = r.r#type();
    let shape = ir::memref_shape(t);
    let (strides, _) = ir::memref_strides_and_offset(t)
        .ok_or_else(|| unsupported(format!("a TMA copy with shared memory {t}")))?;
    let mut expect = 1;
    for d in (0..shape.len()).rev() {
        if strides[d] != expect {
            return Err(unsupported(format!(
                "a TMA copy with non-contiguous shared memory {t}"
            )));
        }
        expect *= shape[d];
    }
    let e = elem(t);
    let bytes = ir::bit_width(e).ok_or_else(|| unsupported(format!("elements of type {e}")))? / 8;
    let index = b.index();
    let rank = shape.len();
    let space = ir::memref_memory_space(t);
    let base_ty = ir::memref_type(&[], e, space);
    let mut results = vec![base_ty, index];
    results.extend(std::iter::repeat_n(index, 2 * rank));
    let meta = b.op("memref.extract_strided_metadata", &[r], &results, &[]);
    let offset = ir::result_of(meta, 1);
    let aligned = b.val("memref.extract_aligned_pointer_as_index", &[r], index, &[]);
    let addr = b.add(aligned, b.mul(offset, b.cidx(bytes as i64)));
    let i64t = b.i64();
    let addr = b.index_cast(addr, i64t);
    let p3 = b.ty("!llvm.ptr<3>");
    Ok(b.val("llvm.inttoptr", &[addr], p3, &[]))
}

impl<'r, 'c, 'a> Lowerer<'r, 'c, 'a> {
    /// The host-made descriptor of `gmem` with `box` (made on first use),
    /// over the tiled view with the 128-byte swizzle when `swizzled`.
    fn descriptor(
        &mut self,
        gmem: Value<'c, 'a>,
        box_: &[i64],
        swizzled: bool,
    ) -> Result<Value<'c, 'a>, String> {
        let t = gmem.r#type();
        let e = elem(t);
        let k = (
            gmem.to_raw().ptr as usize,
            box_.to_vec(),
            format!("{e}{}", if swizzled { " swizzled" } else { "" }),
        );
        if let Some((_, d)) = self.descriptors.iter().find(|(key, _)| *key == k) {
            return Ok(*d);
        }
        // The descriptor is made before the launch: the GMEM ref must be
        // available there.
        let defined_inside = match ir::defining_op(gmem) {
            Some(def) => {
                let mut p = Some(def);
                let mut inside = false;
                while let Some(o) = p {
                    if o == self.launch {
                        inside = true;
                        break;
                    }
                    p = o.parent_operation();
                }
                inside
            }
            None => ir::block_arg_owner(gmem).is_some_and(|(o, _)| o == self.launch),
        };
        if defined_inside || ir::memref_memory_space(t).is_some() {
            return Err(unsupported(format!(
                "a TMA copy whose global memory ref ({t}) is not a kernel operand"
            )));
        }
        if ir::memref_shape(t).len() != box_.len() {
            return Err(format!(
                "slice_lengths has {} entries for a rank-{} ref",
                box_.len(),
                ir::memref_shape(t).len()
            ));
        }
        self.rw.set_insertion_point_before(&self.launch);
        let b = B::new(self.rw, self.launch.location());
        let (src, box_) = if swizzled {
            tiled_gmem_view(&b, gmem, box_)?
        } else {
            (gmem, box_.to_vec())
        };
        let unranked = b.ty(&format!("memref<*x{e}>"));
        let u = b.val("memref.cast", &[src], unranked, &[]);
        let mut ins = vec![u];
        ins.extend(box_.iter().map(|&n| b.cidx(n)));
        let shape: Vec<String> = box_.iter().map(|n| n.to_string()).collect();
        let desc_ty = b.ty(&format!(
            "!nvgpu.tensormap.descriptor<tensor = memref<{}x{e}, 3>, swizzle = {}, l2promo = \
             none, oob = zero, interleave = none>",
            shape.join("x"),
            if swizzled { "swizzle_128b" } else { "none" }
        ));
        let d = b.val("nvgpu.tma.create.descriptor", &ins, desc_ty, &[]);
        let ptr = b.ty("!llvm.ptr");
        let p = b.val("builtin.unrealized_conversion_cast", &[d], ptr, &[]);
        self.descriptors.push((k, p));
        Ok(p)
    }
}

/// GMEM `g` (row-major, `... x R x C`) viewed as `... x R/8 x C/tc x 8 x tc`
/// tiles (`tc` elements = 128 bytes), and `box` in that view: one TMA copy
/// then writes shared memory in the tiled order the swizzled layout wants.
fn tiled_gmem_view<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    g: Value<'c, 'a>,
    box_: &[i64],
) -> Result<(Value<'c, 'a>, Vec<i64>), String> {
    let t = g.r#type();
    let shape = ir::memref_shape(t);
    let n = shape.len();
    let bytes = tiled::elem_bytes(t)?;
    let tc = SWIZZLE / bytes;
    let (strides, offset) = ir::memref_strides_and_offset(t)
        .ok_or_else(|| unsupported(format!("a swizzled TMA copy of {t}")))?;
    if !(2..=3).contains(&n)
        || offset != 0
        || strides[n - 1] != 1
        || strides.contains(&i64::MIN)
        || shape.contains(&i64::MIN)
        || shape[n - 2] % TILE_ROWS != 0
        || shape[n - 1] % tc != 0
        || box_[n - 2] % TILE_ROWS != 0
        || box_[n - 1] % tc != 0
    {
        return Err(unsupported(format!(
            "a swizzled TMA copy of {t} with box {box_:?} (rank 2 or 3, static, whole tiles)"
        )));
    }
    let mut sizes = shape[..n - 2].to_vec();
    sizes.extend([shape[n - 2] / TILE_ROWS, shape[n - 1] / tc, TILE_ROWS, tc]);
    let mut view_strides = strides[..n - 2].to_vec();
    view_strides.extend([strides[n - 2] * TILE_ROWS, tc, strides[n - 2], 1]);
    let mut tiled_box = box_[..n - 2].to_vec();
    tiled_box.extend([box_[n - 2] / TILE_ROWS, box_[n - 1] / tc, TILE_ROWS, tc]);
    let dims: Vec<String> = sizes.iter().map(|d| d.to_string()).collect();
    let strs: Vec<String> = view_strides.iter().map(|d| d.to_string()).collect();
    let vt = b.ty(&format!(
        "memref<{}x{}, strided<[{}]>>",
        dims.join("x"),
        elem(t),
        strs.join(", ")
    ));
    let v = b.val(
        "memref.reinterpret_cast",
        &[g],
        vt,
        &[
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 0, 0, 0])),
            ("static_offsets", b.dense_i64_attr(&[0])),
            ("static_sizes", b.dense_i64_attr(&sizes)),
            ("static_strides", b.dense_i64_attr(&view_strides)),
        ],
    );
    Ok((v, tiled_box))
}

/// Coordinates of a copy: the start indices, innermost dimension first (in
/// the tiled view of a swizzled copy: the tile indices, then 0, 0).
fn coordinates<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    indices: &[Value<'c, 'a>],
    swizzled: Option<i64>,
) -> Vec<Value<'c, 'a>> {
    let i32t = b.i32();
    let mut idx: Vec<Value> = indices.iter().map(|&v| b.index_cast(v, i32t)).collect();
    if let Some(tc) = swizzled {
        let n = idx.len();
        idx[n - 2] = b.bin("arith.divui", idx[n - 2], b.ci32(TILE_ROWS));
        idx[n - 1] = b.bin("arith.divui", idx[n - 1], b.ci32(tc));
        idx.extend([b.ci32(0), b.ci32(0)]);
    }
    idx.reverse();
    idx
}

/// The shared memory side of a copy: its pointer and, when swizzled, the
/// tile width. A swizzled copy must cover its whole (dense) tiled ref.
fn smem_side<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    smem: Value<'c, 'a>,
    tref: Option<TRef<'c, 'a>>,
    slice: &[i64],
) -> Result<(Value<'c, 'a>, Option<i64>), String> {
    let kept: Vec<i64> = slice.iter().copied().filter(|&n| n != -1).collect();
    match tref {
        Some(r) => {
            if r.shape != kept || !r.is_dense() {
                return Err(unsupported(
                    "a swizzled TMA copy of part of a tiled shared memory ref",
                ));
            }
            Ok((tiled::smem_byte_ptr(l, b, r.offset), Some(r.tile_cols())))
        }
        None => Ok((smem_ptr(b, smem)?, None)),
    }
}

fn segments(op: &OperationRef) -> Vec<i32> {
    op.attribute("operandSegmentSizes")
        .map(ir::dense_i32)
        .unwrap_or_default()
}

pub(super) fn async_load<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let tref = ir::operand_at(&op, 1).and_then(|v| l.tref(v));
    if tref.is_none() {
        no_transforms(&op, "in_transforms")?;
    }
    let seg = segments(&op);
    if seg.len() != 5 || seg[4] != 0 {
        return Err(unsupported("a predicated TMA load"));
    }
    if op.attribute("collective").map(ir::array_len).unwrap_or(0) != 0 {
        return Err(unsupported("collective (multicast) TMA loads"));
    }
    if ir::int_attr(&op, "oob_fill_mode").is_some_and(|m| m != 2) {
        return Err(unsupported(
            "TMA loads whose out-of-bounds elements are not zeros",
        ));
    }
    let ops = operands(&op);
    let (src, dst, bar) = (ops[0], ops[1], ops[2]);
    let box_ = box_of(&op)?;
    let slice = slice_lengths(&op)?;
    let desc = l.descriptor(src, &box_, tref.is_some())?;
    l.rw.set_insertion_point_before(&op);
    let b = l.b(&op);
    let mbar = barrier_ptr(&b, bar)?;
    // Earlier reads of the destination by other threads must be done.
    if l.auto_barriers {
        l.warpgroup_barrier(&b);
    }
    let (dst_ptr, swizzled) = smem_side(l, &b, dst, tref, &slice)?;
    let coords = coordinates(&b, &ops[3..3 + seg[3] as usize], swizzled);
    let mut ins = vec![dst_ptr, desc];
    ins.extend(&coords);
    ins.push(mbar);
    ins.push(l.ctx().warpgroup_leader);
    let k = coords.len() as i32;
    b.op(
        "nvvm.cp.async.bulk.tensor.shared.cluster.global",
        &ins,
        &[],
        &[(
            "operandSegmentSizes",
            b.dense_i32_attr(&[1, 1, k, 1, 0, 0, 0, 1]),
        )],
    );
    l.done.push(op);
    Ok(())
}

pub(super) fn async_store<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let tref = ir::operand_at(&op, 0).and_then(|v| l.tref(v));
    if tref.is_none() {
        no_transforms(&op, "in_transforms")?;
    }
    let seg = segments(&op);
    if seg.len() != 5 || seg[3] != 0 || seg[4] != 0 {
        return Err(unsupported("a predicated or remote TMA store"));
    }
    if op.has_attribute("reduction_op") {
        return Err(unsupported("reducing TMA stores"));
    }
    if op
        .attribute("is_global_broadcast")
        .map(|a| a.to_string() == "true")
        .unwrap_or(false)
    {
        return Err(unsupported("broadcasting TMA stores"));
    }
    let ops = operands(&op);
    let (src, dst) = (ops[0], ops[1]);
    let box_ = box_of(&op)?;
    let slice = slice_lengths(&op)?;
    let desc = l.descriptor(dst, &box_, tref.is_some())?;
    l.rw.set_insertion_point_before(&op);
    let b = l.b(&op);
    let (src_ptr, swizzled) = smem_side(l, &b, src, tref, &slice)?;
    let coords = coordinates(&b, &ops[2..2 + seg[2] as usize], swizzled);
    let mut ins = vec![desc, src_ptr];
    ins.extend(&coords);
    ins.push(l.ctx().warpgroup_leader);
    let k = coords.len() as i32;
    b.op(
        "nvvm.cp.async.bulk.tensor.global.shared.cta",
        &ins,
        &[],
        &[("operandSegmentSizes", b.dense_i32_attr(&[1, 1, k, 0, 1]))],
    );
    if op
        .attribute("commit_group")
        .map(|a| a.to_string() == "true")
        .unwrap_or(false)
    {
        b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    }
    l.done.push(op);
    Ok(())
}
