//! Debugging, hints, PRNG and profiling scopes, as JAX 0.10.2 lowers them:
//! * `pallas.debug_print` → `tpu.log "<fmt>" {formatted = true} : [args]`
//!   with `{}` turned into `$0`, `$1`, ... (scalars; i32 only with
//!   placeholders), or for one vector, `tpu.region` { `memref.alloca` in
//!   VMEM, `vector.store`, `tpu.log_buffer` };
//! * `pallas.prng_seed` → `"tpu.prng_set_seed_32"`, `pallas.prng_random_bits`
//!   → `"tpu.prng_random_bits"` (rank >= 2 only);
//! * `pallas.delay` → `tpu.delay`, `pallas.multiple_of` →
//!   `tpu.assume_multiple`;
//! * `pallas.named_scope "n" {..}` → `"tpu.trace_start"() <{level = 10,
//!   message = "n"}>`, the body inline, `"tpu.trace_stop"()`; what the
//!   region yields replaces the scope's results.

use melior::ir::attribute::Attribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, ValueLike};

use super::elementwise::{elem, int_attr, op_name, result_type, vshape};
use crate::conversion::common::builder::{i64_array, result_of, string_attr_value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir;

/// A format string split like Python's `string.Formatter().parse`: the
/// Mosaic tag (`{}` → `$i`, `{{`/`}}` → a brace) and the placeholder count.
fn parse_format(fmt: &str) -> Result<(String, usize), String> {
    let mut out = String::new();
    let mut n = 0usize;
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '}' => return Err("Single '}' encountered in format string".into()),
            '{' => {
                let mut field = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => field.push(c),
                        None => return Err("expected '}' before end of string".into()),
                    }
                }
                if field.contains(':') || field.contains('!') {
                    return Err(
                        "The format string should not contain any format specs or conversions"
                            .into(),
                    );
                }
                if !field.is_empty() {
                    return Err(
                        "The format string should not reference arguments by position or name"
                            .into(),
                    );
                }
                // Mosaic's placeholders count the arguments; JAX 0.4.38 also
                // appended one after trailing text, which 0.10.2 fixed.
                out.push_str(&format!("${n}"));
                n += 1;
            }
            c => out.push(c),
        }
    }
    Ok((out, n))
}

fn format_of(op: &OperationRef) -> String {
    op.attribute("format")
        .map(string_attr_value)
        .unwrap_or_default()
}

pub fn check(op: &OperationRef) -> Result<(), String> {
    match op_name(op) {
        "pallas.multiple_of" => {
            let m = int_attr(op, "multiple").unwrap_or(1);
            if !(1..=i32::MAX as i64).contains(&m) {
                return Err(format!(
                    "multiple {m} does not fit tpu.assume_multiple's positive i32"
                ));
            }
            Ok(())
        }
        "pallas.debug_print" => {
            let fmt = format_of(op);
            let (_, n) = parse_format(&fmt)?;
            let types: Vec<_> = op.operands().map(|v| v.r#type()).collect();
            if types.len() != n {
                let s = if n == 1 { "" } else { "s" };
                return Err(format!(
                    "The format string expects {n} argument{s}, but got {}",
                    types.len()
                ));
            }
            let all_scalars = types.iter().all(|t| !ir::is_vector(*t));
            if types.len() == 1 && !all_scalars {
                if !fmt.ends_with("{}") {
                    return Err("For vector input, the format string must end with {}.".into());
                }
                if ir::bit_width(elem(types[0])) == Some(1) {
                    return Err(
                        "not yet supported: debug_print of a bool vector in the TPU lowering (VMEM holds no i1; print the vector as i32)"
                            .into(),
                    );
                }
                return Ok(());
            }
            if !all_scalars {
                let list: Vec<String> = types.iter().map(|t| t.to_string()).collect();
                return Err(format!(
                    "All inputs to debug_print must be all scalars or a single vector, but got [{}]",
                    list.join(", ")
                ));
            }
            if n > 0
                && !types
                    .iter()
                    .all(|t| ir::bit_width(*t) == Some(32) && ir::is_integer(*t))
            {
                return Err("All arguments must be 32-bit integers when using placeholders (`{...}`). If you need to print values of other types, remove placeholders from the format string.".into());
            }
            Ok(())
        }
        "pallas.prng_random_bits" => {
            let rank = result_type(op, 0)
                .and_then(vshape)
                .map(|s| s.len())
                .unwrap_or(0);
            if rank <= 1 {
                return Err("random_bits only supports rank>=2 outputs.".into());
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A string attribute holding `s` verbatim (no escaping through the parser).
fn str_attr<'c>(b: &B<'_, 'c, '_>, s: &str) -> Attribute<'c> {
    ir::string_attr(b.loc, s)
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.debug_print", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let fmt = format_of(&op);
        let vector = operands.len() == 1 && ir::is_vector(operands[0].r#type());
        if vector {
            // The vector is logged from a VMEM copy; the tag is the text
            // before the trailing `{}`.
            let x = operands[0];
            let shape = vshape(x.r#type()).unwrap_or_default();
            let tag = parse_format(&fmt[..fmt.len() - 2])?.0;
            let vmem = ir::tpu_types::memory_space_attr(x.r#type(), "vmem").ok_or("no VMEM")?;
            let mem = ir::tpu_types::memref_type(&shape, elem(x.r#type()), vmem);
            let block = Block::new(&[]);
            let alloca = block.append_operation(b.build(
                "memref.alloca",
                &[],
                &[mem],
                &[("operandSegmentSizes", b.attr("array<i32: 0, 0>"))],
                vec![],
            ));
            let buf = result_of(alloca, 0);
            let c0 = block.append_operation(b.build(
                "arith.constant",
                &[],
                &[b.index()],
                &[("value", b.attr("0 : index"))],
                vec![],
            ));
            let zero = result_of(c0, 0);
            let mut store_operands = vec![x, buf];
            store_operands.extend(std::iter::repeat_n(zero, shape.len()));
            block.append_operation(b.build("vector.store", &store_operands, &[], &[], vec![]));
            block.append_operation(b.build(
                "tpu.log_buffer",
                &[buf],
                &[],
                &[
                    ("shape", b.attr(&i64_array(&shape))),
                    ("tag", str_attr(&b, &tag)),
                ],
                vec![],
            ));
            block.append_operation(b.build("tpu.yield", &[], &[], &[], vec![]));
            let region = Region::new();
            region.append_block(block);
            rw.insert(b.build("tpu.region", &[], &[], &[], vec![region]));
        } else {
            let (tag, n) = parse_format(&fmt)?;
            let tag = if n > 0 { tag } else { fmt };
            let mut attrs = vec![("tag", str_attr(&b, &tag))];
            if n > 0 {
                attrs.push(("formatted", b.attr("true")));
            }
            b.op("tpu.log", operands, &[], &attrs);
        }
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.prng_seed", Some(tc), |op, operands, rw| {
        B::new(rw, op.location()).op("tpu.prng_set_seed_32", operands, &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.prng_random_bits", Some(tc), |op, _, rw| {
        let out = result_type(&op, 0).ok_or("no result")?;
        let v = B::new(rw, op.location()).val("tpu.prng_random_bits", &[], out, &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.delay", Some(tc), |op, operands, rw| {
        B::new(rw, op.location()).op("tpu.delay", &operands[..1], &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.multiple_of", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let m = int_attr(&op, "multiple").unwrap_or(1);
        let attrs = [("multiple", b.int_attr(m, b.i32()))];
        let v = b.val(
            "tpu.assume_multiple",
            &operands[..1],
            operands[0].r#type(),
            &attrs,
        );
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.named_scope", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let name = op
            .attribute("name")
            .map(string_attr_value)
            .unwrap_or_default();
        let block = op
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("named_scope without body")?;
        // The yield must go first: kernel.rs would turn it into a return.
        // What it yields becomes the scope's results.
        let mut results = vec![];
        if let Some(term) = block.terminator() {
            results = term.operands().collect();
            rw.erase_op(&term);
        }
        b.op(
            "tpu.trace_start",
            &[],
            &[],
            &[
                ("level", b.attr("10 : i32")),
                ("message", str_attr(&b, &name)),
            ],
        );
        rw.inline_block_before(block, &op, &[]);
        rw.set_insertion_point_before(&op);
        b.op("tpu.trace_stop", &[], &[], &[]);
        rw.replace_op(&op, &results);
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::parse_format;

    #[test]
    fn placeholders() {
        assert_eq!(
            parse_format("x={} y={} end").unwrap(),
            ("x=$0 y=$1 end".into(), 2)
        );
        assert_eq!(parse_format("a{{b}}{}").unwrap(), ("a{b}$0".into(), 1));
        assert_eq!(parse_format("plain").unwrap(), ("plain".into(), 0));
        assert!(parse_format("{0}").is_err());
        assert!(parse_format("{:x}").is_err());
        assert!(parse_format("{").is_err());
        assert!(parse_format("}").is_err());
    }
}
