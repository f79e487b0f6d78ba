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
//! mesh of communicating kernels).

mod checks;
pub(crate) mod dma;
mod dot;
pub(crate) mod elementwise;
pub mod kernel;
pub(crate) mod load_store;
pub(crate) mod misc;
pub(crate) mod refs;
pub(crate) mod scoped;
pub(crate) mod shape;
pub mod types;

use melior::ir::operation::{OperationLike, OperationRef};

use crate::conversion::common::retype;
use crate::conversion::common::unroll::{self, ParallelLoops};
use crate::conversion::framework::{apply_partial, ConversionTarget, PatternSet};
use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-tpu",
    name: "ConvertPallasToTPU",
    description: "Lower TensorCore pallas kernels to Mosaic TPU modules (tpu + arith/vector/memref/scf/math/func), as JAX's Pallas TPU lowering emits them",
    anchor: "builtin.module",
    options: &[],
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

/// Whether `op` is inside a kernel this pass lowers.
pub(crate) fn in_tc_kernel(op: &OperationRef) -> bool {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if crate::ir::op_name_of(&p) == "pallas.kernel" {
            return kernel::kernel_type(&p) == "tc";
        }
        cur = p.parent_operation();
    }
    false
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    if !checks::check_module(&module) {
        return Err(());
    }
    unroll::expand_loops(
        &module,
        &|k| kernel::kernel_type(k) == "tc",
        ParallelLoops::Rejected,
    )
    .map_err(|_| ())?;
    kernel::prepare_index_maps(&module)?;
    refs::follow_source_spaces(&module);
    let tc = types::converter();
    let mut target = ConversionTarget::new(&module);
    target
        .legal_dialects(&["func", "scf", "tpu", "builtin"])
        .legal_ops(&["pallas.index_map"]);
    // SparseCore kernels stay for their own pass.
    target.dynamically_legal_dialect("pallas", |op| {
        let name = crate::ir::op_name_of(&op).to_string();
        Some(match name.as_str() {
            "pallas.kernel" => kernel::kernel_type(&op) != "tc",
            "pallas.index_map" | "pallas.call" => true,
            _ => {
                // Ops of SparseCore kernels and of index maps stay;
                // everything inside a TensorCore kernel goes.
                !in_mosaic_module(&op) && !in_tc_kernel(&op)
            }
        })
    });
    for d in ["arith", "math", "vector", "memref"] {
        let tc2 = types::converter();
        target.dynamically_legal_dialect(d, move |op| {
            Some(!in_mosaic_module(&op) || (tc2.is_legal(&op) && elementwise::is_legal(&op)))
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
    let result = apply_partial(&module, &target, patterns);
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
    ir::walk_nested(module, &mut |op| {
        let name = crate::ir::op_name_of(&op).to_string();
        match name.as_str() {
            "pallas.index_map" => index_maps.push(op),
            "pallas.kernel" => kernels_left = true,
            "builtin.module" => {
                ir::remove_attribute(&op, kernel::MOSAIC_MODULE_ATTR);
            }
            "func.func" => {
                ir::remove_attribute(&op, kernel::PARAMS_ATTR);
                ir::remove_attribute(&op, kernel::GRID_NAMES_ATTR);
            }
            _ => {}
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
    loop {
        let mut dead_views = vec![];
        ir::walk_nested(module, &mut |op| {
            let name = crate::ir::op_name_of(&op).to_string();
            if refs::VIEW_OPS.contains(&name.as_str())
                && op
                    .result(0)
                    .map(|r| !ir::has_uses(r.into()))
                    .unwrap_or(false)
            {
                dead_views.push(op)
            }
        });
        if dead_views.is_empty() {
            break;
        }
        for op in dead_views {
            ir::erase_operation(op);
        }
    }
}
