//! `convert-mosaic-gpu-to-nvvm`: the warpgroup-semantics body of every
//! Mosaic GPU `gpu.launch` (what `convert-pallas-to-mosaic-gpu` emits, with
//! the layouts and transforms of layout inference) to per-thread code in
//! `gpu`/`nvvm`/`llvm`/`memref`/`vector`, as jaxlib's `lower_mgpu_dialect`
//! does.
//!
//! Every vector value of the body becomes the registers one thread holds of
//! it ([`fragments`]: splat, strided and the WGMMA layouts); whole-vector
//! `arith`/`math` ops become the same op per register ([`elementwise`]);
//! `mosaic_gpu` vector loads and stores become per-register loads and stores
//! on shared memory sliced from the dynamic allocation ([`memory`]), swizzled
//! for refs with tile + swizzle transforms ([`tiled`]); barriers become
//! `nvvm` mbarrier ops with one arrival per thread ([`barriers`]); TMA copies
//! become `cp.async.bulk.tensor` ops issued by one thread of the warpgroup,
//! with their descriptors created on the host by upstream
//! `nvgpu.tma.create.descriptor` ([`tma`]); WGMMAs take shared memory
//! matrix descriptors ([`wgmma`]); row reductions use butterfly shuffles
//! ([`reductions`]); loops carry registers instead of vectors ([`control`]).
//!
//! Ops and layouts this does not cover are rejected with "not yet
//! supported: ..." at the op, and the pass fails.

mod barriers;
mod control;
mod elementwise;
mod fragments;
mod memory;
mod reductions;
mod tiled;
mod tma;
mod wgmma;

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockRef, RegionLike, Value, ValueLike};

use crate::conversion::framework::OwnedRewriter;
use crate::ir;
use crate::ir::builder::B;
use crate::passes::{OptionKind, OptionValues, PassDef, PassOption};
use fragments::{Frag, Layout};

pub static PASS: PassDef = PassDef {
    argument: "convert-mosaic-gpu-to-nvvm",
    name: "ConvertMosaicGPUToNVVM",
    description: "Lower the warpgroup-semantics body of each Mosaic GPU gpu.launch (mosaic_gpu \
                  ops and vector-typed arith/math/vector/scf ops, annotated with in_layouts/\
                  out_layouts/in_transforms/out_transforms by layout inference) to per-thread \
                  gpu/nvvm/llvm/memref/vector code, as jaxlib's lower_mgpu_dialect does: \
                  splat, strided and WGMMA register fragments, shared memory slices (tiled \
                  and swizzled ones too), mbarriers with one arrival per thread, TMA copies \
                  (swizzled, cluster multicast) with host-side nvgpu descriptors, WGMMA on \
                  shared memory matrix descriptors, row reductions with shuffles, and \
                  warpgroup barriers around vector stores",
    anchor: "builtin.module",
    options: &[PassOption {
        name: "no-auto-barriers",
        description: "Do not put warpgroup barriers around vector stores and before TMA loads \
                      in every launch (a launch marked `pallas.no_auto_barriers` by \
                      convert-pallas-to-mosaic-gpu, for a kernel whose compiler parameters opt \
                      out, goes without them anyway)",
        kind: OptionKind::Bool,
        default: "false",
    }],
    dialects: &[
        "arith", "func", "gpu", "llvm", "math", "memref", "nvgpu", "nvvm", "scf", "vector",
    ],
    run,
};

/// The layout-inference annotations, dropped from every op left in place.
const ANNOTATIONS: [&str; 4] = [
    "in_layouts",
    "out_layouts",
    "in_transforms",
    "out_transforms",
];

/// "not yet supported: `what`".
pub(super) fn unsupported(what: impl std::fmt::Display) -> String {
    format!("not yet supported: {what}")
}

fn in_mosaic_module(op: &OperationRef) -> bool {
    let mut p = op.parent_operation();
    while let Some(o) = p {
        if ir::op_name_of(&o) == "builtin.module" && o.has_attribute("mosaic_gpu.arch_major") {
            return true;
        }
        p = o.parent_operation();
    }
    false
}

fn run(module: OperationRef, options: &OptionValues) -> Result<(), ()> {
    let mut launches = vec![];
    ir::walk_nested(&module, &mut |op| {
        if ir::op_name_of(&op) == "gpu.launch" && in_mosaic_module(&op) {
            launches.push(op);
        }
    });
    let no_auto_barriers = options.bool("no-auto-barriers");
    for launch in launches {
        let auto_barriers = !no_auto_barriers
            && !ir::has_attribute(
                &launch,
                crate::conversion::pallas_to_mosaic_gpu::NO_AUTO_BARRIERS_ATTR,
            );
        let rw = OwnedRewriter::new(&launch);
        let mut l = Lowerer {
            rw: &rw,
            launch,
            frags: HashMap::new(),
            trefs: HashMap::new(),
            done: vec![],
            placeholders: vec![],
            auto_barriers,
            cluster: cluster_shape(&launch),
            ctx: None,
            cursor: None,
            outside: vec![],
            descriptors: vec![],
        };
        l.lower_launch()?;
    }
    Ok(())
}

/// The cluster sizes of a `gpu.launch` (constants), `[1, 1, 1]` without
/// clusters or when they are not constants.
fn cluster_shape(launch: &OperationRef) -> [i64; 3] {
    let seg = launch
        .attribute("operandSegmentSizes")
        .map(ir::dense_i32)
        .unwrap_or_default();
    if seg.len() < 11 || seg[7] == 0 {
        return [1, 1, 1];
    }
    let start: i32 = seg[..7].iter().sum();
    let mut out = [1; 3];
    for (i, o) in out.iter_mut().enumerate() {
        *o = ir::operand_at(launch, start as usize + i)
            .and_then(ir::defining_op)
            .and_then(|d| ir::int_attr(&d, "value"))
            .unwrap_or(1);
    }
    out
}

/// Values every thread computes once at the top of the kernel.
#[derive(Clone, Copy)]
pub(super) struct ThreadCtx<'c, 'a> {
    /// The thread's index in its warpgroup.
    pub tid_index: Value<'c, 'a>,
    /// True in one thread of each warpgroup (TMA issue).
    pub warpgroup_leader: Value<'c, 'a>,
    /// True in one thread of the block (barrier initialisation).
    pub block_leader: Value<'c, 'a>,
    /// The named barrier of this thread's warpgroup (1 + warpgroup index).
    pub warpgroup_barrier_id: Value<'c, 'a>,
    /// The dynamic shared memory, as bytes and as a pointer.
    pub smem: Value<'c, 'a>,
    pub smem_ptr: Value<'c, 'a>,
}

pub(super) struct Lowerer<'r, 'c, 'a> {
    pub rw: &'r OwnedRewriter<'c, 'a>,
    pub launch: OperationRef<'c, 'a>,
    /// Fragments of the vector values lowered so far, by value.
    frags: HashMap<usize, Frag<'c, 'a>>,
    /// Tiled, swizzled shared memory refs, by value.
    trefs: HashMap<usize, tiled::TRef<'c, 'a>>,
    /// Ops replaced, erased at the end (users first).
    pub done: Vec<OperationRef<'c, 'a>>,
    /// Stand-ins for vector block arguments, erased last.
    pub placeholders: Vec<OperationRef<'c, 'a>>,
    pub auto_barriers: bool,
    /// The launch's cluster shape (x, y, z).
    pub cluster: [i64; 3],
    ctx: Option<ThreadCtx<'c, 'a>>,
    /// The op being lowered (new ops go in front of it).
    pub cursor: Option<OperationRef<'c, 'a>>,
    /// Host-side constants whose values the kernel uses; erased at the end
    /// when nothing else uses them.
    outside: Vec<OperationRef<'c, 'a>>,
    /// Host-side TMA descriptors: (GMEM value, box, element type text) ->
    /// descriptor pointer.
    pub descriptors: Vec<(DescriptorKey, Value<'c, 'a>)>,
}

/// A TMA descriptor's identity: the GMEM value, the box and the element type.
pub(super) type DescriptorKey = (usize, Vec<i64>, String);

fn key(v: Value) -> usize {
    v.to_raw().ptr as usize
}

pub(super) fn operands<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..op.operand_count())
        .filter_map(|i| ir::operand_at(op, i))
        .collect()
}

fn has_vector(op: &OperationRef) -> bool {
    (0..op.operand_count())
        .filter_map(|i| ir::operand_at(op, i))
        .any(|v: Value| ir::is_vector(v.r#type()))
        || (0..op.result_count()).any(|i| ir::is_vector(ir::value_type(ir::result_of(*op, i))))
}

impl<'r, 'c, 'a> Lowerer<'r, 'c, 'a> {
    pub fn b(&self, op: &OperationRef<'c, 'a>) -> B<'r, 'c, 'a> {
        B::new(self.rw, op.location())
    }

    pub fn ctx(&self) -> ThreadCtx<'c, 'a> {
        self.ctx.expect("thread context is built first")
    }

    pub fn set_tref(&mut self, v: Value<'c, 'a>, r: tiled::TRef<'c, 'a>) {
        self.trefs.insert(key(v), r);
    }

    pub fn tref(&self, v: Value<'c, 'a>) -> Option<tiled::TRef<'c, 'a>> {
        self.trefs.get(&key(v)).cloned()
    }

    pub fn set_frag(&mut self, v: Value<'c, 'a>, f: Frag<'c, 'a>) {
        self.frags.insert(key(v), f);
    }

    /// The registers of vector `v` in layout `want`: its own, or a splat's
    /// value broadcast into every register.
    pub fn regs_in(
        &mut self,
        b: &B<'r, 'c, 'a>,
        v: Value<'c, 'a>,
        want: &Layout,
    ) -> Result<Vec<Value<'c, 'a>>, String> {
        if !self.frags.contains_key(&key(v)) {
            self.materialize_outside(v)?;
        }
        let f = self.frags.get(&key(v)).cloned().ok_or_else(|| {
            unsupported("a vector operand defined by an op this pass does not lower")
        })?;
        if &f.layout == want {
            return Ok(f.regs);
        }
        if f.layout.shape() != want.shape() {
            return Err(format!(
                "operand layout {:?} and expected layout {:?} have different shapes",
                f.layout, want
            ));
        }
        match (&f.layout, want) {
            (Layout::Splat { .. }, _) => {
                let s = f.regs[0];
                let vt = want.register_type(s.r#type());
                let r = b.val("vector.broadcast", &[s], vt, &[]);
                Ok(vec![r; want.registers()])
            }
            _ => Err(unsupported(format!(
                "relayout from {:?} to {:?}",
                f.layout, want
            ))),
        }
    }

    /// A splat constant the host code defines (canonicalization hoists
    /// them out of the launch): its scalar at the top of the kernel.
    fn materialize_outside(&mut self, v: Value<'c, 'a>) -> Result<(), String> {
        let def = ir::defining_op(v)
            .filter(|d| ir::op_name_of(d) == "arith.constant")
            .ok_or_else(|| {
                unsupported("a vector operand defined outside the kernel that is not a constant")
            })?;
        let body = self
            .launch
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .ok_or("gpu.launch without a body")?;
        self.rw.set_insertion_point_to_start(body);
        let b = B::new(self.rw, def.location());
        let shape = ir::memref_shape(v.r#type());
        let scalar = elementwise::splat_scalar(&b, &def)?;
        self.set_frag(
            v,
            Frag {
                layout: Layout::Splat { shape },
                regs: vec![scalar],
            },
        );
        if !self.outside.contains(&def) {
            self.outside.push(def);
        }
        if let Some(c) = self.cursor {
            self.rw.set_insertion_point_before(&c);
        }
        Ok(())
    }

    fn lower_launch(&mut self) -> Result<(), ()> {
        let body = self
            .launch
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .ok_or(())?;
        self.build_thread_ctx(body);
        self.lower_ops(ir::block_ops(body))?;
        self.finish()
    }

    /// Lowers `ops` in order, reporting the first failure at its op.
    pub fn lower_ops(&mut self, ops: Vec<OperationRef<'c, 'a>>) -> Result<(), ()> {
        for op in ops {
            if let Err(m) = self.lower_op(op) {
                // Empty: reported further in, at a nested op.
                if !m.is_empty() {
                    ir::emit_op_error(&op, &m);
                }
                return Err(());
            }
        }
        Ok(())
    }

    fn lower_op(&mut self, op: OperationRef<'c, 'a>) -> Result<(), String> {
        let name = ir::op_name_of(&op);
        self.cursor = Some(op);
        self.rw.set_insertion_point_before(&op);
        let tiled_src = ir::operand_at(&op, 0).and_then(|v| self.tref(v));
        match name {
            "memref.subview"
            | "memref.cast"
            | "memref.transpose"
            | "mosaic_gpu.with_transforms"
                if tiled_src.is_some() =>
            {
                tiled::view(self, op, tiled_src.expect("checked"))
            }
            "mosaic_gpu.with_transforms" => Err(unsupported(
                "`mosaic_gpu.with_transforms` of shared memory without transforms",
            )),
            "mosaic_gpu.wgmma" => wgmma::wgmma(self, op),
            "mosaic_gpu.broadcast_in_dim" => reductions::broadcast_in_dim(self, op),
            "vector.multi_reduction" => reductions::multi_reduction(self, op),
            "vector.extract_strided_slice" => elementwise::extract_strided_slice(self, op),
            "mosaic_gpu.broadcasted_iota" => elementwise::broadcasted_iota(self, op),
            "mosaic_gpu.optimization_barrier" => elementwise::optimization_barrier(self, op),
            "mosaic_gpu.slice_smem" => memory::slice_smem(self, op),
            "mosaic_gpu.vector_load" => memory::vector_load(self, op),
            "mosaic_gpu.vector_store" => memory::vector_store(self, op),
            "mosaic_gpu.initialize_barrier" => barriers::initialize(self, op),
            "mosaic_gpu.arrive_expect_tx" => barriers::arrive_expect_tx(self, op),
            "mosaic_gpu.arrive" => barriers::arrive(self, op),
            "mosaic_gpu.async_load" => tma::async_load(self, op),
            "mosaic_gpu.async_store" => tma::async_store(self, op),
            "mosaic_gpu.layout_cast" => elementwise::layout_cast(self, op),
            "scf.for" if has_vector(&op) => control::for_op(self, op),
            "scf.if" | "scf.index_switch" if has_vector(&op) => control::branch_op(self, op),
            "scf.while" if has_vector(&op) => control::while_op(self, op),
            "mosaic_gpu.assume_multiple" => elementwise::assume_multiple(self, op),
            "arith.constant" if has_vector(&op) => elementwise::constant(self, op),
            "vector.broadcast" | "vector.splat" => elementwise::broadcast(self, op),
            n if n.starts_with("mosaic_gpu.") => Err(unsupported(format!("`{n}`"))),
            n if operands(&op)
                .into_iter()
                .any(|v| self.trefs.contains_key(&key(v))) =>
            {
                Err(unsupported(format!(
                    "`{n}` on tiled, swizzled shared memory"
                )))
            }
            n if has_vector(&op) => {
                if (n.starts_with("arith.") || n.starts_with("math.")) && op.region_count() == 0 {
                    elementwise::elementwise(self, op)
                } else {
                    Err(unsupported(format!("`{n}` on vectors")))
                }
            }
            _ => {
                for r in 0..op.region_count() {
                    let mut block = ir::region_at(&op, r).and_then(|r| r.first_block());
                    while let Some(blk) = block {
                        self.lower_ops(ir::block_ops(blk))
                            .map_err(|_| String::new())?;
                        block = blk.next_in_region();
                    }
                }
                Ok(())
            }
        }
    }

    /// Erases what was replaced and drops the layout-inference annotations.
    fn finish(&mut self) -> Result<(), ()> {
        for op in self
            .done
            .drain(..)
            .rev()
            .chain(self.placeholders.drain(..).rev())
        {
            let used = (0..op.result_count()).any(|i| ir::has_uses(ir::result_of(op, i)));
            if used {
                ir::emit_op_error(
                    &op,
                    "internal error in the Mosaic GPU to NVVM lowering: a lowered op still has \
                     users",
                );
                return Err(());
            }
            self.rw.erase_op(&op);
        }
        for op in self.outside.drain(..) {
            if !ir::has_uses(ir::result_of(op, 0)) {
                self.rw.erase_op(&op);
            }
        }
        let mut module = self.launch.parent_operation();
        while let Some(m) = module {
            if ir::op_name_of(&m) == "builtin.module" {
                break;
            }
            module = m.parent_operation();
        }
        let mut dead_casts = vec![];
        ir::walk_nested(&module.unwrap_or(self.launch), &mut |op| {
            for a in ANNOTATIONS {
                ir::remove_attribute(&op, a);
            }
            if ir::op_name_of(&op) == "builtin.unrealized_conversion_cast"
                && op.result_count() == 1
                && !ir::has_uses(ir::result_of(op, 0))
                && ir::value_type(ir::result_of(op, 0))
                    .to_string()
                    .contains("!mosaic_gpu.barrier")
            {
                dead_casts.push(op);
            }
        });
        for op in dead_casts.into_iter().rev() {
            self.rw.erase_op(&op);
        }
        Ok(())
    }

    /// The thread index, the leader predicates and the named-barrier id, at
    /// the top of the kernel (as jaxlib computes them once per kernel).
    fn build_thread_ctx(&mut self, body: BlockRef<'c, 'a>) {
        self.rw.set_insertion_point_to_start(body);
        let b = B::new(self.rw, self.launch.location());
        let index = b.index();
        let i32t = b.i32();
        let dim = |name: &str, d: &str| {
            b.val(
                name,
                &[],
                index,
                &[("dimension", b.attr(&format!("#gpu<dim {d}>")))],
            )
        };
        let (tx, ty, tz) = (
            dim("gpu.thread_id", "x"),
            dim("gpu.thread_id", "y"),
            dim("gpu.thread_id", "z"),
        );
        let (bx, by) = (dim("gpu.block_dim", "x"), dim("gpu.block_dim", "y"));
        let bxy = b.mul(bx, by);
        let linear = b.add(b.add(tx, b.mul(ty, bx)), b.mul(tz, bxy));
        let tid = b.index_cast(linear, i32t);
        // Fragments are per warpgroup: the thread's index in its warpgroup.
        let tid_index = b.bin("arith.remui", linear, b.cidx(fragments::WARPGROUP));
        let warp = b.bin("arith.shrui", tid, b.ci32(5));
        // The warp index made uniform across the warp, so that the
        // predicates below are too.
        let uniform_warp = |b: &B<'r, 'c, 'a>| {
            let shfl_attr = b.attr("#nvvm<shfl_kind idx>");
            b.val(
                "nvvm.shfl.sync",
                &[b.ci32(-1), warp, b.ci32(0), b.ci32(31)],
                i32t,
                &[("kind", shfl_attr)],
            )
        };
        let i1 = b.ty("i1");
        let elect = |b: &B<'r, 'c, 'a>| b.val("nvvm.elect.sync", &[], i1, &[]);
        let w = uniform_warp(&b);
        let e = elect(&b);
        let first_of_wg = b.cmpi("eq", b.bin("arith.remui", w, b.ci32(4)), b.ci32(0));
        let warpgroup_leader = b.bin("arith.andi", first_of_wg, e);
        let w = uniform_warp(&b);
        let e = elect(&b);
        let first_warp = b.cmpi("eq", w, b.ci32(0));
        let block_leader = b.bin("arith.andi", first_warp, e);
        let warpgroup_barrier_id = b.add(b.bin("arith.shrui", tid, b.ci32(7)), b.ci32(1));
        let smem_ty = b.ty("memref<?xi8, #gpu.address_space<workgroup>>");
        let smem = b.val("gpu.dynamic_shared_memory", &[], smem_ty, &[]);
        let smem_addr = b.val(
            "memref.extract_aligned_pointer_as_index",
            &[smem],
            index,
            &[],
        );
        let i64t = b.i64();
        let smem_addr = b.index_cast(smem_addr, i64t);
        let p3 = b.ty("!llvm.ptr<3>");
        let smem_ptr = b.val("llvm.inttoptr", &[smem_addr], p3, &[]);
        self.ctx = Some(ThreadCtx {
            smem_ptr,
            tid_index,
            warpgroup_leader,
            block_leader,
            warpgroup_barrier_id,
            smem,
        });
    }

    /// A barrier among the 128 threads of this warpgroup.
    pub fn warpgroup_barrier(&self, b: &B<'r, 'c, 'a>) {
        let ctx = self.ctx();
        b.op(
            "nvvm.barrier",
            &[ctx.warpgroup_barrier_id, b.ci32(fragments::WARPGROUP)],
            &[],
            &[("operandSegmentSizes", b.dense_i32_attr(&[1, 1, 0]))],
        );
    }

    /// Gives result `result` of `op` the fragment `f`; `op` is erased at
    /// the end.
    pub fn replace_vector(&mut self, op: OperationRef<'c, 'a>, result: usize, f: Frag<'c, 'a>) {
        self.set_frag(ir::result_of(op, result), f);
        if !self.done.iter().any(|d| d == &op) {
            self.done.push(op);
        }
    }
}

/// The element type of a vector or memref type.
pub(super) fn elem<'c>(t: Type<'c>) -> Type<'c> {
    ir::element_type(t)
}
