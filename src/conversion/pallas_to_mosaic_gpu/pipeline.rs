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
    /// The block of each pipelined operand in shared memory (inputs, then
    /// outputs).
    pub views: Vec<Option<Value<'c, 'a>>>,
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
/// `barrier` is the kernel's first barrier (as a
/// `memref<!mosaic_gpu.barrier>`), its address and phase bits: the
/// pipeline's when there are pipelined inputs.
pub fn prologue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    info: &KernelInfo<'c>,
    plan: &Plan,
    gmem: &[Value<'c, 'a>],
    program_ids: &[Value<'c, 'a>],
    barrier: Option<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
) -> Result<Stage<'c, 'a>, String> {
    let n = info.specs.len();
    let mut buffers = vec![None; n];
    let mut block_shapes = vec![vec![]; n];
    for (i, spec) in info.specs.iter().enumerate() {
        let Some(offset) = plan.buffers[i] else {
            continue;
        };
        let shape = block_shape(spec);
        let elem = ir::element_type(spec.array_type);
        let t = b.ty(&format!(
            "memref<1x{}{elem}, {WORKGROUP}>",
            shape_text(&shape)
        ));
        buffers[i] = Some(slice_smem(b, t, offset));
        block_shapes[i] = shape;
    }
    // Operands with the same index map and block shape share their indices.
    let mut indices: Vec<Vec<Value<'c, 'a>>> = vec![vec![]; n];
    let mut seen: Vec<(String, usize)> = vec![];
    for (i, spec) in info.specs.iter().enumerate() {
        if buffers[i].is_none() {
            continue;
        }
        let key = format!("{:?} {}", block_shape(spec), map_text(spec.index_map));
        if let Some((_, j)) = seen.iter().find(|(k, _)| *k == key) {
            indices[i] = indices[*j].clone();
            continue;
        }
        seen.push((key, i));
        indices[i] = block_offsets(b, spec.index_map, &spec.dims, program_ids)?;
    }
    let mut views = vec![None; n];
    let mut fetched = false;
    for (i, spec) in info.specs.iter().enumerate().take(info.n_ins) {
        let Some(buffer) = buffers[i] else {
            continue;
        };
        let elem = ir::element_type(spec.array_type);
        let view = slot(b, buffer, &block_shapes[i], elem);
        let (bar, _, _) = barrier.ok_or("pipelined inputs without a barrier")?;
        let bits = ir::bit_width(elem).ok_or("block of unsized elements")?;
        let bytes = block_bytes(&block_shapes[i], bits);
        let slice = (indices[i].as_slice(), block_shapes[i].as_slice());
        expect_and_load(b, bar, bytes, gmem[i], view, slice, &[]);
        views[i] = Some(view);
        fetched = true;
    }
    if let (true, Some((_, ptr, phases))) = (fetched, barrier) {
        wait_barrier(b, ptr, phases, 0);
    }
    for (i, spec) in info.specs.iter().enumerate().skip(info.n_ins) {
        if let Some(buffer) = buffers[i] {
            let elem = ir::element_type(spec.array_type);
            views[i] = Some(slot(b, buffer, &block_shapes[i], elem));
        }
    }
    Ok(Stage {
        views,
        indices,
        n_ins: info.n_ins,
        block_shapes,
    })
}

/// `[d : i32, ...]`, the cluster dims a copy is multicast over.
fn collective_attr(dims: &[i64]) -> String {
    let items: Vec<String> = dims.iter().map(|d| format!("{d} : i32")).collect();
    format!("[{}]", items.join(", "))
}

/// Arms `barrier` for `bytes` more bytes and starts the TMA copy of the
/// `lengths` slice of `src` at `indices` into `dst`, multicast over the
/// `collective` cluster dims.
pub fn expect_and_load<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    barrier: Value<'c, 'a>,
    bytes: i64,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    (indices, lengths): (&[Value<'c, 'a>], &[i64]),
    collective: &[i64],
) {
    b.op(
        "mosaic_gpu.arrive_expect_tx",
        &[barrier],
        &[],
        &[("expect_tx", b.int_attr(bytes, b.i32()))],
    );
    let mut operands = vec![src, dst, barrier];
    operands.extend(indices);
    let rank = indices.len() as i32;
    b.op(
        "mosaic_gpu.async_load",
        &operands,
        &[],
        &[
            ("collective", b.attr(&collective_attr(collective))),
            ("oob_fill_mode", b.attr("2 : i32")),
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 1, 1, rank, 0])),
            ("slice_lengths", b.dense_i64_attr(lengths)),
        ],
    );
}

/// The TMA copy of `src` into the `lengths` slice of `dst` at `indices`.
pub fn store<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
    lengths: &[i64],
    commit_group: bool,
) {
    let mut operands = vec![src, dst];
    operands.extend(indices);
    let rank = indices.len() as i32;
    b.op(
        "mosaic_gpu.async_store",
        &operands,
        &[],
        &[
            (
                "commit_group",
                b.attr(if commit_group { "true" } else { "false" }),
            ),
            ("is_global_broadcast", b.attr("false")),
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 1, rank, 0, 0])),
            ("slice_lengths", b.dense_i64_attr(lengths)),
        ],
    );
}

/// `commit_smem`: makes the generic-proxy writes to shared memory visible
/// to TMA, then synchronizes the warpgroup.
pub fn commit_smem<'c, 'a>(b: &B<'_, 'c, 'a>, linear_thread_id: Value<'c, 'a>) {
    b.op(
        "nvvm.fence.proxy",
        &[],
        &[],
        &[
            ("kind", b.attr("#nvvm.proxy_kind<async.shared>")),
            ("space", b.attr("#nvvm.shared_space<cta>")),
        ],
    );
    warpgroup_barrier(b, linear_thread_id);
}

/// Waits until at most `pending` groups of TMA stores are in flight (only
/// their reads of shared memory with `read_only`), then synchronizes the
/// warpgroup.
pub fn wait_stores<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    pending: i64,
    read_only: bool,
    linear_thread_id: Value<'c, 'a>,
) {
    let mut attrs = vec![("group", b.int_attr(pending, b.i32()))];
    if read_only {
        attrs.push(("read", b.attr("unit")));
    }
    b.op("nvvm.cp.async.bulk.wait_group", &[], &[], &attrs);
    warpgroup_barrier(b, linear_thread_id);
}

/// Stores the output blocks back to GMEM and waits until they are out of
/// shared memory.
pub fn epilogue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    gmem: &[Value<'c, 'a>],
    linear_thread_id: Value<'c, 'a>,
) {
    let outputs: Vec<usize> = (stage.n_ins..stage.views.len())
        .filter(|&i| stage.views[i].is_some())
        .collect();
    if outputs.is_empty() {
        return;
    }
    // Every thread of the warpgroup must be done writing the blocks before
    // one issues the copies.
    commit_smem(b, linear_thread_id);
    for i in outputs {
        if let Some(view) = stage.views[i] {
            store(
                b,
                view,
                gmem[i],
                &stage.indices[i],
                &stage.block_shapes[i],
                false,
            );
        }
    }
    b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    wait_stores(b, 0, false, linear_thread_id);
}
