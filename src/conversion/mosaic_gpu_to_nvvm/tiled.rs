//! Shared memory refs with transforms (`tile<[8, 128 / bytes]>` then
//! `swizzle<128>`, what WGMMA operands and their TMA copies use), and the
//! WGMMA register layout's loads and stores.
//!
//! Such a ref is not a memref any more: the last two dimensions are cut
//! into tiles of 8 rows of 128 bytes, stored one after the other (1024
//! bytes each), and within a tile the 16-byte chunks of row `r` are
//! permuted by `chunk ^ r` (the 128-byte swizzle). The pass tracks each
//! one as a byte offset into the dynamic shared memory with its strides.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::fragments::{Frag, Layout};
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// Rows per tile (each row is one swizzle span of 32, 64 or 128 bytes).
pub(super) const TILE_ROWS: i64 = 8;

const DYNAMIC: i64 = i64::MIN;

/// A tiled, swizzled shared memory ref.
#[derive(Clone)]
pub(crate) struct TRef<'c, 'a> {
    /// Byte offset of element 0 in the dynamic shared memory (`index`).
    pub offset: Value<'c, 'a>,
    /// The logical shape.
    pub shape: Vec<i64>,
    /// Byte strides of the dimensions before the last two.
    pub lead_strides: Vec<i64>,
    /// Bytes between vertically and horizontally adjacent tiles.
    pub row_tile_stride: i64,
    pub col_tile_stride: i64,
    pub elem_bytes: i64,
    /// The swizzle span in bytes (32, 64 or 128): the bytes of a tile row.
    pub swizzle: i64,
    /// Rows of the transform's tiles: 8, or 1 for `tile<[1, cols]>` on a
    /// ref one tile wide (the same bytes as 8-row tiles, but views and
    /// copies may start and end at any row).
    pub row_unit: i64,
    /// Whether the logical last two dimensions are the physical ones
    /// swapped (`memref.transpose`): only WGMMA operands take those.
    pub transposed: bool,
}

impl TRef<'_, '_> {
    /// Elements per tile row.
    pub fn tile_cols(&self) -> i64 {
        self.swizzle / self.elem_bytes
    }

    /// Bytes per 8-row tile.
    pub fn tile_bytes(&self) -> i64 {
        TILE_ROWS * self.swizzle
    }

    /// Whether the tiles of the ref are stored densely, row-major by tile
    /// (what one TMA copy of the whole ref writes).
    pub fn is_dense(&self) -> bool {
        let n = self.shape.len();
        let per_row = self.shape[n - 1] / self.tile_cols();
        let mut expect = self.shape[n - 2] * self.shape[n - 1] * self.elem_bytes;
        let mut dense = self.col_tile_stride == self.tile_bytes()
            && self.row_tile_stride == per_row * self.tile_bytes();
        for d in (0..n - 2).rev() {
            dense &= self.lead_strides[d] == expect;
            expect *= self.shape[d];
        }
        dense
    }
}

/// The transforms of an annotation entry: `Ok(None)` for none,
/// `Ok(Some((rows, swizzle)))` for a tiling of `rows` (8, or 1 on a ref one
/// tile wide) by one swizzle span (`swizzle` = 32, 64 or 128 bytes) with that
/// swizzle, on a ref of `shape` and `elem_bytes`.
pub(super) fn parse_transforms(
    entry: melior::ir::attribute::Attribute,
    shape: &[i64],
    elem_bytes: i64,
) -> Result<Option<(i64, i64)>, String> {
    let items: Vec<String> = ir::array_elements(entry)
        .into_iter()
        .map(|a| a.to_string())
        .collect();
    if items.is_empty() {
        return Ok(None);
    }
    let n = shape.len();
    for swizzle in [128, 64, 32] {
        let cols = swizzle / elem_bytes.max(1);
        let fits = cols > 0 && n >= 2 && shape[n - 2] % TILE_ROWS == 0 && shape[n - 1] % cols == 0;
        for rows in [TILE_ROWS, 1] {
            let tile = format!("#mosaic_gpu.tile<[{rows}, {cols}]>");
            let sw = format!("#mosaic_gpu.swizzle<{swizzle} : i32>");
            let one_wide = rows == TILE_ROWS || (n >= 2 && shape[n - 1] == cols);
            if items == [tile, sw] && fits && one_wide {
                return Ok(Some((rows, swizzle)));
            }
        }
    }
    Err(unsupported(format!(
        "shared memory transforms [{}] on a ref of shape {shape:?} (only tile<[8, S / bytes]> \
         with the S-byte swizzle, S = 32, 64 or 128, on whole tiles, or tile<[1, S / bytes]> on \
         a ref that wide)",
        items.join(", ")
    )))
}

/// The dense tiled ref of `shape` at byte `offset`.
pub(super) fn dense<'c, 'a>(
    offset: Value<'c, 'a>,
    shape: &[i64],
    elem_bytes: i64,
    row_unit: i64,
    swizzle: i64,
) -> TRef<'c, 'a> {
    let n = shape.len();
    let cols = swizzle / elem_bytes;
    let tile_bytes = TILE_ROWS * swizzle;
    let row_tile_stride = shape[n - 1] / cols * tile_bytes;
    let mut lead_strides = vec![0; n - 2];
    let mut stride = shape[n - 2] * shape[n - 1] * elem_bytes;
    for d in (0..n - 2).rev() {
        lead_strides[d] = stride;
        stride *= shape[d];
    }
    TRef {
        offset,
        shape: shape.to_vec(),
        lead_strides,
        row_tile_stride,
        col_tile_stride: tile_bytes,
        elem_bytes,
        swizzle,
        row_unit,
        transposed: false,
    }
}

pub(super) fn elem_bytes(t: melior::ir::r#type::Type) -> Result<i64, String> {
    let e = elem(t);
    ir::bit_width(e)
        .filter(|b| b % 8 == 0)
        .map(|b| b as i64 / 8)
        .ok_or_else(|| unsupported(format!("shared memory of {e}")))
}

/// `memref.subview`, `memref.cast` and `mosaic_gpu.with_transforms` of a
/// tiled ref: the ref they view.
pub(super) fn view<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
    src: TRef<'c, 'a>,
) -> Result<(), String> {
    let name = ir::op_name_of(&op);
    let result = ir::result_of(op, 0);
    if src.transposed && name != "memref.cast" && name != "mosaic_gpu.with_transforms" {
        return Err(unsupported(format!(
            "`{name}` of transposed tiled shared memory"
        )));
    }
    let out = match name {
        "memref.subview" => subview(l, &op, &src, &ir::memref_shape(result.r#type()))?,
        "memref.transpose" => {
            let perm = op
                .attribute("permutation")
                .map(|a| a.to_string())
                .unwrap_or_default();
            if src.shape.len() != 2 || !perm.contains("(d0, d1) -> (d1, d0)") {
                return Err(unsupported(format!(
                    "this transpose of tiled shared memory ({perm})"
                )));
            }
            TRef {
                shape: vec![src.shape[1], src.shape[0]],
                transposed: true,
                ..src
            }
        }
        _ => src,
    };
    l.set_tref(result, out);
    l.done.push(op);
    Ok(())
}

fn subview<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    src: &TRef<'c, 'a>,
    result_shape: &[i64],
) -> Result<TRef<'c, 'a>, String> {
    let static_offsets = op
        .attribute("static_offsets")
        .map(ir::dense_i64)
        .map_err(|_| "subview without static_offsets".to_string())?;
    let sizes = op
        .attribute("static_sizes")
        .map(ir::dense_i64)
        .map_err(|_| "subview without static_sizes".to_string())?;
    let strides = op
        .attribute("static_strides")
        .map(ir::dense_i64)
        .map_err(|_| "subview without static_strides".to_string())?;
    if strides.iter().any(|&s| s != 1) || sizes.contains(&DYNAMIC) {
        return Err(unsupported(
            "a strided or dynamically sized view of tiled shared memory",
        ));
    }
    let n = src.shape.len();
    let (rows, cols) = (sizes[n - 2], sizes[n - 1]);
    let tc = src.tile_cols();
    if rows % src.row_unit != 0 || cols % tc != 0 {
        return Err(unsupported(
            "a view of tiled shared memory that cuts through tiles",
        ));
    }
    // Leading unit dimensions dropped, the last two kept.
    let dropped = n - result_shape.len();
    if result_shape.len() < 2
        || result_shape[result_shape.len() - 2..] != [rows, cols]
        || sizes[..dropped].iter().any(|&s| s != 1)
    {
        return Err(unsupported(
            "this rank-reducing view of tiled shared memory",
        ));
    }
    let mut dynamic = operands(op).into_iter().skip(1);
    let b = l.b(op);
    let mut offset = src.offset;
    let mut static_bytes = 0;
    for (d, &o) in static_offsets.iter().enumerate() {
        // Bytes per `unit` along the dimension.
        let (stride, unit) = if d + 2 < n {
            (src.lead_strides[d], 1)
        } else if d == n - 2 {
            // One-wide refs of 1-row tiles: a row is 1/8 of an 8-row tile.
            (src.row_tile_stride * src.row_unit / TILE_ROWS, src.row_unit)
        } else {
            (src.col_tile_stride, tc)
        };
        if o == DYNAMIC {
            // Into the tiled dimensions, a dynamic offset is taken to be a
            // whole number of tiles (as jaxlib does: the view's extent
            // there is whole tiles).
            let v = dynamic.next().ok_or("subview without its dynamic offset")?;
            let units = if unit == 1 {
                v
            } else {
                b.bin("arith.divui", v, b.cidx(unit))
            };
            offset = b.add(offset, b.mul(units, b.cidx(stride)));
        } else {
            if o % unit != 0 {
                return Err(unsupported(
                    "a view of tiled shared memory that cuts through tiles",
                ));
            }
            static_bytes += o / unit * stride;
        }
    }
    if static_bytes != 0 {
        offset = b.add(offset, b.cidx(static_bytes));
    }
    Ok(TRef {
        offset,
        shape: result_shape.to_vec(),
        lead_strides: src.lead_strides[dropped..].to_vec(),
        row_tile_stride: src.row_tile_stride,
        col_tile_stride: src.col_tile_stride,
        elem_bytes: src.elem_bytes,
        swizzle: src.swizzle,
        row_unit: src.row_unit,
        transposed: false,
    })
}

/// The byte offset (in the dynamic shared memory) of each register of a
/// WGMMA-layout fragment of `r`, in register order.
fn wgmma_register_bytes<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    r: &TRef<'c, 'a>,
    m: i64,
    n: i64,
) -> Result<Vec<Value<'c, 'a>>, String> {
    if r.shape.len() != 2 || r.shape != [m, n] || r.transposed {
        return Err(unsupported(format!(
            "a WGMMA-layout vector of {m}x{n} against tiled shared memory of shape {:?}",
            r.shape
        )));
    }
    let tid = l.ctx().tid_index;
    let lane = b.bin("arith.remui", tid, b.cidx(32));
    let warp = b.bin("arith.divui", tid, b.cidx(32));
    // The row within its tile is lane / 4 for every register of the thread;
    // the swizzle permutes the 16-byte chunks of a row by address bits 7..
    // of the offset in the tile (the row for 128-byte rows, half of it for
    // 64, a quarter for 32), the same for all registers of the thread.
    let rr = b.bin("arith.divui", lane, b.cidx(4));
    let row_start = b.mul(rr, b.cidx(r.swizzle));
    let base = b.add(
        r.offset,
        b.add(b.mul(warp, b.cidx(2 * r.row_tile_stride)), row_start),
    );
    let col_bytes = b.mul(
        b.bin("arith.remui", lane, b.cidx(4)),
        b.cidx(2 * r.elem_bytes),
    );
    let chunk_mask = b.bin(
        "arith.shli",
        b.bin(
            "arith.andi",
            b.bin("arith.shrui", row_start, b.cidx(7)),
            b.cidx(r.swizzle / 16 - 1),
        ),
        b.cidx(4),
    );
    let tc = r.tile_cols();
    let mut out = vec![];
    for mb in 0..m / 64 {
        for i in 0..n / 8 {
            let (ct, cc) = ((i * 8) / tc, (i * 8) % tc);
            for h in 0..2 {
                let tile = (mb * 8 + h) * r.row_tile_stride + ct * r.col_tile_stride;
                let in_row = b.bin(
                    "arith.xori",
                    b.add(col_bytes, b.cidx(cc * r.elem_bytes)),
                    chunk_mask,
                );
                out.push(b.add(b.add(base, b.cidx(tile)), in_row));
            }
        }
    }
    Ok(out)
}

/// `!llvm.ptr<3>` at byte `at` of the dynamic shared memory.
pub(super) fn smem_byte_ptr<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    at: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let i64t = b.i64();
    let at = b.index_cast(at, i64t);
    let base = l.ctx().smem_ptr;
    b.val(
        "llvm.getelementptr",
        &[base, at],
        base.r#type(),
        &[
            ("elem_type", b.attr("i8")),
            ("rawConstantIndices", b.dense_i32_attr(&[i32::MIN])),
        ],
    )
}

/// A WGMMA-layout `vector_store` into tiled, swizzled shared memory.
pub(super) fn store_wgmma<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    regs: &[Value<'c, 'a>],
    dst: &TRef<'c, 'a>,
    shape: &[i64],
) -> Result<(), String> {
    let at = wgmma_register_bytes(l, b, dst, shape[0], shape[1])?;
    for (r, at) in regs.iter().zip(at) {
        let p = smem_byte_ptr(l, b, at);
        b.op("llvm.store", &[*r, p], &[], &[]);
    }
    Ok(())
}

/// A WGMMA-layout `vector_load` from tiled, swizzled shared memory.
pub(super) fn load_wgmma<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    src: &TRef<'c, 'a>,
    layout: Layout,
    elem_ty: melior::ir::r#type::Type<'c>,
) -> Result<Frag<'c, 'a>, String> {
    let shape = layout.shape().to_vec();
    let at = wgmma_register_bytes(l, b, src, shape[0], shape[1])?;
    let rt = layout.register_type(elem_ty);
    let regs = at
        .into_iter()
        .map(|at| {
            let p = smem_byte_ptr(l, b, at);
            b.val("llvm.load", &[p], rt, &[])
        })
        .collect();
    Ok(Frag { layout, regs })
}

/// Row and column (as `index`) of each register of a WGMMA-layout fragment
/// of an `m x n` vector, in register order.
pub(super) fn wgmma_register_coords<'c, 'a>(
    l: &Lowerer<'_, 'c, 'a>,
    b: &B<'_, 'c, 'a>,
    m: i64,
    n: i64,
) -> Vec<(Value<'c, 'a>, Value<'c, 'a>)> {
    let tid = l.ctx().tid_index;
    let lane = b.bin("arith.remui", tid, b.cidx(32));
    let warp = b.bin("arith.divui", tid, b.cidx(32));
    let row0 = b.add(
        b.mul(warp, b.cidx(16)),
        b.bin("arith.divui", lane, b.cidx(4)),
    );
    let col0 = b.mul(b.bin("arith.remui", lane, b.cidx(4)), b.cidx(2));
    let mut out = vec![];
    for mb in 0..m / 64 {
        for i in 0..n / 8 {
            for h in 0..2 {
                out.push((
                    b.add(row0, b.cidx(mb * 64 + 8 * h)),
                    b.add(col0, b.cidx(i * 8)),
                ));
            }
        }
    }
    out
}
