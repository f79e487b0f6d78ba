//! `pallas.dot` -> `vector.contract` (operands extended to the result
//! element type first).

use melior::ir::operation::OperationLike;
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{is_float, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.dot", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let acc_elem = element_type(res_ty);
        let widen = |v| -> Result<_, String> {
            let v: Value = v;
            let ty = v.r#type();
            let elem = element_type(ty);
            if elem == acc_elem {
                return Ok(v);
            }
            let shape = memref_shape(ty);
            let wide: Type = b.ty(&format!("vector<{}x{}x{acc_elem}>", shape[0], shape[1]));
            let width = |t: Type| unsafe {
                if is_float(t) {
                    mlir_sys::mlirFloatTypeGetWidth(t.to_raw())
                } else {
                    mlir_sys::mlirIntegerTypeGetWidth(t.to_raw())
                }
            };
            let name = match (is_float(elem), is_float(acc_elem)) {
                (true, true) if width(elem) < width(acc_elem) => "arith.extf",
                (true, true) => "arith.truncf",
                (false, false) if width(elem) < width(acc_elem) => "arith.extsi",
                (false, false) => "arith.trunci",
                (false, true) => "arith.sitofp",
                (true, false) => "arith.fptosi",
            };
            Ok(b.val(name, &[v], wide, &[]))
        };
        let lhs = widen(operands[0])?;
        let rhs = widen(operands[1])?;
        let lhs_map = if op.attribute("transpose_lhs").is_ok() { "(k, i)" } else { "(i, k)" };
        let rhs_map = if op.attribute("transpose_rhs").is_ok() { "(j, k)" } else { "(k, j)" };
        let maps = b.attr(&format!(
            "[affine_map<(i, j, k) -> {lhs_map}>, affine_map<(i, j, k) -> {rhs_map}>, affine_map<(i, j, k) -> (i, j)>]"
        ));
        let iters = b.attr("[#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>]");
        let kind = b.attr("#vector.kind<add>");
        let acc = b.zero(res_ty);
        let v = b.val(
            "vector.contract",
            &[lhs, rhs, acc],
            res_ty,
            &[("indexing_maps", maps), ("iterator_types", iters), ("kind", kind)],
        );
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}
