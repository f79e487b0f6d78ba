//! Everything the Pallas TPU lowering rejects, reported before anything is
//! rewritten: kernel-level rules here (block shapes, memory spaces,
//! communication), op-level rules in each family's `check`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;

use super::kernel::{self, is_windowed, KernelInfo};
use super::limits::{self, shape_text, Detail, Item, Label, Limit, Target};
use super::{
    dma, dot, elementwise, load_store, misc, refs, scoped, shape, TcKernels, AXIS_INDEX, REMOTE_OPS,
};
use crate::conversion::common::consumer::check_mosaic_tpu_dialect;
use crate::conversion::common::sparsecore::{sparsecore_form, SparseCoreForm, SPARSECORE_ONLY_OPS};
use crate::conversion::common::unroll;
use crate::conversion::framework::ByName;
use crate::dialect::pallas::gpu_params::GPU_ONLY_OPS;
use crate::ir::hash::FastMap;
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

/// A family of op-level rules: its `check` and the op names and dialects
/// it looks at (it accepts every other op by its name alone, so it is
/// asked only about these; debug builds ask it about the others too and
/// insist that it accepts them).
struct Family {
    ops: &'static [&'static str],
    dialects: &'static [&'static str],
    check: Check,
}

impl Family {
    fn covers(&self, name: &str) -> bool {
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        self.ops.contains(&name) || self.dialects.contains(&dialect)
    }
}

/// The op-level checks of every rule family, in the order they are asked
/// (the first rejection is reported).
const FAMILIES: &[Family] = &[
    Family {
        ops: &[
            "pallas.load",
            "pallas.store",
            "pallas.swap",
            "vector.load",
            "vector.store",
        ],
        dialects: &["memref"],
        check: load_store::check,
    },
    Family {
        ops: &["pallas.ref_reshape", "pallas.ref_bitcast"],
        dialects: &[],
        check: refs::check,
    },
    Family {
        ops: &[
            "pallas.dma_start",
            "pallas.dma_wait",
            "pallas.semaphore_signal",
            "pallas.semaphore_wait",
        ],
        dialects: &[],
        check: dma::check,
    },
    Family {
        ops: &["pallas.run_scoped"],
        dialects: &[],
        check: scoped::check,
    },
    Family {
        ops: &["pallas.dot"],
        dialects: &[],
        check: dot::check,
    },
    // Asked through `elementwise::check_as` (see `Plan::elementwise`).
    Family {
        ops: &[],
        dialects: &["arith", "math", "vector"],
        check: elementwise::check,
    },
    Family {
        ops: &["pallas.bitcast", "pallas.roll", "pallas.reciprocal"],
        dialects: &[],
        check: shape::check,
    },
    Family {
        ops: &[
            "pallas.multiple_of",
            "pallas.debug_print",
            "pallas.prng_random_bits",
        ],
        dialects: &[],
        check: misc::check,
    },
];

/// The index of the elementwise family in [`FAMILIES`].
const ELEMENTWISE: usize = 5;

/// The ops that can have a SparseCore-only attribute or operand (see
/// `sparsecore_form`).
const SPARSECORE_FORM_OPS: &[&str] = &[
    "pallas.load",
    "pallas.store",
    "pallas.dma_start",
    "pallas.dma_wait",
];

/// Why the ops of a name are rejected, whatever they look like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameError {
    Gpu,
    SparseCore,
    /// An op of a dialect Mosaic kernels cannot hold.
    Dialect,
    Unsupported,
}

impl NameError {
    fn message(self, name: &str) -> String {
        match self {
            NameError::Gpu => "is a GPU op; it has no TPU lowering".into(),
            NameError::SparseCore => {
                format!("'{name}' is a SparseCore op; TensorCore kernels cannot use it")
            }
            NameError::Dialect => check_mosaic_tpu_dialect(name).err().unwrap_or_default(),
            NameError::Unsupported => {
                format!("not yet supported: '{name}' in the TPU lowering")
            }
        }
    }
}

/// What the checks do with the ops of one name, decided from the name
/// once per run (the rules asked in `Checker::check_op`'s order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Kernel,
    Call,
    /// Inside a TensorCore kernel, rejected for the name alone.
    Rejected(NameError),
    /// Inside a TensorCore kernel, the rules for the op itself.
    Checked {
        /// SparseCore-only attributes and operands are looked for.
        sparsecore_forms: bool,
        /// A `memref.subview`, whose window must lie in its source.
        view_bounds: bool,
        /// The [`FAMILIES`] that look at it (a bit per index).
        families: u8,
        elementwise: elementwise::CheckKind,
    },
}

impl Plan {
    fn of(name: &str) -> Plan {
        match name {
            "pallas.kernel" => return Plan::Kernel,
            "pallas.call" => return Plan::Call,
            _ => {}
        }
        // The lists below hold only pallas ops (most ops of a body are not).
        let is_pallas = name.starts_with("pallas.");
        if is_pallas && GPU_ONLY_OPS.contains(&name) {
            return Plan::Rejected(NameError::Gpu);
        }
        if is_pallas && SPARSECORE_ONLY_OPS.contains(&name) {
            return Plan::Rejected(NameError::SparseCore);
        }
        // The SparseCore forms and view bounds come next, but only for
        // supported pallas ops and memref.subview: no name rejected below
        // has them.
        if check_mosaic_tpu_dialect(name).is_err() {
            return Plan::Rejected(NameError::Dialect);
        }
        if is_pallas && !SUPPORTED.contains(&name) {
            return Plan::Rejected(NameError::Unsupported);
        }
        let families = FAMILIES
            .iter()
            .enumerate()
            .filter(|(_, f)| f.covers(name))
            .fold(0u8, |bits, (i, _)| bits | 1 << i);
        Plan::Checked {
            sparsecore_forms: SPARSECORE_FORM_OPS.contains(&name),
            view_bounds: name == "memref.subview",
            families,
            elementwise: elementwise::CheckKind::of(name),
        }
    }
}

/// Reports every rejection; when the module can be lowered for `target`,
/// gives the information of its TensorCore kernels, decoded once for the
/// steps that follow.
pub(crate) fn check_module<'c, 'a>(
    module: &OperationRef<'c, 'a>,
    target: &Target,
    kernels: &TcKernels,
) -> Option<Checked<'c, 'a>> {
    let vmem = target.vmem();
    let name = |n: &str| ir::OpName::get(module, n);
    let mut checker = Checker {
        names: KernelOpNames {
            run_scoped: name("pallas.run_scoped"),
            axis_index: name(AXIS_INDEX),
            remote: REMOTE_OPS.map(name),
        },
        target,
        kernels,
        plans: ByName::default(),
        vectors: limits::VectorResults::new(&vmem),
        wide: FastMap::default(),
        infos: FastMap::default(),
        scf_for: name("scf.for"),
        loops: vec![],
        view_names: refs::SpaceFollowingViews::new(module),
        views: vec![],
        ok: true,
    };
    checker.visit_nested(module, false);
    checker.ok.then_some(Checked {
        infos: checker.infos,
        marked_loops: checker.loops,
        views: checker.views,
    })
}

/// What [`check_module`] found in a module that can be lowered.
pub(crate) struct Checked<'c, 'a> {
    pub infos: KernelInfos<'c>,
    /// The loops of the TensorCore kernels that `unroll` expands, in
    /// pre-order (see `unroll::expand_marked_loops`).
    pub marked_loops: Vec<OperationRef<'c, 'a>>,
    /// The views whose memory space follows their source's
    /// ([`refs::SpaceFollowingViews`]), anywhere in the module, in
    /// pre-order.
    pub views: Vec<OperationRef<'c, 'a>>,
}

/// The information of the TensorCore kernels of a module, by op identity.
pub(crate) type KernelInfos<'c> = FastMap<*mut std::ffi::c_void, KernelInfo<'c>>;

/// The op names the kernel-level rules look for in a kernel's body,
/// interned once per run.
struct KernelOpNames {
    run_scoped: ir::OpName,
    axis_index: ir::OpName,
    /// The ops that can name another device.
    remote: [ir::OpName; 3],
}

/// The state of [`check_module`]'s walk.
struct Checker<'t, 'l, 'c, 'a> {
    names: KernelOpNames,
    target: &'t Target,
    kernels: &'t TcKernels,
    plans: ByName<Plan>,
    vectors: limits::VectorResults<'l>,
    /// Whether a type is 64-bit (see `elementwise::is_64_bit`).
    wide: FastMap<*const std::ffi::c_void, bool>,
    infos: KernelInfos<'c>,
    scf_for: ir::OpName,
    /// The marked loops met so far (the checks walk every op once; the
    /// unroll need not walk them again).
    loops: Vec<OperationRef<'c, 'a>>,
    view_names: refs::SpaceFollowingViews,
    /// The views met so far (the walk for their memory spaces need not be
    /// made again).
    views: Vec<OperationRef<'c, 'a>>,
    ok: bool,
}

impl<'c, 'a> Checker<'_, '_, 'c, 'a> {
    /// Checks the ops nested in `parent`, parents first, where `in_tc`
    /// says whether the closest `pallas.kernel` around `parent`'s ops is a
    /// TensorCore one.
    fn visit_nested(&mut self, parent: &OperationRef<'c, 'a>, in_tc: bool) {
        ir::walk_nested_carrying(parent, in_tc, &mut |op, in_tc| self.visit(op, in_tc));
    }

    /// Checks `op`; returns `in_tc` for the ops nested in it.
    fn visit(&mut self, op: &OperationRef<'c, 'a>, in_tc: bool) -> bool {
        if self.view_names.contains(op) {
            self.views.push(*op);
        }
        let plan = *self.plans.get(op, Plan::of);
        match plan {
            Plan::Kernel => {
                match kernel::Core::of(op) {
                    Some(kernel::Core::TensorCore) => match KernelInfo::of(op) {
                        Ok(info) => {
                            self.ok &=
                                check_kernel(op, &info, self.target, &self.names, self.kernels);
                            self.infos.insert(op.to_raw().ptr, info);
                        }
                        Err(e) => {
                            ir::emit_op_error(op, &e);
                            self.ok = false;
                        }
                    },
                    Some(_) => {}
                    None => {
                        ir::emit_op_error(op, kernel::UNKNOWN_KERNEL_TYPE);
                        self.ok = false;
                    }
                }
                return self.kernels.contains(op);
            }
            Plan::Call => {
                ir::emit_op_error(
                    op,
                    "has no TPU lowering: Mosaic kernels are called by the TPU runtime, not from host code in the module",
                );
                self.ok = false;
                return in_tc;
            }
            _ if !in_tc => return in_tc,
            _ => {}
        }
        if ir::OpName::of(op) == self.scf_for && unroll::is_marked_loop(op) {
            self.loops.push(*op);
        }
        let name = ir::op_name_of(op);
        if let Err(message) = self.check_op(op, name, plan) {
            ir::emit_op_error(op, &message);
            self.ok = false;
        } else if let Some(message) = self.vectors.error(op) {
            ir::emit_op_error(op, &message);
            self.ok = false;
        }
        in_tc
    }

    /// The first rule `op` (named `name`) breaks, as [`Plan`] orders them.
    fn check_op(&mut self, op: &OperationRef, name: &str, plan: Plan) -> Result<(), String> {
        let Plan::Checked {
            sparsecore_forms,
            view_bounds,
            families,
            elementwise,
        } = plan
        else {
            if let Plan::Rejected(e) = plan {
                return Err(e.message(name));
            }
            return Ok(());
        };
        if sparsecore_forms {
            check_sparsecore_forms(op, name)?;
        }
        if view_bounds {
            crate::conversion::common::views::check_view_bounds(op)?;
        }
        // The rules left out above accept `op`.
        debug_assert!(
            sparsecore_forms || sparsecore_form(op, name).is_none(),
            "SPARSECORE_FORM_OPS misses {name}"
        );
        debug_assert!(
            view_bounds || crate::conversion::common::views::check_view_bounds(op).is_ok(),
            "view bounds checked for {name}"
        );
        for (i, family) in FAMILIES.iter().enumerate() {
            if families & (1 << i) == 0 {
                debug_assert!(
                    (family.check)(op).is_ok(),
                    "FAMILIES misses {name} in one family"
                );
                continue;
            }
            if i == ELEMENTWISE {
                let wide = &mut self.wide;
                elementwise::check_as(op, name, elementwise, &mut |t| {
                    *wide
                        .entry(t.to_raw().ptr)
                        .or_insert_with(|| elementwise::is_64_bit(t))
                })?;
            } else {
                (family.check)(op)?;
            }
        }
        Ok(())
    }
}

fn check_kernel(
    op: &OperationRef,
    info: &KernelInfo,
    target: &Target,
    names: &KernelOpNames,
    kernels: &TcKernels,
) -> bool {
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
        if let Err(message) = check_block_spec(info, spec, i) {
            ir::emit_op_error(op, &message);
            ok = false;
        }
    }
    ok &= check_memory(op, info, target, names, kernels.has_run_scoped());
    ok && check_communication(op, names, kernels.has_communication_ops())
}

/// The kernel's buffers against the target's VMEM (or `vmem_limit_bytes`),
/// SMEM and HBM (see limits.rs for what is counted).
fn check_memory(
    op: &OperationRef,
    info: &KernelInfo,
    target: &Target,
    names: &KernelOpNames,
    has_run_scoped: bool,
) -> bool {
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
    let origin = |index| Label::Operand {
        index,
        n_ins: info.n_ins,
    };
    let arrays: Vec<(Label, melior::ir::r#type::Type)> = info
        .prefetch
        .iter()
        .enumerate()
        .map(|(i, t)| (Label::Indexed("scalar_prefetch", i), *t))
        .chain(
            info.specs
                .iter()
                .enumerate()
                .map(|(i, s)| (origin(i), s.array_type)),
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
                    label: *label,
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
            label: origin(i),
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
    // Both memories' scoped peaks from one walk over the body (none to
    // walk for in a module without scoped allocations).
    let peaks = if has_run_scoped {
        limits::scoped_peaks(
            op,
            names.run_scoped,
            [MemorySpace::Vmem, MemorySpace::Smem],
            MemorySpace::Vmem,
        )
    } else {
        [Ok((0, None)), Ok((0, None))]
    };
    for ((space, list), peak) in [
        (MemorySpace::Vmem, &mut in_vmem),
        (MemorySpace::Smem, &mut in_smem),
    ]
    .into_iter()
    .zip(peaks)
    {
        match limits::scratch_items(op, first_scratch, space, MemorySpace::Vmem) {
            Ok(items) => list.extend(items),
            Err(message) => {
                ir::emit_op_error(op, &message);
                ok = false;
            }
        }
        match limits::peak_item(peak) {
            Ok(item) => list.extend(item),
            Err(()) => ok = false,
        }
    }
    ok && limits::check_budget(op, "VMEM", &in_vmem, &vmem)
        && limits::check_budget(op, "SMEM", &in_smem, &target.smem())
}

/// JAX's block-shape rules for TensorCore windows.
fn check_block_spec(info: &KernelInfo, spec: &BlockSpec, i: usize) -> Result<(), String> {
    // Written out only in a message.
    let origin = Label::Operand {
        index: i,
        n_ins: info.n_ins,
    };
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
/// `may_communicate`: whether the module has an axis index or a remote op
/// (`TcKernels::has_communication_ops`; else no op of the kernel is
/// visited).
fn check_communication(
    kernel_op: &OperationRef,
    names: &KernelOpNames,
    may_communicate: bool,
) -> bool {
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
    if !may_communicate {
        return ok;
    }
    // Every op of the kernel is visited: names compared as interned names.
    ir::walk_nested(kernel_op, &mut |op| {
        let op_name = ir::OpName::of(&op);
        let communicates = if op_name == names.axis_index {
            let name = op
                .attribute("axis_name")
                .ok()
                .map(crate::conversion::common::builder::string_attr_value);
            if let Some(mesh) = &mesh_names {
                let name = name.clone().unwrap_or_default();
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
            name.map(|n| !grid_names.contains(&n)).unwrap_or(false)
        } else if names.remote.contains(&op_name) {
            dma::device_ids(&op).map(|d| !d.is_empty()).unwrap_or(false)
        } else {
            false
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

    /// The rules a [`Plan`] moves before the per-op ones never reject an op
    /// that has per-op rules, so the order of `check_op` is kept.
    #[test]
    fn name_rejections_leave_per_op_rules_in_order() {
        for name in SPARSECORE_FORM_OPS.iter().chain(&["memref.subview"]) {
            assert!(matches!(Plan::of(name), Plan::Checked { .. }), "{name}");
        }
    }

    /// Operand labels read as `KernelInfo::origin` writes them.
    #[test]
    fn operand_labels_match_origin() {
        for n_ins in 0..3 {
            let info = KernelInfo {
                name: String::new(),
                grid: vec![],
                prefetch: vec![],
                specs: vec![],
                n_ins,
            };
            for index in 0..5 {
                assert_eq!(
                    Label::Operand { index, n_ins }.to_string(),
                    info.origin(index)
                );
            }
        }
    }

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
