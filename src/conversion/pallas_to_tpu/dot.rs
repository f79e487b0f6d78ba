//! `pallas.dot` → `tpu.matmul`, as JAX 0.10.2's `dot_general` rule emits it:
//! a zero accumulator of the result type, `#tpu.dot_dimension_numbers`
//! built like `jax_dot_dims_to_tpu_dot_dot_dims`, `precision =
//! #tpu.contract_precision<fp32>` for `highest`, and the required
//! `transpose_lhs_hint = false`.
//!
//! The matrix-vector special case (`lhs · rhsᵀ` with a one-row rhs, not
//! both operands f32) becomes a multiply and a lane reduction. JAX 0.10.2
//! broadcasts the operands to the *output* element type before widening
//! them, which fails verification for bf16 operands; here the operands are
//! widened first and only the rhs row is broadcast (the lhs already has the
//! product's shape). Integer operands take the general matmul path, because
//! JAX's special case multiplies with `arith.mulf`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use super::elementwise::{elem, op_name, operand_type, result_type, vshape};
use crate::conversion::common::builder::B;
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir;

/// Element types Mosaic accumulates a float matmul in.
const FLOAT_OUTPUTS: &[&str] = &["bf16", "f32", "f8E5M2", "f8E4M3FN", "f8E4M3B11FNUZ"];

struct Dot<'c> {
    lhs: Type<'c>,
    rhs: Type<'c>,
    out: Type<'c>,
    transpose_lhs: bool,
    transpose_rhs: bool,
    precision: String,
}

impl<'c> Dot<'c> {
    fn of(op: &OperationRef<'c, '_>) -> Option<Self> {
        Some(Self {
            lhs: operand_type(op, 0)?,
            rhs: operand_type(op, 1)?,
            out: result_type(op, 0)?,
            transpose_lhs: op.attribute("transpose_lhs").is_ok(),
            transpose_rhs: op.attribute("transpose_rhs").is_ok(),
            precision: op
                .attribute("precision")
                .map(crate::conversion::common::builder::string_attr_value)
                .unwrap_or_else(|_| "default".into()),
        })
    }

    fn is_float(t: Type) -> bool {
        crate::conversion::common::builder::is_float(elem(t))
    }

    /// JAX's matrix-vector special case: contracting dims (1, 1) and a
    /// one-row rhs, unless both operands are f32 (float operands only; see
    /// the module doc).
    fn is_matrix_vector(&self) -> bool {
        let rhs = vshape(self.rhs).unwrap_or_default();
        !self.transpose_lhs
            && self.transpose_rhs
            && rhs.first() == Some(&1)
            && Self::is_float(self.lhs)
            && Self::is_float(self.rhs)
            && !(ir::is_f32(elem(self.lhs)) && ir::is_f32(elem(self.rhs)))
    }

    /// `#tpu.dot_dimension_numbers<lhs_c, rhs_c, lhs_nc, rhs_nc, order, [], []>`,
    /// the four possible texts written out (one is asked for every dot, and
    /// formatting it cost more than the table lookup that finds it parsed).
    fn dimension_numbers(&self) -> &'static str {
        // lhs contracts dim 1 unless transposed, rhs dim 0 unless
        // transposed; the other dim of each is its non-contracting one.
        match (self.transpose_lhs, self.transpose_rhs) {
            (false, false) => {
                "#tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>"
            }
            (false, true) => "#tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>",
            (true, false) => "#tpu.dot_dimension_numbers<[0], [0], [1], [1], [0, 1, 1, 1], [], []>",
            (true, true) => "#tpu.dot_dimension_numbers<[0], [1], [1], [0], [0, 1, 1, 0], [], []>",
        }
    }
}

pub fn check(op: &OperationRef) -> Result<(), String> {
    if op_name(op) != "pallas.dot" {
        return Ok(());
    }
    let d = Dot::of(op).ok_or("malformed pallas.dot")?;
    // Both operands are rank 2 by the op's ODS type, so JAX's "Only 2D
    // tensors supported in dot" cannot happen here.
    if [d.lhs, d.rhs, d.out]
        .iter()
        .any(|t| ir::bit_width(elem(*t)) == Some(64))
    {
        return Err("64-bit types are not supported".into());
    }
    let out = elem(d.out);
    // The name of a float result by predicates; every other type is
    // printed only for a message.
    let out_name = ir::float_type_name(out);
    if Dot::is_float(d.out) && !out_name.is_some_and(|n| FLOAT_OUTPUTS.contains(&n)) {
        return Err(format!(
            "not yet supported: dot with result element type {out} in the TPU lowering (Mosaic accumulates in bf16, f32, f8E5M2, f8E4M3FN, f8E4M3B11FNUZ or an integer type)"
        ));
    }
    if Dot::is_float(d.out) != Dot::is_float(d.lhs) || Dot::is_float(d.lhs) != Dot::is_float(d.rhs)
    {
        return Err(format!(
            "not yet supported: dot mixing integer and float types ({}, {} -> {}) in the TPU lowering",
            d.lhs, d.rhs, d.out
        ));
    }
    match d.precision.as_str() {
        "default" | "highest" => {}
        p => return Err(format!("Unsupported dot precision: {}", p.to_uppercase())),
    }
    if !d.is_matrix_vector() && ir::bit_width(out) != Some(32) {
        // JAX emits tpu.matmul with an accumulator of the result type, which
        // Mosaic's verifier rejects unless it is 32-bit: say so at the dot.
        return Err(format!(
            "Expected matmul acc to be 32-bit: the result element type {out} becomes tpu.matmul's accumulator (give the dot an f32 or i32 result, JAX's preferred_element_type)"
        ));
    }
    if d.is_matrix_vector() {
        // The special case widens operands only to f32.
        for t in [d.lhs, d.rhs] {
            if elem(t) != out && !ir::is_f32(out) {
                return Err(format!("Unsupported preferred_element_type={out}"));
            }
        }
    }
    Ok(())
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.dot", Some(tc), |op, operands, rw| {
        let d = Dot::of(&op).ok_or("malformed pallas.dot")?;
        let b = B::new(rw, op.location());
        let (mut x, mut y) = (operands[0], operands[1]);
        let out_elem = elem(d.out);
        if d.is_matrix_vector() {
            let ls = vshape(d.lhs).unwrap_or_default();
            let rs = vshape(d.rhs).unwrap_or_default();
            if elem(d.lhs) != out_elem {
                x = b.val("arith.extf", &[x], ir::vector_type(&ls, out_elem), &[]);
            }
            if elem(d.rhs) != out_elem {
                y = b.val("arith.extf", &[y], ir::vector_type(&rs, out_elem), &[]);
            }
            if rs != ls {
                y = b.val("vector.broadcast", &[y], x.r#type(), &[]);
            }
            let p = b.bin("arith.mulf", x, y);
            let red_ty = ir::vector_type(&ls[..1], out_elem);
            let acc = b.zero(red_ty);
            let attrs = [
                ("kind", b.attr("#vector.kind<add>")),
                ("reduction_dims", b.attr("array<i64: 1>")),
            ];
            let r = b.val("vector.multi_reduction", &[p, acc], red_ty, &attrs);
            let v = b.val("vector.shape_cast", &[r], d.out, &[]);
            rw.replace_op(&op, &[v]);
            return Ok(());
        }
        let acc = b.zero(d.out);
        let dims = ("dimension_numbers", b.attr(d.dimension_numbers()));
        let hint = ("transpose_lhs_hint", b.attr("false"));
        let v = if d.precision == "highest" {
            let precision = ("precision", b.attr("#tpu.contract_precision<fp32>"));
            b.val("tpu.matmul", &[x, y, acc], d.out, &[dims, precision, hint])
        } else {
            b.val("tpu.matmul", &[x, y, acc], d.out, &[dims, hint])
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}
