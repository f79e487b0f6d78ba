//! `pallas.debug_print` of scalars: one thread of the warpgroup (the
//! elected lane of its first warp) runs `gpu.printf` with each `{}` replaced
//! by the printf conversion of its argument (integers widened to 64 bits
//! and printed unsigned, 16-bit floats widened to f32) and a newline
//! appended, as Mosaic GPU's `debug_print` does.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use super::kernel::Ctx;
use crate::conversion::common::builder::B;
use crate::ir::{self, value};

/// The printf conversion of a scalar of type `t` and the type it is printed
/// as; `None` for types Mosaic GPU cannot print.
fn conversion(t: Type) -> Option<(&'static str, Option<&'static str>)> {
    let text = t.to_string();
    match text.as_str() {
        "index" | "i64" => Some(("%llu", None)),
        "f32" => Some(("%f", None)),
        "f16" | "bf16" => Some(("%f", Some("f32"))),
        _ if ir::is_integer(t) => Some(("%llu", Some("i64"))),
        _ => None,
    }
}

/// The format with each `{}` replaced by the conversions, or why it cannot
/// be lowered.
pub fn printf_format(format: &str, args: &[Type]) -> Result<String, String> {
    // The verifier sees to it that the format has one `{}` per argument
    // and no other braces.
    let pieces: Vec<&str> = format.split("{}").collect();
    if pieces.len() != args.len() + 1 {
        return Err("debug_print format and arguments disagree".into());
    }
    let mut out = pieces[0].to_string();
    for (t, piece) in args.iter().zip(&pieces[1..]) {
        let (conv, _) = conversion(*t)
            .ok_or_else(|| format!("not yet supported: debug_print of {t} (Mosaic GPU prints integers, f16, bf16 and f32)"))?;
        out.push_str(conv);
        out.push_str(piece);
    }
    out.push('\n');
    Ok(out)
}

/// The operand types of `op`.
pub fn arg_types<'c>(op: &OperationRef<'c, '_>) -> Vec<Type<'c>> {
    (0..op.operand_count())
        .filter_map(|i| crate::ir::operand_at(op, i).map(|v| v.r#type()))
        .collect()
}

/// Checks a `pallas.debug_print` the lowering handles: scalar arguments.
pub fn check(op: &OperationRef) -> Result<(), String> {
    let types = arg_types(op);
    if types.iter().any(|t| ir::is_vector(*t)) {
        return Err("not yet supported: debug_print of vectors".into());
    }
    let format = op
        .attribute("format")
        .map(ir::string_attr_value)
        .map_err(|e| e.to_string())?;
    printf_format(&format, &types).map(|_| ())
}

pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<(), String> {
    let types = arg_types(op);
    let format = op
        .attribute("format")
        .map(ir::string_attr_value)
        .map_err(|e| e.to_string())?;
    let format = printf_format(&format, &types)?;
    let mut args: Vec<Value> = vec![];
    for i in 0..op.operand_count() {
        let v = value(op.operand(i).map_err(|e| e.to_string())?);
        let (_, widen) = conversion(v.r#type()).ok_or("unprintable type")?;
        args.push(match widen {
            Some("i64") => b.val("arith.extui", &[v], b.ty("i64"), &[]),
            Some(t) => b.val("arith.extf", &[v], b.ty(t), &[]),
            None => v,
        });
    }
    // One thread of the warpgroup: the elected lane of warp 0 (mod 4).
    let elected = b.val("nvvm.elect.sync", &[], b.ty("i1"), &[]);
    let warp = b.bin("arith.shrui", ctx.linear, b.ci32(5));
    let (all_lanes, lane0, clamp) = (b.ci32(-1), b.ci32(0), b.ci32(31));
    let warp = b.val(
        "nvvm.shfl.sync",
        &[all_lanes, warp, lane0, clamp],
        b.i32(),
        &[("kind", b.attr("#nvvm<shfl_kind idx>"))],
    );
    let in_wg = b.bin("arith.remui", warp, b.ci32(4));
    let first = b.cmpi("eq", in_wg, b.ci32(0));
    let pred = b.bin("arith.andi", first, elected);
    let yield_op = b.if_then(pred);
    b.rw.set_insertion_point_before(&yield_op);
    b.op(
        "gpu.printf",
        &args,
        &[],
        &[("format", ir::string_attr(op.location(), &format))],
    );
    b.rw.erase_op(op);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn formats() {
        // Formatting needs types from a context; the placeholder split is
        // checked without one.
        assert!(super::printf_format("a {}", &[]).is_err());
        assert_eq!(super::printf_format("plain", &[]).unwrap(), "plain\n");
    }
}
