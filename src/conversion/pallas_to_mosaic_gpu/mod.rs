//! `convert-pallas-to-mosaic-gpu`: GPU kernels (those with
//! `compiler_params = {mosaic_gpu = {...}}`) to the Mosaic GPU module JAX's
//! Pallas lowering emits with warpgroup semantics, before layout inference.
//!
//! Every GPU `pallas.kernel @k` becomes `module @k` holding the host entry
//! `@k_mosaic_gpu(!llvm.ptr, !llvm.ptr)`, which unpacks the operand
//! pointers into GMEM memrefs and launches the kernel ([`kernel`]). The
//! parallel grid is the CUDA grid ([`grid`]); the blocks move between GMEM
//! and shared memory through TMA around the body ([`pipeline`]), in shared
//! memory sized and sliced by the planner ([`resources`]). Ref accesses
//! become `mosaic_gpu` vector loads and stores ([`load_store`]); whole-tile
//! compute keeps its `arith`/`math`/`vector` ops in the forms the Mosaic GPU
//! dialect takes ([`elementwise`]); WGMMAs and their register accumulators
//! become `mosaic_gpu.wgmma` on values carried through the body ([`wgmma`]);
//! the kernel's conditionals become JAX's `scf.index_switch` ([`control`]).
//!
//! The pass checks every GPU kernel first ([`checks`]) and reports JAX's
//! rejections and the forms not yet supported at the offending op; only
//! then does it rewrite. Kernels without `mosaic_gpu` params are left to
//! the other passes.

mod checks;
mod collectives;
mod control;
mod debug;
mod elementwise;
mod grid;
mod kernel;
pub use kernel::NO_AUTO_BARRIERS_ATTR;
mod load_store;
mod pipeline;
mod resources;
mod tma;
mod transforms;
mod wgmma;

use melior::ir::operation::OperationRef;

use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-mosaic-gpu",
    name: "ConvertPallasToMosaicGPU",
    description: "Lower GPU pallas kernels (compiler_params = {mosaic_gpu = {...}}) to Mosaic GPU modules (host entry, gpu.launch, mosaic_gpu TMA copies, barriers and vector loads/stores), as JAX's Pallas Mosaic GPU lowering emits them with warpgroup semantics before layout inference",
    anchor: "builtin.module",
    options: &[],
    dialects: &[
        "arith",
        "func",
        "gpu",
        "llvm",
        "math",
        "memref",
        "mosaic_gpu",
        "nvvm",
        "scf",
        "vector",
    ],
    run,
};

/// The GPU kernels of `module` with their decoded parameters.
fn gpu_kernels<'c, 'a>(
    module: &OperationRef<'c, 'a>,
) -> Result<Vec<(OperationRef<'c, 'a>, MosaicGpuParams)>, ()> {
    let mut kernels = vec![];
    let mut ok = true;
    ir::walk_nested(module, &mut |op| {
        if ir::op_name_of(&op) != "pallas.kernel" {
            return;
        }
        match MosaicGpuParams::of(&op) {
            Ok(Some(p)) => kernels.push((op, p)),
            Ok(None) => {}
            Err(m) => {
                ir::emit_op_error(&op, &m);
                ok = false;
            }
        }
    });
    if ok {
        Ok(kernels)
    } else {
        Err(())
    }
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let kernels = gpu_kernels(&module)?;
    let mut ok = true;
    for (k, params) in &kernels {
        ok &= checks::check_kernel(k, params);
    }
    if !ok {
        return Err(());
    }
    for (k, params) in kernels {
        if let Err(m) = kernel::lower(k, &params) {
            // The checks accept only what the lowering handles; this is an
            // internal error, reported rather than left half-done.
            ir::emit_op_error(
                &k,
                &format!("internal error in the Mosaic GPU lowering: {m}"),
            );
            return Err(());
        }
    }
    Ok(())
}
