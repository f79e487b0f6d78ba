//! Shared memory slices and the register-level vector loads and stores.
//!
//! A strided fragment is read and written with one `vector.load`/
//! `vector.store` per register on the memref collapsed to one dimension:
//! register `i` of thread `t` lives at element `(i * 128 + t) * vec`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::fragments::{self, Frag, Layout, WARPGROUP};
use super::{elem, tiled, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

const DYNAMIC: i64 = i64::MIN;

/// Whether a transforms annotation entry (`[[...]]`) holds no transform.
pub(super) fn no_transforms(op: &OperationRef, name: &str) -> Result<(), String> {
    if let Ok(a) = op.attribute(name) {
        for t in ir::array_elements(a) {
            if ir::array_len(t) != 0 {
                return Err(unsupported(format!(
                    "shared memory with transforms ({name} = {a})"
                )));
            }
        }
    }
    Ok(())
}

/// `mosaic_gpu.slice_smem`: a view of the dynamic shared memory at the
/// slice's offset (barrier arrays as `i64` words, cast back to the barrier
/// type their users take).
pub(super) fn slice_smem<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let offset = ir::int_attr(&op, "offset").ok_or("slice_smem without an offset")?;
    let result = ir::result_of(op, 0);
    let rt = result.r#type();
    let b = l.b(&op);
    if let Some(entry) = op
        .attribute("out_transforms")
        .ok()
        .and_then(|a| ir::array_element(a, 0))
    {
        let shape = ir::memref_shape(rt);
        let bytes = tiled::elem_bytes(rt)?;
        if let Some((rows, swizzle)) = tiled::parse_transforms(entry, &shape, bytes)? {
            if offset % (tiled::TILE_ROWS * swizzle) != 0 {
                return Err(unsupported(
                    "swizzled shared memory not aligned to its 8-row tiles",
                ));
            }
            let r = tiled::dense(b.cidx(offset), &shape, bytes, rows, swizzle);
            l.set_tref(result, r);
            l.done.push(op);
            return Ok(());
        }
    }
    let smem = l.ctx().smem;
    let at = b.cidx(offset);
    let barrier = elem(rt).to_string().contains("!mosaic_gpu.barrier");
    let view_ty = if barrier {
        ir::memref_type(&ir::memref_shape(rt), b.i64(), ir::memref_memory_space(rt))
    } else {
        if !ir::has_identity_layout(rt) {
            return Err(unsupported(format!("a shared memory slice of type {rt}")));
        }
        rt
    };
    let mut v = b.val("memref.view", &[smem, at], view_ty, &[]);
    if barrier {
        v = b.val("builtin.unrealized_conversion_cast", &[v], rt, &[]);
    }
    l.rw.replace_all_uses_with(result, v);
    l.done.push(op);
    Ok(())
}

/// `ref` collapsed to one dimension (it must be contiguous, row-major).
fn flatten<'c, 'a>(b: &B<'_, 'c, 'a>, r: Value<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    let t = r.r#type();
    let shape = ir::memref_shape(t);
    if shape.contains(&DYNAMIC) {
        return Err(unsupported(format!(
            "a vector load or store on {t} (dynamic shape)"
        )));
    }
    let (strides, offset) = ir::memref_strides_and_offset(t)
        .ok_or_else(|| unsupported(format!("a vector load or store on {t}")))?;
    // Unit dimensions may have any stride.
    let mut expect = 1;
    for d in (0..shape.len()).rev() {
        if shape[d] != 1 && strides[d] != expect {
            return Err(unsupported(format!(
                "a vector load or store on non-contiguous {t}"
            )));
        }
        expect *= shape[d];
    }
    if shape.len() == 1 {
        return Ok(r);
    }
    let n: i64 = shape.iter().product();
    let e = elem(t);
    let space = ir::memref_memory_space(t)
        .map(|s| format!(", {s}"))
        .unwrap_or_default();
    let layout = if ir::has_identity_layout(t) {
        String::new()
    } else if offset == DYNAMIC {
        ", strided<[1], offset: ?>".to_string()
    } else {
        format!(", strided<[1], offset: {offset}>")
    };
    let flat = b.ty(&format!("memref<{n}x{e}{layout}{space}>"));
    let all: Vec<String> = (0..shape.len()).map(|d| d.to_string()).collect();
    let reassoc = b.attr(&format!("[[{}]]", all.join(", ")));
    Ok(b.val(
        "memref.collapse_shape",
        &[r],
        flat,
        &[("reassociation", reassoc)],
    ))
}

/// The element index of each register of a strided fragment of this thread.
fn register_offsets<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    layout: &Layout,
) -> Vec<Value<'c, 'a>> {
    let Layout::Strided { vec, .. } = layout else {
        return vec![];
    };
    let base = b.mul(l.ctx().tid_index, b.cidx(*vec));
    (0..layout.registers() as i64)
        .map(|i| {
            if i == 0 {
                base
            } else {
                b.add(base, b.cidx(i * WARPGROUP * vec))
            }
        })
        .collect()
}

pub(super) fn vector_load<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let src = ir::operand_at(&op, 0).ok_or("vector_load without a source")?;
    let result = ir::result_of(op, 0);
    let layout =
        fragments::single_layout_of(&op, "out_layouts", &ir::memref_shape(result.r#type()))?;
    let b = l.b(&op);
    if let Some(r) = l.tref(src) {
        if !matches!(layout, Layout::Wgmma { .. }) {
            return Err(unsupported(format!(
                "a load in layout {layout:?} from tiled, swizzled shared memory"
            )));
        }
        let f = tiled::load_wgmma(l, &b, &r, layout, elem(result.r#type()))?;
        l.replace_vector(op, 0, f);
        return Ok(());
    }
    no_transforms(&op, "in_transforms")?;
    if let Layout::Wgmma { shape } = &layout {
        let flat = flatten(&b, src)?;
        let rt = layout.register_type(elem(result.r#type()));
        let regs = wgmma_flat_indices(l, &b, shape)
            .into_iter()
            .map(|at| b.val("vector.load", &[flat, at], rt, &[]))
            .collect();
        l.replace_vector(op, 0, Frag { layout, regs });
        return Ok(());
    }
    if let Layout::WgmmaCol { shape } = &layout {
        if ir::memref_shape(src.r#type()) != *shape {
            return Err(format!("loading a {shape:?} vector from {}", src.r#type()));
        }
        // Every thread reads its column pairs (copies in other lanes/warps).
        let lane = b.bin("arith.remui", l.ctx().tid_index, b.cidx(4));
        let col0 = b.mul(lane, b.cidx(2));
        let rt = layout.register_type(elem(result.r#type()));
        let regs = (0..shape[0] / 8)
            .map(|i| {
                let at = b.add(col0, b.cidx(i * 8));
                b.val("vector.load", &[src, at], rt, &[])
            })
            .collect();
        l.replace_vector(op, 0, Frag { layout, regs });
        return Ok(());
    }
    if !matches!(layout, Layout::Strided { .. }) {
        return Err(unsupported(format!("a vector load in layout {layout:?}")));
    }
    if ir::memref_shape(src.r#type()) != layout.shape() {
        return Err(format!(
            "loading a {:?} vector from {}",
            layout.shape(),
            src.r#type()
        ));
    }
    let flat = flatten(&b, src)?;
    let rt = layout.register_type(elem(result.r#type()));
    let regs = register_offsets(l, &b, &layout)
        .into_iter()
        .map(|at| b.val("vector.load", &[flat, at], rt, &[]))
        .collect();
    l.replace_vector(op, 0, Frag { layout, regs });
    Ok(())
}

pub(super) fn vector_store<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    if op.has_attribute("atomic_type") {
        return Err(unsupported("atomic vector stores"));
    }
    if op
        .attribute("multimem")
        .map(|a| a.to_string() == "true")
        .unwrap_or(false)
    {
        return Err(unsupported("multimem vector stores"));
    }
    let v = ir::operand_at(&op, 0).ok_or("vector_store without a value")?;
    let dst = ir::operand_at(&op, 1).ok_or("vector_store without a destination")?;
    let shape = ir::memref_shape(v.r#type());
    let layout = fragments::single_layout_of(&op, "in_layouts", &shape)?;
    let b = l.b(&op);
    let regs = l.regs_in(&b, v, &layout)?;
    let tref = l.tref(dst);
    if tref.is_none() {
        no_transforms(&op, "in_transforms")?;
    }
    // Other threads of the warpgroup may still read what this overwrites,
    // and will read what it writes (jaxlib puts the barriers around every
    // vector store, to global memory too).
    if l.auto_barriers {
        l.warpgroup_barrier(&b);
    }
    match (&layout, tref) {
        (Layout::Wgmma { .. }, Some(r)) => tiled::store_wgmma(l, &b, &regs, &r, &shape)?,
        (Layout::Wgmma { shape }, None) => {
            let flat = flatten(&b, dst)?;
            for (r, at) in regs.into_iter().zip(wgmma_flat_indices(l, &b, shape)) {
                b.op("vector.store", &[r, flat, at], &[], &[]);
            }
        }
        (Layout::Strided { .. }, None) => {
            if ir::memref_shape(dst.r#type()) != shape {
                return Err(format!("storing a {shape:?} vector into {}", dst.r#type()));
            }
            let flat = flatten(&b, dst)?;
            for (r, at) in regs.into_iter().zip(register_offsets(l, &b, &layout)) {
                b.op("vector.store", &[r, flat, at], &[], &[]);
            }
        }
        _ => {
            return Err(unsupported(format!(
                "a vector store in layout {layout:?} to this memory"
            )))
        }
    }
    if l.auto_barriers {
        l.warpgroup_barrier(&b);
    }
    l.done.push(op);
    Ok(())
}

/// Element index of each WGMMA-layout register in the row-major flattened
/// `shape`.
fn wgmma_flat_indices<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    shape: &[i64],
) -> Vec<Value<'c, 'a>> {
    tiled::wgmma_register_coords(l, b, shape[0], shape[1])
        .into_iter()
        .map(|(row, col)| b.add(b.mul(row, b.cidx(shape[1])), col))
        .collect()
}
