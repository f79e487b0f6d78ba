//! Whole-tile compute in the warpgroup conventions. `arith` and `math` ops
//! stay as they are (with `afn` on the transcendental ones under
//! `approx_math`); reductions carry the shared-memory scratch they may use;
//! broadcasts of vectors become `mosaic_gpu.broadcast_in_dim` (a reshape
//! adding unit dims feeding a broadcast is one broadcast, as in JAX); layout
//! casts and iotas become their `mosaic_gpu` ops.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockLike, RegionLike, ValueLike};

use super::kernel::Ctx;
use crate::conversion::common::builder::B;
use crate::ir::{self, value};

/// `WGMMA`: the register layout of a WGMMA accumulator tile.
const WGMMA: &str = "#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>";
/// `WGMMA.reduce(0)`: a 1-D row of a WGMMA tile, replicated over warps and
/// lane rows.
const WGMMA_COL: &str = "#mosaic_gpu.TiledLayout<[[8], [2]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [#mosaic_gpu.Replicated<times = 8>, -2], vector_dim = -1>";

/// The math ops JAX emits with `afn` when `approx_math` is set.
const APPROX_MATH: &[&str] = &[
    "math.exp",
    "math.exp2",
    "math.log",
    "math.sin",
    "math.cos",
    "math.tanh",
    "math.rsqrt",
];

/// A `#pallas.gpu_layout` case as its Mosaic GPU layout.
pub struct Layout;

impl Layout {
    /// The Mosaic GPU layout of layout case `case` for a vector of type
    /// `t` (`vec_size`: the `wg_strided` elements per thread).
    pub fn from_enum(case: i64, t: Type, vec_size: Option<i64>) -> Result<String, String> {
        let shape = ir::memref_shape(t);
        match (case, shape.len(), vec_size) {
            (0, 2, _) => Ok(WGMMA.to_string()),
            (2, 1, _) => Ok(WGMMA_COL.to_string()),
            // Each thread holds `vec_size` consecutive elements of the
            // row-major array, threads strided over it.
            (8, _, Some(v)) => Ok(format!(
                "#mosaic_gpu.WGStridedFragLayout<[{}], {v}>",
                crate::ir::builder::join(&shape, ", ")
            )),
            _ => Err(format!(
                "not yet supported: layout_cast to layout case {case} for {t} in convert-pallas-to-mosaic-gpu (wgmma, wgmma_col and wg_strided are)"
            )),
        }
    }
}

/// The `broadcast_dimensions` of a `vector.broadcast` of a vector, seen
/// through a `vector.shape_cast` that only inserts unit dims; the value
/// broadcast; `None` for a broadcast of a scalar.
fn broadcast_in_dim<'c, 'a>(
    op: &OperationRef<'c, 'a>,
) -> Result<Option<(melior::ir::Value<'c, 'a>, Vec<i64>)>, String> {
    let src = value(op.operand(0).map_err(|e| e.to_string())?);
    if !ir::is_vector(src.r#type()) {
        return Ok(None);
    }
    let out = ir::memref_shape(ir::value_type(ir::result_of(*op, 0)));
    if let Some(cast) = ir::defining_op(src).filter(|c| ir::op_name_of(c) == "vector.shape_cast") {
        let inner = value(cast.operand(0).map_err(|e| e.to_string())?);
        let from = ir::memref_shape(inner.r#type());
        let to = ir::memref_shape(src.r#type());
        let kept: Vec<i64> = (0..to.len() as i64)
            .filter(|&d| to[d as usize] != 1)
            .collect();
        let unit_free = !from.contains(&1)
            && kept.len() == from.len()
            && kept.iter().zip(&from).all(|(&d, &n)| to[d as usize] == n);
        if unit_free && to.len() == out.len() {
            return Ok(Some((inner, kept)));
        }
    }
    let from = ir::memref_shape(src.r#type());
    let lead = out.len() - from.len();
    if from.iter().zip(&out[lead..]).all(|(a, b)| a == b) {
        return Ok(Some((src, (lead as i64..out.len() as i64).collect())));
    }
    Err(format!(
        "not yet supported: broadcast of {} to {:?} that stretches unit dims in convert-pallas-to-mosaic-gpu",
        src.r#type(),
        out
    ))
}

/// Rejects a `pallas.multiple_of` whose multiple Mosaic GPU's
/// `assume_multiple` cannot carry (a positive i32).
pub fn check_multiple_of(op: &OperationRef) -> Result<(), String> {
    match ir::int_attr(op, "multiple") {
        Some(m) if m > 0 && m <= i64::from(i32::MAX) => Ok(()),
        m => Err(format!(
            "multiple {} does not fit mosaic_gpu.assume_multiple (a positive i32)",
            m.unwrap_or(0)
        )),
    }
}

/// Rejects the broadcasts [`rewrite`] cannot express.
pub fn check_broadcast(op: &OperationRef) -> Result<(), String> {
    broadcast_in_dim(op).map(|_| ())
}

pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<(), String> {
    let name = ir::op_name_of(op);
    match name {
        "pallas.layout_cast" => {
            let x = value(op.operand(0).map_err(|e| e.to_string())?);
            let case = ir::int_attr(op, "layout").ok_or("layout_cast without a layout")?;
            let layout = Layout::from_enum(case, x.r#type(), ir::int_attr(op, "vec_size"))?;
            let v = b.val(
                "mosaic_gpu.layout_cast",
                &[x],
                x.r#type(),
                &[("new_layout", b.attr(&layout))],
            );
            b.rw.replace_op(op, &[v]);
        }
        "pallas.iota" => {
            let t = ir::value_type(ir::result_of(*op, 0));
            let d = ir::int_attr(op, "dimension").ok_or("iota without a dimension")?;
            let v = b.val(
                "mosaic_gpu.broadcasted_iota",
                &[],
                t,
                &[("dimension", b.int_attr(d, b.i32()))],
            );
            b.rw.replace_op(op, &[v]);
        }
        "pallas.named_scope" => {
            // The ops run in place; the name only marks them in profiles.
            let body = op
                .region(0)
                .ok()
                .and_then(|r| r.first_block())
                .ok_or("named_scope without a body")?;
            let yielded: Vec<melior::ir::Value> = match body.terminator() {
                Some(t) if ir::op_name_of(&t) == "pallas.yield" => (0..t.operand_count())
                    .map(|i| t.operand(i).map(value).map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?,
                _ => vec![],
            };
            // The yield moves out with the body and is erased in its turn.
            b.rw.inline_block_before(body, op, &[]);
            if yielded.is_empty() {
                b.rw.erase_op(op);
            } else {
                b.rw.replace_op(op, &yielded);
            }
        }
        "pallas.multiple_of" => {
            let x = value(op.operand(0).map_err(|e| e.to_string())?);
            let m = ir::int_attr(op, "multiple").ok_or("multiple_of without a multiple")?;
            let v = b.val(
                "mosaic_gpu.assume_multiple",
                &[x],
                x.r#type(),
                &[("multiple", b.int_attr(m, b.i32()))],
            );
            b.rw.replace_op(op, &[v]);
        }
        "vector.broadcast" => {
            if let Some((src, dims)) = broadcast_in_dim(op)? {
                let t = ir::value_type(ir::result_of(*op, 0));
                let v = b.val(
                    "mosaic_gpu.broadcast_in_dim",
                    &[src],
                    t,
                    &[("broadcast_dimensions", b.dense_i64_attr(&dims))],
                );
                b.rw.replace_op(op, &[v]);
            }
        }
        _ if ctx.params.approx_math && APPROX_MATH.contains(&name) => {
            ir::set_attribute(op, "fastmath", b.attr("#arith.fastmath<afn>"));
        }
        _ => {}
    }
    Ok(())
}

/// Erases the reshapes that only fed broadcasts (now reading their source).
pub fn erase_dead_shape_casts(root: &OperationRef) {
    let mut dead = vec![];
    ir::walk_nested(root, &mut |op| {
        if ir::op_name_of(&op) == "vector.shape_cast" && !ir::has_uses(ir::result_of(op, 0)) {
            dead.push(op);
        }
    });
    for op in dead {
        ir::erase_operation(op);
    }
}
