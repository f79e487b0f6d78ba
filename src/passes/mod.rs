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
    static ALL: [&PassDef; 14] = [
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
/// The full `convert-pallas-to-nvvm` will be `convert-pallas-to-mosaic-gpu`,
/// `infer-mosaic-gpu-layouts`, `convert-mosaic-gpu-to-nvvm` (which together
/// produce this level from a `pallas.kernel`), then this pipeline.
pub const GPU_LOWERING: &str = include_str!("../../scripts/gpu-pipeline.txt");

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
