//! Upstream ops (memref, vector, ...) whose operand or result types mention
//! pallas memory spaces or semaphores are rebuilt with the CPU types.

use melior::ir::operation::OperationLike;
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use super::builder::B;
use super::types::cpu_type;
use crate::conversion::framework::{PatternSet, TypeConverter};

/// Region-free ops that may see refs in kernel bodies.
pub const OPS: &[&str] = &[
    "memref.subview",
    "memref.load",
    "memref.store",
    "memref.cast",
    "memref.dim",
    "memref.copy",
    "memref.reinterpret_cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
    "vector.transfer_read",
    "vector.transfer_write",
    "vector.load",
    "vector.store",
    "vector.maskedload",
    "vector.maskedstore",
    "vector.gather",
    "vector.scatter",
];

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    for name in OPS {
        set.add(name, Some(tc), move |op, operands, rw| {
            if op.region_count() != 0 {
                return Err("op with regions".into());
            }
            let b = B::new(rw, op.location());
            let results: Vec<Type> = op.results().map(|r| cpu_type(r.r#type())).collect();
            let attrs: Vec<_> = op.attributes().collect();
            let attrs: Vec<(String, _)> = attrs
                .into_iter()
                .map(|(n, a)| (n.as_string_ref().as_str().unwrap_or("").to_string(), a))
                .collect();
            let attrs: Vec<(&str, _)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
            let new = b.op(name, operands, &results, &attrs);
            let vals: Vec<_> = (0..results.len())
                .map(|i| super::builder::result_of(new, i))
                .collect();
            rw.replace_op(&op, &vals);
            Ok(())
        });
    }
}
