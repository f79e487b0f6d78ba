//! Ranked memref descriptors (`{allocated, aligned, offset, sizes[rank],
//! strides[rank]}` of MLIR's LLVM lowering) as the runtime reads them, and the
//! host byte range of a contiguous one.

use crate::error::{Result, RtError};

/// The fields of a ranked memref descriptor that the runtime uses; addresses
/// are kept as integers (they are only handed on to the driver).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MemRefView {
    pub(crate) aligned: usize,
    pub(crate) offset: i64,
    pub(crate) sizes: Vec<i64>,
    pub(crate) strides: Vec<i64>,
}

/// Descriptors passed through an unranked memref carry their rank as a
/// runtime value; anything past this is not a memref gpu-to-llvm produced.
pub(crate) const MAX_RANK: i64 = 64;

pub(crate) fn check_rank(rank: i64) -> Result<usize> {
    if !(0..=MAX_RANK).contains(&rank) {
        return Err(RtError::new(format!(
            "memref rank {rank} is out of range (0 to {MAX_RANK})"
        )));
    }
    Ok(rank as usize)
}

impl MemRefView {
    /// The address of element 0 (the aligned pointer moved by the offset).
    pub(crate) fn first_element(&self, element_bytes: i64) -> Result<usize> {
        self.offset
            .checked_mul(element_bytes)
            .and_then(|bytes| isize::try_from(bytes).ok())
            .and_then(|bytes| self.aligned.checked_add_signed(bytes))
            .ok_or_else(|| {
                RtError::new(format!(
                    "memref offset {} overflows the address space",
                    self.offset
                ))
            })
    }

    /// The start and byte length of a row-major contiguous memref (what host
    /// registration pins); a non-contiguous layout is refused since pinning
    /// its bounding range would pin memory the memref does not own.
    pub(crate) fn contiguous_span(&self, element_bytes: i64) -> Result<(usize, u64)> {
        if element_bytes <= 0 {
            return Err(RtError::new(format!(
                "element size {element_bytes} bytes is not positive"
            )));
        }
        let mut expected: i64 = 1;
        for (dim, (&size, &stride)) in self.sizes.iter().zip(&self.strides).enumerate().rev() {
            if size < 0 {
                return Err(RtError::new(format!(
                    "memref size {size} of dimension {dim} is negative"
                )));
            }
            if size != 1 && stride != expected {
                return Err(RtError::new(format!(
                    "not yet supported: a non-contiguous memref (dimension {dim} has stride {stride}, \
                     a row-major contiguous layout has {expected})"
                )));
            }
            expected = expected
                .checked_mul(size)
                .ok_or_else(|| RtError::new("memref size overflows 64 bits"))?;
        }
        let bytes = expected
            .checked_mul(element_bytes)
            .ok_or_else(|| RtError::new("memref size in bytes overflows 64 bits"))?;
        Ok((self.first_element(element_bytes)?, bytes as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(aligned: usize, offset: i64, sizes: &[i64], strides: &[i64]) -> MemRefView {
        MemRefView {
            aligned,
            offset,
            sizes: sizes.to_vec(),
            strides: strides.to_vec(),
        }
    }

    #[test]
    fn contiguous_spans() {
        // memref<4x8xf32>: 128 bytes.
        assert_eq!(
            view(0x1000, 0, &[4, 8], &[8, 1])
                .contiguous_span(4)
                .unwrap(),
            (0x1000, 128)
        );
        // A contiguous slice starting at element 16 of f16 data.
        assert_eq!(
            view(0x1000, 16, &[2, 8], &[8, 1])
                .contiguous_span(2)
                .unwrap(),
            (0x1020, 32)
        );
        // Unit dimensions may carry any stride.
        assert_eq!(
            view(0x1000, 0, &[1, 8], &[99, 1])
                .contiguous_span(1)
                .unwrap(),
            (0x1000, 8)
        );
        // Rank 0: one element.
        assert_eq!(
            view(0x1000, 3, &[], &[]).contiguous_span(8).unwrap(),
            (0x1018, 8)
        );
        // Empty.
        assert_eq!(
            view(0x1000, 0, &[0, 8], &[8, 1])
                .contiguous_span(4)
                .unwrap(),
            (0x1000, 0)
        );
    }

    #[test]
    fn refuses_strided_and_bad_descriptors() {
        let e = view(0x1000, 0, &[4, 8], &[16, 1])
            .contiguous_span(4)
            .unwrap_err();
        assert_eq!(
            e.0,
            "not yet supported: a non-contiguous memref (dimension 0 has stride 16, a row-major contiguous layout has 8)"
        );
        let e = view(0x1000, 0, &[4, 8], &[8, 2])
            .contiguous_span(4)
            .unwrap_err();
        assert!(e.0.contains("dimension 1 has stride 2"), "{}", e.0);
        let e = view(0x1000, 0, &[-1], &[1]).contiguous_span(4).unwrap_err();
        assert_eq!(e.0, "memref size -1 of dimension 0 is negative");
        let e = view(0x1000, 0, &[1 << 62, 4], &[4, 1])
            .contiguous_span(4)
            .unwrap_err();
        assert_eq!(e.0, "memref size overflows 64 bits");
        let e = view(0x1000, 0, &[4], &[1]).contiguous_span(0).unwrap_err();
        assert_eq!(e.0, "element size 0 bytes is not positive");
        assert!(check_rank(-1).is_err());
        assert!(check_rank(65).is_err());
        assert_eq!(check_rank(3).unwrap(), 3);
    }
}
