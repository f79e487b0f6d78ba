//! Upstream ops whose operand or result types change under a lowering's
//! type converter (refs gaining a target memory space, semaphores becoming
//! counters, ...) are rebuilt unchanged but for the types.

use melior::ir::operation::OperationLike;
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use super::builder::{result_of, B};
use crate::conversion::framework::{PatternSet, TypeConverter};

/// Adds one retyping pattern per op name in `ops` (region-free ops only);
/// `convert` maps a result type to its target type.
pub fn add_patterns(
    set: &mut PatternSet,
    tc: &TypeConverter,
    ops: &'static [&'static str],
    convert: for<'c> fn(Type<'c>) -> Type<'c>,
) {
    for name in ops {
        set.add(name, Some(tc), move |op, operands, rw| {
            if op.region_count() != 0 {
                return Err("op with regions".into());
            }
            let b = B::new(rw, op.location());
            let results: Vec<Type> = op.results().map(|r| convert(r.r#type())).collect();
            let attrs: Vec<(String, _)> = op
                .attributes()
                .map(|(n, a)| (n.as_string_ref().as_str().unwrap_or("").to_string(), a))
                .collect();
            let attrs: Vec<(&str, _)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
            let new = b.op(name, operands, &results, &attrs);
            let vals: Vec<_> = (0..results.len()).map(|i| result_of(new, i)).collect();
            rw.replace_op(&op, &vals);
            Ok(())
        });
    }
}
