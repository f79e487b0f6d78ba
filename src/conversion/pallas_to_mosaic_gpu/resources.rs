//! The shared-memory plan, fixed before anything is emitted (JAX sizes
//! every pool with a static walk of the kernel first, then rules
//! bump-allocate inside them).
//!
//! Dynamic shared memory is one int8 scratch region at offset 0 followed by
//! the barriers (8 bytes each). The scratch holds the pipeline's block
//! buffers (inputs, then outputs), each rounded up to 1024 bytes, and above
//! them what the body needs while it runs: the reduction scratch of
//! `vector.multi_reduction`, `reduction_scratch_bytes` of the compiler
//! params. The scratch total is rounded up to 1024 bytes.
//!
//! Barriers come in pools, one per kind (arrivals, barriers per group,
//! ordering with the tensor core): a pool has as many groups as the kernel
//! holds at once (nested scopes add up, sibling scopes and branches share),
//! laid out kind after kind in the order the planner first meets the kinds.
//! A scope takes the last free group of its kind and returns it at its end.
//!
//! GMEM semaphores are not in shared memory: they are counted here per
//! scope (block-local ones like shared memory, global ones summed) and live
//! in extra operands (see `collectives`).

use melior::ir::block::{BlockLike, BlockRef};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::RegionLike;

use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir::{self, MemorySpace, SemaphoreKind};

/// Shared memory is handed out in multiples of this.
pub const SMEM_ALIGNMENT: i64 = 1024;
/// Dynamic shared memory a CTA may opt into on sm_90 and sm_100 (JAX's
/// default when no device is there to ask).
pub const MAX_SMEM_BYTES: i64 = 227 * 1024;
/// One mbarrier.
pub const BARRIER_BYTES: i64 = 8;
/// Barriers of one group: their phase bits are one i32 (JAX's limit).
pub const MAX_BARRIERS_PER_GROUP: i64 = 32;
/// The most arrivals an mbarrier phase expects (PTX's range of the count
/// of `mbarrier.init`).
pub const MAX_BARRIER_ARRIVALS: i64 = (1 << 20) - 1;

/// `n` rounded up to a multiple of `to`; `None` past i64.
pub fn align(n: i64, to: i64) -> Option<i64> {
    n.checked_add(to - 1).map(|m| m / to * to)
}

/// JAX's rejection of a plan whose shared memory overflows i64 on the way
/// (its figure has no bound, ours stops at i64).
fn smem_overflow(what: &str) -> String {
    format!(
        "Mosaic GPU kernel exceeds available shared memory: smem_bytes >= 2^63 ({what}) > max_smem_bytes={MAX_SMEM_BYTES}"
    )
}

/// A planning error and the op it is at (`None`: the kernel itself).
pub struct PlanError<'c, 'a> {
    pub op: Option<OperationRef<'c, 'a>>,
    pub message: String,
}

impl From<String> for PlanError<'_, '_> {
    fn from(message: String) -> Self {
        PlanError { op: None, message }
    }
}

impl From<&str> for PlanError<'_, '_> {
    fn from(message: &str) -> Self {
        message.to_string().into()
    }
}

impl<'c, 'a> PlanError<'c, 'a> {
    /// Moves an error of the kernel to `op`.
    fn at(self, op: OperationRef<'c, 'a>) -> Self {
        PlanError {
            op: self.op.or(Some(op)),
            message: self.message,
        }
    }
}

/// Discardable attribute the planner leaves on each `pallas.run_scoped`:
/// the shared-memory offset of each of its allocations (`-1 - i` for
/// barrier group `i`).
pub const SCOPED_OFFSETS_ATTR: &str = "pallas.smem_offsets";
/// Its companion for GMEM semaphores: per allocation, the offset in the
/// block-local semaphore scope, or -1 when the allocation is no semaphore.
pub const SCOPED_SEM_OFFSETS_ATTR: &str = "pallas.sem_offsets";
/// What the planner leaves on each `pallas.get_global`: its offset in the
/// global semaphore scope.
pub const GLOBAL_SEM_OFFSET_ATTR: &str = "pallas.sem_offset";

/// Where a scratch operand or scoped allocation lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alloc {
    /// A shared-memory buffer at this offset.
    Smem(i64),
    /// Barrier group `i` of the plan.
    Barrier(usize),
    /// GMEM semaphores at this offset of the block-local semaphore scope.
    Semaphore(i64),
}

/// A pool of GMEM semaphores: an extra i32 operand (aliased input and
/// output) holding `count` semaphores per CTA (block-local scope) or
/// `count` for the whole launch (global scope), zero when the kernel
/// starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemaphoreScope {
    /// JAX's key for the scope (the collective axes of the allocation); the
    /// operands come in the order of the keys.
    pub key: Vec<String>,
    pub global: bool,
    pub count: i64,
}

impl SemaphoreScope {
    /// The i32 elements of the scope's operand in a launch of `ctas` CTAs
    /// (JAX's `axis_size * num_sems`); `None` when its bytes overflow i64.
    pub fn elements(&self, ctas: i64) -> Option<i64> {
        let n = if self.global {
            self.count
        } else {
            self.count.checked_mul(ctas)?
        };
        n.checked_mul(4).map(|_| n)
    }
}

/// An mbarrier array as Mosaic GPU initializes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierSpec {
    pub arrivals: i64,
    pub orders_tensor_core: bool,
    /// For a cluster barrier, the CUDA dims (bit 0: x) of the cluster it
    /// spans.
    pub cluster_dims: Option<u8>,
    /// Barriers in the group (an array of barriers is one group).
    pub count: i64,
}

impl BarrierSpec {
    /// The arrivals that complete a phase of each barrier of the group in
    /// a launch of `cluster` (CUDA dims): its own, and for a cluster
    /// barrier those of the other CTAs along each of its dims; `None` past
    /// i64.
    pub fn arrival_count(&self, cluster: &[i64; 3]) -> Option<i64> {
        let senders = match self.cluster_dims {
            None => 1,
            Some(dims) => {
                (0..3)
                    .filter(|d| dims & (1 << d) != 0)
                    .map(|d| cluster[d] - 1)
                    .sum::<i64>()
                    + 1
            }
        };
        self.arrivals.checked_mul(senders)
    }
}

/// Where everything lives in dynamic shared memory.
pub struct Plan {
    /// Each scratch operand of the kernel.
    pub scratch: Vec<Alloc>,
    /// The pipeline buffer of each operand (inputs, then outputs); `None`
    /// for operands left in GMEM.
    pub buffers: Vec<Option<i64>>,
    /// The barrier groups, in allocation order (the pipeline's first when
    /// there is one).
    pub barriers: Vec<BarrierSpec>,
    /// Offset of the barriers (right after the scratch), 8 bytes each.
    pub barrier_offset: i64,
    /// The `dynamic_shared_memory_size` of the launch.
    pub total: i64,
    /// The GMEM semaphore scopes, in operand order.
    pub semaphores: Vec<SemaphoreScope>,
}

/// Bytes of `shape` elements of `elem_bits` bits; `None` past i64.
pub fn block_bytes(shape: &[i64], elem_bits: u64) -> Option<i64> {
    let elems = ir::element_count(shape)?;
    let bits = i64::try_from(elem_bits).ok()?;
    // floor(elems * bits / 8) without the product in bits, which may
    // overflow where the bytes do not.
    (elems / 8)
        .checked_mul(bits)?
        .checked_add(elems % 8 * bits / 8)
}

/// Whether a block or scratch operand of this spec is pipelined through
/// shared memory (no memory space or `shared`; GMEM operands are passed
/// whole).
pub fn is_pipelined(space: Option<MemorySpace>) -> bool {
    matches!(space, None | Some(MemorySpace::Shared))
}

/// Whether `t` is a ref of GMEM semaphores.
pub fn is_gmem_semaphore(t: Type) -> bool {
    MemorySpace::of_memref(t) == Some(MemorySpace::Gmem)
        && SemaphoreKind::of_memref(t) == Some(SemaphoreKind::Regular)
}

/// The semaphores in use at once (or the global ones) overflow i64 at
/// an allocation of type `t`.
fn semaphore_overflow(t: Type) -> String {
    format!("the kernel's GMEM semaphores number more than 2^63 - 1 at {t}")
}

/// Barrier groups by kind, in the order JAX's planner first meets each
/// kind, with how many groups of the kind are in use at once.
type BarrierCounts = Vec<(BarrierSpec, i64)>;

/// Nested scopes need groups of their own: the counts add up.
fn add_counts(into: &mut BarrierCounts, other: &BarrierCounts) {
    for (spec, n) in other {
        match into.iter_mut().find(|(s, _)| s == spec) {
            Some((_, m)) => *m += n,
            None => into.push((*spec, *n)),
        }
    }
}

/// Sibling scopes (and the branches of control flow) share groups: the
/// most of each kind.
fn max_counts(into: &mut BarrierCounts, other: &BarrierCounts) {
    for (spec, n) in other {
        match into.iter_mut().find(|(s, _)| s == spec) {
            Some((_, m)) => *m = (*m).max(*n),
            None => into.push((*spec, *n)),
        }
    }
}

/// The barrier kind of a ref of type `t`, if it is a barrier ref (cluster
/// axes among `cluster_names`).
fn barrier_spec(t: Type, cluster_names: &[String]) -> Result<Option<BarrierSpec>, String> {
    let Some(b) = ir::barrier_params(ir::element_type(t)) else {
        return Ok(None);
    };
    let cluster_dims = match &b.collective_axes {
        None => None,
        Some(axes) => {
            let mut dims = 0u8;
            for axis in axes {
                let k = axis
                    .as_ref()
                    .and_then(|a| cluster_names.iter().position(|c| c == a))
                    .ok_or_else(|| {
                        format!("not yet supported: cluster barriers over axes other than cluster axes ({t})")
                    })?;
                // The last cluster axis is CUDA's x.
                dims |= 1 << (cluster_names.len() - 1 - k);
            }
            Some(dims)
        }
    };
    if cluster_dims.is_some() && b.orders_tensor_core {
        return Err(format!(
            "not yet supported: cluster barriers ordered with the tensor core ({t})"
        ));
    }
    let count = ir::element_count(&ir::memref_shape(t))
        .filter(|n| *n <= MAX_BARRIERS_PER_GROUP)
        .ok_or_else(|| {
            format!("Only up to {MAX_BARRIERS_PER_GROUP} barriers per group supported ({t})")
        })?;
    Ok(Some(BarrierSpec {
        arrivals: b.arrivals,
        orders_tensor_core: b.orders_tensor_core,
        cluster_dims,
        count,
    }))
}

/// The barrier groups `block` needs at once.
fn barrier_counts(block: BlockRef, names: &[String]) -> Result<BarrierCounts, String> {
    let mut counts = vec![];
    let mut op = block.first_operation();
    while let Some(o) = op {
        if ir::op_name_of(&o) == "pallas.run_scoped" {
            let body = o
                .region(0)
                .ok()
                .and_then(|r| r.first_block())
                .ok_or("run_scoped without a body")?;
            let mut scope = vec![];
            for i in 0..body.argument_count() {
                let t = ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
                if let Some(spec) = barrier_spec(t, names)? {
                    add_counts(&mut scope, &vec![(spec, 1)]);
                }
            }
            add_counts(&mut scope, &barrier_counts(body, names)?);
            max_counts(&mut counts, &scope);
        } else {
            for r in 0..o.region_count() {
                let region = o.region(r).map_err(|e| e.to_string())?;
                let mut b = region.first_block();
                while let Some(blk) = b {
                    max_counts(&mut counts, &barrier_counts(blk, names)?);
                    b = blk.next_in_region();
                }
            }
        }
        op = o.next_in_block();
    }
    Ok(counts)
}

struct Planner {
    barriers: Vec<BarrierSpec>,
    /// The free groups of each kind (indices into `barriers`); a scope
    /// takes the last one and gives it back when it ends.
    pool: Vec<(BarrierSpec, Vec<usize>)>,
    cluster_names: Vec<String>,
    reduction_bytes: i64,
    annotate: bool,
    /// Block-local semaphores in use at the current point, and the most at
    /// once (siblings reuse, nested scopes add up).
    sems_used: i64,
    sems_peak: i64,
    /// Global semaphores handed out so far (never released).
    global_sems: i64,
    /// Whether the kernel has several warpgroups (then a scoped allocation
    /// of semaphores is not block-local in JAX's sense).
    multi_warpgroup: bool,
}

impl Planner {
    /// The allocation of a shared ref, barrier or GMEM semaphore ref of
    /// type `t` at `used`; `kernel_scratch` for the kernel's scratch
    /// operands (allocated collectively by the warpgroups).
    fn alloc(&mut self, t: Type, used: &mut i64, kernel_scratch: bool) -> Result<Alloc, String> {
        if is_gmem_semaphore(t) {
            if self.multi_warpgroup && !kernel_scratch {
                return Err("Only thread-collective allocations are supported in run_scoped. To allocate global semaphores, use pl.get_global.".into());
            }
            let at = self.sems_used;
            self.sems_used = ir::element_count(&ir::memref_shape(t))
                .and_then(|n| at.checked_add(n))
                .ok_or_else(|| semaphore_overflow(t))?;
            self.sems_peak = self.sems_peak.max(self.sems_used);
            return Ok(Alloc::Semaphore(at));
        }
        if MemorySpace::of_memref(t) != Some(MemorySpace::Shared) {
            return Err(format!(
                "not yet supported: scratch in a memory space other than shared ({t})"
            ));
        }
        if let Some(spec) = barrier_spec(t, &self.cluster_names)? {
            let group = self
                .pool
                .iter_mut()
                .find(|(s, _)| *s == spec)
                .and_then(|(_, free)| free.pop())
                .ok_or_else(|| format!("barrier {t} is already reserved"))?;
            return Ok(Alloc::Barrier(group));
        }
        let bits = ir::bit_width(ir::element_type(t))
            .ok_or_else(|| format!("not yet supported: shared scratch of {t}"))?;
        let at = *used;
        *used = block_bytes(&ir::memref_shape(t), bits)
            .and_then(|n| align(n, SMEM_ALIGNMENT))
            .and_then(|n| at.checked_add(n))
            .ok_or_else(|| smem_overflow(&format!("at {t}")))?;
        Ok(Alloc::Smem(at))
    }

    /// The most shared memory the ops of `block` use at once, starting at
    /// `used` (run_scoped allocations nest; siblings reuse).
    fn walk<'c, 'a>(
        &mut self,
        block: BlockRef<'c, 'a>,
        used: i64,
    ) -> Result<i64, PlanError<'c, 'a>> {
        let mut peak = used;
        let mut op = block.first_operation();
        while let Some(o) = op {
            match ir::op_name_of(&o) {
                "pallas.run_scoped" => {
                    let body = o
                        .region(0)
                        .ok()
                        .and_then(|r| r.first_block())
                        .ok_or("run_scoped without a body")?;
                    let mut inner = used;
                    let sems_before = self.sems_used;
                    let mut taken = vec![];
                    let mut offsets = vec![];
                    let mut sem_offsets = vec![];
                    for i in 0..body.argument_count() {
                        let t =
                            ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
                        // WGMMA accumulators live in registers (the lowering
                        // discharges them into values before it plans).
                        if MemorySpace::of_memref(t) == Some(MemorySpace::Regs) {
                            continue;
                        }
                        let alloc = self
                            .alloc(t, &mut inner, false)
                            .map_err(|m| PlanError::from(m).at(o))?;
                        if let (Alloc::Barrier(g), Some(spec)) =
                            (alloc, barrier_spec(t, &self.cluster_names)?)
                        {
                            taken.push((spec, g));
                        }
                        offsets.push(match alloc {
                            Alloc::Smem(at) => at,
                            Alloc::Barrier(i) => -1 - i as i64,
                            Alloc::Semaphore(_) => 0,
                        });
                        sem_offsets.push(match alloc {
                            Alloc::Semaphore(at) => at,
                            _ => -1,
                        });
                    }
                    if self.annotate {
                        set_i64_array(&o, SCOPED_OFFSETS_ATTR, &offsets)?;
                        if sem_offsets.iter().any(|&s| s >= 0) {
                            set_i64_array(&o, SCOPED_SEM_OFFSETS_ATTR, &sem_offsets)?;
                        }
                    }
                    peak = peak.max(self.walk(body, inner)?);
                    self.sems_used = sems_before;
                    // Back to the pool, the last taken first.
                    for (spec, g) in taken.into_iter().rev() {
                        if let Some((_, free)) = self.pool.iter_mut().find(|(s, _)| *s == spec) {
                            free.push(g);
                        }
                    }
                }
                "pallas.get_global" => {
                    let t = ir::value_type(ir::result_of(o, 0));
                    if !is_gmem_semaphore(t) {
                        return Err(PlanError::from(format!(
                            "get_global only supports semaphores, got {t}"
                        ))
                        .at(o));
                    }
                    if self.annotate {
                        set_i64_array(&o, GLOBAL_SEM_OFFSET_ATTR, &[self.global_sems])?;
                    }
                    self.global_sems = ir::element_count(&ir::memref_shape(t))
                        .and_then(|n| self.global_sems.checked_add(n))
                        .ok_or_else(|| PlanError::from(semaphore_overflow(t)).at(o))?;
                }
                "vector.multi_reduction" => {
                    // JAX reserves the reduction scratch for every reduction
                    // (whether its layout needs it is only known later).
                    if self.annotate {
                        let ctx = ir::op_context(&o);
                        let at = |v: i64| {
                            ir::parse_attribute(ctx, &format!("{v} : i32")).ok_or("bad attribute")
                        };
                        ir::set_attribute(&o, "offset", at(used)?);
                        ir::set_attribute(&o, "scratch_size", at(self.reduction_bytes)?);
                    }
                    let end = used.checked_add(self.reduction_bytes).ok_or_else(|| {
                        PlanError::from(smem_overflow("at the reduction scratch")).at(o)
                    })?;
                    peak = peak.max(end);
                }
                _ => {
                    for r in 0..o.region_count() {
                        let region = o.region(r).map_err(|e| e.to_string())?;
                        let mut b = region.first_block();
                        while let Some(blk) = b {
                            peak = peak.max(self.walk(blk, used)?);
                            b = blk.next_in_region();
                        }
                    }
                }
            }
            op = o.next_in_block();
        }
        Ok(peak)
    }
}

fn set_i64_array(op: &OperationRef, name: &str, values: &[i64]) -> Result<(), String> {
    // Built from the values: a scope whose only allocation is a register
    // accumulator has none.
    let attr = ir::dense_i64_array_attr(ir::op_context(op), values);
    ir::set_attribute(op, name, attr);
    Ok(())
}

/// The allocations of a planned `pallas.run_scoped`, one per block
/// argument.
pub fn scoped_allocs(op: &OperationRef) -> Result<Vec<Alloc>, String> {
    let offsets = op
        .attribute(SCOPED_OFFSETS_ATTR)
        .map(ir::dense_i64)
        .map_err(|_| "run_scoped without planned offsets")?;
    let sems = op
        .attribute(SCOPED_SEM_OFFSETS_ATTR)
        .map(ir::dense_i64)
        .unwrap_or_else(|_| vec![-1; offsets.len()]);
    Ok(offsets
        .iter()
        .zip(sems)
        .map(|(&at, sem)| {
            if sem >= 0 {
                Alloc::Semaphore(sem)
            } else if at < 0 {
                Alloc::Barrier((-1 - at) as usize)
            } else {
                Alloc::Smem(at)
            }
        })
        .collect())
}

/// JAX's semaphore scopes of a kernel with `block_local` semaphores per
/// CTA and `global` for the launch: keyed by the collective axes of their
/// allocations (none, or the warpgroup axis, for block-local ones; every
/// axis, grid and cluster names reversed, for global ones), in key order.
fn semaphore_scopes(
    params: &MosaicGpuParams,
    grid_names: &[String],
    block_local: i64,
    global: i64,
) -> Vec<SemaphoreScope> {
    let mut scopes = vec![];
    if block_local > 0 {
        scopes.push(SemaphoreScope {
            key: params.thread_name.iter().cloned().collect(),
            global: false,
            count: block_local,
        });
    }
    if global > 0 {
        let key = grid_names
            .iter()
            .rev()
            .chain(params.cluster_names.iter().rev())
            .chain(params.thread_name.iter())
            .cloned()
            .collect();
        scopes.push(SemaphoreScope {
            key,
            global: true,
            count: global,
        });
    }
    scopes.sort_by(|a, b| a.key.cmp(&b.key));
    scopes
}

/// Plans the shared memory of `kernel`; with `annotate`, records the
/// offsets of scoped allocations and reductions on their ops.
pub fn plan<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    info: &KernelInfo,
    params: &MosaicGpuParams,
    annotate: bool,
) -> Result<Plan, PlanError<'c, 'a>> {
    let body = ir::body_block(kernel).ok_or("kernel without a body")?;
    // The groups: the pipeline's first (when there is one), then as many of
    // each kind as the kernel uses at once, kinds in JAX's order.
    let n_fixed = info.prefetch.len() + info.specs.len();
    let mut counts = vec![];
    for i in n_fixed..body.argument_count() {
        let t = ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
        if let Some(spec) = barrier_spec(t, &params.cluster_names)? {
            add_counts(&mut counts, &vec![(spec, 1)]);
        }
    }
    add_counts(&mut counts, &barrier_counts(body, &params.cluster_names)?);
    let pipelined_inputs = info
        .specs
        .iter()
        .take(info.n_ins)
        .filter(|s| is_pipelined(s.memory_space))
        .count() as i64;
    if pipelined_inputs > 0 && !counts.is_empty() {
        return Err("not yet supported: user barriers together with pipelined inputs".into());
    }
    // Each pipelined operand has a buffer per concurrent step, and the
    // inputs a barrier per buffer.
    let slots = super::pipeline::Schedule::of(kernel, &info.grid, params).slots;
    let mut barriers = vec![];
    if pipelined_inputs > 0 {
        if slots > MAX_BARRIERS_PER_GROUP {
            return Err(format!(
                "Only up to {MAX_BARRIERS_PER_GROUP} barriers per group supported (the pipeline's, one per concurrent step: max_concurrent_steps = {})",
                params.max_concurrent_steps
            )
            .into());
        }
        barriers.push(BarrierSpec {
            arrivals: pipelined_inputs,
            orders_tensor_core: false,
            cluster_dims: None,
            count: slots,
        });
    }
    let cluster = super::grid::cuda_cluster(&params.cluster);
    for (spec, _) in &counts {
        let Some(dims) = spec.cluster_dims else {
            continue;
        };
        if (0..3).all(|d| dims & (1 << d) == 0 || cluster[d] == 1) {
            return Err(
                "not yet supported: cluster barriers that span only their own CTA (no cluster axis of more than one CTA)".into(),
            );
        }
    }
    for (spec, _) in &counts {
        if spec
            .arrival_count(&cluster)
            .is_none_or(|n| n > MAX_BARRIER_ARRIVALS)
        {
            return Err(format!(
                "a barrier of {} arrivals{} expects more than the {MAX_BARRIER_ARRIVALS} arrivals an mbarrier phase counts",
                spec.arrivals,
                if spec.cluster_dims.is_some() { " from each CTA of its cluster dims" } else { "" }
            )
            .into());
        }
    }
    let mut pool = vec![];
    for (spec, n) in counts {
        let first = barriers.len();
        barriers.extend(std::iter::repeat_n(spec, n as usize));
        pool.push((spec, (first..barriers.len()).collect()));
    }
    let mut planner = Planner {
        barriers,
        pool,
        cluster_names: params.cluster_names.clone(),
        reduction_bytes: params.reduction_scratch_bytes,
        annotate,
        sems_used: 0,
        sems_peak: 0,
        global_sems: 0,
        multi_warpgroup: params.num_threads.is_some(),
    };
    // The kernel's scratch operands are allocated around the pipeline
    // (their run_scoped is the outermost), then the pipeline buffers.
    let mut used = 0;
    let mut scratch = vec![];
    for i in n_fixed..body.argument_count() {
        let t = ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
        // A WGMMA accumulator lives in registers (the lowering discharges it
        // before it plans).
        if MemorySpace::of_memref(t) == Some(MemorySpace::Regs) {
            continue;
        }
        scratch.push(planner.alloc(t, &mut used, true)?);
    }
    let mut buffers = vec![];
    for spec in &info.specs {
        if !is_pipelined(spec.memory_space) {
            buffers.push(None);
            continue;
        }
        let shape: Vec<i64> = spec.dims.iter().map(|d| d.size()).collect();
        let elem = ir::element_type(spec.array_type);
        let bits =
            ir::bit_width(elem).ok_or_else(|| format!("not yet supported: blocks of {elem}"))?;
        buffers.push(Some(used));
        used = block_bytes(&shape, bits)
            .and_then(|n| n.checked_mul(slots))
            .and_then(|n| align(n, SMEM_ALIGNMENT))
            .and_then(|n| used.checked_add(n))
            .ok_or_else(|| {
                smem_overflow(&format!(
                    "at the {slots} buffers of the block of {}",
                    spec.array_type
                ))
            })?;
    }
    let peak = planner.walk(body, used)?;
    let barrier_count: i64 = planner.barriers.iter().map(|b| b.count).sum();
    let scratch_bytes = align(peak, SMEM_ALIGNMENT).ok_or_else(|| smem_overflow("scratch"))?;
    let total = barrier_count
        .checked_mul(BARRIER_BYTES)
        .and_then(|n| scratch_bytes.checked_add(n))
        .ok_or_else(|| smem_overflow("with the barriers"))?;
    let grid_names: Vec<String> = kernel
        .attribute("grid_names")
        .map(|a| {
            ir::array_elements(a)
                .into_iter()
                .map(ir::string_attr_value)
                .collect()
        })
        .unwrap_or_default();
    Ok(Plan {
        semaphores: semaphore_scopes(params, &grid_names, planner.sems_peak, planner.global_sems),
        scratch,
        buffers,
        barriers: planner.barriers,
        barrier_offset: scratch_bytes,
        total,
    })
}
