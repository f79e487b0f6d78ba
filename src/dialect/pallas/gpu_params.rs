//! `compiler_params = {mosaic_gpu = {...}}` of a `pallas.kernel`, decoded
//! once and checked: every key known, every value of the kind and range JAX
//! 0.10.2 accepts for `plgpu.CompilerParams` and `plgpu.Mesh`. The kernel
//! verifier reports what [`MosaicGpuParams::decode`] rejects, so a lowering
//! reads a decoded value, never a raw attribute.
//!
//! Besides JAX's compiler params, the dictionary holds the parts of a GPU
//! mesh that the kernel's grid does not say: the cluster (`cluster`,
//! `cluster_names`) and the warpgroups per CTA (`num_threads`,
//! `thread_name`).

use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};

use crate::ir::{self, attrs};

/// The pallas ops that only GPU kernels can use; the TPU, SparseCore and
/// CPU lowerings reject them by name.
pub const GPU_ONLY_OPS: &[&str] = &[
    "pallas.barrier_arrive",
    "pallas.barrier_wait",
    "pallas.copy_gmem_to_smem",
    "pallas.copy_smem_to_gmem",
    "pallas.commit_smem",
    "pallas.commit_smem_to_gmem_group",
    "pallas.wait_smem_to_gmem",
    "pallas.wgmma",
    "pallas.wgmma_wait",
    "pallas.layout_cast",
    "pallas.set_max_registers",
    "pallas.multimem_store",
    "pallas.multimem_load_reduce",
    "pallas.semaphore_signal_multicast",
    "pallas.get_global",
    "pallas.atomic_cas",
];

/// JAX's `LoweringSemantics`: `Lane` (per-thread FragmentedArray code, JAX's
/// default) or `Warpgroup` (whole-tile `mosaic_gpu` dialect code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LoweringSemantics {
    #[default]
    Lane,
    Warpgroup,
}

/// The decoded `mosaic_gpu` parameters (JAX's defaults when absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MosaicGpuParams {
    pub lowering_semantics: LoweringSemantics,
    pub max_concurrent_steps: i64,
    pub delay_release: i64,
    pub approx_math: bool,
    /// JAX's [`NO_AUTO_BARRIERS_KEY`]: no warpgroup barriers are inserted
    /// around shared-memory stores.
    pub no_auto_barriers: bool,
    pub reduction_scratch_bytes: i64,
    pub profile_space: i64,
    pub profile_dir: String,
    /// CTAs per cluster along each cluster axis (at most 3 axes).
    pub cluster: Vec<i64>,
    pub cluster_names: Vec<String>,
    /// Warpgroups per CTA and the name of their axis, given together.
    pub num_threads: Option<i64>,
    pub thread_name: Option<String>,
    /// The JAX device mesh the kernel runs in (multi-device kernels under
    /// `shard_map`): axis names and extents, given together.
    pub mesh_axes: Vec<String>,
    pub mesh_shape: Vec<i64>,
}

impl Default for MosaicGpuParams {
    fn default() -> Self {
        MosaicGpuParams {
            lowering_semantics: LoweringSemantics::Lane,
            max_concurrent_steps: 1,
            delay_release: 0,
            approx_math: false,
            no_auto_barriers: false,
            reduction_scratch_bytes: 128 * 4 * 4,
            profile_space: 0,
            profile_dir: String::new(),
            cluster: Vec::new(),
            cluster_names: Vec::new(),
            num_threads: None,
            thread_name: None,
            mesh_axes: Vec::new(),
            mesh_shape: Vec::new(),
        }
    }
}

/// The keys `mosaic_gpu` may hold.
use crate::ir::mgpu_view::NO_AUTO_BARRIERS_KEY;

const KEYS: [&str; 14] = [
    "lowering_semantics",
    "max_concurrent_steps",
    "delay_release",
    "approx_math",
    NO_AUTO_BARRIERS_KEY,
    "reduction_scratch_bytes",
    "profile_space",
    "profile_dir",
    "cluster",
    "cluster_names",
    "num_threads",
    "thread_name",
    "mesh_axes",
    "mesh_shape",
];

/// A CTA has at most 2048 threads, 128 per warpgroup.
const MAX_WARPGROUPS: i64 = 2048 / 128;
/// CUDA clusters have at most 3 dims and 16 CTAs (non-portable maximum).
const MAX_CLUSTER_RANK: usize = 3;
const MAX_CLUSTER_CTAS: i64 = 16;
const I32_MAX: i64 = i32::MAX as i64;

impl MosaicGpuParams {
    /// The parameters of `kernel` when it is a GPU kernel (it has
    /// `mosaic_gpu` params), `Ok(None)` otherwise; `Err` with the message the
    /// verifier reports when they are malformed.
    pub fn of(kernel: &OperationRef) -> Result<Option<Self>, String> {
        match kernel
            .attribute("compiler_params")
            .ok()
            .and_then(|p| ir::dict_get(p, "mosaic_gpu"))
        {
            Some(gpu) => Self::decode(gpu).map(Some),
            None => Ok(None),
        }
    }

    /// Every axis name a body may query with `pallas.axis_index` besides the
    /// grid's: the cluster axes, the warpgroup axis and the device mesh axes.
    pub fn axis_names(&self) -> Vec<&str> {
        self.cluster_names
            .iter()
            .map(String::as_str)
            .chain(self.thread_name.as_deref())
            .chain(self.mesh_axes.iter().map(String::as_str))
            .collect()
    }

    /// Decodes the `mosaic_gpu` dictionary.
    pub fn decode(gpu: Attribute) -> Result<Self, String> {
        let entries = attrs::as_dictionary(gpu)
            .ok_or_else(|| format!("compiler_params.mosaic_gpu must be a dictionary, got {gpu}"))?;
        let mut p = Self::default();
        let mut cluster_names = None;
        let (mut mesh_axes, mut mesh_shape) = (None, None);
        for (key, value) in entries {
            let field = |what: &str| {
                format!("compiler_params.mosaic_gpu.{key} must be {what}, got {value}")
            };
            let int_in = |lo: i64, hi: i64, what: &str| {
                ir::integer_attr_value(value)
                    .filter(|v| (lo..=hi).contains(v))
                    .ok_or_else(|| field(what))
            };
            let boolean =
                || attrs::as_bool(value).ok_or_else(|| field("a boolean (true or false)"));
            match key.as_str() {
                "lowering_semantics" => {
                    let word = attrs::as_string(value).ok_or_else(|| field("a string"))?;
                    p.lowering_semantics = match word.as_str() {
                        "lane" => LoweringSemantics::Lane,
                        "warpgroup" => LoweringSemantics::Warpgroup,
                        _ => {
                            return Err(format!(
                            "unknown mosaic_gpu.lowering_semantics \"{word}\"; expected \"lane\" or \"warpgroup\""
                        ))
                        }
                    };
                }
                "max_concurrent_steps" => {
                    p.max_concurrent_steps = int_in(1, I32_MAX, "an integer in [1, 2^31)")?
                }
                "delay_release" => p.delay_release = int_in(0, I32_MAX, "an integer in [0, 2^31)")?,
                "approx_math" => p.approx_math = boolean()?,
                NO_AUTO_BARRIERS_KEY => p.no_auto_barriers = boolean()?,
                "reduction_scratch_bytes" => {
                    p.reduction_scratch_bytes = int_in(0, I32_MAX, "an integer in [0, 2^31)")?
                }
                "profile_space" => p.profile_space = int_in(0, I32_MAX, "an integer in [0, 2^31)")?,
                "profile_dir" => {
                    p.profile_dir = attrs::as_string(value).ok_or_else(|| field("a string"))?
                }
                "cluster" => {
                    let extents = attrs::as_dense_i64(value)
                        .ok_or_else(|| field("a DenseI64ArrayAttr (array<i64: ...>)"))?;
                    if extents.len() > MAX_CLUSTER_RANK {
                        return Err(field("at most 3 extents"));
                    }
                    if extents.iter().any(|e| *e < 1) {
                        return Err(field("an array of positive extents"));
                    }
                    let ctas = extents.iter().try_fold(1i64, |a, e| a.checked_mul(*e));
                    if ctas.is_none_or(|n| n > MAX_CLUSTER_CTAS) {
                        return Err(format!(
                            "compiler_params.mosaic_gpu.cluster {value} has more than {MAX_CLUSTER_CTAS} CTAs"
                        ));
                    }
                    p.cluster = extents;
                }
                "cluster_names" => cluster_names = Some(names(value).ok_or_else(|| field("an array of distinct non-empty axis names"))?),
                "num_threads" => {
                    p.num_threads = Some(int_in(1, MAX_WARPGROUPS, "an integer in [1, 16] (warpgroups of 128 threads, at most 2048 threads per CTA)")?)
                }
                "mesh_axes" => {
                    mesh_axes = Some(
                        names(value)
                            .ok_or_else(|| field("an array of distinct non-empty axis names"))?,
                    )
                }
                "mesh_shape" => {
                    let extents = attrs::as_dense_i64(value)
                        .ok_or_else(|| field("a DenseI64ArrayAttr (array<i64: ...>)"))?;
                    let devices = extents.iter().try_fold(1i64, |a, e| {
                        (*e >= 1).then(|| a.checked_mul(*e)).flatten()
                    });
                    if devices.is_none_or(|d| d > I32_MAX) {
                        return Err(field("an array of positive extents with fewer than 2^31 devices"));
                    }
                    mesh_shape = Some(extents);
                }
                "thread_name" => {
                    let name = attrs::as_string(value)
                        .filter(|n| !n.is_empty())
                        .ok_or_else(|| field("a non-empty string"))?;
                    p.thread_name = Some(name);
                }
                _ => {
                    return Err(format!(
                        "compiler_params.mosaic_gpu has an unknown key '{key}'; expected one of {}",
                        KEYS.join(", ")
                    ))
                }
            }
        }
        p.cluster_names = cluster_names.unwrap_or_default();
        match (mesh_axes, mesh_shape) {
            (None, None) => {}
            (Some(axes), Some(shape)) if axes.len() == shape.len() => {
                p.mesh_axes = axes;
                p.mesh_shape = shape;
            }
            (Some(axes), Some(shape)) => {
                return Err(format!(
                "compiler_params.mosaic_gpu.mesh_axes names {} axes but mesh_shape has {} extents",
                axes.len(),
                shape.len()
            ))
            }
            _ => {
                return Err(
                    "compiler_params.mosaic_gpu needs mesh_axes and mesh_shape together".into(),
                )
            }
        }
        if p.cluster_names.len() != p.cluster.len() {
            return Err(format!(
                "compiler_params.mosaic_gpu.cluster_names names {} axes but cluster has {} extents",
                p.cluster_names.len(),
                p.cluster.len()
            ));
        }
        if p.num_threads.is_some() != p.thread_name.is_some() {
            return Err(
                "compiler_params.mosaic_gpu needs num_threads and thread_name together".to_string(),
            );
        }
        if p.delay_release >= p.max_concurrent_steps {
            return Err(format!(
                "compiler_params.mosaic_gpu.delay_release ({}) must be smaller than max_concurrent_steps ({})",
                p.delay_release, p.max_concurrent_steps
            ));
        }
        let all = p.axis_names();
        for (i, n) in all.iter().enumerate() {
            if all[..i].contains(n) {
                return Err(format!(
                    "compiler_params.mosaic_gpu names axis '{n}' twice (cluster_names, thread_name and mesh_axes)"
                ));
            }
        }
        Ok(p)
    }
}

/// An array of distinct non-empty strings.
fn names(a: Attribute) -> Option<Vec<String>> {
    let items: Vec<String> = attrs::as_array(a)?
        .into_iter()
        .map(attrs::as_string)
        .collect::<Option<_>>()?;
    let distinct = items
        .iter()
        .enumerate()
        .all(|(i, n)| !n.is_empty() && !items[..i].contains(n));
    distinct.then_some(items)
}
