//! An op's operands split by its `operandSegmentSizes`, as slices of the
//! operand list: [`crate::ir::builder::segments`] copies every segment
//! into its own vector, which costs more than the rest of a DMA's
//! conversion when asked for every op.

use melior::ir::operation::OperationRef;
use melior::ir::Value;

/// The segments of one op's operands (or of the converted operands a
/// pattern is given, which follow the same segments).
pub struct Segments<'v, 'c, 'a> {
    values: &'v [Value<'c, 'a>],
    sizes: Vec<i32>,
}

impl<'v, 'c, 'a> Segments<'v, 'c, 'a> {
    pub fn of(op: &OperationRef, values: &'v [Value<'c, 'a>]) -> Self {
        let sizes = crate::ir::with_operand_segment_sizes(op, <[i32]>::to_vec);
        Self { values, sizes }
    }

    /// Segment `i` (empty when the op has fewer segments, or when the
    /// sizes overrun the operands of a malformed op).
    pub fn get(&self, i: usize) -> &'v [Value<'c, 'a>] {
        let Some(&size) = self.sizes.get(i) else {
            return &[];
        };
        let start: usize = self.sizes[..i].iter().map(|s| (*s).max(0) as usize).sum();
        self.values
            .get(start..start + size.max(0) as usize)
            .unwrap_or(&[])
    }

    /// The first operand of segment `i` (an optional operand).
    pub fn first(&self, i: usize) -> Option<Value<'c, 'a>> {
        self.get(i).first().copied()
    }

    /// The operand of required segment `i`.
    pub fn one(&self, i: usize) -> Result<Value<'c, 'a>, String> {
        self.first(i)
            .ok_or_else(|| format!("operand segment {i} is missing"))
    }
}
