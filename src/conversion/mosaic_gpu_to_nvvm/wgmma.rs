//! `mosaic_gpu.wgmma`: warpgroup matrix multiply-accumulate with both
//! operands in tiled, 128-byte swizzled shared memory and the accumulator in
//! WGMMA-layout registers.
//!
//! Each 64-row block of the accumulator is one `!llvm.struct` of `N / 2`
//! f32 (element `4 i + 2 h + j` is element `j` of register `(i, h)`), updated
//! by one m64nNk16 WGMMA per 16 columns of K. Shared memory operands are
//! matrix descriptors. A (M x K, K contiguous) is K-major: its stride byte
//! offset is the distance between 8-row tiles, its leading byte offset
//! unused, a K step moves 32 bytes within the swizzled row. B (K x N) is
//! MN-major when N is contiguous (`layoutB = row`, transposed): leading
//! byte offset = distance between 64-column tiles, stride byte offset =
//! distance between 8-row tiles, a K step moves two tiles down; it is
//! K-major when it is a `memref.transpose` of an N x K tile (`layoutB =
//! col`), with A's descriptor rules. With both in shared memory the
//! instruction is upstream `nvvm.wgmma.mma_async`. A in registers (f16/bf16
//! in the WGMMA layout, which is the instruction's A fragment: registers
//! `(2 kk, 0), (2 kk, 1), (2 kk + 1, 0), (2 kk + 1, 1)` are its four 32-bit
//! operands for K step `kk`) has no upstream op: it is written as PTX in
//! `llvm.inline_asm`.

use melior::ir::operation::OperationRef;
use melior::ir::{Value, ValueLike};

use super::fragments::{self, Frag, Layout};
use super::tiled::TILE_ROWS;
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// The 64-bit shared memory matrix descriptor of the operand at byte
/// `at` of the dynamic shared memory, with a `swizzle`-byte swizzle.
fn descriptor<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    at: Value<'c, 'a>,
    leading: i64,
    stride: i64,
    swizzle: i64,
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
    // Swizzle modes: 1 = 128 bytes, 2 = 64, 3 = 32.
    let mode: i64 = match swizzle {
        128 => 1,
        64 => 2,
        _ => 3,
    };
    let fixed = ((leading & 0x3FFFF) >> 4) << 16 | ((stride & 0x3FFFF) >> 4) << 32 | mode << 62;
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
    let (m, n) = (shape[0], shape[1]);
    let tb = l
        .tref(bm)
        .ok_or_else(|| unsupported("WGMMA with a B operand in untiled memory"))?;
    let ty = wgmma_type(elem(a.r#type()))
        .filter(|t| Some(*t) == wgmma_type(elem(bm.r#type())))
        .ok_or_else(|| unsupported("WGMMA operands other than both f16 or both bf16"))?;
    // A: tiled shared memory, or registers in the WGMMA layout.
    let ta = l.tref(a);
    let a_shape = ir::memref_shape(a.r#type());
    if a_shape.len() != 2 {
        return Err(unsupported(format!(
            "WGMMA with an A operand of shape {a_shape:?}"
        )));
    }
    let k = a_shape[1];
    let b = l.b(&op);
    let a_regs = match &ta {
        Some(_) => None,
        None if ir::is_vector(a.r#type()) => {
            let a_layout = fragments::layouts(&op, "in_layouts")?
                .get(1)
                .cloned()
                .ok_or("no in_layouts entry for the A operand")?
                .shaped(&a_shape)?;
            if !matches!(a_layout, Layout::Wgmma { .. }) {
                return Err(unsupported(format!(
                    "WGMMA with A in registers in {a_layout:?}"
                )));
            }
            Some(l.regs_in(&b, a, &a_layout)?)
        }
        None => return Err(unsupported("WGMMA with an A operand in untiled memory")),
    };
    if ta.as_ref().is_some_and(|r| r.row_unit != TILE_ROWS) || tb.row_unit != TILE_ROWS {
        return Err(unsupported("WGMMA operands tiled by single rows"));
    }
    let a_transposed = ta.as_ref().is_some_and(|r| r.transposed);
    if a_shape != [m, k] || tb.shape != [k, n] || k % 16 != 0 || n > 256 {
        return Err(unsupported(format!(
            "WGMMA of {a_shape:?} x {:?} into {m}x{n}",
            tb.shape
        )));
    }
    let regs = l.regs_in(&b, acc, &layout)?;
    let f32t = b.ty("f32");
    let i32t = b.i32();
    let half = (n / 2) as usize;
    let st = b.ty(&format!("!llvm.struct<({})>", vec!["f32"; half].join(", ")));
    let layout_b = if tb.transposed { "col" } else { "row" };
    let attrs = [
        (
            "layoutA",
            b.attr(if a_transposed {
                "#nvvm.mma_layout<col>"
            } else {
                "#nvvm.mma_layout<row>"
            }),
        ),
        ("layoutB", b.attr(&format!("#nvvm.mma_layout<{layout_b}>"))),
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
    // The PTX of a register-A WGMMA: the accumulators are tied in-out
    // operands, then the four A registers, B's descriptor and the scale-d
    // predicate's source.
    let asm = {
        let ds: Vec<String> = (0..half).map(|i| format!("${i}")).collect();
        let a0 = 2 * half;
        format!(
            "{{ .reg .pred p; setp.ne.b32 p, ${}, 0; wgmma.mma_async.sync.aligned.m64n{n}k16.f32.\
             {ty}.{ty} {{{}}}, {{${},${},${},${}}}, ${}, p, 1, 1, {}; }}",
            a0 + 5,
            ds.join(","),
            a0,
            a0 + 1,
            a0 + 2,
            a0 + 3,
            a0 + 4,
            u8::from(!tb.transposed)
        )
    };
    let constraints = {
        let mut c: Vec<String> = vec!["=f".into(); half];
        c.extend((0..half).map(|i| i.to_string()));
        c.extend(["r", "r", "r", "r", "l", "n"].map(String::from));
        c.join(",")
    };
    let b_desc = |kcol: i64| -> Value<'c, 'a> {
        if tb.transposed {
            let at = b.add(
                tb.offset,
                b.cidx(
                    kcol / tb.tile_cols() * tb.col_tile_stride
                        + kcol % tb.tile_cols() * tb.elem_bytes,
                ),
            );
            descriptor(l, &b, at, 0, tb.row_tile_stride, tb.swizzle)
        } else {
            let at = b.add(tb.offset, b.cidx(kcol / TILE_ROWS * tb.row_tile_stride));
            descriptor(
                l,
                &b,
                at,
                tb.col_tile_stride,
                tb.row_tile_stride,
                tb.swizzle,
            )
        }
    };
    // The A registers were just written by this thread: PTX wants a WGMMA
    // fence between that and the WGMMAs reading them.
    if a_regs.is_some() {
        b.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
    }
    let per_block = (n / 8 * 2) as usize;
    let a_groups = (k / 8 * 2) as usize;
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
            match (&ta, &a_regs) {
                (Some(ta), _) => {
                    let tile_cols = ta.tile_cols();
                    let m0 = mb as i64 * 64;
                    // K-major A steps K within its swizzled rows; a transposed
                    // (MN-major) A has M along its rows, K down its tiles.
                    let (a_at, lbo) = if a_transposed {
                        let at = m0 / tile_cols * ta.col_tile_stride
                            + m0 % tile_cols * ta.elem_bytes
                            + kcol / TILE_ROWS * ta.row_tile_stride;
                        (at, ta.col_tile_stride)
                    } else {
                        let at = m0 / TILE_ROWS * ta.row_tile_stride
                            + kcol / tile_cols * ta.col_tile_stride
                            + kcol % tile_cols * ta.elem_bytes;
                        (at, 0)
                    };
                    let a_at = b.add(ta.offset, b.cidx(a_at));
                    let da = descriptor(l, &b, a_at, lbo, ta.row_tile_stride, ta.swizzle);
                    let db = b_desc(kcol);
                    s = b.val("nvvm.wgmma.mma_async", &[s, da, db], st, &attrs);
                }
                (None, Some(ar)) => {
                    let db = b_desc(kcol);
                    let mut operands: Vec<Value> = (0..half)
                        .map(|j| {
                            b.val(
                                "llvm.extractvalue",
                                &[s],
                                f32t,
                                &[("position", b.dense_i64_attr(&[j as i64]))],
                            )
                        })
                        .collect();
                    let base = mb * a_groups + 4 * kk as usize;
                    for r in &ar[base..base + 4] {
                        operands.push(b.val("llvm.bitcast", &[*r], i32t, &[]));
                    }
                    operands.push(db);
                    operands.push(b.val(
                        "llvm.mlir.constant",
                        &[],
                        i32t,
                        &[("value", b.int_attr(1, i32t))],
                    ));
                    s = b.val(
                        "llvm.inline_asm",
                        &operands,
                        st,
                        &[
                            ("asm_string", ir::string_attr(b.loc, &asm)),
                            ("constraints", ir::string_attr(b.loc, &constraints)),
                            ("has_side_effects", b.attr("unit")),
                        ],
                    );
                }
                (None, None) => return Err("WGMMA without an A operand".into()),
            }
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
    l.replace_vector(op, 0, Frag { layout, regs: out });
    Ok(())
}
