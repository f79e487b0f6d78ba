//! `pallas.axis_index` and `pallas.device_id` on the CPU reference, which
//! runs a kernel on one device.
//!
//! * `axis_index` of a grid axis (the kernel's `names(...)`) is that axis's
//!   `pallas.program_id`, as in JAX;
//! * `axis_index` of a mesh axis (`compiler_params = {mosaic_tpu =
//!   {mesh_axes, mesh_shape}}`) and `device_id` are 0: the run is device 0
//!   of a mesh with a single device.
//!
//! A kernel on a mesh of more than one device is rejected: running only
//! device 0's share of it would print one device's numbers as the whole
//! result.

use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::{BlockLike, ValueLike};

use crate::conversion::common::builder::{array_elements, dense_i64, string_attr_value};
use crate::conversion::pallas_to_tpu::kernel::dict_get;
use crate::ir;

/// What an `axis_index` / `device_id` op stands for here.
enum Meaning {
    ProgramId(i64),
    Zero,
}

/// Reports the `axis_index` / `device_id` ops this lowering cannot give a
/// value (nothing is rewritten).
pub fn check(op: &OperationRef) -> Result<(), String> {
    meaning(op).map(|_| ())
}

/// Replaces every `axis_index` / `device_id` in `module` by what it means
/// here (after [`check`] accepted them).
pub fn resolve(module: &OperationRef) -> Result<(), String> {
    let mut ops = vec![];
    ir::walk_nested(module, &mut |op| ops.push(op));
    for op in ops {
        let Some(meaning) = meaning(&op)? else {
            continue;
        };
        let ctx = ir::op_context(&op);
        let i32_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let (name, attr_name, text) = match meaning {
            Meaning::ProgramId(k) => ("pallas.program_id", "axis", format!("{k} : i64")),
            Meaning::Zero => ("arith.constant", "value", "0 : i32".to_string()),
        };
        let attr = ir::parse_attribute(ctx, &text).ok_or("cannot build an attribute")?;
        let new = OperationBuilder::new(name, op.location())
            .add_results(&[i32_ty])
            .add_attributes(&[(ir::identifier(ctx, attr_name), attr)])
            .build()
            .map_err(|e| e.to_string())?;
        let block = op.block().ok_or("an axis_index outside a block")?;
        let new = block.insert_operation_before(op, new);
        ir::replace_all_uses(
            op.result(0).map_err(|e| e.to_string())?.into(),
            new.result(0).map_err(|e| e.to_string())?.into(),
        );
        ir::erase_operation(op);
    }
    Ok(())
}

/// `None` for other ops.
fn meaning(op: &OperationRef) -> Result<Option<Meaning>, String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    if name != "pallas.axis_index" && name != "pallas.device_id" {
        return Ok(None);
    }
    let mut kernel = op.parent_operation();
    while let Some(k) = kernel {
        if k.name().as_string_ref().as_str() == Ok("pallas.kernel") {
            break;
        }
        kernel = k.parent_operation();
    }
    let kernel = kernel.ok_or(format!("{name} outside a pallas.kernel"))?;
    let strings = |a| -> Vec<String> {
        array_elements(a)
            .into_iter()
            .map(string_attr_value)
            .collect()
    };
    let grid_names = kernel
        .attribute("grid_names")
        .map(strings)
        .unwrap_or_default();
    let tpu = kernel
        .attribute("compiler_params")
        .ok()
        .and_then(|p| dict_get(p, "mosaic_tpu"));
    let mesh_names = tpu
        .and_then(|t| dict_get(t, "mesh_axes"))
        .map(strings)
        .unwrap_or_default();
    let devices: i64 = tpu
        .and_then(|t| dict_get(t, "mesh_shape"))
        .map(dense_i64)
        .unwrap_or_default()
        .iter()
        .product();
    if name == "pallas.axis_index" {
        let axis = op
            .attribute("axis_name")
            .map(string_attr_value)
            .map_err(|e| e.to_string())?;
        if let Some(k) = grid_names.iter().position(|n| *n == axis) {
            return Ok(Some(Meaning::ProgramId(k as i64)));
        }
        if !mesh_names.contains(&axis) {
            return Err(format!(
                "'{axis}' is neither a grid axis {grid_names:?} nor a mesh axis {mesh_names:?}"
            ));
        }
    }
    if devices > 1 {
        return Err(format!(
            "not yet supported: {name} on a mesh of {devices} devices on the CPU reference (it runs one device)"
        ));
    }
    Ok(Some(Meaning::Zero))
}
