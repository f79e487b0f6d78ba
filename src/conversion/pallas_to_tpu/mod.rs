//! `convert-pallas-to-tpu`: TensorCore kernels to Mosaic TPU (the `tpu`
//! dialect as jaxlib 0.10.2 accepts it), the way JAX's Pallas TPU lowering
//! does it.
//!
//! Every TensorCore `pallas.kernel @k` becomes a `module @k` holding the
//! kernel function and its transform functions (see [`kernel`]). The body
//! keeps its `arith`/`math`/`vector`/`scf` compute, legalized to the forms
//! Mosaic accepts ([`elementwise`], [`shape`], [`dot`]); ref accesses, DMA,
//! semaphores, ref views and the other Pallas ops become
//! `tpu`/`vector`/`memref` ops ([`load_store`], [`dma`], [`refs`],
//! [`scoped`], [`misc`]).
//!
//! The pass first checks the whole input and reports every rejection JAX
//! makes (block shapes, memory spaces, dtypes, ...) at the offending op;
//! only input that passes is rewritten.
//!
//! Kernel options come from `compiler_params = {mosaic_tpu = {...}}`:
//! `kernel_type` (`"tc"` by default; SparseCore kernels are left to
//! `convert-pallas-to-sparsecore`), `mesh_axes` / `mesh_shape` (the device
//! mesh of communicating kernels), `vmem_limit_bytes` (the VMEM the
//! kernel's buffers may take, at most the chip's).
//!
//! The pass option `chip=<generation>` names the TPU generation whose
//! memory capacities the kernels must fit ([`limits`]); by default the
//! largest of any generation.

mod checks;
pub(crate) mod dma;
mod dot;
pub(crate) mod elementwise;
pub mod kernel;
pub(crate) mod limits;
pub(crate) mod load_store;
pub(crate) mod misc;
pub(crate) mod refs;
pub(crate) mod scoped;
pub(crate) mod shape;
pub mod types;

use std::rc::Rc;

use melior::ir::operation::{OperationLike, OperationRef};

use crate::conversion::common::retype;
use crate::conversion::common::unroll::{self, ParallelLoops};
use crate::conversion::framework::{
    apply_direct_in_groups, DirectTarget, Epoch, GroupHooks, Inherited, PatternSet, TypeLegality,
};
use crate::ir;
use crate::ir::hash::FastSet;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-tpu",
    name: "ConvertPallasToTPU",
    description: "Lower TensorCore pallas kernels to Mosaic TPU modules (tpu + arith/vector/memref/scf/math/func), as JAX's Pallas TPU lowering emits them",
    anchor: "builtin.module",
    options: &[limits::CHIP_OPTION],
    dialects: &["arith", "func", "math", "memref", "scf", "tpu", "vector"],
    run,
};

/// Upstream ops that only need their ref types converted (SMEM scalars,
/// index-map bodies, user-written vector loads).
const RETYPED: &[&str] = &["memref.load", "memref.store", "memref.dim", "vector.load"];

/// Where an op sits: what the legality rules ask of its ancestors.
#[derive(Clone, Copy, Default)]
pub(crate) struct Scope {
    /// Inside a kernel this pass lowers (not yet lowered), the closest
    /// `pallas.kernel` around it: a TensorCore one in this pass, a
    /// SparseCore one in `convert-pallas-to-sparsecore`. Not looked for
    /// beyond a Mosaic module.
    pub lowered_kernel: bool,
    /// Inside a Mosaic module this pass creates.
    pub mosaic_module: bool,
    /// The closest `func.func` around it (within its Mosaic module) is a
    /// kernel (has `tpu.core_type`), not a transform function.
    pub kernel_func: bool,
}

impl Scope {
    /// The scope of the ops directly inside `p`, from `outer`, the scope of
    /// the ops directly inside `p`'s parent, where `lowered` says whether a
    /// `pallas.kernel` is one the pass lowers.
    fn inside(
        p: &OperationRef,
        outer: Scope,
        names: &ScopeNames,
        lowered: impl Fn(&OperationRef) -> bool,
        lowering: &kernel::Lowering,
    ) -> Scope {
        let name = ir::OpName::of(p);
        if name == names.kernel {
            Scope {
                lowered_kernel: lowered(p),
                ..outer
            }
        } else if name == names.func {
            // A dialect attribute, never an inherent one.
            Scope {
                kernel_func: ir::has_discardable_attribute(p, "tpu.core_type"),
                ..outer
            }
        } else if name == names.module && lowering.is_mosaic_module(p) {
            // What is outside a Mosaic module does not matter inside it.
            Scope {
                mosaic_module: true,
                ..Scope::default()
            }
        } else {
            outer
        }
    }
}

/// The op names [`Scope`] looks for, interned.
#[derive(Clone, Copy)]
struct ScopeNames {
    kernel: ir::OpName,
    func: ir::OpName,
    module: ir::OpName,
}

impl ScopeNames {
    fn get(module: &OperationRef) -> Self {
        Self {
            kernel: ir::OpName::get(module, "pallas.kernel"),
            func: ir::OpName::get(module, "func.func"),
            module: ir::OpName::get(module, "builtin.module"),
        }
    }
}

/// The scope of ops during a direct conversion, remembered per parent op
/// until the driver moves ops (legality is asked for every op, and for
/// every op a pattern creates).
pub(crate) struct Scopes<F> {
    names: ScopeNames,
    lowered: F,
    lowering: Rc<kernel::Lowering>,
    memo: Inherited<Scope>,
}

impl<F: Fn(&OperationRef) -> bool> Scopes<F> {
    /// Scopes in `module`, where `lowered` says whether a `pallas.kernel`
    /// is one the pass lowers and `lowering` knows the Mosaic modules made,
    /// forgotten when `epoch` changes.
    pub(crate) fn new(
        module: &OperationRef,
        lowered: F,
        lowering: Rc<kernel::Lowering>,
        epoch: Epoch,
    ) -> Self {
        Self {
            names: ScopeNames::get(module),
            lowered,
            lowering,
            memo: Inherited::new(Some(epoch)),
        }
    }

    pub(crate) fn of(&self, op: &OperationRef) -> Scope {
        self.memo.of(op, |p, outer| {
            Scope::inside(p, outer, &self.names, &self.lowered, &self.lowering)
        })
    }
}

/// The kernels a pass lowers, decoded once per pass run (legality and the
/// checks ask about the kernel around every op), by op identity.
pub(crate) struct KernelSet {
    kernels: FastSet<MlirOperationPtr>,
    /// Whether the module has no other kernels.
    all: bool,
    /// Whether the module has a `pallas.run_scoped` anywhere (few kernels
    /// allocate scoped buffers; without one, their peaks need no walk).
    run_scoped: bool,
    /// Whether the module has an op that can name another device or a mesh
    /// axis (`pallas.axis_index`, DMAs, semaphore signals); without one,
    /// the communication checks need no walk.
    communication: bool,
}

/// The TensorCore kernels of a module.
pub(crate) type TcKernels = KernelSet;

type MlirOperationPtr = *mut std::ffi::c_void;

/// The op that names a mesh axis.
pub(crate) const AXIS_INDEX: &str = "pallas.axis_index";

/// The ops that can name another device.
pub(crate) const REMOTE_OPS: [&str; 3] = [
    "pallas.dma_start",
    "pallas.dma_wait",
    "pallas.semaphore_signal",
];

impl KernelSet {
    /// The kernels of `module` that `lowered` picks, as a set and in order.
    pub(crate) fn of<'c, 'a>(
        module: &OperationRef<'c, 'a>,
        lowered: impl Fn(&OperationRef) -> bool,
    ) -> (Self, Vec<OperationRef<'c, 'a>>) {
        let mut list = vec![];
        let mut all = true;
        let (mut run_scoped, mut communication) = (false, false);
        let kernel = ir::OpName::get(module, "pallas.kernel");
        let scoped = ir::OpName::get(module, "pallas.run_scoped");
        let axis_index = ir::OpName::get(module, AXIS_INDEX);
        let remote = REMOTE_OPS.map(|n| ir::OpName::get(module, n));
        ir::walk_nested(module, &mut |op| {
            let name = ir::OpName::of(&op);
            if name == kernel {
                if lowered(&op) {
                    list.push(op);
                } else {
                    all = false;
                }
            }
            run_scoped |= name == scoped;
            communication |= name == axis_index || remote.contains(&name);
        });
        let kernels = list.iter().map(|k| k.to_raw().ptr).collect();
        (
            Self {
                kernels,
                all,
                run_scoped,
                communication,
            },
            list,
        )
    }

    /// Whether some op of the module is a `pallas.run_scoped`.
    pub(crate) fn has_run_scoped(&self) -> bool {
        self.run_scoped
    }

    /// Whether some op of the module is an [`AXIS_INDEX`] or one of
    /// [`REMOTE_OPS`].
    pub(crate) fn has_communication_ops(&self) -> bool {
        self.communication
    }

    /// Whether the set holds every kernel of the module.
    pub(crate) fn is_all(&self) -> bool {
        self.all
    }

    /// Whether `kernel` (a `pallas.kernel`) is one of the set.
    pub(crate) fn contains(&self, kernel: &OperationRef) -> bool {
        self.kernels.contains(&kernel.to_raw().ptr)
    }
}

/// The target chip of the `chip` option (reported at the module when it
/// names none).
pub(crate) fn target_of(
    module: &OperationRef,
    options: &OptionValues,
) -> Result<limits::Target, ()> {
    limits::Target::parse(options.string(limits::CHIP_OPTION.name)).map_err(|message| {
        ir::emit_op_error(module, &message);
    })
}

fn run(module: OperationRef, options: &OptionValues) -> Result<(), ()> {
    let target = target_of(&module, options)?;
    // No kernel is created or erased before the conversion commits.
    let (kernels, kernel_list) = KernelSet::of(&module, |k| kernel::kernel_type(k) == "tc");
    let kernels = Rc::new(kernels);
    let Some(checked) = checks::check_module(&module, &target, &kernels) else {
        return Err(());
    };
    let infos = checked.infos;
    kernel::put_prefetch_in_smem(&kernel_list);
    // Before the unroll: the copies it makes of a view keep its type.
    for view in &checked.views {
        refs::follow_source_space(view);
    }
    // Every loop is checked now; each kernel's are expanded just before
    // the kernel is converted (see the conversion below).
    unroll::check_marked_loops(&checked.marked_loops, ParallelLoops::Rejected).map_err(|_| ())?;
    kernel::prepare_index_maps(&module, &kernel_list, &infos, kernels.is_all())?;
    let tc = types::converter();
    let mut target = DirectTarget::new();
    target
        .legal_dialects(&["func", "scf", "tpu", "builtin"])
        .legal_ops(&["pallas.index_map", "pallas.call"]);
    let lowering = Rc::new(kernel::Lowering::default());
    let k = kernels.clone();
    let scopes = Rc::new(Scopes::new(
        &module,
        move |kernel: &OperationRef| k.contains(kernel),
        lowering.clone(),
        target.epoch(),
    ));
    // SparseCore kernels stay for their own pass.
    let k = kernels.clone();
    target.dynamically_legal_op("pallas.kernel", move |op| Some(!k.contains(&op)));
    let s = scopes.clone();
    target.dynamically_legal_dialect("pallas", move |op| {
        // Ops of SparseCore kernels and of index maps stay; everything
        // inside a TensorCore kernel goes.
        let scope = s.of(&op);
        Some(!scope.mosaic_module && !scope.lowered_kernel)
    });
    let types_legal = Rc::new(TypeLegality::new(types::converter()));
    for d in ["arith", "math", "vector", "memref"] {
        let (s, types_legal) = (scopes.clone(), types_legal.clone());
        target.dynamically_legal_dialect(d, move |op| {
            Some(!s.of(&op).mosaic_module || types_legal.is_legal(&op))
        });
    }
    // The ops the elementwise rules may rewrite have entries of their own
    // (an op's entry wins over its dialect's).
    for name in elementwise::REWRITTEN {
        let (s, types_legal) = (scopes.clone(), types_legal.clone());
        target.dynamically_legal_op(name, move |op| {
            let scope = s.of(&op);
            Some(
                !scope.mosaic_module
                    || (types_legal.is_legal(&op) && elementwise::is_legal_in(&op, scope)),
            )
        });
    }
    let mut patterns = PatternSet::new(&module);
    kernel::add_patterns(&mut patterns, &tc, &lowering);
    load_store::add_patterns(&mut patterns, &tc, false);
    refs::add_patterns(&mut patterns, &tc);
    dma::add_patterns(&mut patterns, &tc);
    scoped::add_patterns(&mut patterns, &tc);
    dot::add_patterns(&mut patterns, &tc);
    elementwise::add_patterns(&mut patterns, &tc);
    shape::add_patterns(&mut patterns, &tc);
    misc::add_patterns(&mut patterns, &tc);
    retype::add_patterns(&mut patterns, &tc, RETYPED, types::tpu_type);
    // A kernel's conversion touches only its own ops and the index-map
    // copies that `prepare_index_maps` put right after it.
    let mut hooks = KernelByKernel {
        module,
        loops: checked.marked_loops.into_iter().peekable(),
        finish: Finish::new(&module, &lowering),
    };
    let result = apply_direct_in_groups(
        &module,
        &target,
        patterns,
        |op| kernels.contains(op),
        &mut hooks,
    );
    drop(tc);
    result.map_err(|_| ())?;
    hooks.finish.done();
    Ok(())
}

/// What the conversion does before and after each kernel, while its ops
/// are in the caches: the kernel's unrolled loops are expanded just before
/// it is converted (the copies are converted next), and what only the
/// conversion needed is removed right after.
struct KernelByKernel<'l, 'c, 'a> {
    module: OperationRef<'c, 'a>,
    /// The marked loops not expanded yet, in pre-order.
    loops: std::iter::Peekable<std::vec::IntoIter<OperationRef<'c, 'a>>>,
    finish: Finish<'l, 'c, 'a>,
}

impl<'c, 'a> GroupHooks<'c, 'a> for KernelByKernel<'_, 'c, 'a> {
    fn before(&mut self, tops: &[OperationRef<'c, 'a>]) {
        let mut group_loops = vec![];
        while let Some(l) = self.loops.next_if(|l| tops.is_empty() || holds(tops, l)) {
            group_loops.push(l);
        }
        unroll::expand_checked_loops(&self.module, group_loops, ParallelLoops::Rejected);
    }

    fn after(&mut self, left: &[OperationRef<'c, 'a>]) {
        self.finish.visit(left);
    }
}

/// Whether `op` is nested in one of `tops` (ops directly inside the same
/// parent).
fn holds(tops: &[OperationRef], op: &OperationRef) -> bool {
    let Some(parent) = tops.first().and_then(|t| t.parent_operation()) else {
        return false;
    };
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if p.parent_operation() == Some(parent) {
            return tops.contains(&p);
        }
        cur = p.parent_operation();
    }
    false
}

/// Removes what only the conversion needed: the index maps (now copied into
/// transform functions), the kernel parameters kept on the functions, and
/// the views left without uses.
pub(crate) fn finish(module: &OperationRef, lowering: &kernel::Lowering) {
    let mut finish = Finish::new(module, lowering);
    finish.visit_nested(module);
    finish.done();
}

/// [`finish`] part by part: each part of the module is visited once (with
/// what is nested in it), then [`Finish::done`].
pub(crate) struct Finish<'l, 'c, 'a> {
    lowering: &'l kernel::Lowering,
    /// Names compared as interned names (every op of the output is
    /// visited).
    index_map: ir::OpName,
    kernel: ir::OpName,
    func: ir::OpName,
    views: Vec<ir::OpName>,
    index_maps: Vec<OperationRef<'c, 'a>>,
    kernels_left: bool,
}

impl<'l, 'c, 'a> Finish<'l, 'c, 'a> {
    pub(crate) fn new(module: &OperationRef, lowering: &'l kernel::Lowering) -> Self {
        let name = |n: &str| ir::OpName::get(module, n);
        Self {
            lowering,
            index_map: name("pallas.index_map"),
            kernel: name("pallas.kernel"),
            func: name("func.func"),
            views: refs::VIEW_OPS.iter().map(|n| name(n)).collect(),
            index_maps: vec![],
            kernels_left: false,
        }
    }

    /// Finishes the ops nested in `op`.
    pub(crate) fn visit_nested(&mut self, op: &OperationRef<'c, 'a>) {
        let mut dead_views = vec![];
        ir::walk_nested(op, &mut |x| self.visit_op(x, &mut dead_views));
        self.erase_dead_views(dead_views);
    }

    /// Finishes `ops` and the ops nested in them.
    pub(crate) fn visit(&mut self, ops: &[OperationRef<'c, 'a>]) {
        let mut dead_views = vec![];
        for op in ops {
            self.visit_op(*op, &mut dead_views);
            ir::walk_nested(op, &mut |x| self.visit_op(x, &mut dead_views));
        }
        self.erase_dead_views(dead_views);
    }

    /// Views left without uses: the squeezes of windows that every access
    /// folded away, and the views that accesses and DMAs re-applied per use
    /// (see refs.rs).
    fn is_dead_view(&self, op: &OperationRef, op_name: ir::OpName) -> bool {
        self.views.contains(&op_name)
            && op
                .result(0)
                .map(|r| !ir::has_uses(r.into()))
                .unwrap_or(false)
    }

    fn visit_op(&mut self, op: OperationRef<'c, 'a>, dead_views: &mut Vec<OperationRef<'c, 'a>>) {
        let op_name = ir::OpName::of(&op);
        if op_name == self.index_map {
            self.index_maps.push(op);
        } else if op_name == self.kernel {
            self.kernels_left = true;
        } else if op_name == self.func {
            if self.lowering.is_annotated(&op) {
                ir::remove_attribute(&op, kernel::PARAMS_ATTR);
            }
        } else if self.is_dead_view(&op, op_name) {
            dead_views.push(op)
        }
    }

    /// Erasing a view can leave its source view unused. Views first: one
    /// inside an index map goes with it.
    fn erase_dead_views(&self, mut dead_views: Vec<OperationRef<'c, 'a>>) {
        while let Some(view) = dead_views.pop() {
            let source = crate::ir::operand_at(&view, 0).and_then(ir::defining_op);
            ir::erase_operation(view);
            if let Some(source) = source.filter(|s| self.is_dead_view(s, ir::OpName::of(s))) {
                dead_views.push(source);
            }
        }
    }

    /// Once every part is finished: the index maps go when no kernel is
    /// left for another pass.
    pub(crate) fn done(self) {
        if !self.kernels_left {
            for op in self.index_maps {
                ir::erase_operation(op);
            }
        }
    }
}
