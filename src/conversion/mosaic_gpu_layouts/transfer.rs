//! Whether a register layout moves to or from an SMEM ref without bank
//! conflicts: jaxlib only lets inference pair a tiled register layout with
//! an SMEM tiling when its transfer planner finds a conflict-free pattern
//! (possibly staggering two groups of lanes over tiles). This simulates
//! the bank of every lane's access the same way.

use super::layouts::{Dim, Tiled, WARP_SIZE};

const SMEM_BANKS: i64 = 32;
const SMEM_BANK_BYTES: i64 = 4;

/// How a register/SMEM transfer must be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Optimized {
    /// Bank-conflict free.
    Yes,
    No,
    /// Conflict free, but an untiled ref may fall back to a plain transfer
    /// (Pallas's default for stores).
    Downgradable,
}

/// Strides after tiling the trailing dims by `tiling`, keeping tiles in
/// physical order (`None` where the tiled dims are not the minor ones or
/// the strides do not tile).
pub fn tile_strides(strides: &[i64], tiling: &[i64]) -> Option<Vec<i64>> {
    let n = tiling.len();
    if strides.len() < n {
        return None;
    }
    let mut ordered = strides.to_vec();
    ordered.sort_unstable_by(|a, b| b.cmp(a));
    let mut low: Vec<i64> = ordered[ordered.len() - n..].to_vec();
    let mut tail: Vec<i64> = strides[strides.len() - n..].to_vec();
    low.sort_unstable();
    low.dedup();
    tail.sort_unstable();
    tail.dedup();
    if low != tail {
        return None;
    }
    let (untiled, tiled) = strides.split_at(strides.len() - n);
    let pairs: Vec<(i64, i64)> = tiled.iter().copied().zip(tiling.iter().copied()).collect();
    let mut sorted_pairs = pairs.clone();
    sorted_pairs.sort_unstable_by(|a, b| b.cmp(a));
    let to_ordered = |k: usize| {
        sorted_pairs
            .iter()
            .position(|p| *p == pairs[k])
            .unwrap_or(0)
    };
    let from_ordered = |k: usize| {
        pairs
            .iter()
            .position(|p| *p == sorted_pairs[k])
            .unwrap_or(0)
    };
    let ordered_tiling: Vec<i64> = (0..n).map(|k| tiling[from_ordered(k)]).collect();
    let ordered_strides: Vec<i64> = (0..n).map(|k| tiled[from_ordered(k)]).collect();
    let mut out = vec![1i64];
    for t in ordered_tiling.iter().rev() {
        out.push(out[out.len() - 1] * t);
    }
    let mut prev = ordered_strides[n - 1];
    for (s, t) in ordered_strides[..n - 1]
        .iter()
        .rev()
        .zip(ordered_tiling[1..].iter().rev())
    {
        let d = prev * t;
        prev = *s;
        if d == 0 || s % d != 0 {
            return None;
        }
        out.push(s / d * out[out.len() - 1]);
    }
    out.reverse();
    let mut result = untiled.to_vec();
    result.extend((0..n).map(|k| out[to_ordered(k)]));
    result.extend((0..n).map(|k| out[n + to_ordered(k)]));
    Some(result)
}

type Nested = Vec<Vec<i64>>;

/// Tiles a nested shape (each logical dim made of physical sub-dims) and
/// its strides at once.
fn tile_nested(tiles: &[Vec<i64>], shape: Nested, strides: Nested) -> Option<(Nested, Nested)> {
    let (mut shape, mut strides) = (shape, strides);
    for tile in tiles {
        if tile.len() > shape.len() {
            return None;
        }
        let split = shape.len() - tile.len();
        let mut majors = vec![];
        let mut major_strides = vec![];
        let mut minors = vec![];
        let mut minor_strides = vec![];
        for (k, &t0) in tile.iter().enumerate() {
            let mut t = t0;
            let (mut ma, mut mas, mut mi, mut mis) = (vec![], vec![], vec![], vec![]);
            for (&d, &s) in shape[split + k]
                .iter()
                .rev()
                .zip(strides[split + k].iter().rev())
            {
                if d < t {
                    if t % d != 0 {
                        return None;
                    }
                    t /= d;
                    mi.push(d);
                    mis.push(s);
                } else if t != 1 {
                    if d % t != 0 {
                        return None;
                    }
                    mi.push(t);
                    mis.push(s);
                    if d != t {
                        ma.push(d / t);
                        mas.push(s * t);
                    }
                    t = 1;
                } else {
                    ma.push(d);
                    mas.push(s);
                }
            }
            if t != 1 {
                return None;
            }
            for v in [&mut ma, &mut mas, &mut mi, &mut mis] {
                v.reverse();
            }
            majors.push(ma);
            major_strides.push(mas);
            minors.push(mi);
            minor_strides.push(mis);
        }
        let mut ns: Nested = shape[..split].to_vec();
        ns.extend(majors);
        ns.extend(minors);
        let mut nst: Nested = strides[..split].to_vec();
        nst.extend(major_strides);
        nst.extend(minor_strides);
        shape = ns;
        strides = nst;
    }
    let fill = |v: Nested| -> Nested {
        v.into_iter()
            .map(|d| if d.is_empty() { vec![1] } else { d })
            .collect()
    };
    Some((fill(shape), fill(strides)))
}

use super::constraints::gcd;

/// Python-style negative index (`None` out of range).
fn neg(len: usize, d: i64) -> Option<usize> {
    usize::try_from(len as i64 + d).ok().filter(|&k| k < len)
}

/// Row-major multi-indices of `shape`.
fn ndindex(shape: &[i64]) -> Vec<Vec<i64>> {
    let total: i64 = shape.iter().product();
    (0..total)
        .map(|mut lin| {
            let mut idx = vec![0; shape.len()];
            for k in (0..shape.len()).rev() {
                idx[k] = lin % shape[k];
                lin /= shape[k];
            }
            idx
        })
        .collect()
}

/// Whether jaxlib's transfer planner finds a bank-conflict-free plan for
/// moving `layout` registers to/from a ref of the given nested shape.
fn plan_ok(shape: Nested, strides: Nested, layout: &Tiled, bits: i64, swizzle: i64) -> bool {
    if bits <= 0 || bits > 128 {
        return false;
    }
    let Some((tshape, tstrides)) = tile_nested(&layout.tiles, shape, strides) else {
        return false;
    };
    let n = tshape.len();
    let mut tiles_shape = tshape.clone();
    let mut tiles_strides = tstrides.clone();
    let mut parted = layout.partitioned_warp();
    parted.extend(layout.partitioned_lane());
    parted.push(layout.vector_dim);
    for d in parted {
        let Some(k) = neg(n, d) else { return false };
        tiles_shape[k] = vec![1; tiles_shape[k].len()];
        tiles_strides[k] = vec![0; tiles_strides[k].len()];
    }
    let tiles_shape: Vec<i64> = tiles_shape.concat();
    let tiles_strides: Vec<i64> = tiles_strides.concat();
    let expand = |dims: &[Dim], of: &Nested, rep: bool| -> Vec<i64> {
        dims.iter()
            .flat_map(|d| match d {
                Dim::Rep(t) => vec![if rep { *t } else { 0 }],
                Dim::Idx(x) => neg(n, *x).map(|k| of[k].clone()).unwrap_or_default(),
            })
            .collect()
    };
    let warp_shape = expand(&layout.warp, &tshape, true);
    let warp_strides = expand(&layout.warp, &tstrides, false);
    let lane_shape = expand(&layout.lane, &tshape, true);
    let lane_strides = expand(&layout.lane, &tstrides, false);
    let vector_length = layout.vector_length();
    let swizzle_tile_elems = 128 / bits;
    let swizzle_group_elems = 1024 / bits;
    let transfer_bytes = vector_length * bits / 8;
    let mut align = 0;
    for (s, d) in tiles_strides
        .iter()
        .chain(&warp_strides)
        .chain(&lane_strides)
        .zip(tiles_shape.iter().chain(&warp_shape).chain(&lane_shape))
    {
        if *d > 1 {
            align = gcd(align, *s);
        }
    }
    if align == 0 {
        return false;
    }
    if swizzle_tile_elems % align != 0 && vector_length <= align {
        return false;
    }
    if transfer_bytes > SMEM_BANK_BYTES * 4 || bits > SMEM_BANK_BYTES * 8 {
        return false;
    }
    let bank_bytes = SMEM_BANK_BYTES.min(transfer_bytes);
    if bank_bytes <= 0 {
        return false;
    }
    let num_banks = SMEM_BANKS * (SMEM_BANK_BYTES / bank_bytes);
    let elems_per_bank = bank_bytes * 8 / bits;
    let wavefronts = (transfer_bytes / bank_bytes).max(1);
    let wavefront_lanes = WARP_SIZE / wavefronts;
    let lanes = ndindex(&lane_shape);
    if lanes.len() as i64 != WARP_SIZE || elems_per_bank == 0 {
        return false;
    }
    let lane_mask: Vec<bool> = lanes
        .iter()
        .map(|idx| {
            idx.iter()
                .zip(&lane_strides)
                .all(|(i, s)| *s != 0 || *i == 0)
        })
        .collect();
    let lane_offsets: Vec<i64> = lanes
        .iter()
        .map(|idx| idx.iter().zip(&lane_strides).map(|(i, s)| i * s).sum())
        .collect();
    let tile_idxs = ndindex(&tiles_shape);
    let conflicts = |stagger: Option<(usize, i64, i64)>| -> bool {
        for tile in &tile_idxs {
            let offsets: Vec<i64> = (0..WARP_SIZE as usize)
                .map(|l| {
                    let mut idx = tile.clone();
                    if let Some((dim, amount, group_stride)) = stagger {
                        let group = (l as i64 / group_stride) % 2;
                        idx[dim] = (idx[dim] + amount * group) % tiles_shape[dim];
                    }
                    let base: i64 = idx.iter().zip(&tiles_strides).map(|(i, s)| i * s).sum();
                    base + lane_offsets[l]
                })
                .collect();
            for w in 0..wavefronts as usize {
                let mut banks = vec![];
                for j in 0..wavefront_lanes as usize {
                    let l = w * wavefront_lanes as usize + j;
                    if !lane_mask[l] {
                        continue;
                    }
                    let off = offsets[l];
                    let groups = (off / swizzle_group_elems) % (swizzle / 16);
                    let bits_x = groups * swizzle_tile_elems;
                    banks.push(((off ^ bits_x) / elems_per_bank) % num_banks);
                }
                banks.sort_unstable();
                if banks.windows(2).any(|p| p[0] == p[1]) {
                    return true;
                }
            }
        }
        false
    };
    if !conflicts(None) {
        return true;
    }
    for dim in 0..tiles_shape.len() {
        if tiles_shape[dim] <= 1 || tiles_strides[dim] % (SMEM_BANKS * elems_per_bank) == 0 {
            continue;
        }
        for group_stride in [1, 2, 4, 8, 16] {
            for amount in 1..tiles_shape[dim] {
                if !conflicts(Some((dim, amount, group_stride))) {
                    return true;
                }
            }
        }
    }
    false
}

/// The swizzle (bytes) jaxlib uses for a minor tile of `minor` elements.
pub fn swizzle_for(minor: i64, bits: i64) -> i64 {
    let tile_bits = minor * bits;
    if tile_bits % 8 != 0 {
        return 16;
    }
    match tile_bits / 8 {
        b @ (128 | 64 | 32) => b,
        _ => 16,
    }
}

/// Whether registers in `reg` (tiled; other layouts need an untiled ref)
/// move to/from an SMEM ref of `shape`/`strides` tiled by `tiling`.
pub fn smem_transfer_ok(
    tiling: Option<&[i64]>,
    reg: Option<&Tiled>,
    shape: &[i64],
    strides: &[i64],
    bits: i64,
    optimized: Optimized,
) -> bool {
    let Some(reg) = reg else {
        return tiling.is_none();
    };
    // Dynamic sizes or strides (i64::MIN) never plan a transfer.
    if shape.iter().chain(strides).any(|&x| x < 0) {
        return false;
    }
    let transposed = strides.len() >= 2 && strides[strides.len() - 1] > strides[strides.len() - 2];
    let tiling: Vec<i64> = tiling.map(|t| t.to_vec()).unwrap_or_default();
    if transposed {
        return tiling.len() == 2
            && (*reg == super::layouts::wgmma_transposed()
                || *reg == super::layouts::tcgen05_transposed());
    }
    if optimized == Optimized::No || (tiling.is_empty() && optimized == Optimized::Downgradable) {
        return true;
    }
    let (tiling, tiled_strides, swizzle) = if tiling.is_empty() {
        let Some(ts) = tile_strides(strides, shape) else {
            return false;
        };
        (shape.to_vec(), ts, 16)
    } else {
        let Some(ts) = tile_strides(strides, &tiling) else {
            return false;
        };
        let minor = &ts[ts.len() - tiling.len()..];
        let argmin = (0..minor.len()).fold(0, |b, k| if minor[k] < minor[b] { k } else { b });
        let sw = swizzle_for(tiling[argmin], bits);
        (tiling, ts, sw)
    };
    let r = tiling.len();
    let first = shape.len() - r;
    let mut nshape = vec![];
    let mut nstrides = vec![];
    for k in 0..shape.len() {
        if k >= first && tiling[k - first] != 1 {
            nshape.push(vec![shape[k] / tiling[k - first], tiling[k - first]]);
            nstrides.push(vec![tiled_strides[k], tiled_strides[k + r]]);
        } else {
            nshape.push(vec![shape[k]]);
            nstrides.push(vec![tiled_strides[k]]);
        }
    }
    plan_ok(nshape, nstrides, reg, bits, swizzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_strides_matches_jaxlibs_example() {
        // The example of jaxlib's own docstring.
        assert_eq!(
            tile_strides(&[2048, 32, 1], &[8, 4]),
            Some(vec![2048, 256, 32, 4, 1])
        );
    }
}
