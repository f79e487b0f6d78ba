//! Hints and debugging: `pallas.multiple_of` is its operand, `pallas.delay`
//! does nothing, `pallas.debug_print` prints with `vector.print`.

use melior::ir::operation::OperationLike;

use crate::conversion::common::builder::{string_attr_value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};

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
                b.op("vector.print", &[*v], &[], &[("punctuation", no_punct)]);
            }
        }
        for v in operands.iter().skip(pieces.len()) {
            print_str(" ");
            b.op("vector.print", &[*v], &[], &[("punctuation", no_punct)]);
        }
        // The newline as a string: a bare `vector.print` (punctuation only)
        // prints without a terminator, so a value defined on the next line
        // would parse back as its operand.
        print_str("\n");
        rw.erase_op(&op);
        Ok(())
    });
}
