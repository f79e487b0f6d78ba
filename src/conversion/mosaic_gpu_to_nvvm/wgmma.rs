//! `mosaic_gpu.wgmma`: warpgroup matrix multiply-accumulate with both
//! operands in tiled, 128-byte swizzled shared memory and the accumulator in
//! WGMMA-layout registers.
//!
//! Each 64-row block of the accumulator is one `!llvm.struct` of `N / 2`
//! f32 (element `4 i + 2 h + j` is element `j` of register `(i, h)`), updated
//! by one upstream `nvvm.wgmma.mma_async` m64nNk16 per 16 columns of K. The
//! operands are shared memory matrix descriptors: A (M x K, K contiguous) is
//! K-major: its stride byte offset is the distance between 8-row tiles, its
//! leading byte offset unused, a K step moves 32 bytes within the swizzled
//! row; B (K x N, N contiguous) is MN-major (`layoutB = row`, transposed):
//! leading byte offset = distance between 64-column tiles, stride byte
//! offset = distance between 8-row tiles, a K step moves two tiles down.

use melior::ir::operation::OperationRef;
use melior::ir::{Value, ValueLike};

use super::fragments::{self, Frag, Layout};
use super::tiled::{SWIZZLE, TILE_ROWS};
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// The 64-bit shared memory matrix descriptor of the operand at byte
/// `at` of the dynamic shared memory (128-byte swizzle).
fn descriptor<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    at: Value<'c, 'a>,
    leading: i64,
    stride: i64,
) -> Value<'c, 'a> {
    let i64t = b.i64();
    let p = super::tiled::smem_byte_ptr(l, b, at);
    let addr = b.val("llvm.ptrtoint", &[p], i64t, &[]);
    let c = |v: i64| {
        b.val(
            "arith.constant",
            &[],
            i64t,
            &[("value", b.int_attr(v, i64t))],
        )
    };
    let start = b.bin("arith.shrui", b.bin("arith.andi", addr, c(0x3FFFF)), c(4));
    let fixed = ((leading & 0x3FFFF) >> 4) << 16 | ((stride & 0x3FFFF) >> 4) << 32 | 1 << 62;
    b.bin("arith.ori", start, c(fixed))
}

fn wgmma_type(t: melior::ir::r#type::Type) -> Option<&'static str> {
    match t.to_string().as_str() {
        "f16" => Some("f16"),
        "bf16" => Some("bf16"),
        _ => None,
    }
}

pub(super) fn wgmma<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    use melior::ir::operation::OperationLike;
    for a in ["transpose_lhs", "transpose_rhs"] {
        if op.has_attribute(a) {
            return Err(unsupported(format!("WGMMA with `{a}`")));
        }
    }
    let ins = operands(&op);
    if ins.len() != 3 {
        return Err(unsupported("WGMMA with these operands"));
    }
    let (acc, a, bm) = (ins[0], ins[1], ins[2]);
    let result = ir::result_of(op, 0);
    let shape = ir::memref_shape(result.r#type());
    let layout = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    if !matches!(layout, Layout::Wgmma { .. }) || !ir::is_f32(elem(result.r#type())) {
        return Err(unsupported(
            "WGMMA accumulators other than f32 in the WGMMA layout",
        ));
    }
    let ta = l
        .tref(a)
        .ok_or_else(|| unsupported("WGMMA with an A operand in registers or untiled memory"))?;
    let tb = l
        .tref(bm)
        .ok_or_else(|| unsupported("WGMMA with a B operand in untiled memory"))?;
    let (m, n) = (shape[0], shape[1]);
    let k = ta.shape[ta.shape.len() - 1];
    let ty = wgmma_type(elem(a.r#type()))
        .filter(|t| Some(*t) == wgmma_type(elem(bm.r#type())))
        .ok_or_else(|| unsupported("WGMMA operands other than both f16 or both bf16"))?;
    if ta.shape != [m, k] || tb.shape != [k, n] || k % 16 != 0 || n > 256 {
        return Err(unsupported(format!(
            "WGMMA of {:?} x {:?} into {m}x{n}",
            ta.shape, tb.shape
        )));
    }
    let b = l.b(&op);
    let regs = l.regs_in(&b, acc, &layout)?;
    let f32t = b.ty("f32");
    let st = b.ty(&format!(
        "!llvm.struct<({})>",
        vec!["f32"; (n / 2) as usize].join(", ")
    ));
    let attrs = [
        ("layoutA", b.attr("#nvvm.mma_layout<row>")),
        ("layoutB", b.attr("#nvvm.mma_layout<row>")),
        ("scaleA", b.attr("#nvvm.wgmma_scale_in<one>")),
        ("scaleB", b.attr("#nvvm.wgmma_scale_in<one>")),
        ("scaleD", b.attr("#nvvm.wgmma_scale_out<one>")),
        (
            "shape",
            b.attr(&format!("#nvvm.shape<m = 64, n = {n}, k = 16>")),
        ),
        ("typeA", b.attr(&format!("#nvvm.wgmma_type<{ty}>"))),
        ("typeB", b.attr(&format!("#nvvm.wgmma_type<{ty}>"))),
        ("typeD", b.attr("#nvvm.wgmma_type<f32>")),
    ];
    let tile_cols = ta.tile_cols();
    let per_block = (n / 8 * 2) as usize;
    let mut out = vec![];
    for mb in 0..(m / 64) as usize {
        let block = &regs[mb * per_block..(mb + 1) * per_block];
        let mut s = b.val("llvm.mlir.undef", &[], st, &[]);
        for (r, reg) in block.iter().enumerate() {
            for j in 0..2 {
                let x = b.val(
                    "vector.extract",
                    &[*reg],
                    f32t,
                    &[("static_position", b.dense_i64_attr(&[j]))],
                );
                s = b.val(
                    "llvm.insertvalue",
                    &[s, x],
                    st,
                    &[("position", b.dense_i64_attr(&[(2 * r) as i64 + j]))],
                );
            }
        }
        for kk in 0..k / 16 {
            let kcol = kk * 16;
            let a_at = b.add(
                ta.offset,
                b.cidx(
                    mb as i64 * 64 / TILE_ROWS * ta.row_tile_stride
                        + kcol / tile_cols * ta.col_tile_stride
                        + kcol % tile_cols * ta.elem_bytes,
                ),
            );
            let b_at = b.add(tb.offset, b.cidx(kcol / TILE_ROWS * tb.row_tile_stride));
            let da = descriptor(l, &b, a_at, 0, ta.row_tile_stride);
            let db = descriptor(l, &b, b_at, tb.col_tile_stride, tb.row_tile_stride);
            s = b.val("nvvm.wgmma.mma_async", &[s, da, db], st, &attrs);
        }
        let v2 = ir::vector_type(&[2], f32t);
        for r in 0..per_block {
            let xs: Vec<Value> = (0..2)
                .map(|j| {
                    b.val(
                        "llvm.extractvalue",
                        &[s],
                        f32t,
                        &[("position", b.dense_i64_attr(&[(2 * r) as i64 + j]))],
                    )
                })
                .collect();
            out.push(b.val("vector.from_elements", &xs, v2, &[]));
        }
    }
    let _ = SWIZZLE;
    l.replace_vector(op, 0, Frag { layout, regs: out });
    Ok(())
}
