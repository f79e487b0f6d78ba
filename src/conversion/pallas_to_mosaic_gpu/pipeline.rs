//! The blocks of a gridded kernel move through shared memory as JAX's
//! `emit_pipeline` moves them. The parallel grid dims are the CUDA grid;
//! the sequential ones (dimension semantics other than "parallel") are the
//! steps of a loop inside each CTA. Every pipelined operand has a ring of
//! `slots` buffers (`max_concurrent_steps`, at most the number of steps) and
//! the inputs one barrier per slot (expecting each block's bytes).
//!
//! The prologue fetches the input blocks of the first `slots` steps by TMA;
//! each step waits for its slot's barrier, runs the body on the blocks of
//! its slot, and fetches the step `slots` ahead into the slot it frees.
//! Outputs whose block moves with the sequential dims are stored by TMA
//! from inside the loop, after the body's writes are fenced: a step stores
//! its slot when its block is not the one the previous step stored, and at
//! the last step (JAX's rule); a step first waits until the store that last
//! read its slot is done. The other outputs are stored once, from the last
//! step's slot. Without sequential dims there is one step and no loop.
//!
//! Block indices are the index map of the operand applied to the program
//! ids, times the block size (element offsets into the GMEM array).

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, BlockRef, Region, RegionLike, Value, ValueLike};

use super::control;
use super::kernel::{barrier_ref, slice_smem, wait_barrier, warpgroup_barrier};
use super::resources::{block_bytes, Plan};
use crate::conversion::common::builder::B;
use crate::conversion::common::index_map::expand_expr;
use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir::{self, value, AffineExpr, BlockDim, BlockSpec, IndexMap};

/// How the grid is stepped: the sequential axes, their steps and the
/// buffers per pipelined operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The grid axes that are not parallel, in order.
    pub sequential: Vec<usize>,
    /// The steps of the in-kernel loop (the product of the sequential dims;
    /// 1 without them; i64::MAX when the product overflows, which the
    /// checks reject).
    pub steps: i64,
    /// Buffers per pipelined operand and barriers of the pipeline:
    /// `max_concurrent_steps`, at most `steps`.
    pub slots: i64,
}

impl Schedule {
    /// JAX's rule: a dim is parallel iff its semantics is "parallel" (all
    /// are when none are given).
    pub fn of(kernel: &OperationRef, grid: &[i64], params: &MosaicGpuParams) -> Self {
        let sequential: Vec<usize> = kernel
            .attribute("dimension_semantics")
            .map(|a| {
                ir::array_elements(a)
                    .into_iter()
                    .enumerate()
                    .filter(|(_, s)| ir::string_attr_value(*s) != "parallel")
                    .map(|(i, _)| i)
                    .collect()
            })
            .unwrap_or_default();
        let steps = sequential
            .iter()
            .try_fold(1i64, |n, &a| n.checked_mul(grid[a]))
            .unwrap_or(i64::MAX);
        Schedule {
            slots: params.max_concurrent_steps.min(steps).max(1),
            steps,
            sequential,
        }
    }

    /// The parallel dims, the CUDA grid's.
    pub fn parallel_grid(&self, grid: &[i64]) -> Vec<i64> {
        (0..grid.len())
            .filter(|a| !self.sequential.contains(a))
            .map(|a| grid[a])
            .collect()
    }
}

/// Whether the block of `spec` moves along the sequential axes of
/// `schedule` (an output stored inside the loop).
fn moves(spec: &BlockSpec, schedule: &Schedule) -> bool {
    let IndexMap::Affine(map) = spec.index_map else {
        return false;
    };
    ir::affine_map_results(map).into_iter().any(|e| {
        schedule
            .sequential
            .iter()
            .any(|&axis| affine_uses_dim(e, axis))
    })
}

/// Whether affine expression `e` reads dim `d`.
fn affine_uses_dim(e: mlir_sys::MlirAffineExpr, d: usize) -> bool {
    match ir::affine_expr(e) {
        AffineExpr::Dim(p) => p == d,
        AffineExpr::Symbol(_) | AffineExpr::Constant(_) => false,
        AffineExpr::Add(l, r)
        | AffineExpr::Mul(l, r)
        | AffineExpr::Mod(l, r)
        | AffineExpr::FloorDiv(l, r)
        | AffineExpr::CeilDiv(l, r) => affine_uses_dim(l, d) || affine_uses_dim(r, d),
    }
}

/// A program id: known at compile time (a step of the prologue) or a value.
#[derive(Clone, Copy)]
pub enum Id<'c, 'a> {
    Const(i64),
    Val(Value<'c, 'a>),
}

/// What the prologue set up for the steps and the epilogue.
pub struct Stage<'c, 'a> {
    /// The block of each pipelined operand in shared memory (inputs, then
    /// outputs) as the body sees it: the first slot without sequential
    /// dims; set by [`open_loop`] with them.
    pub views: Vec<Option<Value<'c, 'a>>>,
    /// The ring of buffers of each pipelined operand.
    buffers: Vec<Option<Value<'c, 'a>>>,
    /// The `with_transforms` attribute text of each operand, if any.
    transforms: Vec<Option<String>>,
    /// The program ids of the parallel axes (the sequential ones are
    /// `None`).
    parallel_ids: Vec<Option<Value<'c, 'a>>>,
    pub n_ins: usize,
    pub block_shapes: Vec<Vec<i64>>,
    schedule: Schedule,
    /// The pipeline's barriers: the first as the `mosaic_gpu` ops take it,
    /// its address and the phase bits.
    barrier: Option<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
    /// Block indices the prologue computed (see [`Memo`]).
    memo: Memo<'c, 'a>,
    /// The kernel's grid.
    grid: Vec<i64>,
    /// The pipelined outputs whose block moves along the sequential dims:
    /// stored at every step where it changes (and at the last).
    moving: Vec<usize>,
}

const WORKGROUP: &str = "#gpu.address_space<workgroup>";

fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// Block indices already computed at the top of the kernel, by index map,
/// result and block size: a result that reads only parallel program ids is
/// the same at every step (JAX computes it once).
type Memo<'c, 'a> = Vec<(String, Value<'c, 'a>)>;

/// The block indices of operand `spec` at program ids `ids`: each
/// index-map result times the block size (constant when the result is a
/// constant or a program id known at compile time). Results that read no
/// compile-time id come from `memo`, or go there when `remember`.
fn block_offsets<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    map: IndexMap,
    dims: &[BlockDim],
    ids: &[Id<'c, 'a>],
    memo: &mut Memo<'c, 'a>,
    remember: bool,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let IndexMap::Affine(map) = map else {
        return Err("index maps given by symbol are not supported here".into());
    };
    let mut out = vec![];
    for (r, (e, d)) in ir::affine_map_results(map)
        .into_iter()
        .zip(dims)
        .enumerate()
    {
        let size = d.size();
        let known = |p: usize| match ids.get(p) {
            Some(Id::Const(c)) => Some(*c),
            _ => None,
        };
        out.push(match fold(e, ids) {
            Some(c) => b.ci32(c * size),
            None => {
                let reads_known =
                    (0..ids.len()).any(|p| known(p).is_some() && affine_uses_dim(e, p));
                let key = format!("{} #{r} x{size}", ir::affine_map_to_string(map));
                if let Some((_, v)) = memo
                    .iter()
                    .find(|(k, _)| *k == key)
                    .filter(|_| !reads_known)
                {
                    *v
                } else {
                    let values: Vec<Value> = ids
                        .iter()
                        .map(|id| match id {
                            Id::Const(c) => b.ci32(*c),
                            Id::Val(v) => *v,
                        })
                        .collect();
                    let idx = expand_expr(b, e, &values)?;
                    let v = if size == 1 {
                        idx
                    } else {
                        b.mul(idx, b.ci32(size))
                    };
                    if remember && !reads_known {
                        memo.push((key, v));
                    }
                    v
                }
            }
        });
    }
    Ok(out)
}

fn block_shape(spec: &BlockSpec) -> Vec<i64> {
    spec.dims.iter().map(|d| d.size()).collect()
}

/// The view of a slot of `buffer` (`slots x block`, marked with its
/// transforms) as the copies and the body see it: a static slot cast to a
/// dynamic offset, as JAX's ref slicing leaves it, or a dynamic one.
fn slot_view<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buffer: Value<'c, 'a>,
    transforms: Option<&str>,
    shape: &[i64],
    slot: Id<'c, 'a>,
) -> Value<'c, 'a> {
    let elem = ir::element_type(buffer.r#type());
    let space = ir::memref_memory_space(buffer.r#type());
    let buffer = match transforms {
        Some(t) => b.val(
            "mosaic_gpu.with_transforms",
            &[buffer],
            buffer.r#type(),
            &[("transforms", b.attr(t))],
        ),
        None => buffer,
    };
    let strides = row_major_strides(shape);
    let rank = shape.len() + 1;
    let mut sizes = vec![1];
    sizes.extend_from_slice(shape);
    let block_elems: i64 = shape.iter().product();
    let (offsets, operands, offset) = match slot {
        Id::Const(c) => {
            let mut offsets = vec![0; rank];
            offsets[0] = c;
            (offsets, vec![buffer], c * block_elems)
        }
        Id::Val(v) => {
            let mut offsets = vec![0; rank];
            offsets[0] = crate::conversion::common::builder::DYNAMIC;
            (
                offsets,
                vec![buffer, v],
                crate::conversion::common::builder::DYNAMIC,
            )
        }
    };
    let exact = ir::strided_memref_type(shape, elem, &strides, offset, space);
    let view = b.val(
        "memref.subview",
        &operands,
        exact,
        &[
            (
                "operandSegmentSizes",
                b.dense_i32_attr(&[1, operands.len() as i32 - 1, 0, 0]),
            ),
            ("static_offsets", b.dense_i64_attr(&offsets)),
            ("static_sizes", b.dense_i64_attr(&sizes)),
            ("static_strides", b.dense_i64_attr(&vec![1; rank])),
        ],
    );
    if matches!(slot, Id::Val(_)) {
        return view;
    }
    let dynamic = ir::strided_memref_type(
        shape,
        elem,
        &strides,
        crate::conversion::common::builder::DYNAMIC,
        space,
    );
    b.val("memref.cast", &[view], dynamic, &[])
}

/// Barrier `slot` of the pipeline's group, as the `mosaic_gpu` ops take it,
/// and its address.
fn barrier_at<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    (first, ptr): (Value<'c, 'a>, Value<'c, 'a>),
    slot: Id<'c, 'a>,
) -> (Value<'c, 'a>, Value<'c, 'a>) {
    let (operands, index) = match slot {
        Id::Const(0) => return (first, ptr),
        Id::Const(c) => (vec![ptr], c as i32),
        // MLIR's marker of a dynamic GEP index.
        Id::Val(v) => (vec![ptr, v], i32::MIN),
    };
    let i64t = ir::i64_like(b.i32());
    let at = b.val(
        "llvm.getelementptr",
        &operands,
        ptr.r#type(),
        &[
            (
                "elem_type",
                melior::ir::attribute::TypeAttribute::new(i64t).into(),
            ),
            ("rawConstantIndices", b.dense_i32_attr(&[index])),
        ],
    );
    (barrier_ref(b, at), at)
}

/// The program ids of every grid axis at the sequential step `step`.
/// The sequential axes are row-major over the steps (the last axis moves
/// fastest, as JAX increments the indices).
fn ids_at<'c, 'a>(b: &B<'_, 'c, 'a>, stage: &Stage<'c, 'a>, step: Id<'c, 'a>) -> Vec<Id<'c, 'a>> {
    let grid = &stage.grid;
    let seq = &stage.schedule.sequential;
    stage
        .parallel_ids
        .iter()
        .enumerate()
        .map(|(axis, id)| {
            if let Some(v) = id {
                return Id::Val(*v);
            }
            let k = seq.iter().position(|&a| a == axis).unwrap_or(0);
            let stride: i64 = seq[k + 1..].iter().map(|&a| grid[a]).product();
            let outer = k == 0;
            match step {
                Id::Const(s) if outer => Id::Const(s / stride),
                Id::Const(s) => Id::Const(s / stride % grid[axis]),
                Id::Val(v) => {
                    let q = if stride == 1 {
                        v
                    } else {
                        b.bin("arith.divsi", v, b.ci32(stride))
                    };
                    Id::Val(if outer {
                        q
                    } else {
                        b.bin("arith.remsi", q, b.ci32(grid[axis]))
                    })
                }
            }
        })
        .collect()
}

/// The value of affine expression `e` when every dim it reads is known.
fn fold(e: mlir_sys::MlirAffineExpr, ids: &[Id]) -> Option<i64> {
    let both = |l, r| Some((fold(l, ids)?, fold(r, ids)?));
    match ir::affine_expr(e) {
        AffineExpr::Constant(c) => Some(c),
        AffineExpr::Dim(p) => match ids.get(p) {
            Some(Id::Const(c)) => Some(*c),
            _ => None,
        },
        AffineExpr::Symbol(_) => None,
        AffineExpr::Add(l, r) => both(l, r).map(|(l, r)| l + r),
        AffineExpr::Mul(l, r) => both(l, r).map(|(l, r)| l * r),
        // Affine maps divide by positive constants only.
        AffineExpr::Mod(l, r) => both(l, r)
            .filter(|(_, r)| *r > 0)
            .map(|(l, r)| l.rem_euclid(r)),
        AffineExpr::FloorDiv(l, r) => both(l, r)
            .filter(|(_, r)| *r > 0)
            .map(|(l, r)| l.div_euclid(r)),
        AffineExpr::CeilDiv(l, r) => both(l, r)
            .filter(|(_, r)| *r > 0)
            .map(|(l, r)| -(-l).div_euclid(r)),
    }
}

/// Fetches the input blocks of step `step` into slot `slot`; the views of
/// the slot it copied into.
fn fetch<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    info: &KernelInfo<'c>,
    gmem: &[Value<'c, 'a>],
    step: Id<'c, 'a>,
    slot: Id<'c, 'a>,
    memo: &mut Memo<'c, 'a>,
) -> Result<Vec<Option<Value<'c, 'a>>>, String> {
    let mut views = vec![None; stage.buffers.len()];
    let ids = ids_at(b, stage, step);
    let mut barrier = None;
    for (i, spec) in info.specs.iter().enumerate().take(info.n_ins) {
        let Some(buffer) = stage.buffers[i] else {
            continue;
        };
        let shape = &stage.block_shapes[i];
        let indices = block_offsets(b, spec.index_map, &spec.dims, &ids, memo, true)?;
        let view = slot_view(b, buffer, stage.transforms[i].as_deref(), shape, slot);
        let (first, ptr, _) = stage.barrier.ok_or("pipelined inputs without a barrier")?;
        let (bar, _) = *barrier.get_or_insert_with(|| barrier_at(b, (first, ptr), slot));
        let elem = ir::element_type(spec.array_type);
        let bits = ir::bit_width(elem).ok_or("block of unsized elements")?;
        let bytes = block_bytes(shape, bits).ok_or("a block past i64 bytes")?;
        expect_and_load(b, bar, bytes, gmem[i], view, (&indices, shape), &[]);
        views[i] = Some(view);
    }
    Ok(views)
}

/// Slices the buffers and fetches the input blocks of the first steps;
/// without sequential dims, waits for them and gives the body its blocks.
/// `barrier` is the kernel's first barrier group (as a
/// `memref<!mosaic_gpu.barrier>`), its address and phase bits: the
/// pipeline's when there are pipelined inputs. `parallel_ids` are the
/// program ids of the parallel axes, in order; `transforms` the
/// `with_transforms` text of each operand.
#[allow(clippy::too_many_arguments)]
pub fn prologue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    info: &KernelInfo<'c>,
    plan: &Plan,
    schedule: &Schedule,
    gmem: &[Value<'c, 'a>],
    parallel_ids: &[Value<'c, 'a>],
    barrier: Option<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
    transforms: Vec<Option<String>>,
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
        let mut dims = vec![schedule.slots];
        dims.extend(&shape);
        let t = ir::memref_type(&dims, elem, Some(b.attr(WORKGROUP)));
        buffers[i] = Some(slice_smem(b, t, offset));
        block_shapes[i] = shape;
    }
    let mut ids = parallel_ids.iter();
    let parallel_ids = (0..info.grid.len())
        .map(|a| {
            if schedule.sequential.contains(&a) {
                None
            } else {
                ids.next().copied()
            }
        })
        .collect();
    let mut stage = Stage {
        views: vec![None; n],
        buffers,
        transforms,
        parallel_ids,
        n_ins: info.n_ins,
        block_shapes,
        schedule: schedule.clone(),
        barrier,
        memo: vec![],
        grid: info.grid.clone(),
        moving: (info.n_ins..n)
            .filter(|&i| plan.buffers[i].is_some() && moves(&info.specs[i], schedule))
            .collect(),
    };
    let mut fetched = vec![];
    let mut memo = vec![];
    for step in 0..schedule.slots {
        fetched = fetch(
            b,
            &stage,
            info,
            gmem,
            Id::Const(step),
            Id::Const(step),
            &mut memo,
        )?;
    }
    stage.memo = memo;
    if !schedule.sequential.is_empty() {
        return Ok(stage);
    }
    // One step: the body reads the inputs where they were copied to.
    if let (true, Some((_, ptr, phases))) = (fetched.iter().any(Option::is_some), barrier) {
        wait_barrier(b, ptr, phases, 0);
    }
    let outputs = first_slot_views(b, &stage, Id::Const(0));
    stage.views = (0..n)
        .map(|i| {
            if i < info.n_ins {
                fetched[i]
            } else {
                outputs[i]
            }
        })
        .collect();
    Ok(stage)
}

/// The views of every pipelined operand at `slot` (only outputs' in a
/// kernel without sequential dims).
fn first_slot_views<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    slot: Id<'c, 'a>,
) -> Vec<Option<Value<'c, 'a>>> {
    let from = if stage.schedule.sequential.is_empty() {
        stage.n_ins
    } else {
        0
    };
    (0..stage.buffers.len())
        .map(|i| {
            if i < from {
                return None;
            }
            stage.buffers[i].map(|buffer| {
                slot_view(
                    b,
                    buffer,
                    stage.transforms[i].as_deref(),
                    &stage.block_shapes[i],
                    slot,
                )
            })
        })
        .collect()
}

/// The step loop of a pipeline with sequential dims, once opened: where
/// the body goes and what the step needs.
pub struct StepLoop<'c, 'a> {
    op: OperationRef<'c, 'a>,
    pub body: BlockRef<'c, 'a>,
    step: Value<'c, 'a>,
    /// The loop-carried values, as the body sees them.
    pub carried: Vec<Value<'c, 'a>>,
    /// The GMEM offsets each moving output was last stored at (-1 before
    /// the first store), carried after the body's values.
    last: Vec<Vec<Value<'c, 'a>>>,
}

/// Opens the loop over the sequential steps (carrying `inits`): each step
/// waits for its slot's barrier and sees the blocks of its slot
/// (`stage.views`). Returns the loop, and the program id of each
/// sequential axis inside it. The insertion point is left inside the loop.
pub fn open_loop<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &mut Stage<'c, 'a>,
    inits: &[Value<'c, 'a>],
    linear_thread_id: Value<'c, 'a>,
) -> Result<(StepLoop<'c, 'a>, Vec<(usize, Value<'c, 'a>)>), String> {
    let i32t = b.i32();
    let (lb, ub, one) = (b.ci32(0), b.ci32(stage.schedule.steps), b.ci32(1));
    let mut inits = inits.to_vec();
    let n_user = inits.len();
    for &i in &stage.moving {
        for _ in &stage.block_shapes[i] {
            inits.push(b.ci32(-1));
        }
    }
    let inits = inits.as_slice();
    let mut args = vec![(i32t, b.loc)];
    args.extend(inits.iter().map(|v| (v.r#type(), b.loc)));
    let region = Region::new();
    region.append_block(Block::new(&args));
    let mut operands = vec![lb, ub, one];
    operands.extend(inits);
    let types: Vec<Type> = inits.iter().map(|v| v.r#type()).collect();
    let op =
        b.rw.insert(b.build("scf.for", &operands, &types, &[], vec![region]));
    let body = op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("scf.for without a body")?;
    let step = value(body.argument(0).map_err(|e| e.to_string())?);
    let all: Vec<Value> = (1..body.argument_count())
        .map(|i| body.argument(i).map(value).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let carried = all[..n_user].to_vec();
    let mut rest = all[n_user..].iter().copied();
    let last = stage
        .moving
        .iter()
        .map(|&i| {
            stage.block_shapes[i]
                .iter()
                .map_while(|_| rest.next())
                .collect()
        })
        .collect();
    b.rw.set_insertion_point_to_end(body);
    let slots = b.ci32(stage.schedule.slots);
    let slot = b.bin("arith.remsi", step, slots);
    let slot_index = b.index_cast(slot, b.index());
    if let Some((first, ptr, phases)) = stage.barrier {
        let bit = b.val("arith.index_castui", &[slot_index], i32t, &[]);
        let (cast, at) = barrier_at(b, (first, ptr), Id::Val(bit));
        // The wait takes the address only.
        if let Some(op) = ir::defining_op(cast) {
            ir::erase_operation(op);
        }
        wait_dynamic(b, at, phases, bit);
    }
    if !stage.moving.is_empty() {
        // The slot's output must be out of shared memory before the body
        // writes it again.
        wait_stores(b, stage.schedule.slots - 1, true, linear_thread_id);
    }
    stage.views = first_slot_views(b, stage, Id::Val(slot_index));
    let ids = ids_at(b, stage, Id::Val(step))
        .into_iter()
        .enumerate()
        .filter(|(a, _)| stage.schedule.sequential.contains(a))
        .filter_map(|(a, id)| match id {
            Id::Val(v) => Some((a, v)),
            Id::Const(_) => None,
        })
        .collect();
    Ok((
        StepLoop {
            op,
            body,
            step,
            carried,
            last,
        },
        ids,
    ))
}

/// Waits for the current phase of the barrier at `ptr`, bit `bit` (an
/// `i32` value) of `phases`, and flips the bit.
fn wait_dynamic<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ptr: Value<'c, 'a>,
    phases: Value<'c, 'a>,
    bit: Value<'c, 'a>,
) {
    let i32t = b.i32();
    let bits = b.val("memref.load", &[phases], i32t, &[]);
    let mask = b.bin("arith.shli", b.ci32(1), bit);
    let mine = b.bin("arith.andi", bits, mask);
    let parity = b.cmpi("ne", mine, b.ci32(0));
    let flipped = b.bin("arith.xori", bits, mask);
    b.op("memref.store", &[flipped, phases], &[], &[]);
    let parity = b.val("arith.extui", &[parity], i32t, &[]);
    b.op(
        "nvvm.mbarrier.try_wait.parity",
        &[ptr, parity, b.ci32(super::kernel::WAIT_SUSPEND_NS)],
        &[],
        &[],
    );
}

/// Closes the step loop: fetches the step `slots` ahead into the slot this
/// one frees, and carries `next` (the values of `StepLoop::carried` at the
/// end of the step). Returns the loop's results; the insertion point is
/// left after the loop.
#[allow(clippy::too_many_arguments)]
pub fn close_loop<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    info: &KernelInfo<'c>,
    gmem: &[Value<'c, 'a>],
    lp: &StepLoop<'c, 'a>,
    next: &[Value<'c, 'a>],
    linear_thread_id: Value<'c, 'a>,
) -> Result<Vec<Value<'c, 'a>>, String> {
    b.rw.set_insertion_point_to_end(lp.body);
    let mut next = next.to_vec();
    if !stage.moving.is_empty() {
        // Every moving output goes out from this step's slot when its block
        // is not the one the previous step stored, or at the last step.
        commit_smem(b, linear_thread_id);
        let ids = ids_at(b, stage, Id::Val(lp.step));
        let is_last = b.cmpi("eq", lp.step, b.ci32(stage.schedule.steps - 1));
        for (&i, last) in stage.moving.iter().zip(&lp.last) {
            let spec = &info.specs[i];
            let mut memo = stage.memo.clone();
            let offsets = block_offsets(b, spec.index_map, &spec.dims, &ids, &mut memo, false)?;
            let mut changed = None;
            for (old, new) in last.iter().zip(&offsets) {
                let differs = b.cmpi("ne", *old, *new);
                changed = Some(match changed {
                    None => differs,
                    Some(c) => b.bin("arith.ori", c, differs),
                });
            }
            let predicate = match changed {
                Some(c) => b.bin("arith.ori", c, is_last),
                None => is_last,
            };
            let view = stage.views[i].ok_or("a moving output without a view")?;
            store_if(
                b,
                view,
                gmem[i],
                &offsets,
                &stage.block_shapes[i],
                false,
                Some(predicate),
            );
            next.extend(offsets);
        }
        b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    }
    let next = next.as_slice();
    let fetching = (0..info.n_ins).any(|i| stage.buffers[i].is_some());
    if fetching {
        let ahead = b.add(lp.step, b.ci32(stage.schedule.slots));
        let started = b.cmpi("sge", lp.step, b.ci32(0));
        let in_range = b.cmpi("slt", ahead, b.ci32(stage.schedule.steps));
        let cond = b.bin("arith.andi", started, in_range);
        // JAX's pipeline refills under a `lax.cond`.
        let yield_op = control::when(b, cond);
        b.rw.set_insertion_point_before(&yield_op);
        let slot = b.bin("arith.remsi", ahead, b.ci32(stage.schedule.slots));
        let slot_index = b.index_cast(slot, b.index());
        let bit = b.val("arith.index_castui", &[slot_index], b.i32(), &[]);
        fetch_at(b, stage, info, gmem, ahead, slot_index, bit)?;
        b.rw.set_insertion_point_to_end(lp.body);
    }
    b.op("scf.yield", next, &[], &[]);
    b.rw.set_insertion_point_after(&lp.op);
    Ok((0..lp.op.result_count())
        .map(|i| ir::result_of(lp.op, i))
        .collect())
}

/// [`fetch`] of step `step` into the slot `slot_index` (an index), whose
/// barrier is at `bit` (an i32).
fn fetch_at<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    info: &KernelInfo<'c>,
    gmem: &[Value<'c, 'a>],
    step: Value<'c, 'a>,
    slot_index: Value<'c, 'a>,
    bit: Value<'c, 'a>,
) -> Result<(), String> {
    let ids = ids_at(b, stage, Id::Val(step));
    let (first, ptr, _) = stage.barrier.ok_or("pipelined inputs without a barrier")?;
    let mut bar = None;
    for (i, spec) in info.specs.iter().enumerate().take(info.n_ins) {
        let Some(buffer) = stage.buffers[i] else {
            continue;
        };
        let shape = &stage.block_shapes[i];
        let mut memo = stage.memo.clone();
        let indices = block_offsets(b, spec.index_map, &spec.dims, &ids, &mut memo, false)?;
        let view = slot_view(
            b,
            buffer,
            stage.transforms[i].as_deref(),
            shape,
            Id::Val(slot_index),
        );
        let (at, _) = *bar.get_or_insert_with(|| barrier_at(b, (first, ptr), Id::Val(bit)));
        let bits = ir::bit_width(ir::element_type(spec.array_type)).ok_or("unsized elements")?;
        expect_and_load(
            b,
            at,
            block_bytes(shape, bits).ok_or("a block past i64 bytes")?,
            gmem[i],
            view,
            (&indices, shape),
            &[],
        );
    }
    Ok(())
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
    store_if(b, src, dst, indices, lengths, commit_group, None);
}

/// [`store`], issued only where `predicate` (an `i1`) holds when given.
fn store_if<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
    lengths: &[i64],
    commit_group: bool,
    predicate: Option<Value<'c, 'a>>,
) {
    let mut operands = vec![src, dst];
    operands.extend(indices);
    operands.extend(predicate);
    let rank = indices.len() as i32;
    let predicated = i32::from(predicate.is_some());
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
            (
                "operandSegmentSizes",
                b.dense_i32_attr(&[1, 1, rank, predicated, 0]),
            ),
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

/// Stores the output blocks that do not move back to GMEM (from the last
/// step's slot) and waits until every output is out of shared memory.
pub fn epilogue<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stage: &Stage<'c, 'a>,
    info: &KernelInfo<'c>,
    gmem: &[Value<'c, 'a>],
    linear_thread_id: Value<'c, 'a>,
) -> Result<(), String> {
    let pipelined: Vec<usize> = (stage.n_ins..stage.buffers.len())
        .filter(|&i| stage.buffers[i].is_some())
        .collect();
    if pipelined.is_empty() {
        return Ok(());
    }
    let fixed: Vec<usize> = pipelined
        .into_iter()
        .filter(|i| !stage.moving.contains(i))
        .collect();
    if !fixed.is_empty() {
        // Every thread of the warpgroup must be done writing the blocks
        // before one issues the copies (the loop has fenced them already
        // when it stores outputs itself).
        if stage.moving.is_empty() {
            commit_smem(b, linear_thread_id);
        }
        let last = stage.schedule.steps - 1;
        let ids = ids_at(b, stage, Id::Const(last));
        let mut memo = stage.memo.clone();
        for i in fixed {
            let (Some(buffer), spec) = (stage.buffers[i], &info.specs[i]) else {
                continue;
            };
            let shape = &stage.block_shapes[i];
            let view = if stage.schedule.sequential.is_empty() {
                stage.views[i].ok_or("an output block without a view")?
            } else {
                let slot = Id::Const(last % stage.schedule.slots);
                slot_view(b, buffer, stage.transforms[i].as_deref(), shape, slot)
            };
            let indices = block_offsets(b, spec.index_map, &spec.dims, &ids, &mut memo, true)?;
            store(b, view, gmem[i], &indices, shape, false);
        }
        b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    }
    wait_stores(b, 0, false, linear_thread_id);
    Ok(())
}
