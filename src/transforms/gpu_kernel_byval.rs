//! `pallas-gpu-kernel-byval`: kernel arguments that carry TMA descriptors
//! become `byval` pointers to `nvvm.grid_constant` parameters.
//!
//! The Mosaic GPU host code encodes every TMA descriptor into one byte
//! array (`!llvm.array<N x i8>`, 128 bytes per descriptor) and hands that
//! array to the launch by value; inside the kernel it is cast to a pointer
//! (`builtin.unrealized_conversion_cast ... to !llvm.ptr`) from which
//! `cp.async.bulk.tensor` reads the descriptor at its offset. A
//! `cp.async.bulk.tensor` wants the descriptor's generic address in the
//! kernel parameter space, which only a grid-constant `byval` parameter
//! has: the array stays a by-value kernel parameter (the host side of the
//! launch is unchanged and the driver copies the same N bytes), but the
//! kernel sees it through a pointer, aligned to the 64 bytes TMA requires.
//!
//! Runs on the `llvm.func` kernels of `gpu.module`s, after
//! `convert-gpu-to-nvvm` and before `gpu-module-to-binary` (the cast has no
//! LLVM IR translation). Arguments used in any other way are left alone.

use melior::ir::attribute::{ArrayAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, BlockLike, Type, Value};

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-gpu-kernel-byval",
    name: "PallasGpuKernelByval",
    description: "Turn the byte-array kernel arguments that gpu.module kernels cast to !llvm.ptr (the TMA descriptors Mosaic GPU host code passes by value) into byval pointers to 64-byte aligned nvvm.grid_constant parameters (part of pallas-gpu-to-llvm: cp.async.bulk.tensor reads descriptors from parameter space)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["llvm"],
    run,
};

/// TMA descriptors must sit at 64-byte aligned addresses.
const DESCRIPTOR_ALIGN: i64 = 64;

const CAST: &str = "builtin.unrealized_conversion_cast";

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut kernels = vec![];
    ir::walk_nested(&module, &mut |op| {
        let in_gpu_module = op
            .parent_operation()
            .is_some_and(|p| ir::op_name_of(&p) == "gpu.module");
        if in_gpu_module
            && ir::op_name_of(&op) == "llvm.func"
            && (ir::has_discardable_attribute(&op, "gpu.kernel")
                || ir::has_discardable_attribute(&op, "nvvm.kernel"))
        {
            kernels.push(op);
        }
    });
    let mut ok = true;
    for kernel in kernels {
        ok &= rewrite_kernel(&kernel).is_ok();
    }
    ok.then_some(()).ok_or(())
}

/// Whether `ty` prints as `!llvm.array<N x i8>`.
fn is_byte_array(ty: Type) -> bool {
    let text = ty.to_string();
    text.starts_with("!llvm.array<") && text.ends_with(" x i8>")
}

/// The casts of `arg` to a generic pointer, when every use of `arg` is one;
/// `Ok(None)` when `arg` is not used as a pointer at all.
fn pointer_casts<'c, 'a>(
    kernel: &OperationRef,
    index: usize,
    arg: Value<'c, 'a>,
) -> Result<Option<Vec<OperationRef<'c, 'a>>>, ()> {
    let users = ir::users(arg);
    let is_ptr_cast = |u: &OperationRef| {
        ir::op_name_of(u) == CAST
            && u.operand_count() == 1
            && u.result_count() == 1
            && ir::result_at(u, 0).is_some_and(|r| ir::value_type(r).to_string() == "!llvm.ptr")
    };
    let casts: Vec<_> = users.iter().filter(|u| is_ptr_cast(u)).copied().collect();
    if casts.is_empty() {
        return Ok(None);
    }
    if casts.len() != users.len() {
        ir::emit_op_error(
            kernel,
            &format!(
                "not yet supported: kernel argument #{index} is used both as a pointer to a \
                 by-value byte array (TMA descriptors) and as a value"
            ),
        );
        return Err(());
    }
    Ok(Some(casts))
}

/// The printed entries of `arg_attrs` (one dictionary per argument), or
/// empty dictionaries when the function has none.
fn arg_attr_texts(kernel: &OperationRef, count: usize) -> Vec<String> {
    let existing = kernel
        .attribute("arg_attrs")
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok());
    (0..count)
        .map(|i| {
            existing
                .and_then(|arr| arr.element(i).ok())
                .map(|d| d.to_string())
                .unwrap_or_else(|| "{}".to_string())
        })
        .collect()
}

/// `{a, b}` with `extra` entries added.
fn with_entries(dict: &str, extra: &str) -> String {
    let inner = dict
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .trim();
    if inner.is_empty() {
        format!("{{{extra}}}")
    } else {
        format!("{{{inner}, {extra}}}")
    }
}

fn rewrite_kernel(kernel: &OperationRef) -> Result<(), ()> {
    let Some(entry) = ir::body_block(kernel) else {
        return Ok(());
    };
    let Some(fn_type) = kernel
        .attribute("function_type")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())
        .map(|a| a.value())
    else {
        return Ok(());
    };
    let count = entry.argument_count();
    let mut attrs = arg_attr_texts(kernel, count);
    let mut arg_types = vec![];
    let mut changed = false;
    for i in 0..count {
        let Some(arg) = ir::argument_at(&entry, i) else {
            return Err(());
        };
        let ty = ir::value_type(arg);
        arg_types.push(ty.to_string());
        if !is_byte_array(ty) {
            continue;
        }
        let Some(casts) = pointer_casts(kernel, i, arg)? else {
            continue;
        };
        let Some(ptr) = ir::parse_type_like(ty, "!llvm.ptr") else {
            return Err(());
        };
        ir::set_value_type(arg, ptr);
        for cast in casts {
            if let Some(r) = ir::result_at(&cast, 0) {
                ir::replace_all_uses(r, arg);
            }
            ir::erase_operation(cast);
        }
        attrs[i] = with_entries(
            &attrs[i],
            &format!(
                "llvm.align = {DESCRIPTOR_ALIGN} : i64, llvm.byval = {ty}, nvvm.grid_constant"
            ),
        );
        arg_types[i] = "!llvm.ptr".to_string();
        changed = true;
    }
    if !changed {
        return Ok(());
    }
    // The printed function type is `!llvm.func<RESULT (ARGS)>`; only the
    // arguments change.
    let printed = fn_type.to_string();
    let result = printed
        .strip_prefix("!llvm.func<")
        .and_then(|rest| rest.split_once(" ("))
        .map(|(result, _)| result.to_string());
    let ctx = ir::op_context(kernel);
    let new_type = result.and_then(|result| {
        ir::parse_type_like(
            fn_type,
            &format!("!llvm.func<{result} ({})>", arg_types.join(", ")),
        )
    });
    let arg_attrs = ir::parse_attribute(ctx, &format!("[{}]", attrs.join(", ")));
    match (new_type, arg_attrs) {
        (Some(new_type), Some(arg_attrs)) => {
            let type_attr: Attribute = TypeAttribute::new(new_type).into();
            ir::set_attribute(kernel, "function_type", type_attr);
            ir::set_attribute(kernel, "arg_attrs", arg_attrs);
            Ok(())
        }
        _ => {
            ir::emit_op_error(
                kernel,
                &format!(
                    "cannot rebuild the signature of kernel type {printed} with byval arguments"
                ),
            );
            Err(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_entries;

    #[test]
    fn adds_entries_to_dictionaries() {
        assert_eq!(with_entries("{}", "a"), "{a}");
        assert_eq!(
            with_entries("{llvm.noalias}", "a, b"),
            "{llvm.noalias, a, b}"
        );
    }
}
