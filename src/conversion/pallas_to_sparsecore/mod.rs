//! `convert-pallas-to-sparsecore`: SparseCore kernels (vector and scalar
//! subcores) to the `tpu` dialect as jaxlib 0.10.2 accepts it, the way
//! JAX's Pallas SparseCore lowering emits them.
//!
//! A SparseCore kernel is a `pallas.kernel` whose `compiler_params` say
//! `mosaic_tpu = {kernel_type = "sc_vector_subcore"}` (or
//! `"sc_scalar_subcore"`) and whose grid is its mesh: `(num_cores,
//! num_subcores)` on the vector subcores, `(num_cores)` on the scalar one.
//! Its operands are whole arrays, in HBM unless they say otherwise. It
//! becomes `module @k { func.func @k }` with the mesh ids as `i32`
//! arguments, `core_parallel` / `subcore_parallel` dimension semantics, the
//! mesh as `iteration_bounds` and a constant zero `transform_indices` map
//! per operand (no transform functions).
//!
//! The body rules are those of the TensorCore lowering where JAX shares
//! them (DMAs and semaphores, ref views, scoped allocations, program and axis ids,
//! control flow, elementwise `arith`/`math`), with SparseCore accesses
//! (`tpu.vector_load` / `tpu.vector_store` + `vector.shape_cast`, masks
//! that expand and compress, `{add}` stores), indirect gather/scatter DMAs
//! and the SparseCore vector ops of [`vector_ops`]. TensorCore kernels are
//! left to `convert-pallas-to-tpu`.

mod checks;
mod vector_ops;

use std::rc::Rc;

use melior::ir::operation::OperationRef;

use crate::conversion::common::retype;
use crate::conversion::common::unroll::{self, ParallelLoops};
use crate::conversion::framework::{apply_direct, DirectTarget, PatternSet, TypeLegality};
use crate::conversion::pallas_to_tpu::kernel::{self, Core};
use crate::conversion::pallas_to_tpu::{
    dma, finish, load_store, misc, refs, scoped, types, KernelSet, Scopes,
};
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-sparsecore",
    name: "ConvertPallasToSparseCore",
    description: "Lower SparseCore pallas kernels (sc_vector_subcore / sc_scalar_subcore) to the tpu dialect, as JAX's Pallas SparseCore lowering emits them",
    anchor: "builtin.module",
    options: &[crate::conversion::pallas_to_tpu::limits::CHIP_OPTION],
    dialects: &["arith", "func", "math", "memref", "scf", "tpu", "vector"],
    run,
};

/// Upstream ops that only need their ref types converted.
const RETYPED: &[&str] = &["memref.load", "memref.store", "memref.dim"];

fn run(module: OperationRef, options: &OptionValues) -> Result<(), ()> {
    let target = crate::conversion::pallas_to_tpu::target_of(&module, options)?;
    // No kernel is created or erased before the conversion commits.
    let (kernels, kernel_list) =
        KernelSet::of(&module, |k| Core::of(k).is_some_and(Core::is_sparsecore));
    let kernels = Rc::new(kernels);
    kernel::prepare_sparsecore_kernels(&kernel_list);
    refs::follow_source_spaces(&module);
    if !checks::check_module(&module, &target) {
        return Err(());
    }
    unroll::expand_loops(&module, &|k| kernels.contains(k), ParallelLoops::Mosaic)
        .map_err(|_| ())?;
    let tc = types::converter();
    let mut target = DirectTarget::new();
    target
        .legal_dialects(&["func", "scf", "tpu", "builtin"])
        .legal_ops(&["pallas.index_map", "pallas.call"]);
    // Here the kernels lowered are the SparseCore ones.
    let lowering = Rc::new(kernel::Lowering::default());
    let k = kernels.clone();
    let scopes = Rc::new(Scopes::new(
        &module,
        move |kernel: &OperationRef| k.contains(kernel),
        lowering.clone(),
        target.epoch(),
    ));
    // TensorCore kernels stay for their own pass.
    let k = kernels.clone();
    target.dynamically_legal_op("pallas.kernel", move |op| Some(!k.contains(&op)));
    let s = scopes.clone();
    target.dynamically_legal_dialect("pallas", move |op| {
        let scope = s.of(&op);
        Some(!scope.mosaic_module && !scope.lowered_kernel)
    });
    let types_legal = Rc::new(TypeLegality::new(types::converter()));
    for d in ["arith", "math", "vector", "memref"] {
        let (s, types_legal) = (scopes.clone(), types_legal.clone());
        target.dynamically_legal_dialect(d, move |op| {
            Some(
                !s.of(&op).mosaic_module || (types_legal.is_legal(&op) && !vector_ops::lowers(&op)),
            )
        });
    }
    let mut patterns = PatternSet::new(&module);
    kernel::add_patterns(&mut patterns, &tc, &lowering);
    load_store::add_patterns(&mut patterns, &tc, true);
    refs::add_patterns(&mut patterns, &tc);
    dma::add_patterns(&mut patterns, &tc);
    scoped::add_patterns(&mut patterns, &tc);
    misc::add_patterns(&mut patterns, &tc);
    vector_ops::add_patterns(&mut patterns, &tc);
    retype::add_patterns(&mut patterns, &tc, RETYPED, types::tpu_type);
    let result = apply_direct(&module, &target, patterns);
    drop(tc);
    result.map_err(|_| ())?;
    finish(&module, &lowering);
    Ok(())
}
