//! `pallas-gpu-check-lowered`: the first step of `pallas-gpu-to-llvm`. Its
//! input must be at the level of jaxlib's `lower_mgpu_dialect` output: no
//! `pallas` op (a kernel not yet lowered to Mosaic GPU) and no `mosaic_gpu`
//! op (a Mosaic GPU module before layout inference and its lowering).
//! Upstream passes would otherwise fail on such ops far from them (a memory
//! space without an LLVM address space, an unrealized cast the translation
//! cannot take); this says what is missing, at the first op of each kind (for `pallas`, at
//! the outermost ops only: the kernel, not each op of its body).
//!
//! It also checks that each kernel can be named in PTX: outlining names a
//! kernel after the function that launches it, and LLVM's NVPTX backend
//! aborts the whole process on a symbol it cannot print (a quoted MLIR
//! symbol may hold any character).

use std::collections::HashSet;

use melior::ir::operation::{OperationLike, OperationRef};

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-gpu-check-lowered",
    name: "PallasGpuCheckLowered",
    description: "Reject pallas and mosaic_gpu ops, which pallas-gpu-to-llvm cannot take: its input is a module at the level of jaxlib's lower_mgpu_dialect output (part of pallas-gpu-to-llvm)",
    anchor: "builtin.module",
    options: &[],
    dialects: &[],
    run,
};

fn inside_pallas_op(op: &OperationRef) -> bool {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if ir::op_name_of(&p).starts_with("pallas.") {
            return true;
        }
        cur = p.parent_operation();
    }
    false
}

/// Whether PTX can spell `name` as an identifier: a letter, `_` or `$`
/// first, then letters, digits, `_` and `$` (PTX also allows a leading `%`,
/// which MLIR symbols never need).
fn is_ptx_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The function around a `gpu.launch`, whose name the outlined kernel takes.
fn launching_function<'c, 'a>(launch: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut cur = launch.parent_operation();
    while let Some(p) = cur {
        if ir::op_name_of(&p) == "func.func" {
            return Some(p);
        }
        cur = p.parent_operation();
    }
    None
}

fn check_kernel_name(launch: &OperationRef, reported: &mut HashSet<String>) -> bool {
    let Some(func) = launching_function(launch) else {
        return true;
    };
    let Ok(name) = func.attribute("sym_name") else {
        return true;
    };
    let name = ir::string_attr_value(name);
    if is_ptx_identifier(&name) {
        return true;
    }
    if reported.insert(name.clone()) {
        ir::emit_op_error(
            &func,
            &format!(
                "not yet supported: a GPU kernel named {name:?}: PTX names a kernel with letters, \
                 digits, '_' and '$' only, not starting with a digit (its launch is outlined into \
                 a kernel named after this function)"
            ),
        );
    }
    false
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut seen = HashSet::new();
    let mut bad_names = HashSet::new();
    let mut ok = true;
    ir::walk_nested(&module, &mut |op| {
        let name = ir::op_name_of(&op);
        if name == "gpu.launch" {
            ok &= check_kernel_name(&op, &mut bad_names);
            return;
        }
        let missing = if name.starts_with("pallas.") {
            // The kernel around it has been reported.
            if inside_pallas_op(&op) {
                ok = false;
                return;
            }
            "lower the kernel to Mosaic GPU and then to NVVM first \
             (convert-pallas-to-mosaic-gpu, infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm)"
        } else if name.starts_with("mosaic_gpu.") {
            "lower the mosaic_gpu dialect first (infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm)"
        } else {
            return;
        };
        ok = false;
        if seen.insert(name) {
            ir::emit_op_error(
                &op,
                &format!("not yet supported by pallas-gpu-to-llvm: {missing}"),
            );
        }
    });
    ok.then_some(()).ok_or(())
}
