//! Pass descriptions. Every pass of the plugin is a [`PassDef`]: its
//! argument, description, typed options and a run function. The C++ side
//! (src/cpp/Passes.cpp) turns each into a real MLIR pass with options that
//! show in `--help` and print in pipelines.

use std::collections::HashMap;
use std::ffi::{c_void, CString};
use std::sync::OnceLock;

use melior::ir::operation::OperationRef;
use mlir_sys::{mlirOperationGetLocation, MlirLogicalResult, MlirOperation, MlirStringRef};

use crate::ir::{self, ffi};

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
    static ALL: [&PassDef; 6] = [
        &crate::conversion::pallas_to_scf::PASS,
        &crate::conversion::pallas_to_tpu::PASS,
        &crate::conversion::pallas_to_sparsecore::PASS,
        &crate::transforms::hoist_allocas::PASS,
        &crate::transforms::row_loops::PASS,
        &crate::transforms::copy_loops::PASS,
    ];
    &ALL
}

struct CInfo {
    info: ffi::PallasPassInfo,
    // Owned storage the C struct points into.
    _strings: Vec<CString>,
    _options: Vec<ffi::PallasPassOption>,
    _dialects: Vec<*const std::os::raw::c_char>,
}

// The C structs only hold pointers into the leaked, immutable storage above.
unsafe impl Send for CInfo {}
unsafe impl Sync for CInfo {}

fn c_infos() -> &'static [CInfo] {
    static INFOS: OnceLock<Vec<CInfo>> = OnceLock::new();
    INFOS.get_or_init(|| all().iter().map(|def| build_info(def)).collect())
}

fn build_info(def: &'static PassDef) -> CInfo {
    let mut strings = Vec::new();
    let mut c = |s: &str| {
        let cs = CString::new(s).expect("no NUL in pass text");
        let p = cs.as_ptr();
        strings.push(cs);
        p
    };
    let options: Vec<ffi::PallasPassOption> = def
        .options
        .iter()
        .map(|o| ffi::PallasPassOption {
            name: c(o.name),
            description: c(o.description),
            kind: match o.kind {
                OptionKind::Bool => ffi::PallasOptionBool,
                OptionKind::Int => ffi::PallasOptionInt,
                OptionKind::String => ffi::PallasOptionString,
            } as i32,
            defaultValue: c(o.default),
        })
        .collect();
    let dialects: Vec<_> = def.dialects.iter().map(|d| c(d)).collect();
    let info = ffi::PallasPassInfo {
        argument: c(def.argument),
        name: c(def.name),
        description: c(def.description),
        anchorOpName: c(def.anchor),
        options: options.as_ptr(),
        numOptions: options.len() as isize,
        dependentDialects: dialects.as_ptr(),
        numDependentDialects: dialects.len() as isize,
        run: Some(run_pass),
        userData: def as *const PassDef as *mut c_void,
    };
    CInfo {
        info,
        _strings: strings,
        _options: options,
        _dialects: dialects,
    }
}

unsafe extern "C" fn run_pass(
    op: MlirOperation,
    values: *const MlirStringRef,
    count: isize,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    let def = &*(user_data as *const PassDef);
    let loc = mlirOperationGetLocation(op);
    ir::guard(loc, def.argument, ir::logical_result(false), || {
        let raw = if count > 0 {
            std::slice::from_raw_parts(values, count as usize)
        } else {
            &[]
        };
        let mut parsed = OptionValues::default();
        for (opt, value) in def.options.iter().zip(raw) {
            parsed
                .0
                .insert(opt.name, ir::string_ref_to_str(*value).to_string());
        }
        let op = ir::borrow_op(op);
        ir::logical_result((def.run)(op, &parsed).is_ok())
    })
}

/// A named pass pipeline: one argument that expands to a textual pipeline.
pub struct PipelineDef {
    pub argument: &'static str,
    pub description: &'static str,
    /// The pipeline's elements, as inside `builtin.module(...)`.
    pub passes: String,
}

/// The passes that take `convert-pallas-to-scf` output to the LLVM dialect
/// (the plugin's CPU clean-ups, then upstream lowerings). The file is the
/// one copy: lit's `%cpu_pipeline` reads it too.
pub const CPU_LOWERING: &str = include_str!("../../scripts/cpu-pipeline.txt");

/// Every named pipeline of the plugin.
pub fn pipelines() -> &'static [PipelineDef] {
    static PIPELINES: OnceLock<Vec<PipelineDef>> = OnceLock::new();
    PIPELINES.get_or_init(|| {
        let cpu = format!(
            "{},{}",
            crate::conversion::pallas_to_scf::PASS.argument,
            CPU_LOWERING.trim()
        );
        vec![PipelineDef {
            argument: "pallas-cpu-pipeline",
            description: "Lower pallas kernels and their host code to the LLVM dialect for \
                          mlir-runner: convert-pallas-to-scf, then the CPU lowering \
                          (scripts/cpu-pipeline.txt)",
            passes: cpu,
        }]
    })
}

/// Registers every pass and named pipeline with MLIR's global pass registry
/// (idempotent).
pub fn register_all() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        for info in c_infos() {
            unsafe { ffi::pallasRegisterRustPass(&info.info) };
        }
        for p in pipelines() {
            let text = |s: &str| CString::new(s).expect("no NUL in pipeline text");
            let (arg, desc, passes) = (text(p.argument), text(p.description), text(&p.passes));
            // The registry copies all three.
            unsafe {
                ffi::pallasRegisterPassPipeline(arg.as_ptr(), desc.as_ptr(), passes.as_ptr())
            };
        }
    });
}

/// Creates a pass by its argument (e.g. `convert-pallas-to-scf`).
pub fn create(argument: &str) -> Option<mlir_sys::MlirPass> {
    c_infos()
        .iter()
        .find(|i| unsafe { ir::string_ref_to_str(mlir_sys::mlirStringRefCreateFromCString(i.info.argument)) } == argument)
        .map(|i| unsafe { ffi::pallasCreateRustPass(&i.info) })
}
