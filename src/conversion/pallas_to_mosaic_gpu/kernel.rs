//! The module skeleton: each GPU `pallas.kernel @k` becomes
//!
//! ```text
//! module @k attributes {mosaic_gpu.arch_major = 9, mosaic_gpu.arch_minor = 0} {
//!   func.func private @mosaic_gpu_init_tma_desc(...)
//!   llvm.mlir.global external @global_scratch() ...
//!   func.func @k_mosaic_gpu(%token: !llvm.ptr, %buffers: !llvm.ptr) {
//!     <operand i: load buffers[i], wrap it as memref<SHAPE x T>>
//!     gpu.launch async [%token] blocks(<grid>) threads(128, 1, 1)
//!         dynamic_shared_memory_size <plan> {
//!       <barriers: slice_smem, initialize_barrier>; fences; gpu.barrier
//!       <warp index, program ids>
//!       <pipeline prologue, body, epilogue>
//!       gpu.terminator
//!     }
//!   }
//! }
//! ```
//!
//! the host entry of JAX's Mosaic GPU calling convention: `%buffers` points
//! to one device pointer per operand (inputs, then outputs), each the base
//! of a contiguous row-major array.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value};

use super::{
    collectives, control, debug, elementwise, grid, load_store, pipeline, resources, tma,
    transforms, wgmma,
};
use crate::conversion::common::builder::{value, B};
use crate::conversion::framework::OwnedRewriter;
use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir;

/// CUDA threads per Pallas thread (a warpgroup).
pub const WARPGROUP_SIZE: i64 = 128;
/// How long `mbarrier.try_wait.parity` suspends per try (JAX's constant).
pub const WAIT_SUSPEND_NS: i64 = 10_000_000;

/// What the body sees while it is rewritten.
pub struct Ctx<'c, 'a> {
    pub params: MosaicGpuParams,
    pub grid: Vec<i64>,
    pub program_ids: Vec<Value<'c, 'a>>,
    /// The linear thread index (warpgroup barriers are derived from it).
    pub linear: Value<'c, 'a>,
    /// The barrier groups of the plan, initialized.
    pub barriers: Vec<BarrierGroup<'c, 'a>>,
    /// The name of the warpgroup axis and the grid axis names.
    pub thread_name: Option<String>,
    pub grid_names: Vec<String>,
    /// The cluster axes and their sizes.
    pub cluster_names: Vec<String>,
    pub cluster: Vec<i64>,
    /// GMEM semaphores and the device mesh.
    pub collective: collectives::State<'c, 'a>,
}

/// An initialized barrier group.
#[derive(Clone, Copy)]
pub struct BarrierGroup<'c, 'a> {
    /// The address of its first barrier.
    pub ptr: Value<'c, 'a>,
    /// Its first barrier as the `mosaic_gpu` ops take it (what a barrier
    /// ref of the body becomes).
    pub first: Value<'c, 'a>,
    /// The phase bits, one per barrier of the group.
    pub phases: Value<'c, 'a>,
    pub orders_tensor_core: bool,
    /// For a cluster barrier spanning several CTAs, the CTAs of the cluster
    /// an arrival signals (bit `i`: the CTA of linear index `i` in the
    /// cluster, x fastest).
    pub cluster_mask: Option<Value<'c, 'a>>,
}

/// The barrier at `ptr` as the `mosaic_gpu` ops take it.
pub fn barrier_ref<'c, 'a>(b: &B<'_, 'c, 'a>, ptr: Value<'c, 'a>) -> Value<'c, 'a> {
    b.val(
        "builtin.unrealized_conversion_cast",
        &[ptr],
        b.ty("memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>"),
        &[],
    )
}

/// A scratch operand or scoped allocation of pallas type `t`: a slice of
/// shared memory, one of the kernel's barriers, or GMEM semaphores of
/// the block-local scope (`sems`, the scopes' parts of this CTA).
pub fn allocation<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    alloc: resources::Alloc,
    t: Type<'c>,
    barriers: &[BarrierGroup<'c, 'a>],
    sems: &[(resources::SemaphoreScope, Value<'c, 'a>)],
) -> Result<Value<'c, 'a>, String> {
    match alloc {
        resources::Alloc::Smem(offset) => Ok(slice_smem(b, workgroup_type(b, t), offset)),
        resources::Alloc::Semaphore(offset) => collectives::reserve(b, sems, false, offset, t),
        resources::Alloc::Barrier(i) => Ok(barriers
            .get(i)
            .ok_or("a barrier allocation without a barrier")?
            .first),
    }
}

/// The `mosaic_gpu` form of a shared-memory ref type: the same memref in
/// the workgroup address space.
pub fn workgroup_type<'c>(b: &B<'_, 'c, '_>, t: Type<'c>) -> Type<'c> {
    let text = t.to_string().replace(
        "#pallas.memory_space<shared>",
        "#gpu.address_space<workgroup>",
    );
    b.ty(&text)
}

/// `!llvm.struct<(ptr<AS>, ptr<AS>, i64, array<R x i64>, array<R x i64>)>`,
/// the memref descriptor of rank `rank`.
pub fn descriptor_type(rank: usize, addr_space: &str) -> String {
    let ptr = if addr_space.is_empty() {
        "ptr".to_string()
    } else {
        format!("ptr<{addr_space}>")
    };
    if rank == 0 {
        format!("!llvm.struct<({ptr}, {ptr}, i64)>")
    } else {
        format!("!llvm.struct<({ptr}, {ptr}, i64, array<{rank} x i64>, array<{rank} x i64>)>")
    }
}

fn llvm_i64<'c, 'a>(b: &B<'_, 'c, 'a>, v: i64) -> Value<'c, 'a> {
    let i64t = b.ty("i64");
    b.val(
        "llvm.mlir.constant",
        &[],
        i64t,
        &[("value", b.int_attr(v, i64t))],
    )
}

/// Operand `i` of the host entry: a GMEM memref over `buffers[i]`
/// (marked as kernel operand `i` when `arg`).
fn unpack_operand<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buffers: Value<'c, 'a>,
    i: usize,
    array: Type<'c>,
    arg: bool,
) -> Value<'c, 'a> {
    let ptr = b.ty("!llvm.ptr");
    let slot = if i == 0 {
        buffers
    } else {
        let index = b.dense_i32_attr(&[i as i32]);
        b.val(
            "llvm.getelementptr",
            &[buffers],
            ptr,
            &[
                ("elem_type", b.attr("!llvm.ptr")),
                ("rawConstantIndices", index),
            ],
        )
    };
    let base = b.val("llvm.load", &[slot], ptr, &[]);
    let shape = ir::memref_shape(array);
    let desc_t = b.ty(&descriptor_type(shape.len(), ""));
    let mut desc = b.val("llvm.mlir.undef", &[], desc_t, &[]);
    let insert = |desc, v, pos: &[i64]| {
        b.val(
            "llvm.insertvalue",
            &[desc, v],
            desc_t,
            &[("position", b.dense_i64_attr(pos))],
        )
    };
    desc = insert(desc, base, &[0]);
    desc = insert(desc, base, &[1]);
    desc = insert(desc, llvm_i64(b, 0), &[2]);
    let mut stride = 1;
    let mut strides = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        strides[d] = stride;
        stride *= shape[d];
    }
    for (d, &n) in shape.iter().enumerate() {
        desc = insert(desc, llvm_i64(b, n), &[3, d as i64]);
    }
    for (d, &s) in strides.iter().enumerate() {
        desc = insert(desc, llvm_i64(b, s), &[4, d as i64]);
    }
    let idx = b.int_attr(i as i64, b.i32());
    let attrs = [
        (collectives::KERNEL_ARG_ATTR, idx),
        ("mosaic_gpu.original_kernel_arg", b.attr("unit")),
    ];
    b.val(
        "builtin.unrealized_conversion_cast",
        &[desc],
        array,
        if arg { &attrs } else { &[] },
    )
}

/// `mosaic_gpu.slice_smem` at `offset`.
pub fn slice_smem<'c, 'a>(b: &B<'_, 'c, 'a>, ty: Type<'c>, offset: i64) -> Value<'c, 'a> {
    let off = b.int_attr(offset, b.i32());
    b.val("mosaic_gpu.slice_smem", &[], ty, &[("offset", off)])
}

/// The barrier array: its address as `!llvm.ptr<3>` once initialized for
/// `arrivals` arrivals per phase.
fn init_barrier<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    offset: i64,
    spec: resources::BarrierSpec,
) -> Value<'c, 'a> {
    let mem = slice_smem(
        b,
        b.ty(&format!(
            "memref<{}x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>",
            spec.count
        )),
        offset,
    );
    let ptr = barrier_address(b, mem);
    b.op(
        "mosaic_gpu.initialize_barrier",
        &[ptr],
        &[],
        &[
            ("arrival_count", b.int_attr(spec.arrivals, b.ty("i64"))),
            ("num_barriers", b.int_attr(spec.count, b.i32())),
            (
                "orders_tensor_core",
                b.attr(if spec.orders_tensor_core {
                    "true"
                } else {
                    "false"
                }),
            ),
        ],
    );
    ptr
}

/// A cluster barrier group (the CTAs along the cluster dims `dims` of
/// `cluster` arrive on each other's barriers): its address, phase bits and
/// the mask of the CTAs an arrival signals (`None` when it spans just this
/// CTA). One thread of the CTA initializes each barrier for the arrivals
/// of every CTA signalling it: its own and, per dim, the other CTAs along
/// the dim.
fn init_cluster_barrier<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    offset: i64,
    spec: resources::BarrierSpec,
    dims: u8,
    cluster: &[i64; 3],
) -> Result<(Value<'c, 'a>, Value<'c, 'a>, Option<Value<'c, 'a>>), String> {
    let mem = slice_smem(
        b,
        b.ty(&format!(
            "memref<{}x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>",
            spec.count
        )),
        offset,
    );
    let ptr = barrier_address(b, mem);
    let phases = phase_counter(b);
    let collective: Vec<usize> = (0..3).filter(|d| dims & (1 << d) != 0).collect();
    // The plan bounds the count to what an mbarrier phase counts.
    let arrivals = spec
        .arrival_count(cluster)
        .ok_or("a barrier arrival count past i64")?;
    // One thread per CTA: the elected lane of warp 0.
    let elected = b.val("nvvm.elect.sync", &[], b.ty("i1"), &[]);
    let linear = grid::linear_thread_id(b);
    let warp = b.bin("arith.shrui", linear, b.ci32(5));
    let (all_lanes, lane0, clamp) = (b.ci32(-1), b.ci32(0), b.ci32(31));
    let warp = b.val(
        "nvvm.shfl.sync",
        &[all_lanes, warp, lane0, clamp],
        b.i32(),
        &[("kind", b.attr("#nvvm<shfl_kind idx>"))],
    );
    let first_warp = b.cmpi("eq", warp, b.ci32(0));
    let predicate = b.bin("arith.andi", first_warp, elected);
    let count = b.ci32(arrivals);
    for i in 0..spec.count {
        let at = if i == 0 {
            ptr
        } else {
            b.val(
                "llvm.getelementptr",
                &[ptr],
                b.ty("!llvm.ptr<3>"),
                &[
                    ("elem_type", b.attr("i64")),
                    ("rawConstantIndices", b.dense_i32_attr(&[i as i32])),
                ],
            )
        };
        b.op("nvvm.mbarrier.init", &[at, count, predicate], &[], &[]);
    }
    if collective.iter().all(|&d| cluster[d] == 1) {
        return Ok((ptr, phases, None));
    }
    // CTA (x, y, z) of the cluster is bit x + y * cx + z * cx * cy; this
    // CTA's slice along the collective dims is the bits of its coordinates
    // in the others.
    let strides = [1, cluster[0], cluster[0] * cluster[1]];
    let mut pattern = 0i64;
    let sizes: Vec<i64> = collective.iter().map(|&d| cluster[d]).collect();
    let mut idx = vec![0i64; collective.len()];
    loop {
        let bit: i64 = idx
            .iter()
            .zip(&collective)
            .map(|(i, &d)| i * strides[d])
            .sum();
        pattern |= 1 << bit;
        let mut k = 0;
        while k < idx.len() {
            idx[k] += 1;
            if idx[k] < sizes[k] {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
        if k == idx.len() {
            break;
        }
    }
    let mut shift: Option<Value> = None;
    for d in 0..3 {
        if collective.contains(&d) || cluster[d] == 1 {
            continue;
        }
        let dim = b.attr(&format!("#gpu<dim {}>", ["x", "y", "z"][d]));
        let id = b.val(
            "gpu.cluster_block_id",
            &[],
            b.index(),
            &[("dimension", dim)],
        );
        let id = b.val("arith.index_castui", &[id], b.i32(), &[]);
        let term = b.mul(id, b.ci32(strides[d]));
        shift = Some(match shift {
            None => term,
            Some(s) => b.add(s, term),
        });
    }
    let pattern = b.ci32(pattern);
    let mask = match shift {
        None => pattern,
        Some(s) => b.bin("arith.shli", pattern, s),
    };
    Ok((ptr, phases, Some(mask)))
}

/// The address of the first barrier of the barrier array `mem`.
fn barrier_address<'c, 'a>(b: &B<'_, 'c, 'a>, mem: Value<'c, 'a>) -> Value<'c, 'a> {
    let desc_t = b.ty(&descriptor_type(1, "3"));
    let desc = b.val("builtin.unrealized_conversion_cast", &[mem], desc_t, &[]);
    let ptr3 = b.ty("!llvm.ptr<3>");
    let i64t = b.ty("i64");
    let aligned = b.val(
        "llvm.extractvalue",
        &[desc],
        ptr3,
        &[("position", b.dense_i64_attr(&[1]))],
    );
    let elems = b.val(
        "llvm.extractvalue",
        &[desc],
        i64t,
        &[("position", b.dense_i64_attr(&[2]))],
    );
    let eight = b.constant(&format!("{} : i64", resources::BARRIER_BYTES), i64t);
    let bytes = b.val("llvm.mul", &[elems, eight], i64t, &[]);
    let addr = b.val("llvm.ptrtoint", &[aligned], i64t, &[]);
    let addr = b.val("llvm.add", &[addr, bytes], i64t, &[]);
    b.val("llvm.inttoptr", &[addr], ptr3, &[])
}

/// The phase parity of a barrier group, one bit per barrier, kept by every
/// thread in a local variable.
pub fn phase_counter<'c, 'a>(b: &B<'_, 'c, 'a>) -> Value<'c, 'a> {
    let t = b.ty("memref<i32>");
    let segments = b.dense_i32_attr(&[0, 0]);
    let phases = b.val(
        "memref.alloca",
        &[],
        t,
        &[("operandSegmentSizes", segments)],
    );
    let zero = b.ci32(0);
    b.op("memref.store", &[zero, phases], &[], &[]);
    phases
}

/// Waits for the current phase of barrier `ptr` (bit `bit` of `phases`,
/// its index in its group) and flips the bit.
pub fn wait_barrier<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ptr: Value<'c, 'a>,
    phases: Value<'c, 'a>,
    bit: i64,
) {
    wait_barrier_mask(b, ptr, phases, |b| b.ci32(1 << bit));
}

/// [`wait_barrier`] of the barrier whose phase bit `mask` builds (an i32
/// with that one bit set).
pub fn wait_barrier_mask<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ptr: Value<'c, 'a>,
    phases: Value<'c, 'a>,
    mask: impl FnOnce(&B<'_, 'c, 'a>) -> Value<'c, 'a>,
) {
    let i32t = b.i32();
    let bits = b.val("memref.load", &[phases], i32t, &[]);
    let one = mask(b);
    let mine = b.bin("arith.andi", bits, one);
    let parity = b.cmpi("ne", mine, b.ci32(0));
    let flipped = b.bin("arith.xori", bits, one);
    b.op("memref.store", &[flipped, phases], &[], &[]);
    let parity = b.val("arith.extui", &[parity], i32t, &[]);
    let suspend = b.ci32(WAIT_SUSPEND_NS);
    b.op(
        "nvvm.mbarrier.try_wait.parity",
        &[ptr, parity, suspend],
        &[],
        &[],
    );
}

/// The warpgroup-wide barrier: `bar.sync` on the named barrier of the
/// thread's warpgroup, `linear_thread_id / 128 + 1` (barrier 0 is the
/// CTA-wide `gpu.barrier`).
pub fn warpgroup_barrier<'c, 'a>(b: &B<'_, 'c, 'a>, linear_thread_id: Value<'c, 'a>) {
    let wg = b.bin("arith.shrui", linear_thread_id, b.ci32(7));
    let barrier_id = b.add(wg, b.ci32(1));
    b.op(
        "llvm.inline_asm",
        &[barrier_id],
        &[b.ty("!llvm.void")],
        &[
            ("asm_string", b.attr("\"bar.sync $0, 128;\"")),
            ("constraints", b.attr("\"r\"")),
            ("has_side_effects", b.attr("unit")),
        ],
    );
}

/// The warp index of the thread, uniform across the warp, as Mosaic GPU's
/// kernel context computes it on entry (with the single-lane elections
/// around it): the linear thread index and the warpgroup's single-lane
/// predicate (erased at the end when nothing uses it).
fn warp_context<'c, 'a>(b: &B<'_, 'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
    let i1 = b.ty("i1");
    let elected = b.val("nvvm.elect.sync", &[], i1, &[]);
    let linear = grid::linear_thread_id(b);
    let warp = b.bin("arith.shrui", linear, b.ci32(5));
    let all_lanes = b.ci32(-1);
    let (lane0, clamp) = (b.ci32(0), b.ci32(31));
    let warp = b.val(
        "nvvm.shfl.sync",
        &[all_lanes, warp, lane0, clamp],
        b.i32(),
        &[("kind", b.attr("#nvvm<shfl_kind idx>"))],
    );
    let predicate = collectives::lane_predicate(b, elected, warp);
    b.val("nvvm.elect.sync", &[], i1, &[]);
    (linear, predicate)
}

/// Erases `v`'s op and then those of its operands that were used only by
/// it, while their ops are side-effect free arith ops.
fn erase_if_unused(v: Value) {
    let Some(op) = ir::defining_op(v) else {
        return;
    };
    if ir::has_uses(v) || !ir::op_name_of(&op).starts_with("arith.") {
        return;
    }
    let operands: Vec<Value> = (0..op.operand_count())
        .filter_map(|i| crate::ir::operand_at(&op, i).map(value))
        .collect();
    ir::erase_operation(op);
    for o in operands {
        erase_if_unused(o);
    }
}

/// The discardable attribute of a `gpu.launch` whose kernel opted out of
/// the automatic warpgroup barriers ([`crate::ir::mgpu_view::NO_AUTO_BARRIERS_KEY`]), read by
/// convert-mosaic-gpu-to-nvvm.
pub const NO_AUTO_BARRIERS_ATTR: &str = "pallas.no_auto_barriers";

/// Lowers GPU kernel `k` (checked by [`super::checks`]).
pub fn lower<'c, 'a>(k: OperationRef<'c, 'a>, params: &MosaicGpuParams) -> Result<(), String> {
    let info = KernelInfo::of(&k)?;
    let schedule = pipeline::Schedule::of(&k, &info.grid, params);
    // Accesses to transformed operands and allocations are marked, then
    // register accumulators become values (they take no shared memory).
    let mut keys: Vec<String> = (0..info.specs.len()).map(|i| info.origin(i)).collect();
    let n_scratch = ir::body_block(&k).map_or(0, |b| b.argument_count()) - keys.len();
    keys.extend((0..n_scratch).map(|i| format!("scratch[{i}]")));
    transforms::apply(&k, &keys)?;
    let operand_transforms: Vec<Option<String>> = keys[..info.specs.len()]
        .iter()
        .map(|key| transforms::kernel_operand(&k, key))
        .collect();
    wgmma::discharge(&k)?;
    // The kernel's conditionals take JAX's form before the lowering builds
    // conditionals of its own.
    control::switch_conditionals(&k)?;
    let plan = resources::plan(&k, &info, params, true).map_err(|e| e.message)?;
    let grid_names: Vec<String> = k
        .attribute("grid_names")
        .map(|a| {
            ir::array_elements(a)
                .into_iter()
                .map(ir::string_attr_value)
                .collect()
        })
        .unwrap_or_default();
    let rw = OwnedRewriter::new(&k);
    let loc = k.location();
    let b = B::new(&rw, loc);
    let body = ir::body_block(&k).ok_or("kernel without a body")?;

    rw.set_insertion_point_before(&k);
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let module = rw.insert(b.build(
        "builtin.module",
        &[],
        &[],
        &[
            ("sym_name", ir::string_attr(loc, &info.name)),
            ("mosaic_gpu.arch_major", b.attr("9 : i32")),
            ("mosaic_gpu.arch_minor", b.attr("0 : i32")),
        ],
        vec![region],
    ));
    rw.set_insertion_point_to_end(ir::body_block(&module).ok_or("module without a body")?);
    // Declared by every Mosaic GPU module (host-side TMA descriptors) and
    // the global scratch symbol its runtime resolves.
    rw.insert(b.build(
        "func.func",
        &[],
        &[],
        &[
            ("sym_name", ir::string_attr(loc, "mosaic_gpu_init_tma_desc")),
            (
                "function_type",
                b.attr(
                    "(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()",
                ),
            ),
            ("sym_visibility", b.attr("\"private\"")),
        ],
        vec![Region::new()],
    ));
    rw.insert(b.build(
        "llvm.mlir.global",
        &[],
        &[],
        &[
            ("addr_space", b.attr("4 : i32")),
            ("global_type", b.attr("!llvm.array<0 x i8>")),
            ("linkage", b.attr("#llvm.linkage<external>")),
            ("sym_name", ir::string_attr(loc, "global_scratch")),
        ],
        vec![Region::new()],
    ));
    let ptr = b.ty("!llvm.ptr");
    let func = b.func(
        &format!("{}_mosaic_gpu", info.name),
        &[ptr, ptr],
        &[],
        false,
        false,
    );
    ir::set_attribute(&func, "llvm.emit_c_interface", b.attr("unit"));
    let entry = ir::body_block(&func).ok_or("function without a body")?;
    rw.set_insertion_point_to_end(entry);
    let token_t = b.ty("!gpu.async.token");
    let token = b.val(
        "builtin.unrealized_conversion_cast",
        &[value(entry.argument(0).map_err(|e| e.to_string())?)],
        token_t,
        &[],
    );
    let buffers = value(entry.argument(1).map_err(|e| e.to_string())?);
    // JAX's operands: the inputs, one aliased input per semaphore scope,
    // the outputs, the semaphore scopes again (the ones read), then the
    // collective metadata.
    let n_sems = plan.semaphores.len();
    let arg_index = |i: usize| if i < info.n_ins { i } else { i + n_sems };
    let gmem: Vec<Value> = info
        .specs
        .iter()
        .enumerate()
        .map(|(i, s)| unpack_operand(&b, buffers, arg_index(i), s.array_type, true))
        .collect();
    let n_params = info.specs.len() + 2 * n_sems;
    // The CUDA grid counts CTAs: the Pallas grid times the cluster.
    let cluster = grid::cuda_cluster(&params.cluster);
    // Sequential dims are steps inside the CTA, not CUDA blocks.
    let parallel_grid = schedule.parallel_grid(&info.grid);
    let mut cuda = grid::cuda_grid(&parallel_grid);
    for (n, c) in cuda.iter_mut().zip(cluster) {
        *n *= c;
    }
    // Block-local semaphores: a part per CTA of the launch (the checks
    // bound the count and the bytes).
    let ctas: i64 = cuda.iter().product();
    let sem_buffers: Vec<Value> = plan
        .semaphores
        .iter()
        .enumerate()
        .map(|(j, scope)| {
            let size = scope
                .elements(ctas)
                .ok_or("GMEM semaphores past i64 bytes")?;
            let t = b.ty(&format!("memref<{size}xi32>"));
            Ok(unpack_operand(
                &b,
                buffers,
                info.specs.len() + n_sems + j,
                t,
                true,
            ))
        })
        .collect::<Result<_, String>>()?;
    let metadata = (collectives::has_metadata(params) && collectives::needs_metadata(&k, params))
        .then(|| {
            let peers: i64 = params.mesh_shape.iter().product();
            let words = 4 + peers * n_params as i64 + n_params as i64;
            let t = b.ty(&format!("memref<{words}xi64>"));
            unpack_operand(&b, buffers, n_params, t, false)
        });

    let clustered = cluster.iter().product::<i64>() != 1;
    let mut operands = vec![token];
    let mut sizes: Vec<(i64, Value)> = vec![];
    let threads = WARPGROUP_SIZE * params.num_threads.unwrap_or(1);
    let cluster_sizes: &[i64] = if clustered { &cluster } else { &[] };
    for n in cuda
        .into_iter()
        .chain([threads, 1, 1])
        .chain(cluster_sizes.iter().copied())
    {
        let v = match sizes.iter().find(|(m, _)| *m == n) {
            Some((_, v)) => *v,
            None => {
                let v = b.cidx(n);
                sizes.push((n, v));
                v
            }
        };
        operands.push(v);
    }
    operands.push(b.ci32(plan.total));
    let launch_region = Region::new();
    let index = b.index();
    let n_args = if clustered { 18 } else { 12 };
    launch_region.append_block(Block::new(&vec![(index, loc); n_args]));
    let c = i32::from(clustered);
    let launch = rw.insert(b.build(
        "gpu.launch",
        &operands,
        &[token_t],
        &[
            (
                "operandSegmentSizes",
                b.dense_i32_attr(&[1, 1, 1, 1, 1, 1, 1, c, c, c, 1]),
            ),
            ("workgroup_attributions", b.attr("0 : i64")),
        ],
        vec![launch_region],
    ));
    b.op("func.return", &[], &[], &[]);
    if params.no_auto_barriers {
        // jaxlib hands the opt-out to its dialect lowering as an argument;
        // our passes meet again only through the module, so the launch
        // carries it to convert-mosaic-gpu-to-nvvm (jaxlib ignores the
        // discardable attribute).
        ir::set_attribute(&launch, NO_AUTO_BARRIERS_ATTR, b.attr("unit"));
    }

    let device = ir::body_block(&launch).ok_or("launch without a body")?;
    rw.set_insertion_point_to_end(device);
    let mut inits = vec![];
    let mut offset = plan.barrier_offset;
    for spec in &plan.barriers {
        let init = match spec.cluster_dims {
            None => {
                let ptr = init_barrier(&b, offset, *spec);
                (ptr, phase_counter(&b), spec.orders_tensor_core, None)
            }
            Some(dims) => {
                let (ptr, phases, mask) = init_cluster_barrier(&b, offset, *spec, dims, &cluster)?;
                (ptr, phases, false, mask)
            }
        };
        inits.push(init);
        offset += spec.count * resources::BARRIER_BYTES;
    }
    b.op("nvvm.fence.mbarrier.init", &[], &[], &[]);
    if clustered {
        // The barriers of the whole cluster are initialized before any CTA
        // signals one of another.
        b.op(
            "nvvm.cluster.arrive.relaxed",
            &[],
            &[],
            &[("aligned", b.attr("unit"))],
        );
        b.op(
            "nvvm.cluster.wait",
            &[],
            &[],
            &[("aligned", b.attr("unit"))],
        );
    }
    b.op("gpu.barrier", &[], &[], &[]);
    let sem_bases = collectives::semaphore_bases(&b, &plan.semaphores, &sem_buffers);
    let (linear, lane_predicate) = warp_context(&b);
    let parallel_ids = grid::program_ids(&b, &parallel_grid);
    let barriers: Vec<BarrierGroup> = inits
        .into_iter()
        .map(
            |(ptr, phases, orders_tensor_core, cluster_mask)| BarrierGroup {
                ptr,
                first: barrier_ref(&b, ptr),
                phases,
                orders_tensor_core,
                cluster_mask,
            },
        )
        .collect();
    if params.num_threads.is_some() {
        // The kernel's scratch is shared by the warpgroups: none may still
        // be using the memory of an earlier scope.
        b.op("gpu.barrier", &[], &[], &[]);
    }

    // The kernel's scratch operands, then the pipeline.
    let n_fixed = info.prefetch.len() + info.specs.len();
    let mut scratch = vec![];
    for (i, alloc) in plan.scratch.iter().enumerate() {
        let t = ir::value_type(value(
            body.argument(n_fixed + i).map_err(|e| e.to_string())?,
        ));
        scratch.push(allocation(&b, *alloc, t, &barriers, &sem_bases)?);
    }
    let pipeline_barrier = barriers.first().map(|g| (g.first, g.ptr, g.phases));
    let mut stage = pipeline::prologue(
        &b,
        &info,
        &plan,
        &schedule,
        &gmem,
        &parallel_ids,
        pipeline_barrier,
        operand_transforms,
    )?;
    // Register accumulators of the kernel start from zero and are carried
    // across the sequential steps.
    let carried = wgmma::carried(body)?;
    let inits: Vec<Value> = carried
        .iter()
        .map(|(start, _)| wgmma::init_accumulator(&b, ir::value_type(*start)))
        .collect();
    let step_loop = if schedule.sequential.is_empty() {
        None
    } else {
        Some(pipeline::open_loop(&b, &mut stage, &inits, linear)?)
    };
    let mut program_ids = vec![];
    let mut ids = parallel_ids.iter();
    for axis in 0..info.grid.len() {
        let id = match step_loop
            .as_ref()
            .and_then(|(_, s)| s.iter().find(|(a, _)| *a == axis))
        {
            Some((_, step)) => *step,
            None => *ids.next().ok_or("a grid axis without a program id")?,
        };
        program_ids.push(id);
    }
    let starts: Vec<Value> = match &step_loop {
        Some((lp, _)) => lp.carried.clone(),
        None => inits,
    };
    for ((start, _), v) in carried.iter().zip(&starts) {
        rw.replace_all_uses_with(*start, *v);
    }
    let mut body_args: Vec<Value> = (0..info.specs.len())
        .map(|i| stage.views[i].unwrap_or(gmem[i]))
        .collect();
    body_args.extend(scratch);

    // The body runs on the blocks in shared memory. Only its ops are
    // rewritten below (not the ones built around it), found before they move.
    let ret = body
        .terminator()
        .ok_or("kernel body without a terminator")?;
    let mut ops = vec![];
    ir::walk_nested(&k, &mut |op| {
        if op != k && op != ret {
            ops.push(op)
        }
    });
    rw.erase_op(&ret);
    match &step_loop {
        Some((lp, _)) => {
            rw.merge_blocks(body, lp.body, &body_args);
            // A step that never writes the accumulator passes it on as it
            // came (its start mark goes away with the marks).
            let next: Vec<Value> = carried
                .iter()
                .zip(&starts)
                .map(|((start, end), v)| if end == start { *v } else { *end })
                .collect();
            pipeline::close_loop(&b, &stage, &info, &gmem, lp, &next, linear)?;
        }
        None => {
            rw.merge_blocks(body, device, &body_args);
            rw.set_insertion_point_to_end(device);
        }
    }
    pipeline::epilogue(&b, &stage, &info, &gmem, linear)?;
    b.op("gpu.terminator", &[], &[], &[]);

    let ctx = Ctx {
        params: params.clone(),
        grid: info.grid.clone(),
        program_ids,
        linear,
        barriers,
        thread_name: params.thread_name.clone(),
        grid_names,
        cluster_names: params.cluster_names.clone(),
        cluster: params.cluster.clone(),
        collective: collectives::State {
            metadata,
            num_params: n_params as i64,
            num_peers: params.mesh_shape.iter().product(),
            multimem: std::cell::RefCell::new(vec![false; n_params]),
            metadata_used: std::cell::Cell::new(false),
            sem_bases,
            lane_predicate,
        },
    };
    for op in ops {
        rw.set_insertion_point_before(&op);
        let b = B::new(&rw, op.location());
        if ir::op_name_of(&op) == "pallas.debug_print" {
            debug::rewrite(&b, &op, &ctx)?;
        } else if collectives::rewrite(&b, &op, &ctx)? {
        } else if !load_store::rewrite(&b, &op, &ctx)?
            && !tma::rewrite(&b, &op, &ctx)?
            && !wgmma::rewrite(&b, &op)?
            && !transforms::rewrite(&op)?
        {
            elementwise::rewrite(&b, &op, &ctx)?;
        }
    }
    wgmma::erase_carried(&launch);
    elementwise::erase_dead_shape_casts(&launch);
    tma::erase_gmem_views(&launch);
    transforms::slice_at_uses(&launch);
    erase_if_unused(ctx.collective.lane_predicate);
    // What the runtime needs to know of the collectives: that the metadata
    // is passed, and which operands it must map for multicast.
    if ctx.collective.metadata_used.get() {
        ir::set_attribute(
            &module,
            "mosaic_gpu.collective_metadata_used",
            b.attr("unit"),
        );
    }
    let multimem = ctx.collective.multimem.borrow();
    if multimem.iter().any(|&m| m) {
        let flags: Vec<&str> = multimem
            .iter()
            .map(|&m| if m { "true" } else { "false" })
            .collect();
        ir::set_attribute(
            &module,
            "mosaic_gpu.multimem_args",
            b.attr(&format!(
                "dense<[{}]> : tensor<{}xi1>",
                flags.join(", "),
                flags.len()
            )),
        );
        ir::set_attribute(&module, "mosaic_gpu.multimem_used", b.attr("unit"));
    }
    rw.erase_op(&k);
    Ok(())
}
