//! Hints and debugging: `pallas.multiple_of` is its operand, `pallas.delay`
//! does nothing, `pallas.debug_print` prints with `vector.print`.

use melior::ir::attribute::Attribute;
use melior::ir::operation::OperationLike;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{string_attr_value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_count, element_type, integer_width, is_vector, memref_shape};

/// Vectors of more elements than this are printed element by element from
/// a buffer: the upstream lowering of `vector.print` flattens the whole
/// vector into one (a 1024x128 one became 2048 shuffles of 2^17 lanes,
/// 1.4 GB of LLVM dialect).
const WHOLE_PRINT_ELEMENTS: i64 = 4096;

/// Prints `v` as `vector.print` does, with no punctuation after it.
fn print_value<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, no_punct: Attribute<'c>) {
    let ty = v.r#type();
    let shape = memref_shape(ty);
    let large = is_vector(ty) && element_count(&shape).is_none_or(|n| n > WHOLE_PRINT_ELEMENTS);
    if !large {
        b.op("vector.print", &[v], &[], &[("punctuation", no_punct)]);
        return;
    }
    // Bytes for narrow integers (buffers of them are not addressable per
    // element); `vector.print` shows i1 unsigned and the others signed.
    let (v, elem) = match integer_width(element_type(ty)) {
        Some(w) if w < 8 => {
            let i8_ty = b.ty("i8");
            let wide = b.vector(&shape, i8_ty);
            let ext = if w == 1 { "arith.extui" } else { "arith.extsi" };
            (b.val(ext, &[v], wide, &[]), i8_ty)
        }
        _ => (v, element_type(ty)),
    };
    let buf = b.alloc(b.memref(&shape, elem));
    let zero = b.cidx(0);
    b.write_at(v, buf, &vec![zero; shape.len()]);
    let punct = |p: &str| {
        let attr = b.attr(&format!("#vector.punctuation<{p}>"));
        b.op("vector.print", &[], &[], &[("punctuation", attr)]);
    };
    // Per dim: "( ", the elements with ", " between them, " )".
    let mut ivs = vec![];
    let mut ends = vec![];
    for d in &shape {
        punct("open");
        let (iv, end) = b.for_loop(zero, b.cidx(*d));
        b.rw.set_insertion_point_before(&end);
        let not_first = b.cmpi("ne", iv, zero);
        let then_end = b.if_then(not_first);
        b.rw.set_insertion_point_before(&then_end);
        punct("comma");
        b.rw.set_insertion_point_before(&end);
        ivs.push(iv);
        ends.push(end);
    }
    let mut load = vec![buf];
    load.extend(ivs);
    let x = b.val("memref.load", &load, elem, &[]);
    b.op("vector.print", &[x], &[], &[("punctuation", no_punct)]);
    for end in ends.iter().rev() {
        let l = end.parent_operation().expect("loop");
        b.rw.set_insertion_point_after(&l);
        punct("close");
    }
    b.op("memref.dealloc", &[buf], &[], &[]);
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.multiple_of", Some(tc), |op, operands, rw| {
        rw.replace_op(&op, &operands[..1]);
        Ok(())
    });
    set.add("pallas.delay", Some(tc), |op, _operands, rw| {
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.debug_print", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let format = string_attr_value(op.attribute("format").map_err(|e| e.to_string())?);
        let pieces: Vec<&str> = format.split("{}").collect();
        let no_punct = b.attr("#vector.punctuation<no_punctuation>");
        let print_str = |s: &str| {
            if !s.is_empty() {
                let text = crate::ir::string_attr(op.location(), s);
                b.op("vector.print", &[], &[], &[("stringLiteral", text)]);
            }
        };
        for (i, piece) in pieces.iter().enumerate() {
            print_str(piece);
            if let Some(v) = operands.get(i) {
                print_value(&b, *v, no_punct);
            }
        }
        for v in operands.iter().skip(pieces.len()) {
            print_str(" ");
            print_value(&b, *v, no_punct);
        }
        // The newline as a string: a bare `vector.print` (punctuation only)
        // prints without a terminator, so a value defined on the next line
        // would parse back as its operand.
        print_str("\n");
        rw.erase_op(&op);
        Ok(())
    });
}
