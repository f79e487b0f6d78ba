//! The blocks of a gridded kernel move through shared memory as JAX's
//! `emit_pipeline` moves them. With every grid axis parallel the pipeline
//! has a single step per CTA: each input block is fetched by TMA into its
//! buffer (one barrier for all inputs, expecting each block's bytes), the
//! body runs once the barrier's phase completes, and each output block is
//! stored back by TMA after the body's shared-memory writes are fenced and
//! the warpgroup has synchronized.
//!
//! Block indices are the index map of the operand applied to the program
//! ids, times the block size (element offsets into the GMEM array).

use melior::ir::r#type::Type;
use melior::ir::Value;

use super::kernel::{slice_smem, wait_barrier, warpgroup_barrier};
use super::resources::{block_bytes, Plan};
use crate::conversion::common::builder::B;
use crate::conversion::common::index_map::expand_expr;
use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::ir::{self, AffineExpr, BlockDim, BlockSpec, IndexMap};

/// What the prologue set up for the body and the epilogue.
pub struct Stage<'c, 'a> {
    /// The block of each operand in shared memory (inputs, then outputs).
    pub views: Vec<Value<'c, 'a>>,
    /// The GMEM element offsets of each operand's block.
    pub indices: Vec<Vec<Value<'c, 'a>>>,
    pub n_ins: usize,
    pub block_shapes: Vec<Vec<i64>>,
}

const WORKGROUP: &str = "#gpu.address_space<workgroup>";

fn shape_text(shape: &[i64]) -> String {
    shape.iter().map(|d| format!("{d}x")).collect()
}

fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// The block indices of operand `spec`: each index-map result times the
/// block size (a constant result stays a constant).
fn block_offsets<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    map: IndexMap,
    dims: &[BlockDim],
    program_ids: &[Value<'c, 'a>],
) -> Result<Vec<Value<'c, 'a>>, String> {
    let IndexMap::Affine(map) = map else {
        return Err("index maps given by symbol are not supported here".into());
    };
    let mut out = vec![];
    for (e, d) in ir::affine_map_results(map).into_iter().zip(dims) {
        let size = d.size();
        out.push(match ir::affine_expr(e) {
            AffineExpr::Constant(c) => b.ci32(c * size),
            _ => {
                let idx = expand_expr(b, e, program_ids)?;
                if size == 1 {
                    idx
                } else {
                    b.mul(idx, b.ci32(size))
                }
            }
        });
    }
    Ok(out)
}

fn block_shape(spec: &BlockSpec) -> Vec<i64> {
    spec.dims.iter().map(|d| d.size()).collect()
}

fn map_text(map: IndexMap) -> String {
    match map {
        IndexMap::Affine(m) => ir::affine_map_to_string(m),
        IndexMap::Symbol(s) => s.to_string(),
    }
}

/// `buffer[0]` as the body sees it: the block with a dynamic offset.
fn slot<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buffer: Value<'c, 'a>,
    shape: &[i64],
    elem: Type<'c>,
) -> Value<'c, 'a> {
    let strides = row_major_strides(shape);
    let strides_text: Vec<String> = strides.iter().map(i64::to_string).collect();
    let strided = format!("strided<[{}]", strides_text.join(", "));
    let exact = b.ty(&format!(
        "memref<{}{elem}, {strided}>, {WORKGROUP}>",
        shape_text(shape)
    ));
    let rank = shape.len() + 1;
    let mut sizes = vec![1];
    sizes.extend_from_slice(shape);
    let view = b.val(
        "memref.subview",
        &[buffer],
        exact,
        &[
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 0, 0, 0])),
            ("static_offsets", b.dense_i64_attr(&vec![0; rank])),
            ("static_sizes", b.dense_i64_attr(&sizes)),
            ("static_strides", b.dense_i64_attr(&vec![1; rank])),
        ],
    );
    let dynamic = b.ty(&format!(
        "memref<{}{elem}, {strided}, offset: ?>, {WORKGROUP}>",
        shape_text(shape)
    ));
    b.val("memref.cast", &[view], dynamic, &[])
}

/// Slices the buffers, fetches the input blocks and waits for them.
pub fn prologue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    info: &KernelInfo<'c>,
    plan: &Plan,
    gmem: &[Value<'c, 'a>],
    program_ids: &[Value<'c, 'a>],
    barrier: Option<Value<'c, 'a>>,
    phases: Option<Value<'c, 'a>>,
) -> Result<Stage<'c, 'a>, String> {
    let mut buffers = vec![];
    let mut block_shapes = vec![];
    for (spec, &offset) in info.specs.iter().zip(&plan.buffers) {
        let shape = block_shape(spec);
        let elem = ir::element_type(spec.array_type);
        let t = b.ty(&format!(
            "memref<1x{}{elem}, {WORKGROUP}>",
            shape_text(&shape)
        ));
        buffers.push(slice_smem(b, t, offset));
        block_shapes.push(shape);
    }
    // Operands with the same index map and block shape share their indices.
    let mut indices: Vec<Vec<Value<'c, 'a>>> = vec![];
    let mut seen: Vec<(String, usize)> = vec![];
    for spec in &info.specs {
        let key = format!("{:?} {}", block_shape(spec), map_text(spec.index_map));
        if let Some((_, i)) = seen.iter().find(|(k, _)| *k == key) {
            indices.push(indices[*i].clone());
            continue;
        }
        seen.push((key, indices.len()));
        indices.push(block_offsets(b, spec.index_map, &spec.dims, program_ids)?);
    }
    let mut views = vec![];
    let mut barrier_ref = None;
    for (i, spec) in info.specs.iter().enumerate().take(info.n_ins) {
        let elem = ir::element_type(spec.array_type);
        let view = slot(b, buffers[i], &block_shapes[i], elem);
        let ptr = barrier.ok_or("inputs without a barrier")?;
        let bar = *barrier_ref.get_or_insert_with(|| {
            b.val(
                "builtin.unrealized_conversion_cast",
                &[ptr],
                b.ty(&format!("memref<!mosaic_gpu.barrier, {WORKGROUP}>")),
                &[],
            )
        });
        let bits = ir::bit_width(elem).ok_or("block of unsized elements")?;
        let bytes = block_bytes(&block_shapes[i], bits);
        b.op(
            "mosaic_gpu.arrive_expect_tx",
            &[bar],
            &[],
            &[("expect_tx", b.int_attr(bytes, b.i32()))],
        );
        let mut operands = vec![gmem[i], view, bar];
        operands.extend(&indices[i]);
        let rank = block_shapes[i].len() as i32;
        b.op(
            "mosaic_gpu.async_load",
            &operands,
            &[],
            &[
                ("collective", b.attr("[]")),
                ("oob_fill_mode", b.attr("2 : i32")),
                ("operandSegmentSizes", b.dense_i32_attr(&[1, 1, 1, rank, 0])),
                ("slice_lengths", b.dense_i64_attr(&block_shapes[i])),
            ],
        );
        views.push(view);
    }
    if let (Some(ptr), Some(phases)) = (barrier, phases) {
        wait_barrier(b, ptr, phases);
    }
    for (i, spec) in info.specs.iter().enumerate().skip(info.n_ins) {
        let elem = ir::element_type(spec.array_type);
        views.push(slot(b, buffers[i], &block_shapes[i], elem));
    }
    Ok(Stage {
        views,
        indices,
        n_ins: info.n_ins,
        block_shapes,
    })
}

/// Stores the output blocks back to GMEM and waits until they are out of
/// shared memory.
pub fn epilogue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    gmem: &[Value<'c, 'a>],
    linear_thread_id: Value<'c, 'a>,
) {
    // Make the body's generic-proxy writes visible to TMA, then let every
    // thread of the warpgroup finish writing before one issues the copies.
    b.op(
        "nvvm.fence.proxy",
        &[],
        &[],
        &[
            ("kind", b.attr("#nvvm.proxy_kind<async.shared>")),
            ("space", b.attr("#nvvm.shared_space<cta>")),
        ],
    );
    let wg = b.bin("arith.shrui", linear_thread_id, b.ci32(7));
    let barrier_id = b.add(wg, b.ci32(1));
    warpgroup_barrier(b, barrier_id);
    for (i, (&view, &array)) in stage.views.iter().zip(gmem).enumerate().skip(stage.n_ins) {
        let mut operands = vec![view, array];
        operands.extend(&stage.indices[i]);
        let rank = stage.block_shapes[i].len() as i32;
        b.op(
            "mosaic_gpu.async_store",
            &operands,
            &[],
            &[
                ("commit_group", b.attr("false")),
                ("is_global_broadcast", b.attr("false")),
                ("operandSegmentSizes", b.dense_i32_attr(&[1, 1, rank, 0, 0])),
                ("slice_lengths", b.dense_i64_attr(&stage.block_shapes[i])),
            ],
        );
    }
    b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    b.op(
        "nvvm.cp.async.bulk.wait_group",
        &[],
        &[],
        &[("group", b.attr("0 : i32"))],
    );
    warpgroup_barrier(b, barrier_id);
}
