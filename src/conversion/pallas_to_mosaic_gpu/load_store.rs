//! Ref accesses and grid queries in the body. A whole-block load or store
//! of a block in shared memory is `mosaic_gpu.vector_load` /
//! `mosaic_gpu.vector_store` of the block's view; program ids are the block
//! ids read at kernel entry, and the grid size is a constant.

use melior::ir::operation::{OperationLike, OperationRef};

use super::grid;
use super::kernel::Ctx;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{dense_i64, indexer, segments, B, DYNAMIC};
use crate::ir::{self, value};

/// What a load or store touches.
enum Access<'c, 'a> {
    /// The whole ref.
    Whole(Value<'c, 'a>),
    /// A slice of the ref, as a view (a `memref.subview` with a dynamic
    /// offset, as JAX's ref slicing leaves it).
    Slice(Value<'c, 'a>),
    /// One element of the ref, as a rank-0 view of it (JAX slices every
    /// indexed dim away, then loads or stores with no indices).
    Point(Value<'c, 'a>),
}

/// Decodes the indexer of a load or store whose ref is operand `ref_index`
/// (the checks allow unit strides and either all dims sliced or all
/// indexed) and builds the view or the indices.
fn access<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ref_index: usize,
) -> Result<Access<'c, 'a>, String> {
    let operands: Vec<Value> = (0..op.operand_count())
        .map(|i| op.operand(i).map(value).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let r = operands[ref_index];
    let shape = ir::memref_shape(r.r#type());
    if op
        .attribute("starts")
        .map(dense_i64)
        .unwrap_or_default()
        .is_empty()
    {
        return Ok(Access::Whole(r));
    }
    let (starts, sizes, _) = indexer(op, &shape)?;
    let segs = segments(op, &operands);
    let dynamic = segs
        .get(ref_index + 1)
        .cloned()
        .unwrap_or_default()
        .into_iter();
    let dyn_offsets: Vec<Value> = dynamic.collect();
    let r = uncast(r)?;
    if sizes.iter().all(|&s| s < 0) {
        return Ok(Access::Point(point_view(b, r, &starts, &dyn_offsets)?));
    }
    let (strides, base) = ir::memref_strides_and_offset(r.r#type()).ok_or("ref without strides")?;
    // The view's offset is static when the ref's and the starts are.
    let offset = if base != DYNAMIC && dyn_offsets.is_empty() {
        base + starts.iter().zip(&strides).map(|(s, t)| s * t).sum::<i64>()
    } else {
        DYNAMIC
    };
    let elem = ir::element_type(r.r#type());
    // The view stays where the ref is (GMEM refs have no memory space).
    let space = ir::memref_memory_space(r.r#type());
    let layout = |offset: i64| ir::strided_memref_type(&sizes, elem, &strides, offset, space);
    let t = layout(offset);
    let mut view_operands = vec![r];
    view_operands.extend(&dyn_offsets);
    let segments = b.dense_i32_attr(&[1, dyn_offsets.len() as i32, 0, 0]);
    let view = b.val(
        "memref.subview",
        &view_operands,
        t,
        &[
            ("operandSegmentSizes", segments),
            ("static_offsets", b.dense_i64_attr(&starts)),
            ("static_sizes", b.dense_i64_attr(&sizes)),
            ("static_strides", b.dense_i64_attr(&vec![1; sizes.len()])),
        ],
    );
    // Seen with a dynamic offset, as JAX's ref slicing leaves views.
    if offset != DYNAMIC {
        return Ok(Access::Slice(b.val(
            "memref.cast",
            &[view],
            layout(DYNAMIC),
            &[],
        )));
    }
    Ok(Access::Slice(view))
}

/// A ref seen through a `memref.cast` (the block views' cast to a dynamic
/// offset) is sliced from the cast's source, so that a static offset stays
/// static and no cast sits between the views: the form JAX's module has once
/// canonicalized (what its layout inference receives), where each subview
/// has absorbed the cast of its source.
pub fn uncast<'c, 'a>(r: Value<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    match ir::defining_op(r) {
        Some(d) if ir::op_name_of(&d) == "memref.cast" => {
            let src = d.operand(0).map(value).map_err(|e| e.to_string())?;
            let same_shape = ir::memref_shape(src.r#type()) == ir::memref_shape(r.r#type());
            Ok(if same_shape { src } else { r })
        }
        _ => Ok(r),
    }
}

/// The rank-0 `memref.subview` of `r` at `starts` (`DYNAMIC` entries taken
/// from `dynamic` in order), JAX's view of one element.
fn point_view<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    r: Value<'c, 'a>,
    starts: &[i64],
    dynamic: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    let (strides, base) = ir::memref_strides_and_offset(r.r#type()).ok_or("ref without strides")?;
    let offset = if base != DYNAMIC && dynamic.is_empty() {
        base + starts.iter().zip(&strides).map(|(s, t)| s * t).sum::<i64>()
    } else {
        DYNAMIC
    };
    let t = ir::strided_memref_type(
        &[],
        ir::element_type(r.r#type()),
        &[],
        offset,
        ir::memref_memory_space(r.r#type()),
    );
    let mut operands = vec![r];
    operands.extend(dynamic);
    Ok(b.val(
        "memref.subview",
        &operands,
        t,
        &[
            (
                "operandSegmentSizes",
                b.dense_i32_attr(&[1, dynamic.len() as i32, 0, 0]),
            ),
            ("static_offsets", b.dense_i64_attr(starts)),
            ("static_sizes", b.dense_i64_attr(&vec![1; starts.len()])),
            ("static_strides", b.dense_i64_attr(&vec![1; starts.len()])),
        ],
    ))
}

/// Rewrites `op` when it is an access or a grid query; whether it was one.
pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<bool, String> {
    let operand = |i: usize| op.operand(i).map(value).map_err(|e| e.to_string());
    match ir::op_name_of(op) {
        "pallas.load" => {
            let t = ir::value_type(ir::result_of(*op, 0));
            let v = match access(b, op, 0)? {
                Access::Whole(r) => b.val(
                    "mosaic_gpu.vector_load",
                    &[r],
                    t,
                    &[("optimized", b.attr("true"))],
                ),
                Access::Slice(r) => b.val(
                    "mosaic_gpu.vector_load",
                    &[r],
                    t,
                    &[("optimized", b.attr("true"))],
                ),
                Access::Point(r) => b.val("memref.load", &[r], t, &[]),
            };
            b.rw.replace_op(op, &[v]);
        }
        "pallas.store" => {
            let x = operand(0)?;
            match access(b, op, 1)? {
                Access::Whole(r) | Access::Slice(r) => {
                    b.op(
                        "mosaic_gpu.vector_store",
                        &[x, r],
                        &[],
                        &[("multimem", b.attr("false"))],
                    );
                }
                Access::Point(r) => {
                    b.op("memref.store", &[x, r], &[], &[]);
                }
            }
            b.rw.erase_op(op);
        }
        "pallas.program_id" => {
            let axis = ir::int_attr(op, "axis").ok_or("program_id without an axis")? as usize;
            let id = *ctx
                .program_ids
                .get(axis)
                .ok_or("program_id of an axis the grid does not have")?;
            b.rw.replace_op(op, &[id]);
        }
        "pallas.axis_index" => {
            let name = op
                .attribute("axis_name")
                .map(ir::string_attr_value)
                .map_err(|e| e.to_string())?;
            let v = if ctx.thread_name.as_deref() == Some(name.as_str()) {
                // The warpgroup index, made uniform across the warp.
                let wg = b.bin("arith.shrui", ctx.linear, b.ci32(7));
                let (all_lanes, lane0, clamp) = (b.ci32(-1), b.ci32(0), b.ci32(31));
                b.val(
                    "nvvm.shfl.sync",
                    &[all_lanes, wg, lane0, clamp],
                    b.i32(),
                    &[("kind", b.attr("#nvvm<shfl_kind idx>"))],
                )
            } else if let Some(k) = ctx.cluster_names.iter().position(|n| *n == name) {
                // The CTA's position in its cluster.
                let dim = b.attr(&format!(
                    "#gpu<dim {}>",
                    grid::dim_name(ctx.cluster_names.len(), k)
                ));
                let id = b.val(
                    "gpu.cluster_block_id",
                    &[],
                    b.index(),
                    &[("dimension", dim)],
                );
                b.index_cast(id, b.i32())
            } else {
                let axis = ctx
                    .grid_names
                    .iter()
                    .position(|n| *n == name)
                    .ok_or_else(|| format!("axis_index of an unknown axis '{name}'"))?;
                // The cluster's position in the grid: unlike program_id,
                // the block id divided by the cluster size along the dim.
                let rank = ctx.grid.len();
                let cluster = grid::cuda_cluster(&ctx.cluster);
                let d = rank - 1 - axis;
                if cluster[d] == 1 {
                    ctx.program_ids[axis]
                } else {
                    let dim = b.attr(&format!("#gpu<dim {}>", grid::dim_name(rank, axis)));
                    let id = b.val("gpu.block_id", &[], b.index(), &[("dimension", dim)]);
                    let q = b.bin("arith.divui", id, b.cidx(cluster[d]));
                    b.index_cast(q, b.i32())
                }
            };
            b.rw.replace_op(op, &[v]);
        }
        "pallas.num_programs" => {
            let axis = ir::int_attr(op, "axis").ok_or("num_programs without an axis")? as usize;
            let n = *ctx
                .grid
                .get(axis)
                .ok_or("num_programs of an axis the grid does not have")?;
            let v = b.ci32(n);
            b.rw.replace_op(op, &[v]);
        }
        _ => return Ok(false),
    }
    Ok(true)
}
