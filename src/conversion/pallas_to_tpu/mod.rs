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

use std::collections::HashSet;
use std::rc::Rc;

use melior::ir::operation::{OperationLike, OperationRef};

use crate::conversion::common::retype;
use crate::conversion::common::unroll::{self, ParallelLoops};
use crate::conversion::framework::{apply_direct, ConversionTarget, PatternSet};
use crate::ir;
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

/// Whether `op` is in a Mosaic module this pass created (only there do the
/// Mosaic legality rules apply; host code and index maps stay as they are).
pub(crate) fn in_mosaic_module(op: &OperationRef) -> bool {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if crate::ir::op_name_of(&p) == "builtin.module"
            && p.attribute(kernel::MOSAIC_MODULE_ATTR).is_ok()
        {
            return true;
        }
        cur = p.parent_operation();
    }
    false
}

/// Where an op sits, found in one walk up its ancestors (legality is
/// asked for every op, several times per conversion).
#[derive(Clone, Copy, Default)]
pub(crate) struct Scope {
    /// Inside a TensorCore `pallas.kernel` (not yet lowered).
    pub tc_kernel: bool,
    /// Inside a Mosaic module this pass creates.
    pub mosaic_module: bool,
    /// The closest `func.func` around it is a kernel (has `tpu.core_type`),
    /// not a transform function.
    pub kernel_func: bool,
}

/// The TensorCore kernels of a module, decoded once per pass run (legality
/// and the checks ask about the kernel around every op), by op identity.
/// The names [`Scope::of`] looks for are interned with it.
pub(crate) struct TcKernels {
    kernels: HashSet<MlirOperationPtr>,
    kernel: ir::OpName,
    func: ir::OpName,
    module: ir::OpName,
}

type MlirOperationPtr = *mut std::ffi::c_void;

impl TcKernels {
    pub(crate) fn of(module: &OperationRef) -> Self {
        let mut kernels = HashSet::new();
        let kernel = ir::OpName::get(module, "pallas.kernel");
        ir::walk_nested(module, &mut |op| {
            if ir::OpName::of(&op) == kernel && kernel::kernel_type(&op) == "tc" {
                kernels.insert(op.to_raw().ptr);
            }
        });
        Self {
            kernels,
            kernel,
            func: ir::OpName::get(module, "func.func"),
            module: ir::OpName::get(module, "builtin.module"),
        }
    }

    /// Whether `kernel` (a `pallas.kernel`) is a TensorCore kernel.
    pub(crate) fn contains(&self, kernel: &OperationRef) -> bool {
        self.kernels.contains(&kernel.to_raw().ptr)
    }

    /// Whether `op` is inside a kernel this pass lowers (its closest
    /// `pallas.kernel` is a TensorCore one).
    pub(crate) fn encloses(&self, op: &OperationRef) -> bool {
        let mut cur = op.parent_operation();
        while let Some(p) = cur {
            if ir::OpName::of(&p) == self.kernel {
                return self.contains(&p);
            }
            cur = p.parent_operation();
        }
        false
    }
}

impl Scope {
    pub(crate) fn of(op: &OperationRef, kernels: &TcKernels) -> Scope {
        let mut scope = Scope::default();
        let (mut seen_kernel, mut seen_func) = (false, false);
        let mut cur = op.parent_operation();
        while let Some(p) = cur {
            let name = ir::OpName::of(&p);
            if name == kernels.kernel && !seen_kernel {
                seen_kernel = true;
                scope.tc_kernel = kernels.contains(&p);
            } else if name == kernels.func && !seen_func {
                seen_func = true;
                // Both are dialect attributes, never inherent ones.
                scope.kernel_func = ir::has_discardable_attribute(&p, "tpu.core_type");
            } else if name == kernels.module
                && ir::has_discardable_attribute(&p, kernel::MOSAIC_MODULE_ATTR)
            {
                scope.mosaic_module = true;
                break;
            }
            cur = p.parent_operation();
        }
        scope
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
    let kernels = Rc::new(TcKernels::of(&module));
    if !checks::check_module(&module, &target, &kernels) {
        return Err(());
    }
    unroll::expand_loops(&module, &|k| kernels.contains(k), ParallelLoops::Rejected)
        .map_err(|_| ())?;
    kernel::prepare_index_maps(&module)?;
    refs::follow_source_spaces(&module);
    let tc = types::converter();
    let mut target = ConversionTarget::new(&module);
    target
        .legal_dialects(&["func", "scf", "tpu", "builtin"])
        .legal_ops(&["pallas.index_map"]);
    // SparseCore kernels stay for their own pass.
    let k = kernels.clone();
    target.dynamically_legal_dialect("pallas", move |op| {
        Some(match crate::ir::op_name_of(&op) {
            "pallas.kernel" => !k.contains(&op),
            "pallas.index_map" | "pallas.call" => true,
            _ => {
                // Ops of SparseCore kernels and of index maps stay;
                // everything inside a TensorCore kernel goes.
                let scope = Scope::of(&op, &k);
                !scope.mosaic_module && !scope.tc_kernel
            }
        })
    });
    for d in ["arith", "math", "vector", "memref"] {
        let tc2 = types::converter();
        let k = kernels.clone();
        target.dynamically_legal_dialect(d, move |op| {
            let scope = Scope::of(&op, &k);
            Some(
                !scope.mosaic_module || (tc2.is_legal(&op) && elementwise::is_legal_in(&op, scope)),
            )
        });
    }
    let mut patterns = PatternSet::new(&module);
    kernel::add_patterns(&mut patterns, &tc);
    load_store::add_patterns(&mut patterns, &tc, false);
    refs::add_patterns(&mut patterns, &tc);
    dma::add_patterns(&mut patterns, &tc);
    scoped::add_patterns(&mut patterns, &tc);
    dot::add_patterns(&mut patterns, &tc);
    elementwise::add_patterns(&mut patterns, &tc);
    shape::add_patterns(&mut patterns, &tc);
    misc::add_patterns(&mut patterns, &tc);
    retype::add_patterns(&mut patterns, &tc, RETYPED, types::tpu_type);
    let result = apply_direct(&module, &target, patterns);
    drop(tc);
    result.map_err(|_| ())?;
    finish(&module);
    Ok(())
}

/// Removes what only the conversion needed: the index maps (now copied into
/// transform functions), the kernel parameters kept on the functions, and
/// the views left without uses.
pub(crate) fn finish(module: &OperationRef) {
    let mut dead = vec![];
    let mut index_maps = vec![];
    let mut kernels_left = false;
    // Every op of the output is visited: names compared as interned names.
    let name = |n: &str| ir::OpName::get(module, n);
    let (index_map, kernel, builtin_module, func) = (
        name("pallas.index_map"),
        name("pallas.kernel"),
        name("builtin.module"),
        name("func.func"),
    );
    ir::walk_nested(module, &mut |op| {
        let op_name = ir::OpName::of(&op);
        if op_name == index_map {
            index_maps.push(op);
        } else if op_name == kernel {
            kernels_left = true;
        } else if op_name == builtin_module {
            ir::remove_attribute(&op, kernel::MOSAIC_MODULE_ATTR);
        } else if op_name == func {
            ir::remove_attribute(&op, kernel::PARAMS_ATTR);
            ir::remove_attribute(&op, kernel::GRID_NAMES_ATTR);
        }
    });
    if !kernels_left {
        dead.extend(index_maps);
    }
    for op in dead {
        ir::erase_operation(op);
    }
    // Views left without uses: the squeezes of windows that every access
    // folded away, and the views that accesses and DMAs re-applied per use
    // (see refs.rs). Erasing a view can leave its source view unused.
    let views: Vec<ir::OpName> = refs::VIEW_OPS.iter().map(|n| name(n)).collect();
    let is_dead_view = |op: &OperationRef| {
        views.contains(&ir::OpName::of(op))
            && op
                .result(0)
                .map(|r| !ir::has_uses(r.into()))
                .unwrap_or(false)
    };
    let mut dead_views = vec![];
    ir::walk_nested(module, &mut |op| {
        if is_dead_view(&op) {
            dead_views.push(op)
        }
    });
    while let Some(view) = dead_views.pop() {
        let source = crate::ir::operand_at(&view, 0).and_then(ir::defining_op);
        ir::erase_operation(view);
        if let Some(source) = source.filter(|s| is_dead_view(s)) {
            dead_views.push(source);
        }
    }
}
