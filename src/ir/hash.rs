//! A fast hasher for the maps the lowerings keep per pass run, keyed by
//! pointers (ops, values, types, interned names) or short names. The
//! standard library's SipHash resists collision attacks that nothing here
//! faces (keys are handles MLIR allocated), at a cost that showed as a
//! tenth of the TPU pass in profiles.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate hashing of machine words (the scheme of rustc's
/// `FxHasher`): one multiply per word.
#[derive(Default, Clone, Copy)]
pub struct WordHasher {
    hash: u64,
}

const SEED: u64 = 0xf135_7aea_2e62_a9c5;

impl WordHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.wrapping_add(word).wrapping_mul(SEED);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
        self.add(bytes.len() as u64);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    /// The running product's high bits depend on every input bit, its low
    /// bits only on the input's low bits (zero in aligned pointers), and
    /// hashbrown picks buckets by the low bits: a folded 128-bit multiply
    /// spreads the whole state over all of them.
    #[inline]
    fn finish(&self) -> u64 {
        let full = (self.hash as u128) * 0x9e37_79b9_7f4a_7c15u128;
        (full as u64) ^ ((full >> 64) as u64)
    }
}

pub type FastBuild = BuildHasherDefault<WordHasher>;
pub type FastMap<K, V> = HashMap<K, V, FastBuild>;
pub type FastSet<K> = HashSet<K, FastBuild>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn aligned_pointers_spread_over_low_bits() {
        // 1024 consecutive 16-byte-aligned addresses must land in many
        // different buckets of a 1024-bucket table.
        let build = FastBuild::default();
        let buckets: FastSet<u64> = (0..1024u64)
            .map(|i| build.hash_one(0x7f00_0000_0000u64 + 16 * i) & 1023)
            .collect();
        assert!(buckets.len() > 600, "{} buckets used", buckets.len());
    }

    #[test]
    fn strings_differing_in_length_or_tail_differ() {
        let build = FastBuild::default();
        assert_ne!(
            build.hash_one("arith.constant"),
            build.hash_one("arith.constant\0")
        );
        assert_ne!(build.hash_one("abcdefgh1"), build.hash_one("abcdefgh2"));
        let m: FastMap<&str, i32> = [("a", 1), ("b", 2)].into_iter().collect();
        assert_eq!(m["b"], 2);
    }
}
