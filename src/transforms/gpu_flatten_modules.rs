//! `pallas-gpu-flatten-modules`: the kernel modules nested in the top-level
//! module are merged into it, so that `pallas-gpu-to-llvm` sees one module.
//!
//! `convert-pallas-to-mosaic-gpu` (and the passes after it) keep each
//! kernel's Mosaic GPU module, `module @<kernel> { ... }`, inside the file's
//! module, as JAX hands one such module per kernel to its custom call. The
//! upstream passes work on the module they run on: `gpu-kernel-outlining`
//! finds launches in nested modules but puts the kernels and the container
//! attribute on the top-level one, where the nested launches cannot see
//! them. Every kernel module declares the same runtime function
//! (`mosaic_gpu_init_tma_desc`) and `@global_scratch`; identical
//! declarations are kept once, and a symbol two modules define differently is
//! refused at the second one. The modules' `mosaic_gpu.arch_*` attributes
//! move to the top-level module when it has none.

use std::collections::HashMap;

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::BlockLike;

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-gpu-flatten-modules",
    name: "PallasGpuFlattenModules",
    description: "Merge the kernel modules nested in the top-level module (one per kernel, as convert-pallas-to-mosaic-gpu emits them) into it, keeping identical declarations once (part of pallas-gpu-to-llvm: kernel outlining and launches need one module)",
    anchor: "builtin.module",
    options: &[],
    dialects: &[],
    run,
};

const MODULE_ATTRS: &[&str] = &["mosaic_gpu.arch_major", "mosaic_gpu.arch_minor"];

fn symbol_name(op: &OperationRef) -> Option<String> {
    if !ir::has_attribute(op, "sym_name") {
        return None;
    }
    let name = op.attribute("sym_name").ok()?.to_string();
    Some(name.trim_matches('"').to_string())
}

/// What makes two declarations the same, printed attribute by attribute:
/// printing the op itself would verify the whole module, which is half
/// moved while the pass runs (and costs a module walk per declaration).
fn declaration_key(op: &OperationRef) -> String {
    const KEYS: &[&str] = &[
        "function_type",
        "sym_visibility",
        "linkage",
        "global_type",
        "addr_space",
        "constant",
        "arg_attrs",
        "res_attrs",
    ];
    let mut key = ir::op_name_of(op).to_string();
    for name in KEYS {
        if ir::has_attribute(op, name) {
            if let Ok(value) = op.attribute(name) {
                key.push_str(&format!(" {name}={value}"));
            }
        }
    }
    key
}

/// A function or global without a body or initial value.
fn is_declaration(op: &OperationRef) -> bool {
    match ir::op_name_of(op) {
        "func.func" | "llvm.func" => ir::body_block(op).is_none(),
        "llvm.mlir.global" => ir::body_block(op).is_none() && !ir::has_attribute(op, "value"),
        _ => false,
    }
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let Some(top) = ir::body_block(&module) else {
        return Ok(());
    };
    let nested: Vec<_> = ir::block_ops(top)
        .into_iter()
        .filter(|op| ir::op_name_of(op) == "builtin.module")
        .collect();
    if nested.is_empty() {
        return Ok(());
    }
    // Symbols of the merged module: name -> declaration key (None for a
    // definition, which nothing may repeat).
    let mut symbols: HashMap<String, Option<String>> = HashMap::new();
    for op in ir::block_ops(top) {
        if let Some(name) = symbol_name(&op) {
            symbols.insert(name, is_declaration(&op).then(|| declaration_key(&op)));
        }
    }
    let mut ok = true;
    for inner in nested {
        for key in MODULE_ATTRS {
            if ir::has_discardable_attribute(&inner, key)
                && !ir::has_discardable_attribute(&module, key)
            {
                if let Ok(value) = inner.attribute(key) {
                    ir::set_attribute(&module, key, value);
                }
            }
        }
        let Some(body) = ir::body_block(&inner) else {
            continue;
        };
        for op in ir::block_ops(body) {
            let Some(name) = symbol_name(&op) else {
                ir::move_to_end(&op, &top);
                continue;
            };
            let printed = is_declaration(&op).then(|| declaration_key(&op));
            match symbols.get(&name) {
                None => {
                    symbols.insert(name, printed);
                    ir::move_to_end(&op, &top);
                }
                Some(Some(seen)) if printed.as_deref() == Some(seen.as_str()) => {
                    ir::erase_operation(op);
                }
                Some(_) => {
                    ir::emit_op_error(
                        &op,
                        &format!(
                            "not yet supported: @{name} is defined by two kernel modules (only \
                             identical declarations are merged)"
                        ),
                    );
                    ok = false;
                }
            }
        }
        if ok && body.first_operation().is_none() {
            ir::erase_operation(inner);
        }
    }
    ok.then_some(()).ok_or(())
}
