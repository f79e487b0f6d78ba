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
use super::tiled::{self, TRef, TILE_ROWS};
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
    /// with the swizzle of that many bytes when `swizzle`, over the tiled view
    /// `view` (whose box it then takes) when there is one.
    fn descriptor(
        &mut self,
        gmem: Value<'c, 'a>,
        box_: &[i64],
        swizzle: Option<i64>,
        view: Option<&TiledSpace>,
        split: Option<(usize, i64)>,
    ) -> Result<Value<'c, 'a>, String> {
        let t = gmem.r#type();
        let e = elem(t);
        let k = (
            gmem.to_raw().ptr as usize,
            box_.to_vec(),
            format!("{e} {swizzle:?} {:?} {split:?}", view.map(|v| &v.box_)),
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
        let (src, mut box_) = match view {
            Some(sp) => (tiled_view(&b, gmem, sp), sp.box_.clone()),
            None => (gmem, box_.to_vec()),
        };
        if let Some((d, n)) = split {
            box_[d] /= n;
        }
        let unranked = b.ty(&format!("memref<*x{e}>"));
        let u = b.val("memref.cast", &[src], unranked, &[]);
        let mut ins = vec![u];
        ins.extend(box_.iter().map(|&n| b.cidx(n)));
        let shape: Vec<String> = box_.iter().map(|n| n.to_string()).collect();
        let desc_ty = b.ty(&format!(
            "!nvgpu.tensormap.descriptor<tensor = memref<{}x{e}, 3>, swizzle = {}, l2promo = \
             none, oob = zero, interleave = none>",
            shape.join("x"),
            swizzle.map_or("none".to_string(), |s| format!("swizzle_{s}b"))
        ));
        let d = b.val("nvgpu.tma.create.descriptor", &ins, desc_ty, &[]);
        let ptr = b.ty("!llvm.ptr");
        let p = b.val("builtin.unrealized_conversion_cast", &[d], ptr, &[]);
        self.descriptors.push((k, p));
        Ok(p)
    }
}

/// How one coordinate of the tiled view comes from the copy's indices.
#[derive(Clone, Copy, Debug)]
enum Coord {
    Index(usize),
    Div(usize, i64),
    Zero,
}

/// A GMEM ref seen as tiles: the two innermost copied dimensions `R`, `C`
/// become `R/8` and `C/tc` (`tc` elements = 128 bytes) in their places,
/// with `8 x tc` appended; other dimensions stay (squeezed ones with a box
/// of 1), unit dimensions go (their only index is 0). One TMA copy of the
/// box then writes shared memory tile after tile, as the swizzled layout
/// wants.
#[derive(Clone, Debug)]
struct TiledSpace {
    sizes: Vec<i64>,
    strides: Vec<i64>,
    box_: Vec<i64>,
    coords: Vec<Coord>,
    /// The copied GMEM dimension of each view dimension (`None`: squeezed
    /// or the in-tile dimensions).
    copied: Vec<Option<usize>>,
    row: usize,
    col: usize,
}

fn tiled_space(
    t: melior::ir::r#type::Type,
    slice: &[i64],
    swizzle: i64,
) -> Result<TiledSpace, String> {
    let shape = ir::memref_shape(t);
    let n = shape.len();
    let tc = swizzle / tiled::elem_bytes(t)?;
    let bad = || {
        unsupported(format!(
            "a swizzled TMA copy of {t} with slice {slice:?} (static, row-major, whole tiles, \
             at most 5 dimensions once tiled)"
        ))
    };
    let (strides, offset) = ir::memref_strides_and_offset(t).ok_or_else(bad)?;
    let kept: Vec<usize> = (0..n).filter(|&d| slice[d] != -1).collect();
    if kept.len() < 2 || offset != 0 || strides.contains(&i64::MIN) || shape.contains(&i64::MIN) {
        return Err(bad());
    }
    let (r, c) = (kept[kept.len() - 2], kept[kept.len() - 1]);
    if strides[c] != 1
        || shape[r] % TILE_ROWS != 0
        || shape[c] % tc != 0
        || slice[r] % TILE_ROWS != 0
        || slice[c] % tc != 0
    {
        return Err(bad());
    }
    let mut sp = TiledSpace {
        sizes: vec![],
        strides: vec![],
        box_: vec![],
        coords: vec![],
        copied: vec![],
        row: 0,
        col: 0,
    };
    let mut copied = 0;
    for d in 0..n {
        let is_copied = slice[d] != -1;
        if shape[d] == 1 && d != r && d != c {
            copied += usize::from(is_copied);
            continue;
        }
        let (size, stride, box_, coord) = if d == r {
            sp.row = sp.sizes.len();
            (
                shape[d] / TILE_ROWS,
                strides[d] * TILE_ROWS,
                slice[d] / TILE_ROWS,
                Coord::Div(d, TILE_ROWS),
            )
        } else if d == c {
            sp.col = sp.sizes.len();
            (shape[d] / tc, tc, slice[d] / tc, Coord::Div(d, tc))
        } else {
            (shape[d], strides[d], slice[d].max(1), Coord::Index(d))
        };
        sp.sizes.push(size);
        sp.strides.push(stride);
        sp.box_.push(box_);
        sp.coords.push(coord);
        sp.copied.push(is_copied.then_some(copied));
        copied += usize::from(is_copied);
    }
    sp.sizes.extend([TILE_ROWS, tc]);
    sp.strides.extend([strides[r], 1]);
    sp.box_.extend([TILE_ROWS, tc]);
    sp.coords.extend([Coord::Zero, Coord::Zero]);
    sp.copied.extend([None, None]);
    if sp.sizes.len() > 5 {
        return Err(bad());
    }
    Ok(sp)
}

/// `g` reinterpreted as the view of `sp`.
fn tiled_view<'c, 'a>(b: &B<'_, 'c, 'a>, g: Value<'c, 'a>, sp: &TiledSpace) -> Value<'c, 'a> {
    let dims: Vec<String> = sp.sizes.iter().map(|d| d.to_string()).collect();
    let strs: Vec<String> = sp.strides.iter().map(|d| d.to_string()).collect();
    let vt = b.ty(&format!(
        "memref<{}x{}, strided<[{}]>>",
        dims.join("x"),
        elem(g.r#type()),
        strs.join(", ")
    ));
    b.val(
        "memref.reinterpret_cast",
        &[g],
        vt,
        &[
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 0, 0, 0])),
            ("static_offsets", b.dense_i64_attr(&[0])),
            ("static_sizes", b.dense_i64_attr(&sp.sizes)),
            ("static_strides", b.dense_i64_attr(&sp.strides)),
        ],
    )
}

/// Coordinates of a copy in memref order (of the tiled view when there is
/// one); TMA takes them innermost first.
fn coordinates<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    indices: &[Value<'c, 'a>],
    space: Option<&TiledSpace>,
) -> Vec<Value<'c, 'a>> {
    let i32t = b.i32();
    let idx: Vec<Value> = indices.iter().map(|&v| b.index_cast(v, i32t)).collect();
    let Some(sp) = space else {
        return idx;
    };
    sp.coords
        .iter()
        .map(|c| match *c {
            Coord::Index(d) => idx[d],
            Coord::Div(d, k) => b.bin("arith.divui", idx[d], b.ci32(k)),
            Coord::Zero => b.ci32(0),
        })
        .collect()
}

/// The shared memory pointer of a copy. A swizzled copy must cover its
/// whole (dense) tiled ref.
fn smem_side<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    smem: Value<'c, 'a>,
    tref: Option<TRef<'c, 'a>>,
    slice: &[i64],
) -> Result<Value<'c, 'a>, String> {
    let kept: Vec<i64> = slice.iter().copied().filter(|&n| n != -1).collect();
    match tref {
        Some(r) => {
            if r.shape != kept || !r.is_dense() || r.transposed {
                return Err(unsupported(
                    "a swizzled TMA copy of part of a tiled shared memory ref",
                ));
            }
            Ok(tiled::smem_byte_ptr(l, b, r.offset))
        }
        None => smem_ptr(b, smem),
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
    if ir::int_attr(&op, "oob_fill_mode").is_some_and(|m| m != 2) {
        return Err(unsupported(
            "TMA loads whose out-of-bounds elements are not zeros",
        ));
    }
    let collective: Vec<usize> = op
        .attribute("collective")
        .map(|a| {
            ir::array_elements(a)
                .into_iter()
                .filter_map(ir::integer_attr_value)
                .map(|d| d as usize)
                .collect()
        })
        .unwrap_or_default();
    let cluster = l.cluster;
    if collective.iter().any(|&d| d > 2) {
        return Err(format!("collective dimensions {collective:?} past z"));
    }
    let n: i64 = collective.iter().map(|&d| cluster[d]).product();
    let ops = operands(&op);
    let (src, dst, bar) = (ops[0], ops[1], ops[2]);
    let box_ = box_of(&op)?;
    let slice = slice_lengths(&op)?;
    // The box in the descriptor's space (the tiled view of 8-row tiles).
    let viewed = tref.as_ref().filter(|r| r.row_unit == TILE_ROWS);
    let space = match viewed {
        Some(r) => Some(tiled_space(src.r#type(), &slice, r.swizzle)?),
        None => None,
    };
    let space_box = space
        .as_ref()
        .map_or_else(|| box_.clone(), |sp| sp.box_.clone());
    // With a cluster multicast, each block of the collective loads 1/n of
    // the slice along the first dimension n divides (leading unit
    // dimensions skipped; not the innermost of a swizzled copy) into the
    // same place of every block's shared memory.
    let split = if n > 1 {
        let limit = if tref.is_some() {
            space_box.len() - 1
        } else {
            space_box.len()
        };
        let d = (0..limit)
            .find(|&d| space_box[d] != 1)
            .filter(|&d| space_box[d] % n == 0)
            .ok_or_else(|| {
                unsupported(format!(
                    "a multicast TMA load of box {space_box:?} over {n} blocks (its first \
                     non-unit dimension must divide)"
                ))
            })?;
        Some((d, n))
    } else {
        None
    };
    let desc = l.descriptor(
        src,
        &box_,
        tref.as_ref().map(|r| r.swizzle),
        space.as_ref(),
        split,
    )?;
    l.rw.set_insertion_point_before(&op);
    let b = l.b(&op);
    let mbar = barrier_ptr(bar)?;
    // Earlier reads of the destination by other threads must be done.
    if l.auto_barriers {
        l.warpgroup_barrier(&b);
    }
    let smem_strides = match (viewed, &space) {
        (Some(r), Some(sp)) => {
            // Bytes per step of each view dimension in the tiled ref:
            // tiles along rows and columns, copied leading dimensions by
            // the ref's strides, squeezed ones never stepped.
            let mut s = vec![0; sp.box_.len()];
            s[sp.row] = r.row_tile_stride;
            s[sp.col] = r.col_tile_stride;
            for (v, c) in sp.copied.iter().enumerate() {
                if let Some(k) = c {
                    if v != sp.row && v != sp.col {
                        s[v] = r.lead_strides.get(*k).copied().unwrap_or(0);
                    }
                }
            }
            s
        }
        _ => {
            let e = tiled::elem_bytes(dst.r#type())?;
            (0..box_.len())
                .map(|d| box_[d + 1..].iter().product::<i64>() * e)
                .collect()
        }
    };
    let mut dst_ptr = smem_side(l, &b, dst, tref, &slice)?;
    let mut coords = coordinates(&b, &ops[3..3 + seg[3] as usize], space.as_ref());
    let mut mask = None;
    if let Some((d, n)) = split {
        if smem_strides[d] == 0 {
            return Err(unsupported(
                "a multicast split of a leading dimension of tiled memory",
            ));
        }
        let part = space_box[d] / n;
        let index = b.index();
        let i32t = b.i32();
        // This block's index in the collective (x fastest), and the mask of
        // the blocks that share its position in the other dimensions.
        let mut idx = b.cidx(0);
        let mut stride = 1;
        for &c in &collective {
            let id = b.val(
                "gpu.cluster_block_id",
                &[],
                index,
                &[(
                    "dimension",
                    b.attr(&format!("#gpu<dim {}>", ["x", "y", "z"][c])),
                )],
            );
            idx = b.add(idx, b.mul(id, b.cidx(stride)));
            stride *= cluster[c];
        }
        let strides = [1, cluster[0], cluster[0] * cluster[1]];
        let mut unshifted = 0i64;
        let sizes: Vec<i64> = collective.iter().map(|&c| cluster[c]).collect();
        let total: i64 = sizes.iter().product();
        for flat in 0..total {
            let (mut rest, mut bit) = (flat, 0);
            for (k, &c) in collective.iter().enumerate() {
                bit += rest % sizes[k] * strides[c];
                rest /= sizes[k];
            }
            unshifted |= 1 << bit;
        }
        let mut shift = b.ci32(0);
        for c in 0..3 {
            if !collective.contains(&c) && cluster[c] != 1 {
                let id = b.val(
                    "gpu.cluster_block_id",
                    &[],
                    index,
                    &[(
                        "dimension",
                        b.attr(&format!("#gpu<dim {}>", ["x", "y", "z"][c])),
                    )],
                );
                let id = b.index_cast(id, i32t);
                shift = b.add(shift, b.mul(id, b.ci32(strides[c])));
            }
        }
        let m = b.bin("arith.shli", b.ci32(unshifted), shift);
        let i16t = b.ty("i16");
        mask = Some(b.val("arith.trunci", &[m], i16t, &[]));
        let off = b.mul(idx, b.cidx(part));
        let off32 = b.index_cast(off, i32t);
        coords[d] = b.add(coords[d], off32);
        let bytes = b.mul(idx, b.cidx(part * smem_strides[d]));
        let i64t = b.i64();
        let bytes = b.index_cast(bytes, i64t);
        let p3 = dst_ptr.r#type();
        dst_ptr = b.val(
            "llvm.getelementptr",
            &[dst_ptr, bytes],
            p3,
            &[
                ("elem_type", b.attr("i8")),
                ("rawConstantIndices", b.dense_i32_attr(&[i32::MIN])),
            ],
        );
    }
    coords.reverse();
    let mut ins = vec![dst_ptr, desc];
    ins.extend(&coords);
    ins.push(mbar);
    ins.extend(mask);
    ins.push(l.ctx().warpgroup_leader);
    let k = coords.len() as i32;
    let m = i32::from(mask.is_some());
    b.op(
        "nvvm.cp.async.bulk.tensor.shared.cluster.global",
        &ins,
        &[],
        &[(
            "operandSegmentSizes",
            b.dense_i32_attr(&[1, 1, k, 1, 0, m, 0, 1]),
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
    if tref.is_none() && contiguous_window(dst.r#type(), &box_) {
        return bulk_store(l, op, src, dst, &ops[2..2 + seg[2] as usize], &box_);
    }
    let space = match tref.as_ref().filter(|r| r.row_unit == TILE_ROWS) {
        Some(r) => Some(tiled_space(dst.r#type(), &slice, r.swizzle)?),
        None => None,
    };
    let desc = l.descriptor(
        dst,
        &box_,
        tref.as_ref().map(|r| r.swizzle),
        space.as_ref(),
        None,
    )?;
    l.rw.set_insertion_point_before(&op);
    let b = l.b(&op);
    let src_ptr = smem_side(l, &b, src, tref, &slice)?;
    let mut coords = coordinates(&b, &ops[2..2 + seg[2] as usize], space.as_ref());
    coords.reverse();
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

/// Whether the window `box_` of GMEM type `t` is one contiguous range of
/// memory (every dimension but the leading copied one whole, or copied
/// once).
fn contiguous_window(t: melior::ir::r#type::Type, box_: &[i64]) -> bool {
    let Some((strides, offset)) = ir::memref_strides_and_offset(t) else {
        return false;
    };
    if strides.contains(&i64::MIN) || offset == i64::MIN || strides.last() != Some(&1) {
        return false;
    }
    let mut expect = 1;
    for (d, &n) in box_.iter().enumerate().rev() {
        if n != 1 && strides[d] != expect {
            return false;
        }
        expect *= n;
    }
    true
}

/// A store of unswizzled shared memory to a contiguous GMEM window: a plain
/// bulk copy of its bytes (no descriptor), as jaxlib does, clamped to the
/// end of the GMEM ref; one thread of the warpgroup issues it.
fn bulk_store<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
    box_: &[i64],
) -> Result<(), String> {
    let t = dst.r#type();
    let (strides, offset) = ir::memref_strides_and_offset(t).ok_or("no strides")?;
    let shape = ir::memref_shape(t);
    if shape.contains(&i64::MIN) {
        return Err(unsupported(format!("a bulk store to {t} (dynamic shape)")));
    }
    let e = tiled::elem_bytes(t)?;
    l.rw.set_insertion_point_before(&op);
    let b = l.b(&op);
    let src_ptr = smem_ptr(&b, src)?;
    let index = b.index();
    let mut linear = b.cidx(offset);
    for (d, &i) in indices.iter().enumerate() {
        let i = b.index_cast(i, index);
        linear = b.add(linear, b.mul(i, b.cidx(strides[d])));
    }
    let total = b.cidx(shape.iter().product());
    let within = b.bin("arith.minui", linear, total);
    let left = b.mul(b.sub(total, within), b.cidx(e));
    let bytes = b.bin(
        "arith.minui",
        b.cidx(box_.iter().product::<i64>() * e),
        left,
    );
    let i32t = b.i32();
    let bytes = b.index_cast(bytes, i32t);
    let base = b.val(
        "memref.extract_aligned_pointer_as_index",
        &[dst],
        index,
        &[],
    );
    let addr = b.add(base, b.mul(linear, b.cidx(e)));
    let i64t = b.i64();
    let addr = b.index_cast(addr, i64t);
    let global = b.ty("!llvm.ptr<1>");
    let gptr = b.val("llvm.inttoptr", &[addr], global, &[]);
    let yield_op = b.if_then(l.ctx().warpgroup_leader);
    l.rw.set_insertion_point_before(&yield_op);
    let inner = l.b(&op);
    inner.op(
        "nvvm.cp.async.bulk.global.shared.cta",
        &[gptr, src_ptr, bytes],
        &[],
        &[(
            "operandSegmentSizes",
            inner.dense_i32_attr(&[1, 1, 1, 0, 0]),
        )],
    );
    l.rw.set_insertion_point_before(&op);
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
