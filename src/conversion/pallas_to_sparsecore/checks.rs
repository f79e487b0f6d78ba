//! Everything the SparseCore lowering rejects, reported before anything is
//! rewritten, with the information of JAX's messages.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{dense_i64, indexer, segments};
use crate::conversion::common::segments::Segments;
use crate::conversion::common::sparsecore::{DMA_OFFSETS, SPARSECORE_ONLY_OPS};
use crate::conversion::framework::ByName;
use crate::conversion::pallas_to_tpu::elementwise::{op_name, reduction_kind, vshape};
use crate::conversion::pallas_to_tpu::kernel::{Core, KernelInfo, UNKNOWN_KERNEL_TYPE};
use crate::conversion::pallas_to_tpu::limits::{self, Item, Label, Target};
use crate::conversion::pallas_to_tpu::load_store::value_space;
use crate::conversion::pallas_to_tpu::refs;
use crate::ir::{self, BlockDim, MemorySpace};

/// Pallas ops both subcores lower.
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
    "pallas.multiple_of",
    "pallas.run_scoped",
    "pallas.named_scope",
    "pallas.get_barrier_semaphore",
    "pallas.semaphore_signal",
    "pallas.semaphore_wait",
    "pallas.semaphore_read",
    "pallas.dma_start",
    "pallas.dma_wait",
    "pallas.delay",
    "pallas.subcore_barrier",
];

/// Ops only the vector subcore lowers: the SparseCore ops, 1-D iota and
/// reductions (scans).
fn vector_subcore_only(name: &str) -> bool {
    SPARSECORE_ONLY_OPS.contains(&name) || matches!(name, "pallas.iota" | "vector.reduction")
}

/// Ops JAX registers no SparseCore rule for, with the primitive's name in
/// JAX's message.
const UNIMPLEMENTED: &[(&str, &str)] = &[
    ("pallas.dot", "dot_general"),
    ("pallas.roll", "roll"),
    ("pallas.reciprocal", "reciprocal"),
    ("pallas.repeat", "tile"),
    ("pallas.bitcast", "bitcast"),
    ("pallas.prng_seed", "prng_seed"),
    ("pallas.prng_random_bits", "prng_random_bits"),
    ("vector.transpose", "transpose"),
    ("vector.contract", "dot_general"),
    ("math.sqrt", "sqrt"),
    ("math.rsqrt", "rsqrt"),
    ("math.log", "log"),
    ("math.log1p", "log1p"),
    ("math.tanh", "tanh"),
    ("math.sin", "sin"),
    ("math.cos", "cos"),
    ("math.tan", "tan"),
    ("math.atan2", "atan2"),
    ("math.powf", "pow"),
    ("math.exp2", "exp2"),
    ("math.erf", "erf"),
    ("math.round", "round"),
    ("math.roundeven", "round"),
    ("math.ceil", "ceil"),
    ("math.floor", "floor"),
    ("math.ctlz", "clz"),
    ("math.ctpop", "population_count"),
];

fn unimplemented(core: Core, primitive: &str) -> String {
    format!(
        "Unimplemented primitive in Pallas TPU lowering for {}: {primitive}.",
        core.keyword()
    )
}

/// What the checks do with the ops of one name, decided from the name once
/// per run (the rules asked in [`check_op`]'s order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Kernel,
    /// An op of a dialect Mosaic kernels cannot hold.
    ForeignDialect,
    /// An op JAX has no SparseCore rule for (the primitive's name).
    Unimplemented(&'static str),
    /// Lowered on the vector subcore only.
    VectorSubcoreOnly,
    /// A pallas op this lowering does not handle.
    Unsupported,
    /// The rules for the op itself.
    Checked {
        /// A `memref.subview`, whose window must lie in its source.
        view_bounds: bool,
    },
}

impl Plan {
    fn of(name: &str) -> Plan {
        if name == "pallas.kernel" {
            return Plan::Kernel;
        }
        if crate::conversion::common::consumer::check_mosaic_tpu_dialect(name).is_err() {
            return Plan::ForeignDialect;
        }
        // The view bounds come next in `check_op`, but only for
        // memref.subview, which none of the names below is.
        if let Some((_, primitive)) = UNIMPLEMENTED.iter().find(|(n, _)| *n == name) {
            return Plan::Unimplemented(primitive);
        }
        if vector_subcore_only(name) {
            return Plan::VectorSubcoreOnly;
        }
        if name.starts_with("pallas.") && !SUPPORTED.contains(&name) {
            return Plan::Unsupported;
        }
        Plan::Checked {
            view_bounds: name == "memref.subview",
        }
    }
}

/// Reports every rejection; true when the module can be lowered for
/// `target`.
pub fn check_module(module: &OperationRef, target: &Target) -> bool {
    // A chip without SparseCore is reported at each kernel.
    let vmem = target.sc_vmem();
    let mut checker = Checker {
        target,
        plans: ByName::default(),
        vectors: vmem.as_ref().map(limits::VectorResults::new),
        ok: true,
    };
    checker.visit_nested(module, None);
    checker.ok
}

/// The state of [`check_module`]'s walk.
struct Checker<'t, 'l> {
    target: &'t Target,
    plans: ByName<Plan>,
    vectors: Option<limits::VectorResults<'l>>,
    ok: bool,
}

impl Checker<'_, '_> {
    /// Checks the ops nested in `parent`, parents first, where `core` is
    /// that of the closest `pallas.kernel` around `parent`'s ops.
    fn visit_nested(&mut self, parent: &OperationRef, core: Option<Core>) {
        ir::walk_nested_carrying(parent, core, &mut |op, core| self.visit(op, core));
    }

    /// Checks `op`; returns the core for the ops nested in it.
    fn visit(&mut self, op: &OperationRef, core: Option<Core>) -> Option<Core> {
        let plan = *self.plans.get(op, Plan::of);
        if plan == Plan::Kernel {
            let own = Core::of(op);
            match own {
                Some(core) if core.is_sparsecore() => {
                    self.ok &= check_kernel(op, core, self.target)
                }
                Some(_) => {}
                None => {
                    ir::emit_op_error(op, UNKNOWN_KERNEL_TYPE);
                    self.ok = false;
                }
            }
            return own;
        }
        let Some(sc) = core.filter(|c| c.is_sparsecore()) else {
            return core;
        };
        let name = op_name(op);
        let error = check_op(op, name, sc, plan)
            .err()
            .or_else(|| self.vectors.as_mut().and_then(|v| v.error(op)));
        if let Some(message) = error {
            ir::emit_op_error(op, &message);
            self.ok = false;
        }
        core
    }
}

fn check_kernel(op: &OperationRef, core: Core, target: &Target) -> bool {
    let info = match KernelInfo::of(op) {
        Ok(i) => i,
        Err(e) => {
            ir::emit_op_error(op, &e);
            return false;
        }
    };
    let mut errors = vec![];
    if let Err(e) = crate::conversion::common::consumer::check_no_complex_operand(op) {
        errors.push(e);
    }
    let mesh = if core == Core::ScVectorSubcore {
        "VectorSubcoreMesh"
    } else {
        "ScalarSubcoreMesh"
    };
    let rank = core.mesh_rank().unwrap_or(0);
    if info.grid.len() != rank || info.grid.iter().any(|d| *d <= 0) {
        errors.push(format!(
            "the grid of a {} kernel is its {mesh}: {rank} static extent(s) ({}), got {} ",
            core.keyword(),
            if rank == 2 {
                "num_cores, num_subcores"
            } else {
                "num_cores"
            },
            crate::conversion::common::builder::i64_array(&info.grid)
        ));
    }
    if let Ok(sem) = op.attribute("dimension_semantics") {
        let given: Vec<String> = crate::conversion::common::builder::array_elements(sem)
            .into_iter()
            .map(crate::conversion::common::builder::string_attr_value)
            .collect();
        if given != core.mesh_semantics() {
            errors.push(format!("{mesh} does not support dimension_semantics="));
        }
    }
    if !info.prefetch.is_empty() {
        errors.push("Scalar prefetch not supported.".into());
    }
    for (i, spec) in info.specs.iter().enumerate() {
        if let Some(d) = spec
            .dims
            .iter()
            .find(|d| !matches!(d, BlockDim::Blocked(_)))
        {
            errors.push(format!(
                "Unsupported block dimension type: {d:?} for block shape: {} ({})",
                spec.to_text(),
                info.origin(i)
            ));
        } else if !spec.has_trivial_window() {
            errors.push(format!(
                "SparseCore kernels take whole operands: the block spec of {} must be the whole array with a zero index map, got {}",
                info.origin(i),
                spec.to_text()
            ));
        }
    }
    errors.extend(gpu_space_args(op, "kernel body argument"));
    for e in &errors {
        ir::emit_op_error(op, e);
    }
    errors.is_empty() && check_memory(op, &info, core, target)
}

/// The kernel's operand arrays against the target's HBM and, on the vector
/// subcore, its VMEM buffers against a subcore's VMEM (limits.rs). The
/// scalar subcore's SMEM and the shared VMEM have no figure in jaxlib's
/// TPU info, so they are not checked.
fn check_memory(op: &OperationRef, info: &KernelInfo, core: Core, target: &Target) -> bool {
    let Some(capacity) = target.sc_vmem() else {
        let chip = target.chip.map(|c| c.name).unwrap_or("");
        ir::emit_op_error(
            op,
            &format!(
                "is a {} kernel, but a TPU {chip} has no SparseCore (chip={chip}; jaxlib's TPU info lists SparseCores on v5p, v6e, 7, 7x and 8i)",
                core.keyword()
            ),
        );
        return false;
    };
    let origin = |index| Label::Operand {
        index,
        n_ins: info.n_ins,
    };
    let arrays: Vec<(Label, Type)> = info
        .specs
        .iter()
        .enumerate()
        .map(|(i, s)| (origin(i), s.array_type))
        .collect();
    let mut ok = limits::check_arrays(op, &arrays, target);
    if core != Core::ScVectorSubcore {
        return ok;
    }
    // Operands are whole arrays, in VMEM only when they say so.
    let mut items: Vec<Item> = info
        .specs
        .iter()
        .enumerate()
        .filter(|(_, spec)| spec.memory_space == Some(MemorySpace::Vmem))
        .filter_map(|(i, spec)| {
            Some(Item {
                label: origin(i),
                detail: format!("the whole array {}", spec.array_type).into(),
                bytes: limits::memref_bytes(spec.array_type)?,
                at: None,
            })
        })
        .collect();
    let vmem = MemorySpace::Vmem;
    match limits::scratch_items(op, info.prefetch.len() + info.specs.len(), vmem, vmem) {
        Ok(scratch) => items.extend(scratch),
        Err(message) => {
            ir::emit_op_error(op, &message);
            ok = false;
        }
    }
    match limits::scoped_item(op, vmem, vmem) {
        Ok(item) => items.extend(item),
        Err(()) => ok = false,
    }
    ok && limits::check_budget(op, "VMEM", &items, &capacity)
}

/// The GPU memory space of a memref type, if it is in one: a SparseCore
/// kernel has none of them, and the lowering would leave the
/// `#pallas.memory_space` in its output.
fn gpu_space(t: Type) -> Option<MemorySpace> {
    MemorySpace::of_memref(t).filter(|s| {
        matches!(
            s,
            MemorySpace::Gmem | MemorySpace::Shared | MemorySpace::Tmem | MemorySpace::Regs
        )
    })
}

/// One error per argument of `op`'s entry block (kernel operands and
/// scratch, scoped allocations) in a GPU memory space.
fn gpu_space_args(op: &OperationRef, what: &str) -> Vec<String> {
    let Some(block) = crate::ir::region_at(op, 0).and_then(|r| r.first_block()) else {
        return vec![];
    };
    (0..block.argument_count())
        .filter_map(|k| {
            let t = crate::ir::argument_at(&block, k)?.r#type();
            let space = gpu_space(t)?;
            Some(format!(
                "{what} {k} has type {t}, in the GPU memory space {}; SparseCore kernels use the TPU spaces (hbm, vmem, vmem_shared, smem, semaphore, any)",
                space.name()
            ))
        })
        .collect()
}

/// The first rule `op` (named `name`, of `plan`) breaks in a kernel of
/// `core`: the dialect, the view bounds, the ops JAX has no rule for, then
/// the rules of each op.
fn check_op(op: &OperationRef, name: &str, core: Core, plan: Plan) -> Result<(), String> {
    match plan {
        Plan::Kernel => return Ok(()),
        Plan::ForeignDialect => {
            return crate::conversion::common::consumer::check_mosaic_tpu_dialect(name)
        }
        Plan::Unimplemented(primitive) => return Err(unimplemented(core, primitive)),
        Plan::VectorSubcoreOnly if core == Core::ScScalarSubcore => {
            return Err(unimplemented(core, name.trim_start_matches("pallas.")));
        }
        Plan::VectorSubcoreOnly => {}
        Plan::Unsupported => {
            return Err(format!(
                "not yet supported: '{name}' in the SparseCore lowering"
            ))
        }
        Plan::Checked { view_bounds } => {
            if view_bounds {
                crate::conversion::common::views::check_view_bounds(op)?;
            }
            debug_assert!(
                view_bounds || crate::conversion::common::views::check_view_bounds(op).is_ok(),
                "view bounds checked for {name}"
            );
        }
    }
    match name {
        "pallas.run_scoped" => match gpu_space_args(op, "scoped allocation").first() {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        },
        "pallas.axis_index" => check_axis_name(op),
        "pallas.load" | "pallas.store" | "pallas.swap" => check_access(op, name),
        // The SparseCore lowering moves lanes with tpu.vector_load/store,
        // made from pallas.load/store only.
        "vector.load" | "vector.store" => Err(format!(
            "not yet supported: '{name}' in the SparseCore lowering (load and store vectors with pallas.load / pallas.store)"
        )),
        "pallas.dma_start" | "pallas.dma_wait" => check_dma(op),
        "pallas.load_gather" | "pallas.store_scatter" => check_indexed(op, name),
        "pallas.ref_reshape" | "pallas.ref_bitcast" => refs::check(op),
        "pallas.rev" => {
            let dims = op
                .attribute("dimensions")
                .map(dense_i64)
                .unwrap_or_default();
            let rank = op
                .operand(0)
                .ok()
                .and_then(|v| vshape(v.r#type()))
                .map(|s| s.len());
            if rank != Some(1) || dims != [0] {
                return Err(format!(
                    "Invalid dimensions for SC lax.rev: {}",
                    py_tuple(&dims)
                ));
            }
            Ok(())
        }
        "vector.reduction" => {
            let kind = reduction_kind(op);
            if !matches!(
                kind,
                "add" | "maxsi" | "maximumf" | "maxnumf" | "minsi" | "minimumf" | "minnumf"
            ) {
                return Err(format!(
                    "not yet supported: <{kind}> reductions on SparseCore (add, signed and float max/min lower to scans)"
                ));
            }
            let rank = op
                .operand(0)
                .ok()
                .and_then(|v| vshape(v.r#type()))
                .map(|s| s.len());
            if rank != Some(1) {
                return Err(format!(
                    "reductions require axes to be (0,) on SparseCore, but got a rank-{} vector (reduce a 1-D vector).",
                    rank.unwrap_or(0)
                ));
            }
            Ok(())
        }
        "vector.multi_reduction" => Err(
            "not yet supported: vector.multi_reduction on SparseCore (reduce 1-D vectors with vector.reduction)"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// `pallas.axis_index` names a mesh axis of the kernel (its grid names) or
/// of the device mesh (`mesh_axes`); anything else has no lowering.
fn check_axis_name(op: &OperationRef) -> Result<(), String> {
    let name = op
        .attribute("axis_name")
        .ok()
        .and_then(ir::attrs::as_string)
        .unwrap_or_default();
    let mut kernel = op.parent_operation();
    while let Some(k) = kernel.filter(|k| op_name(k) != "pallas.kernel") {
        kernel = k.parent_operation();
    }
    let Some(kernel) = kernel else {
        return Ok(());
    };
    let strings = |a: Option<melior::ir::Attribute>| -> Vec<String> {
        a.and_then(ir::attrs::as_array)
            .unwrap_or_default()
            .into_iter()
            .filter_map(ir::attrs::as_string)
            .collect()
    };
    let grid = strings(kernel.attribute("grid_names").ok());
    let mesh = strings(
        kernel
            .attribute("compiler_params")
            .ok()
            .and_then(|p| ir::dict_get(p, "mosaic_tpu"))
            .and_then(|t| ir::dict_get(t, "mesh_axes")),
    );
    if grid.contains(&name) || mesh.contains(&name) {
        return Ok(());
    }
    Err(format!(
        "'{name}' is neither a mesh axis of the kernel {grid:?} nor a device mesh axis {mesh:?}"
    ))
}

/// The space rules of JAX's SparseCore get/swap: no direct HBM or
/// VMEM_SHARED access, scalars only in SMEM and vectors never there.
fn check_access(op: &OperationRef, name: &str) -> Result<(), String> {
    let vals: Vec<Value> = op.operands().collect();
    let seg = segments(op, &vals);
    let (what, r, v_ty) = if name == "pallas.load" {
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        ("Get", seg[0][0], ty)
    } else {
        ("Swap", seg[1][0], seg[0][0].r#type())
    };
    let (_, _, strides) = indexer(op, &ir::memref_shape(r.r#type()))?;
    if strides.iter().any(|s| *s != 1) {
        return Err(format!(
            "{what} only supports slices with stride 1, got {}",
            py_tuple(&strides)
        ));
    }
    let space = value_space(r).unwrap_or_default();
    // Only the core-local spaces are addressable (HBM, VMEM_SHARED and ANY
    // need a copy; CMEM, HOST and the semaphore space hold no lanes).
    if !matches!(space.as_str(), "" | "vmem" | "smem") {
        let (verb, to) = if what == "Get" {
            ("loading", "from")
        } else {
            ("storing", "to")
        };
        return Err(format!(
            "{what} does not support {verb} {to} {}. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.",
            space.to_uppercase()
        ));
    }
    let scalar = !ir::is_vector(v_ty);
    let masked = if name == "pallas.load" {
        !seg[2].is_empty()
    } else {
        !seg[3].is_empty()
    };
    if scalar != (space == "smem") {
        return Err(if scalar {
            format!(
                "{what} only supports scalars in SMEM. Trying to access a scalar in {}.",
                space.to_uppercase()
            )
        } else {
            format!(
                "{what} only supports scalars in SMEM. Trying to access an array of shape {:?} in SMEM.",
                vshape(v_ty).unwrap_or_default()
            )
        });
    }
    if scalar && op.attribute("add").is_ok() {
        return Err("Swap does not support atomic scalar adds".into());
    }
    if name == "pallas.load" && masked && op.attribute("expand").is_err() {
        return Err(
            "a masked pallas.load on SparseCore expands lanes: mark it {expand} (JAX's select-style masked load is TensorCore-only)"
                .into(),
        );
    }
    if name == "pallas.store" && masked && op.attribute("compress").is_err() {
        return Err(
            "a masked pallas.store on SparseCore compresses lanes: mark it {compress} (JAX's select-style masked store is TensorCore-only)"
                .into(),
        );
    }
    Ok(())
}

/// `tpu.vector_load_idx` / `tpu.vector_store_idx` move 32-bit lanes only:
/// the ref and the value must hold i32 or f32.
fn check_indexed(op: &OperationRef, name: &str) -> Result<(), String> {
    let vals: Vec<Value> = op.operands().collect();
    let seg = segments(op, &vals);
    let (r, v_ty) = if name == "pallas.load_gather" {
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        (seg[0][0], ty)
    } else {
        (seg[1][0], seg[0][0].r#type())
    };
    let lane_ok = |t: melior::ir::r#type::Type| {
        (ir::is_vector(t) || ir::is_memref(t))
            && matches!(ir::element_type(t).to_string().as_str(), "i32" | "f32")
    };
    if !lane_ok(r.r#type()) || !lane_ok(v_ty) {
        return Err(format!(
            "not yet supported: '{name}' on SparseCore moves 32-bit lanes (i32 or f32), got {} and {}",
            r.r#type(),
            v_ty
        ));
    }
    Ok(())
}

/// Which DMAs a SparseCore can do: any copy without offsets; a gather from
/// HBM/VMEM_SHARED into VMEM or a scatter from VMEM into HBM/VMEM_SHARED
/// with them.
fn check_dma(op: &OperationRef) -> Result<(), String> {
    let vals: Vec<Value> = op.operands().collect();
    let seg = Segments::of(op, &vals);
    // Most DMAs are direct: nothing to check.
    let Some(offsets) = seg.first(DMA_OFFSETS) else {
        return Ok(());
    };
    let src = value_space(seg.one(0)?).unwrap_or_default();
    let dst = value_space(seg.one(1)?).unwrap_or_default();
    let shared = |s: &str| s == "hbm" || s == "vmem_shared";
    if !((shared(&src) && dst == "vmem") || (src == "vmem" && shared(&dst))) {
        let add = if op.attribute("add").is_ok() {
            format!("DMAs with `add=True` are only supported between VMEM and HBM/VMEM_SHARED.Got (src, dst)=({src}, {dst})")
        } else {
            format!(
                "Scatter/gather via `pltpu.async_copy` from {src:?} to {dst:?} is not supported"
            )
        };
        return Err(add);
    }
    if ir::is_memref(offsets.r#type()) {
        let space = value_space(offsets).unwrap_or_default();
        if space != "vmem" {
            return Err(format!(
                "Indices for scatter/gather via `pltpu.async_copy` must be in VMEM, got {space:?}"
            ));
        }
    }
    // A remote indirect DMA is rejected by the op's verifier; masked
    // scalar accesses by the mask's type.
    Ok(())
}

/// `(a, b, ...)` as Python prints a tuple.
fn py_tuple(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}
