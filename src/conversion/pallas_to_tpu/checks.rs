//! Everything the Pallas TPU lowering rejects, reported before anything is
//! rewritten: kernel-level rules here (block shapes, memory spaces,
//! communication), op-level rules in each family's `check`.

use melior::ir::operation::{OperationLike, OperationRef};

use super::kernel::{self, is_windowed, KernelInfo};
use super::limits::{self, shape_text, Detail, Item, Limit, Target};
use super::{dma, dot, elementwise, load_store, misc, refs, scoped, shape, TcKernels};
use crate::conversion::common::consumer::check_mosaic_tpu_dialect;
use crate::conversion::common::sparsecore::{sparsecore_form, SparseCoreForm, SPARSECORE_ONLY_OPS};
use crate::dialect::pallas::gpu_params::GPU_ONLY_OPS;
use crate::ir::{self, BlockDim, BlockSpec, IndexMap, MemorySpace, Revisit};

/// The pallas ops this lowering handles in TensorCore kernels.
const SUPPORTED: &[&str] = &[
    "pallas.return",
    "pallas.yield",
    "pallas.program_id",
    "pallas.num_programs",
    "pallas.axis_index",
    "pallas.device_id",
    "pallas.load",
    "pallas.store",
    "pallas.swap",
    "pallas.ref_reshape",
    "pallas.ref_bitcast",
    "pallas.dot",
    "pallas.roll",
    "pallas.bitcast",
    "pallas.iota",
    "pallas.reciprocal",
    "pallas.concatenate",
    "pallas.repeat",
    "pallas.multiple_of",
    "pallas.run_scoped",
    "pallas.named_scope",
    "pallas.get_barrier_semaphore",
    "pallas.semaphore_signal",
    "pallas.semaphore_wait",
    "pallas.semaphore_read",
    "pallas.dma_start",
    "pallas.dma_wait",
    "pallas.debug_print",
    "pallas.delay",
    "pallas.prng_seed",
    "pallas.prng_random_bits",
];

/// The SparseCore-only attributes and operands of TensorCore ops.
fn check_sparsecore_forms(op: &OperationRef, name: &str) -> Result<(), String> {
    match sparsecore_form(op, name) {
        Some(SparseCoreForm::Attr(a)) => Err(format!(
            "'{a}' on '{name}' is SparseCore-only; TensorCore kernels cannot use it"
        )),
        Some(SparseCoreForm::IndirectDma) => Err(format!(
            "an indirect DMA (offsets(...)/filter(...) on '{name}') is SparseCore-only; TensorCore kernels cannot use it"
        )),
        None => Ok(()),
    }
}

type Check = fn(&OperationRef) -> Result<(), String>;

/// The op-level checks of every rule family.
const FAMILY_CHECKS: &[Check] = &[
    load_store::check,
    refs::check,
    dma::check,
    scoped::check,
    dot::check,
    elementwise::check,
    shape::check,
    misc::check,
];

/// Reports every rejection; true when the module can be lowered for
/// `target`.
pub(crate) fn check_module(module: &OperationRef, target: &Target, kernels: &TcKernels) -> bool {
    let mut ok = true;
    let vmem = target.vmem();
    let in_tc_kernel = kernels.encloser();
    ir::walk_nested(module, &mut |op| {
        let name = crate::ir::op_name_of(&op);
        if name == "pallas.kernel" {
            match kernel::Core::of(&op) {
                Some(kernel::Core::TensorCore) => ok &= check_kernel(&op, target),
                Some(_) => {}
                None => {
                    ir::emit_op_error(&op, kernel::UNKNOWN_KERNEL_TYPE);
                    ok = false;
                }
            }
            return;
        }
        if name == "pallas.call" {
            ir::emit_op_error(
                &op,
                "has no TPU lowering: Mosaic kernels are called by the TPU runtime, not from host code in the module",
            );
            ok = false;
            return;
        }
        if !in_tc_kernel(&op) {
            return;
        }
        if let Err(message) = check_op(&op, name) {
            ir::emit_op_error(&op, &message);
            ok = false;
        } else if let Some(message) = limits::vector_result_error(&op, &vmem) {
            ir::emit_op_error(&op, &message);
            ok = false;
        }
    });
    ok
}

fn check_op(op: &OperationRef, name: &str) -> Result<(), String> {
    // The lists below hold only pallas ops (most ops of a body are not).
    let is_pallas = name.starts_with("pallas.");
    if is_pallas && GPU_ONLY_OPS.contains(&name) {
        return Err("is a GPU op; it has no TPU lowering".into());
    }
    if is_pallas && SPARSECORE_ONLY_OPS.contains(&name) {
        return Err(format!(
            "'{name}' is a SparseCore op; TensorCore kernels cannot use it"
        ));
    }
    check_sparsecore_forms(op, name)?;
    check_mosaic_tpu_dialect(name)?;
    crate::conversion::common::views::check_view_bounds(op)?;
    if is_pallas && !SUPPORTED.contains(&name) {
        return Err(format!("not yet supported: '{name}' in the TPU lowering"));
    }
    for check in FAMILY_CHECKS {
        check(op)?;
    }
    Ok(())
}

fn check_kernel(op: &OperationRef, target: &Target) -> bool {
    let info = match KernelInfo::of(op) {
        Ok(i) => i,
        Err(e) => {
            ir::emit_op_error(op, &e);
            return false;
        }
    };
    let mut ok = true;
    if let Err(e) = crate::conversion::common::consumer::check_no_complex_operand(op) {
        ir::emit_op_error(op, &e);
        ok = false;
    }
    // The Mosaic module holds the kernel function and `transform_<i>`, one
    // per windowed operand; the kernel may not take one of their names.
    if let Some(i) = info
        .name
        .strip_prefix("transform_")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|i| *i < info.specs.len() && !info.grid.is_empty())
    {
        ir::emit_op_error(
            op,
            &format!(
                "kernel name '{}' is the name of the transform function of {} in the Mosaic module; rename the kernel",
                info.name,
                info.origin(i)
            ),
        );
        ok = false;
    }
    if let Some(body) = ir::body_block(op) {
        use melior::ir::{BlockLike, ValueLike};
        let n_fixed = info.prefetch.len() + info.specs.len();
        for k in n_fixed..body.argument_count() {
            let Ok(arg) = body.argument(k) else { continue };
            let space = MemorySpace::of_memref(arg.r#type());
            if space.is_some() && super::types::tpu_memory_space(space).is_none() {
                ir::emit_op_error(
                    op,
                    &format!(
                        "scratch[{}] is in the GPU memory space '{}'; TPU kernels use any, hbm, vmem, vmem_shared, smem, cmem, semaphore or host",
                        k - n_fixed,
                        space.map(|m| m.name()).unwrap_or("")
                    ),
                );
                ok = false;
            }
        }
    }
    for (i, spec) in info.specs.iter().enumerate() {
        if let Err(message) = check_block_spec(&info, spec, i) {
            ir::emit_op_error(op, &message);
            ok = false;
        }
    }
    ok &= check_memory(op, &info, target);
    ok && check_communication(op)
}

/// The kernel's buffers against the target's VMEM (or `vmem_limit_bytes`),
/// SMEM and HBM (see limits.rs for what is counted).
fn check_memory(op: &OperationRef, info: &KernelInfo, target: &Target) -> bool {
    use crate::dialect::pallas::compiler_params::MosaicTpuParams;
    let capacity = target.vmem();
    let vmem = match MosaicTpuParams::of(op)
        .ok()
        .and_then(|p| p.vmem_limit_bytes)
    {
        Some(n) if n > capacity.bytes => {
            ir::emit_op_error(
                op,
                &format!(
                    "compiler_params.mosaic_tpu.vmem_limit_bytes = {n} is more than {}",
                    capacity.source
                ),
            );
            return false;
        }
        Some(n) => Limit {
            bytes: n,
            source: limits::Source::Kernel(format!(
                "its compiler_params.mosaic_tpu.vmem_limit_bytes = {n}"
            )),
        },
        None => capacity,
    };
    let arrays: Vec<(String, melior::ir::r#type::Type)> = info
        .prefetch
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("scalar_prefetch[{i}]"), *t))
        .chain(
            info.specs
                .iter()
                .enumerate()
                .map(|(i, s)| (info.origin(i), s.array_type)),
        )
        .collect();
    let mut ok = limits::check_arrays(op, &arrays, target);
    let (mut in_vmem, mut in_smem) = (vec![], vec![]);
    // Scalar prefetch operands are copied whole to SMEM (unless they name
    // another memory).
    for (label, ty) in &arrays[..info.prefetch.len()] {
        if limits::budget_space(*ty, MemorySpace::Smem) == Some(MemorySpace::Smem) {
            if let Some(bytes) = limits::memref_bytes(*ty) {
                in_smem.push(Item {
                    label: label.clone(),
                    detail: Detail::Type(*ty),
                    bytes,
                    at: None,
                });
            }
        }
    }
    let single_step = info.grid.iter().all(|g| *g == 1);
    for (i, spec) in info.specs.iter().enumerate() {
        if !is_windowed(spec) {
            continue;
        }
        let bounds = kernel::window_bounds(spec);
        let elem = ir::element_type(spec.array_type);
        let Some(one) = limits::stored_bytes(&bounds, elem) else {
            let block = format!("block {} of {elem}", shape_text(&bounds));
            ir::emit_op_error(
                op,
                &limits::too_large(&format!("{} ({block})", info.origin(i))),
            );
            ok = false;
            continue;
        };
        // The other memories (shared VMEM, CMEM, host) have no figure in
        // jaxlib's TPU info.
        let list = match spec.memory_space {
            None | Some(MemorySpace::Vmem) => &mut in_vmem,
            Some(MemorySpace::Smem) => &mut in_smem,
            _ => continue,
        };
        // A window that never moves needs no second buffer.
        let buffers = if spec.has_trivial_window() || single_step {
            1
        } else {
            spec.buffer_count.unwrap_or(2).max(1)
        };
        list.push(Item {
            label: info.origin(i),
            detail: Detail::Window {
                bounds,
                elem,
                buffers,
                bytes: one,
            },
            bytes: one.saturating_mul(buffers),
            at: None,
        });
    }
    let first_scratch = info.prefetch.len() + info.specs.len();
    for (space, list) in [
        (MemorySpace::Vmem, &mut in_vmem),
        (MemorySpace::Smem, &mut in_smem),
    ] {
        match limits::scratch_items(op, first_scratch, space, MemorySpace::Vmem) {
            Ok(items) => list.extend(items),
            Err(message) => {
                ir::emit_op_error(op, &message);
                ok = false;
            }
        }
        match limits::scoped_item(op, space, MemorySpace::Vmem) {
            Ok(item) => list.extend(item),
            Err(()) => ok = false,
        }
    }
    ok && limits::check_budget(op, "VMEM", &in_vmem, &vmem)
        && limits::check_budget(op, "SMEM", &in_smem, &target.smem())
}

/// JAX's block-shape rules for TensorCore windows.
fn check_block_spec(info: &KernelInfo, spec: &BlockSpec, i: usize) -> Result<(), String> {
    let origin = info.origin(i);
    let space = spec.memory_space;
    if super::types::tpu_memory_space(space).is_none() {
        return Err(format!(
            "{origin} is in the GPU memory space '{}'; TPU kernels use any, hbm, vmem, vmem_shared, smem, cmem, semaphore or host",
            space.map(|m| m.name()).unwrap_or("")
        ));
    }
    if spec.dims.iter().any(|d| matches!(d, BlockDim::Bounded(_))) {
        return Err(format!(
            "not yet supported: bounded block dims ({origin}) in the TPU lowering"
        ));
    }
    // A forced single buffer replaces the spec's pipeline mode before JAX
    // checks it.
    let forced = kernel::forced_single_buffer(spec);
    if let Some(n) = spec.buffer_count.filter(|n| *n > 2 && !forced) {
        return Err(format!(
            "{origin} asks for {n} buffers: only single (1) and double (2) buffering are supported"
        ));
    }
    if !forced && spec.revisit == Some(Revisit::Any) && spec.buffer_count.is_some_and(|n| n > 1) {
        return Err(format!(
            "{origin} has revisit mode 'any' with {} buffers: RevisitMode.ANY is not supported with double buffering",
            spec.buffer_count.unwrap_or(0)
        ));
    }
    let bs: Vec<i64> = kernel::window_bounds(spec);
    let array = ir::memref_shape(spec.array_type);
    // Only an error prints the spec.
    let details = || {
        let map = match spec.index_map {
            IndexMap::Affine(m) => ir::affine_map_to_string(m),
            IndexMap::Symbol(s) => format!("@{s}"),
        };
        format!(
            "Block spec for {origin} in pallas_call {} has block shape {}, array shape {}, and index_map {map}, in memory space {}.",
            info.name,
            shape_text(&bs),
            shape_text(&array),
            space.map(|m| m.name()).unwrap_or("vmem"),
        )
    };
    if matches!(space, Some(MemorySpace::Semaphore))
        || (matches!(space, Some(MemorySpace::Smem)) && spec.has_trivial_window())
    {
        return Ok(());
    }
    if bs.is_empty() {
        return Err(format!(
            "The Pallas TPU lowering currently supports only blocks of rank >= 1. {}",
            details()
        ));
    }
    // `any`/`hbm` operands need a trivial window, which the pallas.kernel
    // verifier already enforces.
    if !is_windowed(spec) {
        return Ok(());
    }
    // Bools are stored as 32-bit words.
    let bits = match ir::bit_width(ir::element_type(spec.array_type)) {
        Some(1) | None => 32,
        Some(w) => w,
    };
    let n = bs.len();
    if n >= 2 {
        let (b1, b2) = (bs[n - 1], bs[n - 2]);
        let (a1, a2) = (array[n - 1], array[n - 2]);
        if !((b1 == a1 || b1 % 128 == 0) && (b2 == a2 || b2 % 8 == 0)) {
            return Err(format!(
                "The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. {}",
                details()
            ));
        }
    } else {
        let tiling = (128 * (32 / bits.max(1))) as i64;
        if bs[0] != array[0] && tiling == 0 {
            // JAX's rule divides by the tiling, 0 for 64-bit elements.
            return Err(format!(
                "not yet supported: a rank 1 block of {bits}-bit elements that is not the whole array (JAX's tiling rule, 128 * (32 // {bits}), is 0). {}",
                details()
            ));
        }
        if !(bs[0] == array[0] || bs[0] % tiling == 0) {
            return Err(format!(
                "The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of the tiling size ({tiling} = 128 * (32 // {bits})) of the array shape. {}",
                details()
            ));
        }
    }
    Ok(())
}

/// Communication (remote DMA or signals, mesh axis indices) needs a mesh,
/// and grid axis names may not shadow mesh axis names.
fn check_communication(kernel_op: &OperationRef) -> bool {
    let grid_names: Vec<String> = kernel_op
        .attribute("grid_names")
        .map(|a| {
            crate::conversion::common::builder::array_elements(a)
                .into_iter()
                .map(crate::conversion::common::builder::string_attr_value)
                .collect()
        })
        .unwrap_or_default();
    let mesh_names: Option<Vec<String>> =
        crate::dialect::pallas::compiler_params::MosaicTpuParams::of(kernel_op)
            .ok()
            .and_then(|p| p.mesh)
            .map(|m| m.axes);
    let mut ok = true;
    if let Some(mesh) = &mesh_names {
        if grid_names.iter().any(|g| mesh.contains(g)) {
            ir::emit_op_error(
                kernel_op,
                &format!(
                    "Cannot shadow axis mesh axis names with grid names. mesh axis names: {mesh:?}, grid names: {grid_names:?}"
                ),
            );
            ok = false;
        }
    }
    ir::walk_nested(kernel_op, &mut |op| {
        if let (Some(mesh), true) = (
            &mesh_names,
            crate::ir::op_name_of(&op) == "pallas.axis_index",
        ) {
            let name = op
                .attribute("axis_name")
                .map(crate::conversion::common::builder::string_attr_value)
                .unwrap_or_default();
            if !grid_names.contains(&name) && !mesh.contains(&name) {
                ir::emit_op_error(
                    &op,
                    &format!(
                        "'{name}' is neither a grid axis {grid_names:?} nor a mesh axis {mesh:?}"
                    ),
                );
                ok = false;
            }
        }
        let communicates = match crate::ir::op_name_of(&op) {
            "pallas.axis_index" => op
                .attribute("axis_name")
                .map(crate::conversion::common::builder::string_attr_value)
                .map(|n| !grid_names.contains(&n))
                .unwrap_or(false),
            "pallas.dma_start" | "pallas.dma_wait" | "pallas.semaphore_signal" => {
                dma::device_ids(&op).map(|d| !d.is_empty()).unwrap_or(false)
            }
            _ => false,
        };
        if communicates && mesh_names.is_none() {
            ir::emit_op_error(
                &op,
                "Cannot use communication in pallas_call without shard_map. (give the kernel compiler_params = {mosaic_tpu = {mesh_axes = [...], mesh_shape = array<i64: ...>}})",
            );
            ok = false;
        }
    });
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check_op` looks the op up in these lists only for pallas ops.
    #[test]
    fn op_lists_hold_only_pallas_ops() {
        for name in GPU_ONLY_OPS
            .iter()
            .chain(SPARSECORE_ONLY_OPS)
            .chain(SUPPORTED)
        {
            assert!(name.starts_with("pallas."), "{name}");
        }
    }
}
