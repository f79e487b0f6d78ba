//! Pass descriptions. Every pass of the plugin is a [`PassDef`]: its
//! argument, description, typed options and a run function. The C++ side
//! (src/cpp/Passes.cpp) turns each into a real MLIR pass with options that
//! show in `--help` and print in pipelines.

use std::collections::HashMap;
use std::sync::OnceLock;

use melior::ir::operation::OperationRef;

/// The type of a pass option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int,
    String,
}

/// One option of a pass.
pub struct PassOption {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: OptionKind,
    pub default: &'static str,
}

/// Parsed option values, by name.
#[derive(Debug, Default, Clone)]
pub struct OptionValues(HashMap<&'static str, String>);

impl OptionValues {
    /// The values given for the options named, by name.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (&'static str, String)>) -> Self {
        Self(pairs.into_iter().collect())
    }
    pub fn bool(&self, name: &str) -> bool {
        self.0.get(name).map(|v| v == "true").unwrap_or(false)
    }
    pub fn int(&self, name: &str) -> i64 {
        self.0.get(name).and_then(|v| v.parse().ok()).unwrap_or(0)
    }
    pub fn string(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or("")
    }
}

/// A pass implemented in Rust. `run` reports its own diagnostics and returns
/// `Err(())` to fail the pass.
pub struct PassDef {
    pub argument: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// The op the pass runs on (`""`: any).
    pub anchor: &'static str,
    pub options: &'static [PassOption],
    /// Dialects the pass creates ops of.
    pub dialects: &'static [&'static str],
    pub run: fn(OperationRef, &OptionValues) -> Result<(), ()>,
}

/// Every pass of the plugin.
pub fn all() -> &'static [&'static PassDef] {
    static ALL: [&PassDef; 15] = [
        &crate::conversion::pallas_to_scf::PASS,
        &crate::conversion::pallas_to_tpu::PASS,
        &crate::conversion::pallas_to_mosaic_gpu::PASS,
        &crate::conversion::mosaic_gpu_to_nvvm::PASS,
        &crate::conversion::pallas_to_sparsecore::PASS,
        &crate::conversion::mosaic_gpu_layouts::PASS,
        &crate::transforms::hoist_allocas::PASS,
        &crate::transforms::row_loops::PASS,
        &crate::transforms::copy_loops::PASS,
        &crate::transforms::expand_exp::PASS,
        &crate::transforms::split_blocks::PASS,
        &crate::transforms::gpu_check_input::PASS,
        &crate::transforms::gpu_flatten_modules::PASS,
        &crate::transforms::gpu_kernel_byval::PASS,
        &crate::transforms::gpu_libdevice::PASS,
    ];
    &ALL
}

/// A named pass pipeline: one argument that expands to a textual pipeline.
pub struct PipelineDef {
    pub argument: &'static str,
    pub description: &'static str,
    /// The pass the pipeline runs first and hands its options to
    /// (`argument{mesh-shape=2,2}`); `None`: the pipeline takes no options.
    pub options_pass: Option<&'static str>,
    /// The pipeline's other elements, as inside `builtin.module(...)`.
    pub passes: String,
}

/// The passes that take `convert-pallas-to-scf` output to the LLVM dialect
/// (the plugin's CPU clean-ups, then upstream lowerings). The file is the
/// one copy: lit's `%cpu_pipeline` reads it too.
pub const CPU_LOWERING: &str = include_str!("../../scripts/cpu-pipeline.txt");

/// The downstream GPU pipeline: from a module at the level of jaxlib's
/// `lower_mgpu_dialect` output (a host function whose `gpu.launch` body is
/// gpu/nvvm/llvm/memref/vector code; `mosaic_gpu_init_tma_desc` calls and
/// `@global_scratch` on the host side) to host code in the LLVM dialect that
/// calls the `mgpu*` entry points of runtime/cuda, with the kernels as PTX
/// for sm_90a in a `gpu.binary` (loaded by the driver's JIT at run time: no
/// CUDA toolkit at build time). One copy: scripts/gpu/ptx_report.py and
/// lit's `%gpu_pipeline` read the file too.
///
/// `convert-pallas-to-nvvm` and `pallas-gpu-pipeline` put
/// [`GPU_FROM_PALLAS`] in front of it: they produce this level from a
/// `pallas.kernel`.
pub const GPU_LOWERING: &str = include_str!("../../scripts/gpu-pipeline.txt");

/// From `pallas.kernel`s to the level of jaxlib's `lower_mgpu_dialect`
/// output, as JAX's Pallas does it: after the Mosaic GPU lowering (the
/// pipelines' `options_pass`, `convert-pallas-to-mosaic-gpu`), canonicalize
/// and cse (Pallas runs canonicalize before layout inference, which fails on
/// dead code), layout inference, the dialect's lowering. One copy:
/// scripts/gpu/ptx_report.py --from-pallas reads the file too.
const GPU_FROM_PALLAS: &str = include_str!("../../scripts/gpu-from-pallas.txt");

/// Where the device half of [`GPU_LOWERING`] (kernels outlined and in the
/// NVVM/LLVM dialects, targets attached) ends and the host half (launches
/// as runtime calls, kernels serialized to PTX) begins.
const GPU_HOST_START: &str = ",gpu-to-llvm,";

/// The device half of [`GPU_LOWERING`].
fn gpu_device_lowering() -> &'static str {
    let text = GPU_LOWERING.trim();
    text.split_once(GPU_HOST_START)
        .map(|(device, _)| device)
        .unwrap_or(text)
}

/// Every named pipeline of the plugin.
pub fn pipelines() -> &'static [PipelineDef] {
    static PIPELINES: OnceLock<Vec<PipelineDef>> = OnceLock::new();
    PIPELINES.get_or_init(|| {
        vec![
            PipelineDef {
                argument: "pallas-cpu-pipeline",
                description: "Lower pallas kernels and their host code to the LLVM dialect for \
                          mlir-runner: convert-pallas-to-scf, then the CPU lowering \
                          (scripts/cpu-pipeline.txt). Its options are convert-pallas-to-scf's, \
                          e.g. pallas-cpu-pipeline{mesh-shape=2,2}",
                options_pass: Some(crate::conversion::pallas_to_scf::PASS.argument),
                passes: CPU_LOWERING.trim().to_string(),
            },
            PipelineDef {
                argument: "pallas-gpu-to-llvm",
                description:
                    "Lower a Mosaic GPU module at the level of jaxlib's lower_mgpu_dialect \
                          output (host function + gpu.launch of nvvm/llvm/memref/vector code) to \
                          the LLVM dialect: kernels outlined and compiled to PTX for sm_90a \
                          (gpu-module-to-binary{format=isa}), TMA descriptor arrays passed as \
                          byval grid constants, launches as mgpu* runtime calls \
                          (scripts/gpu-pipeline.txt)",
                options_pass: None,
                passes: GPU_LOWERING.trim().to_string(),
            },
            PipelineDef {
                argument: "convert-pallas-to-nvvm",
                description: "Lower Pallas GPU kernels (compiler_params mosaic_gpu, warpgroup \
                          semantics) to NVVM: convert-pallas-to-mosaic-gpu, canonicalize, cse, \
                          infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm, then the device \
                          half of pallas-gpu-to-llvm (kernels outlined into gpu.modules in the \
                          NVVM/LLVM dialects for sm_90a, which gpu-module-to-binary{format=isa} \
                          turns into PTX; host code still in func/gpu)",
                options_pass: Some(crate::conversion::pallas_to_mosaic_gpu::PASS.argument),
                passes: format!("{},{}", GPU_FROM_PALLAS.trim(), gpu_device_lowering()),
            },
            PipelineDef {
                argument: "pallas-gpu-pipeline",
                description: "Lower Pallas GPU kernels and their host code all the way to the \
                          LLVM dialect with the kernels as PTX in gpu.binary ops: \
                          convert-pallas-to-nvvm's passes, then pallas-gpu-to-llvm's host half \
                          (for mlir-runner with libpallas_cuda_runtime.so)",
                options_pass: Some(crate::conversion::pallas_to_mosaic_gpu::PASS.argument),
                passes: format!("{},{}", GPU_FROM_PALLAS.trim(), GPU_LOWERING.trim()),
            },
        ]
    })
}

/// Registers every pass and named pipeline with MLIR's global pass registry
/// (idempotent).
pub fn register_all() {
    crate::ir::pass_registry::register_all(pipelines());
}

/// Creates a pass by its argument (e.g. `convert-pallas-to-scf`).
pub fn create(argument: &str) -> Option<mlir_sys::MlirPass> {
    crate::ir::pass_registry::create(argument)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gpu_pipeline_has_a_device_and_a_host_half() {
        let device = gpu_device_lowering();
        assert!(device.len() < GPU_LOWERING.trim().len());
        assert!(device.contains("nvvm-attach-target"));
        assert!(device.ends_with("pallas-gpu-link-libdevice"));
        assert!(!device.contains("gpu-module-to-binary"));
    }
}
