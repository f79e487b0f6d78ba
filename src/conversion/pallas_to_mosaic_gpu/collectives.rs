//! GMEM semaphores and multi-device kernels.
//!
//! GMEM semaphores live in extra i32 operands of the launch, one per scope
//! of the plan ([`resources::SemaphoreScope`]): JAX appends each to the
//! inputs and to the outputs (aliased; only the output copy is read), zero
//! when the kernel starts. A block-local scope holds `count` semaphores per
//! CTA and each CTA slices its own at its linear block index; a global one
//! (`pallas.get_global`) is shared by the launch. Allocations are
//! bump-allocated slices of the CTA's part, reshaped to the requested
//! shape.
//!
//! Under a device mesh of more than one device (`mesh_axes` /
//! `mesh_shape`), the launch gets one more operand, the collective metadata
//! (`memref<K x i64>`): the device's rank first, then per kernel operand
//! its address on every peer, then its multicast address. A mesh
//! `axis_index` is read from the rank; a remote or multicast ref is the
//! local ref moved by the difference between the operand's address there
//! and here.
//!
//! The semaphore ops keep JAX's warpgroup form: a
//! `mosaic_gpu.custom_primitive` whose body is the per-lane code (one lane
//! of the warpgroup signals with a system-scope atomic; the wait spins in
//! one lane, then the warpgroup synchronizes), isolated from above so that
//! everything it uses comes in as an operand.

use std::cell::{Cell, RefCell};

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, BlockRef, Region, RegionLike, Value, ValueLike};

use super::grid;
use super::kernel::{descriptor_type, warpgroup_barrier, Ctx};
use super::resources::{self, SemaphoreScope};
use crate::conversion::common::builder::B;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir::{self, value, MemorySpace};

/// Words of the collective metadata before the operand addresses.
const METADATA_HEADER: i64 = 4;
/// Where the kernel operand an op derives from records its index.
pub const KERNEL_ARG_ATTR: &str = "mosaic_gpu.from_kernel_arg_idx";

/// The ops handled here.
pub const OPS: &[&str] = &[
    "pallas.ref_reshape",
    "pallas.get_global",
    "pallas.semaphore_signal",
    "pallas.semaphore_wait",
    "pallas.semaphore_signal_multicast",
    "pallas.multimem_store",
    "pallas.multimem_load_reduce",
];

/// The multi-device and semaphore state of a kernel being lowered.
pub struct State<'c, 'a> {
    /// The collective metadata, under a mesh of several devices.
    pub metadata: Option<Value<'c, 'a>>,
    /// Kernel operands as JAX counts them (inputs, semaphore inputs,
    /// outputs, semaphore outputs) and the devices of the mesh.
    pub num_params: i64,
    pub num_peers: i64,
    /// The operands used through a multicast address.
    pub multimem: RefCell<Vec<bool>>,
    pub metadata_used: Cell<bool>,
    /// This CTA's part of each semaphore scope of the plan.
    pub sem_bases: Vec<(SemaphoreScope, Value<'c, 'a>)>,
    /// Whether this thread is the one lane of its warpgroup that issues
    /// single-thread work (computed at kernel entry).
    pub lane_predicate: Value<'c, 'a>,
}

/// Whether the kernel runs under a device mesh of more than one device
/// (JAX then passes the collective metadata; with one device it would use
/// NVSHMEM instead).
pub fn has_metadata(params: &MosaicGpuParams) -> bool {
    !params.mesh_axes.is_empty() && params.mesh_shape.iter().product::<i64>() > 1
}

/// Whether the body of kernel `k` reads the collective metadata.
pub fn needs_metadata(k: &OperationRef, params: &MosaicGpuParams) -> bool {
    let mut found = false;
    ir::walk_nested(k, &mut |op| {
        found |= match ir::op_name_of(&op) {
            "pallas.multimem_store"
            | "pallas.multimem_load_reduce"
            | "pallas.semaphore_signal_multicast" => true,
            "pallas.semaphore_signal" => device_operands(&op).is_some_and(|d| !d.is_empty()),
            "pallas.axis_index" => op
                .attribute("axis_name")
                .is_ok_and(|a| params.mesh_axes.contains(&ir::string_attr_value(a))),
            _ => false,
        };
    });
    found
}

/// The `device(...)` operands of a `pallas.semaphore_signal`.
fn device_operands<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Vec<Value<'c, 'a>>> {
    let seg = ir::dense_i32(op.attribute("operandSegmentSizes").ok()?);
    let start: i32 = seg.iter().take(3).sum();
    let n = *seg.get(3)?;
    (start..start + n)
        .map(|i| crate::ir::operand_at(op, i as usize).map(value))
        .collect()
}

/// The linear index of the CTA in the launch, as an `index`.
fn block_index<'c, 'a>(b: &B<'_, 'c, 'a>) -> Value<'c, 'a> {
    let read = |op: &str, d: &str| {
        let dim = b.attr(&format!("#gpu<dim {d}>"));
        let v = b.val(op, &[], b.index(), &[("dimension", dim)]);
        b.index_cast(v, b.i32())
    };
    let bx = read("gpu.block_id", "x");
    let gx = read("gpu.grid_dim", "x");
    let by = read("gpu.block_id", "y");
    let xy = b.add(bx, b.mul(by, gx));
    let gy = read("gpu.grid_dim", "y");
    let plane = b.mul(gx, gy);
    let bz = read("gpu.block_id", "z");
    let linear = b.add(xy, b.mul(bz, plane));
    b.val("arith.index_castui", &[linear], b.index(), &[])
}

/// This CTA's part of each semaphore scope, from the scopes' operands (in
/// plan order): a slice at the block index for block-local scopes, the
/// whole operand (seen with a dynamic offset) for global ones.
pub fn semaphore_bases<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    scopes: &[SemaphoreScope],
    buffers: &[Value<'c, 'a>],
) -> Vec<(SemaphoreScope, Value<'c, 'a>)> {
    let mut bases = vec![];
    // JAX slices the scopes last to first.
    for (scope, &buf) in scopes.iter().zip(buffers).rev() {
        let t = b.ty(&format!(
            "memref<{}xi32, strided<[1], offset: ?>>",
            scope.count
        ));
        let base = if scope.global {
            b.val("memref.cast", &[buf], t, &[])
        } else {
            let mut start = block_index(b);
            if scope.count != 1 {
                start = b.mul(start, b.cidx(scope.count));
            }
            subview_1d(b, buf, start, scope.count, t)
        };
        bases.push((scope.clone(), base));
    }
    bases.reverse();
    bases
}

/// `memref.subview %src[%start] [len] [1]` of a rank-1 ref.
fn subview_1d<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    start: Value<'c, 'a>,
    len: i64,
    t: Type<'c>,
) -> Value<'c, 'a> {
    b.val(
        "memref.subview",
        &[src, start],
        t,
        &[
            ("operandSegmentSizes", b.dense_i32_attr(&[1, 1, 0, 0])),
            ("static_offsets", b.dense_i64_attr(&[i64::MIN])),
            ("static_sizes", b.dense_i64_attr(&[len])),
            ("static_strides", b.dense_i64_attr(&[1])),
        ],
    )
}

/// `memref<SHAPE x i32, strided<[contiguous], offset: ?>>`.
fn semaphore_type<'c>(b: &B<'_, 'c, '_>, shape: &[i64]) -> Type<'c> {
    b.ty(&format!(
        "memref<{}i32, strided<[{}], offset: ?>>",
        shape.iter().map(|d| format!("{d}x")).collect::<String>(),
        crate::ir::builder::join(&contiguous_strides(shape), ", ")
    ))
}

fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// GMEM semaphores of pallas type `t` at `offset` of scope `global` (or the
/// block-local one): a slice of the scope's part, reshaped.
pub fn reserve<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    bases: &[(SemaphoreScope, Value<'c, 'a>)],
    global: bool,
    offset: i64,
    t: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let (scope, base) = bases
        .iter()
        .find(|(s, _)| s.global == global)
        .ok_or("semaphores outside the plan")?;
    let shape = ir::memref_shape(t);
    let n: i64 = shape.iter().product();
    let mut r = *base;
    if offset != 0 || n != scope.count {
        let at = b.cidx(offset);
        r = subview_1d(b, r, at, n, semaphore_type(b, &[n]));
    }
    Ok(match shape.len() {
        0 => b.val(
            "memref.collapse_shape",
            &[r],
            semaphore_type(b, &[]),
            &[("reassociation", b.attr("[]"))],
        ),
        1 => r,
        rank => {
            let group: Vec<String> = (0..rank).map(|d| d.to_string()).collect();
            b.val(
                "memref.expand_shape",
                &[r],
                semaphore_type(b, &shape),
                &[
                    (
                        "reassociation",
                        b.attr(&format!("[[{}]]", group.join(", "))),
                    ),
                    ("static_output_shape", b.dense_i64_attr(&shape)),
                ],
            )
        }
    })
}

/// The address of the first element of `r` (`!llvm.ptr`).
fn memref_ptr<'c, 'a>(b: &B<'_, 'c, 'a>, r: Value<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    let t = r.r#type();
    let desc_t = b.ty(&descriptor_type(ir::memref_shape(t).len(), ""));
    let desc = b.val("builtin.unrealized_conversion_cast", &[r], desc_t, &[]);
    let ptr = b.ty("!llvm.ptr");
    let i64t = b.ty("i64");
    let aligned = b.val(
        "llvm.extractvalue",
        &[desc],
        ptr,
        &[("position", b.dense_i64_attr(&[1]))],
    );
    let offset = b.val(
        "llvm.extractvalue",
        &[desc],
        i64t,
        &[("position", b.dense_i64_attr(&[2]))],
    );
    let bits = ir::bit_width(ir::element_type(t)).ok_or("a ref of unsized elements")?;
    let size = b.constant(&format!("{} : i64", bits / 8), i64t);
    let bytes = b.val("llvm.mul", &[offset, size], i64t, &[]);
    let addr = b.val("llvm.ptrtoint", &[aligned], i64t, &[]);
    let addr = b.val("llvm.add", &[addr, bytes], i64t, &[]);
    Ok(b.val("llvm.inttoptr", &[addr], ptr, &[]))
}

/// The ref of type `t` (strides of `t`, offset 0) at address `ptr`.
fn ptr_as_memref<'c, 'a>(b: &B<'_, 'c, 'a>, ptr: Value<'c, 'a>, t: Type<'c>) -> Value<'c, 'a> {
    let shape = ir::memref_shape(t);
    let desc_t = b.ty(&descriptor_type(shape.len(), ""));
    let i64t = b.ty("i64");
    let c = |v: i64| {
        b.val(
            "llvm.mlir.constant",
            &[],
            i64t,
            &[("value", b.int_attr(v, i64t))],
        )
    };
    let mut desc = b.val("llvm.mlir.undef", &[], desc_t, &[]);
    let insert = |desc, v, pos: &[i64]| {
        b.val(
            "llvm.insertvalue",
            &[desc, v],
            desc_t,
            &[("position", b.dense_i64_attr(pos))],
        )
    };
    desc = insert(desc, ptr, &[0]);
    desc = insert(desc, ptr, &[1]);
    desc = insert(desc, c(0), &[2]);
    let (strides, _) = ir::memref_strides_and_offset(t).unwrap_or_default();
    for (d, &n) in shape.iter().enumerate() {
        desc = insert(desc, c(n), &[3, d as i64]);
    }
    for (d, &s) in strides.iter().enumerate() {
        desc = insert(desc, c(s), &[4, d as i64]);
    }
    b.val("builtin.unrealized_conversion_cast", &[desc], t, &[])
}

/// The type of a remote or multicast view of `t`: the same strides at
/// offset 0 (the offset is folded into the address).
fn at_offset_zero<'c>(b: &B<'_, 'c, '_>, t: Type<'c>) -> Result<Type<'c>, String> {
    let (strides, _) = ir::memref_strides_and_offset(t).ok_or("a ref without strides")?;
    let shape = ir::memref_shape(t);
    Ok(b.ty(&format!(
        "memref<{}{}, strided<[{}]>>",
        shape.iter().map(|d| format!("{d}x")).collect::<String>(),
        ir::element_type(t),
        crate::ir::builder::join(&strides, ", ")
    )))
}

/// The index of the kernel operand `r` is a view of (JAX records it on the
/// ref's op once found).
fn kernel_arg_index(r: Value) -> Result<i64, String> {
    let mut v = r;
    loop {
        let op = ir::defining_op(v).ok_or("a ref that is no view of a kernel operand")?;
        if let Ok(a) = op.attribute(KERNEL_ARG_ATTR) {
            let idx = ir::integer_attr_value(a).ok_or("a bad kernel operand index")?;
            if let Some(owner) = ir::defining_op(r) {
                ir::set_attribute(&owner, KERNEL_ARG_ATTR, a);
            }
            return Ok(idx);
        }
        let refs: Vec<Value> = (0..op.operand_count())
            .filter_map(|i| crate::ir::operand_at(&op, i).map(value))
            .filter(|o| ir::is_memref(o.r#type()))
            .collect();
        match refs.as_slice() {
            [one] => v = *one,
            _ => return Err("a ref that is no view of a kernel operand".into()),
        }
    }
}

fn metadata<'c, 'a>(ctx: &Ctx<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    ctx.collective.metadata_used.set(true);
    ctx.collective
        .metadata
        .ok_or_else(|| "no collective metadata (a mesh of one device)".to_string())
}

/// The rank of this device in the mesh (i32).
fn device_id<'c, 'a>(b: &B<'_, 'c, 'a>, ctx: &Ctx<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    let meta = metadata(ctx)?;
    let word = b.val("memref.load", &[meta, b.cidx(0)], b.ty("i64"), &[]);
    let id = b.val("arith.trunci", &[word], b.i32(), &[]);
    if let Some(op) = ir::defining_op(id) {
        ir::set_attribute(&op, "mosaic_gpu.device_id_load", b.attr("unit"));
    }
    Ok(id)
}

/// The address of kernel operand `param` on device `peer` (i32), as i64.
fn address_on<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    param: i64,
    peer: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let meta = metadata(ctx)?;
    let first = b.cidx(METADATA_HEADER + ctx.collective.num_peers * param);
    let at = b.add(b.index_cast(peer, b.index()), first);
    Ok(b.val("memref.load", &[meta, at], b.ty("i64"), &[]))
}

/// How far `r` is from the start of kernel operand `param` here (i64).
fn offset_in_operand<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    r: Value<'c, 'a>,
    param: i64,
) -> Result<Value<'c, 'a>, String> {
    let here = device_id(b, ctx)?;
    let base = address_on(b, ctx, param, here)?;
    let ptr = memref_ptr(b, r)?;
    let addr = b.val("llvm.ptrtoint", &[ptr], b.ty("i64"), &[]);
    Ok(b.sub(addr, base))
}

/// `r` on device `peer`.
fn to_remote<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    r: Value<'c, 'a>,
    peer: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let param = kernel_arg_index(r)?;
    let offset = offset_in_operand(b, ctx, r, param)?;
    let there = address_on(b, ctx, param, peer)?;
    let addr = b.add(there, offset);
    let ptr = b.val("llvm.inttoptr", &[addr], b.ty("!llvm.ptr"), &[]);
    let remote = ptr_as_memref(b, ptr, at_offset_zero(b, r.r#type())?);
    if let Some(op) = ir::defining_op(remote) {
        ir::set_attribute(&op, KERNEL_ARG_ATTR, b.int_attr(param, b.i32()));
    }
    Ok(remote)
}

/// `r` through the multicast address of its operand: a store reaches
/// every device, a load-reduce reads them all.
fn to_multicast<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    r: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let param = kernel_arg_index(r)?;
    if let Some(flag) = ctx.collective.multimem.borrow_mut().get_mut(param as usize) {
        *flag = true;
    }
    let s = &ctx.collective;
    let meta = metadata(ctx)?;
    let slot = b.cidx(METADATA_HEADER + s.num_peers * s.num_params + param);
    let multicast = b.val("memref.load", &[meta, slot], b.ty("i64"), &[]);
    let offset = offset_in_operand(b, ctx, r, param)?;
    let addr = b.add(multicast, offset);
    let ptr = b.val("llvm.inttoptr", &[addr], b.ty("!llvm.ptr"), &[]);
    Ok(ptr_as_memref(b, ptr, at_offset_zero(b, r.r#type())?))
}

/// Whether this thread is the one lane of its warpgroup that issues
/// single-thread work: the elected lane of the warpgroup's first warp.
/// `elected` is a fresh `nvvm.elect.sync`, `warp` the warp index made
/// uniform with a shuffle.
pub fn lane_predicate<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    elected: Value<'c, 'a>,
    warp: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let in_group = b.bin("arith.remui", warp, b.ci32(4));
    let first = b.cmpi("eq", in_group, b.ci32(0));
    b.bin("arith.andi", first, elected)
}

/// `lane_predicate` from scratch (inside an isolated region); also the
/// linear thread index it reads.
fn fresh_lane_predicate<'c, 'a>(b: &B<'_, 'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
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
    (lane_predicate(b, elected, warp), linear)
}

/// `llvm.inline_asm has_side_effects` with no result.
fn asm<'c, 'a>(b: &B<'_, 'c, 'a>, operands: &[Value<'c, 'a>], text: &str, constraints: &str) {
    b.op(
        "llvm.inline_asm",
        operands,
        &[b.ty("!llvm.void")],
        &[
            ("asm_string", ir::string_attr(b.loc, text)),
            ("constraints", ir::string_attr(b.loc, constraints)),
            ("has_side_effects", b.attr("unit")),
        ],
    );
}

/// Emits `mosaic_gpu.custom_primitive(operands)` with the body `body`
/// builds from the block arguments, before `op`.
fn custom_primitive<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    operands: &[Value<'c, 'a>],
    body: impl FnOnce(&B<'_, 'c, 'a>, &[Value<'c, 'a>]) -> Result<(), String>,
) -> Result<(), String> {
    let block = Block::new(
        &operands
            .iter()
            .map(|v| (v.r#type(), b.loc))
            .collect::<Vec<_>>(),
    );
    let region = Region::new();
    region.append_block(block);
    let empty = b.attr("[]");
    let prim = b.rw.insert(b.build(
        "mosaic_gpu.custom_primitive",
        operands,
        &[],
        &[
            ("in_layouts", empty),
            ("in_transforms", empty),
            ("out_layouts", empty),
        ],
        vec![region],
    ));
    let inner: BlockRef = prim
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("custom_primitive without a body")?;
    let args: Vec<Value> = (0..inner.argument_count())
        .map(|i| inner.argument(i).map(value).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    b.rw.set_insertion_point_to_end(inner);
    let result = body(b, &args);
    b.op("mosaic_gpu.return", &[], &[], &[]);
    b.rw.set_insertion_point_before(op);
    result
}

/// The warpgroup barrier inside an isolated region.
fn fresh_warpgroup_barrier<'c, 'a>(b: &B<'_, 'c, 'a>, linear: Option<Value<'c, 'a>>) {
    let linear = linear.unwrap_or_else(|| grid::linear_thread_id(b));
    warpgroup_barrier(b, linear);
}

/// The semaphore element `indices` of `sem` (all of it without indices).
fn semaphore_elem<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    sem: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
) -> Value<'c, 'a> {
    if indices.is_empty() {
        return sem;
    }
    let rank = indices.len();
    let mut operands = vec![sem];
    operands.extend(indices);
    b.val(
        "memref.subview",
        &operands,
        semaphore_type(b, &[]),
        &[
            (
                "operandSegmentSizes",
                b.dense_i32_attr(&[1, rank as i32, 0, 0]),
            ),
            ("static_offsets", b.dense_i64_attr(&vec![i64::MIN; rank])),
            ("static_sizes", b.dense_i64_attr(&vec![1; rank])),
            ("static_strides", b.dense_i64_attr(&vec![1; rank])),
        ],
    )
}

/// A mesh axis's position of this device: `(rank / minor) % size`, where
/// `minor` is the number of devices of the axes after it.
fn mesh_axis_index<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    axis: usize,
) -> Result<Value<'c, 'a>, String> {
    let shape = &ctx.params.mesh_shape;
    let mut id = device_id(b, ctx)?;
    let minor: i64 = shape[axis + 1..].iter().product();
    if minor != 1 {
        id = b.bin("arith.divsi", id, b.ci32(minor));
    }
    Ok(b.bin("arith.remsi", id, b.ci32(shape[axis])))
}

/// The linear device id of the per-axis coordinates `coords` (mesh device
/// ids) or of the one logical id.
fn logical_device<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    coords: &[Value<'c, 'a>],
) -> Value<'c, 'a> {
    let shape = &ctx.params.mesh_shape;
    let mut id = coords[0];
    for (k, &c) in coords.iter().enumerate().skip(1) {
        id = b.add(b.mul(id, b.ci32(shape[k])), c);
    }
    id
}

/// How the dims of `fine` group into those of `coarse` when `fine`
/// refines `coarse` (each coarse dim is the product of a run of fine dims;
/// trailing unit dims join the last run).
fn reassociation(coarse: &[i64], fine: &[i64]) -> Option<Vec<Vec<usize>>> {
    let mut groups: Vec<Vec<usize>> = vec![];
    let mut d = 0;
    for &n in coarse {
        let mut group = vec![];
        let mut p = 1;
        while d < fine.len() && (group.is_empty() || p < n) {
            p *= fine[d];
            group.push(d);
            d += 1;
        }
        if p != n || group.is_empty() {
            return None;
        }
        groups.push(group);
    }
    while d < fine.len() && fine[d] == 1 {
        groups.last_mut()?.push(d);
        d += 1;
    }
    (d == fine.len()).then_some(groups)
}

fn reassociation_attr(groups: &[Vec<usize>]) -> String {
    let inner: Vec<String> = groups
        .iter()
        .map(|g| {
            let v: Vec<String> = g.iter().map(usize::to_string).collect();
            format!("[{}]", v.join(", "))
        })
        .collect();
    format!("[{}]", inner.join(", "))
}

/// `pallas.ref_reshape` of a contiguous ref: an expand or collapse of its
/// dims, or both through one dim when neither shape refines the other.
fn reshape<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    to: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let from_shape = ir::memref_shape(src.r#type());
    let to_shape = ir::memref_shape(to);
    let elem = ir::element_type(src.r#type());
    let space = if ir::memref_memory_space(src.r#type()).is_some() {
        ", #gpu.address_space<workgroup>"
    } else {
        ""
    };
    let ty = |shape: &[i64]| {
        b.ty(&format!(
            "memref<{}{elem}{space}>",
            shape.iter().map(|d| format!("{d}x")).collect::<String>()
        ))
    };
    if from_shape == to_shape {
        return Ok(src);
    }
    let expand = |v: Value<'c, 'a>, from: &[i64]| -> Option<Value<'c, 'a>> {
        let groups = reassociation(from, &to_shape)?;
        Some(b.val(
            "memref.expand_shape",
            &[v],
            ty(&to_shape),
            &[
                ("reassociation", b.attr(&reassociation_attr(&groups))),
                ("static_output_shape", b.dense_i64_attr(&to_shape)),
            ],
        ))
    };
    let collapse = |v: Value<'c, 'a>, into: &[i64]| -> Option<Value<'c, 'a>> {
        let groups = if into.is_empty() {
            vec![]
        } else {
            reassociation(into, &from_shape)?
        };
        Some(b.val(
            "memref.collapse_shape",
            &[v],
            ty(into),
            &[("reassociation", b.attr(&reassociation_attr(&groups)))],
        ))
    };
    if from_shape.is_empty() {
        return Ok(b.val(
            "memref.expand_shape",
            &[src],
            ty(&to_shape),
            &[
                ("reassociation", b.attr("[]")),
                ("static_output_shape", b.dense_i64_attr(&to_shape)),
            ],
        ));
    }
    if let Some(v) = expand(src, &from_shape) {
        return Ok(v);
    }
    if let Some(v) = collapse(src, &to_shape) {
        return Ok(v);
    }
    let n: i64 = from_shape.iter().product();
    let flat = collapse(src, &[n]).ok_or("a reshape that cannot be flattened")?;
    expand(flat, &[n]).ok_or_else(|| "a reshape that cannot be expanded".into())
}

/// Rewrites `op` when it is a semaphore, multi-device or reshape op;
/// whether it was one.
pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<bool, String> {
    let operand = |i: usize| op.operand(i).map(value).map_err(|e| e.to_string());
    let operands = |from: usize, to: usize| -> Result<Vec<Value<'c, 'a>>, String> {
        (from..to).map(&operand).collect()
    };
    match ir::op_name_of(op) {
        "pallas.axis_index" => {
            let name = op
                .attribute("axis_name")
                .map(ir::string_attr_value)
                .map_err(|e| e.to_string())?;
            let Some(axis) = ctx.params.mesh_axes.iter().position(|a| *a == name) else {
                return Ok(false);
            };
            let v = mesh_axis_index(b, ctx, axis)?;
            b.rw.replace_op(op, &[v]);
        }
        "pallas.ref_reshape" => {
            let to = super::kernel::workgroup_type(b, ir::value_type(ir::result_of(*op, 0)));
            let to = strip_gmem(b, to);
            let v = reshape(b, operand(0)?, to)?;
            b.rw.replace_op(op, &[v]);
        }
        "pallas.get_global" => {
            let offset = op
                .attribute(resources::GLOBAL_SEM_OFFSET_ATTR)
                .map(ir::dense_i64)
                .map_err(|_| "get_global without a planned offset")?;
            let t = ir::value_type(ir::result_of(*op, 0));
            let v = reserve(b, &ctx.collective.sem_bases, true, offset[0], t)?;
            b.rw.replace_op(op, &[v]);
        }
        "pallas.semaphore_wait" => {
            let n = op.operand_count();
            let sem = semaphore_elem(b, operand(0)?, &operands(1, n - 1)?);
            let want = operand(n - 1)?;
            let decrement = op
                .attribute("decrement")
                .map(|a| a.to_string() != "false")
                .unwrap_or(true);
            custom_primitive(b, op, &[sem, want], |b, args| {
                let ptr = memref_ptr(b, args[0])?;
                let (pred, linear) = fresh_lane_predicate(b);
                let then = Block::new(&[]);
                then.append_operation(b.build("scf.yield", &[], &[], &[], vec![]));
                let region = Region::new();
                region.append_block(then);
                let if_op =
                    b.rw.insert(b.build("scf.if", &[pred], &[], &[], vec![region, Region::new()]));
                let yield_op = if_op
                    .region(0)
                    .ok()
                    .and_then(|r| r.first_block())
                    .and_then(|blk| blk.terminator())
                    .ok_or("scf.if without a terminator")?;
                b.rw.set_insertion_point_before(&yield_op);
                spin_until(b, ptr, args[1], decrement);
                asm(b, &[], "fence.acquire.sys;", "");
                b.rw.set_insertion_point_after(&if_op);
                fresh_warpgroup_barrier(b, Some(linear));
                Ok(())
            })?;
            b.rw.erase_op(op);
        }
        "pallas.semaphore_signal_multicast" => {
            let n = op.operand_count();
            let sem = semaphore_elem(b, operand(0)?, &operands(1, n - 1)?);
            let inc = operand(n - 1)?;
            let multi = to_multicast(b, ctx, sem)?;
            let auto = !ctx.params.no_auto_barriers;
            custom_primitive(
                b,
                op,
                &[multi, inc, ctx.collective.lane_predicate],
                |b, args| {
                    if auto {
                        fresh_warpgroup_barrier(b, None);
                    }
                    let ptr = memref_ptr(b, args[0])?;
                    asm(
                    b,
                    &[ptr, args[1], args[2]],
                    "{\n  @$2 multimem.red.release.sys.global.add.u32 [$0], $1;\n  fence.proxy.alias;\n}\n",
                    "l,r,b",
                );
                    Ok(())
                },
            )?;
            b.rw.erase_op(op);
        }
        "pallas.semaphore_signal" => {
            let seg = ir::dense_i32(
                op.attribute("operandSegmentSizes")
                    .map_err(|e| e.to_string())?,
            );
            let n_idx = seg[1] as usize;
            let mut sem = semaphore_elem(b, operand(0)?, &operands(1, 1 + n_idx)?);
            let inc = operand(1 + n_idx)?;
            let devices = device_operands(op).unwrap_or_default();
            if !devices.is_empty() {
                let peer = if ir::int_attr(op, "device_id_type") == Some(1) {
                    devices[0]
                } else {
                    logical_device(b, ctx, &devices)
                };
                sem = to_remote(b, ctx, sem, peer)?;
            }
            let auto = !ctx.params.no_auto_barriers;
            custom_primitive(
                b,
                op,
                &[sem, inc, ctx.collective.lane_predicate],
                |b, args| {
                    let ptr = memref_ptr(b, args[0])?;
                    if auto {
                        fresh_warpgroup_barrier(b, None);
                    }
                    asm(
                        b,
                        &[ptr, args[1], args[2]],
                        "@$2 red.release.sys.global.add.u32 [$0], $1;",
                        "l,r,b",
                    );
                    Ok(())
                },
            )?;
            b.rw.erase_op(op);
        }
        "pallas.multimem_store" => {
            let multi = to_multicast(b, ctx, operand(1)?)?;
            b.op(
                "mosaic_gpu.vector_store",
                &[operand(0)?, multi],
                &[],
                &[("multimem", b.attr("true")), ("optimized", b.attr("false"))],
            );
            b.rw.erase_op(op);
        }
        "pallas.multimem_load_reduce" => {
            let src = operand(0)?;
            let elem = ir::element_type(src.r#type());
            let signed = if ir::is_float(elem) {
                None
            } else {
                Some(!elem.to_string().starts_with("ui"))
            };
            // Min and max of integers say their signedness.
            let kind = match (ir::int_attr(op, "reduction").unwrap_or(0), signed) {
                (1, Some(true)) => 8,
                (1, Some(false)) => 6,
                (2, Some(true)) => 9,
                (2, Some(false)) => 7,
                (k, _) => k,
            };
            let multi = to_multicast(b, ctx, src)?;
            let t = ir::value_type(ir::result_of(*op, 0));
            let v = b.val(
                "mosaic_gpu.multimem_load_reduce",
                &[multi],
                t,
                &[("reduction_type", b.int_attr(kind, b.i32()))],
            );
            b.rw.replace_op(op, &[v]);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A GMEM ref type as the lowered kernel sees it (no memory space).
fn strip_gmem<'c>(b: &B<'_, 'c, '_>, t: Type<'c>) -> Type<'c> {
    let text = t.to_string().replace(", #pallas.memory_space<gmem>", "");
    b.ty(&text)
}

/// One lane spins until the semaphore at `ptr` holds at least `want`
/// (then takes `want` off it with `decrement`).
fn spin_until<'c, 'a>(b: &B<'_, 'c, 'a>, ptr: Value<'c, 'a>, want: Value<'c, 'a>, decrement: bool) {
    let i32t = b.i32();
    let carried: Vec<Type> = if decrement { vec![i32t] } else { vec![] };
    let before = Block::new(&carried.iter().map(|t| (*t, b.loc)).collect::<Vec<_>>());
    let after = Block::new(&carried.iter().map(|t| (*t, b.loc)).collect::<Vec<_>>());
    let (r0, r1) = (Region::new(), Region::new());
    r0.append_block(before);
    r1.append_block(after);
    let init: Vec<Value> = if decrement { vec![want] } else { vec![] };
    let w =
        b.rw.insert(b.build("scf.while", &init, &carried, &[], vec![r0, r1]));
    let before = w
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .expect("before");
    let after = w
        .region(1)
        .ok()
        .and_then(|r| r.first_block())
        .expect("after");
    b.rw.set_insertion_point_to_end(before);
    let word = |operands: &[Value<'c, 'a>], text: &str, constraints: &str| {
        b.val(
            "llvm.inline_asm",
            operands,
            i32t,
            &[
                ("asm_string", ir::string_attr(b.loc, text)),
                ("constraints", ir::string_attr(b.loc, constraints)),
                ("has_side_effects", b.attr("unit")),
            ],
        )
    };
    if decrement {
        // Compare-and-swap from the expected count to the count less
        // `want`; until it succeeds, expect what was there (at least want).
        let expected = value(before.argument(0).expect("arg"));
        let next = b.sub(expected, want);
        let seen = word(
            &[ptr, expected, next],
            "atom.relaxed.sys.global.cas.b32 $0, [$1], $2, $3;",
            "=r,l,r,r",
        );
        let again = b.cmpi("ne", seen, expected);
        let expect = b.bin("arith.maxui", seen, want);
        b.op("scf.condition", &[again, expect], &[], &[]);
        b.rw.set_insertion_point_to_end(after);
        let arg = value(after.argument(0).expect("arg"));
        b.op("scf.yield", &[arg], &[], &[]);
    } else {
        let seen = word(&[ptr], "ld.relaxed.sys.global.b32 $0, [$1];", "=r,l");
        let again = b.cmpi("ult", seen, want);
        b.op("scf.condition", &[again], &[], &[]);
        b.rw.set_insertion_point_to_end(after);
        b.op("scf.yield", &[], &[], &[]);
    }
    b.rw.set_insertion_point_after(&w);
}

/// Checks the ops handled here (and mesh axis indices) in kernel `k`.
pub fn check_kernel(
    k: &OperationRef,
    params: &MosaicGpuParams,
    fail: &dyn Fn(&OperationRef, String),
) {
    // The verifier sees to it that collective axes are mesh axes (so that
    // there is a mesh).
    let mesh = params.mesh_axes.clone();
    let all_mesh = |op: &OperationRef, multicast_signal: bool| -> Result<(), String> {
        let axes: Vec<String> = op
            .attribute("collective_axes")
            .map(|a| {
                ir::array_elements(a)
                    .into_iter()
                    .map(ir::string_attr_value)
                    .collect()
            })
            .unwrap_or_default();
        let mut sorted_axes = axes.clone();
        sorted_axes.sort();
        sorted_axes.dedup();
        let mut sorted_mesh = mesh.clone();
        sorted_mesh.sort();
        if sorted_axes != sorted_mesh {
            let q = |v: &[String]| {
                let items: Vec<String> = v.iter().map(|s| format!("'{s}'")).collect();
                if items.len() == 1 {
                    format!("({},)", items[0])
                } else {
                    format!("({})", items.join(", "))
                }
            };
            return Err(if multicast_signal {
                format!(
                    "collective_axes {} must equal entire mesh axes {}",
                    q(&axes),
                    q(&mesh)
                )
            } else {
                format!(
                    "Only collective_axes that include all JAX device mesh ({}) axes are supported, but got {}",
                    q(&mesh),
                    q(&axes)
                )
            });
        }
        metadata_check(params)
    };
    ir::walk_nested(k, &mut |op| {
        let name = ir::op_name_of(&op);
        let operand_type = |i: usize| op.operand(i).map(|v| v.r#type()).ok();
        let gmem_sem = || operand_type(0).is_some_and(resources::is_gmem_semaphore);
        let result = match name {
            "pallas.axis_index" => match op.attribute("axis_name") {
                Ok(a) if mesh.contains(&ir::string_attr_value(a)) => metadata_check(params),
                _ => Ok(()),
            },
            "pallas.multimem_store" | "pallas.multimem_load_reduce" => all_mesh(&op, false),
            "pallas.semaphore_signal_multicast" => {
                all_mesh(&op, true).and_then(|_| semaphore_ref(gmem_sem()))
            }
            "pallas.semaphore_wait" => semaphore_ref(gmem_sem()),
            // Cluster barriers are arrived on and waited for; TMA copies
            // complete on barriers of their own CTA.
            "pallas.copy_gmem_to_smem" => match operand_type(2).and_then(|t| {
                ir::barrier_params(ir::element_type(t)).map(|p| p.collective_axes.is_some())
            }) {
                Some(true) => {
                    Err("not yet supported: TMA copies that complete on a cluster barrier".into())
                }
                _ => Ok(()),
            },
            "pallas.semaphore_signal" => {
                let seg = op
                    .attribute("operandSegmentSizes")
                    .map(ir::dense_i32)
                    .unwrap_or_default();
                if seg.get(4).is_some_and(|&n| n > 0) {
                    Err("Mosaic GPU backend does not support the concept of cores, but core_index is specified".into())
                } else if seg.get(3).is_some_and(|&n| n > 0) {
                    let n = seg[3] as usize;
                    if mesh.is_empty() {
                        Err("not yet supported: semaphore_signal to another device without a device mesh (NVSHMEM)".into())
                    } else if ir::int_attr(&op, "device_id_type") != Some(1) && n != mesh.len() {
                        Err(format!(
                            "semaphore_signal names {n} device coordinates but the mesh has {} axes",
                            mesh.len()
                        ))
                    } else {
                        metadata_check(params)
                    }
                } else {
                    Ok(())
                }
                .and_then(|_| semaphore_ref(gmem_sem()))
            }
            "pallas.ref_reshape" => {
                let t = operand_type(0);
                let contiguous = t.is_some_and(|t| {
                    matches!(
                        MemorySpace::of_memref(t),
                        Some(MemorySpace::Gmem) | Some(MemorySpace::Shared)
                    ) && ir::memref_strides_and_offset(t).is_some_and(|(s, off)| {
                        off == 0 && s == contiguous_strides(&ir::memref_shape(t))
                    }) && ir::defining_op(op.operand(0).map(value).expect("operand"))
                        .is_none_or(|d| ir::op_name_of(&d) == "pallas.ref_reshape")
                });
                if contiguous {
                    Ok(())
                } else {
                    Err(
                        "not yet supported: ref_reshape other than of a whole GMEM or shared ref"
                            .into(),
                    )
                }
            }
            _ => Ok(()),
        };
        if let Err(m) = result {
            fail(&op, m);
        }
    });
}

/// Collective ops need the collective metadata, which JAX passes under a
/// mesh of several devices only.
fn metadata_check(params: &MosaicGpuParams) -> Result<(), String> {
    if has_metadata(params) {
        Ok(())
    } else {
        Err("not yet supported: device collectives under a mesh of one device (JAX uses NVSHMEM there)".into())
    }
}

fn semaphore_ref(ok: bool) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err("not yet supported: semaphores other than GMEM semaphores (memref<... x !pallas.semaphore, #pallas.memory_space<gmem>>) in convert-pallas-to-mosaic-gpu".into())
    }
}
