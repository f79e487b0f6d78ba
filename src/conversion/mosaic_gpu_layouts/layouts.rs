//! Register layouts and SMEM tilings as plain values: the fragment layouts
//! of jaxlib's Mosaic GPU (splat, strided, tiled with warp/lane/vector
//! dimensions), the algebra inference needs on them (tiling shapes,
//! canonical form, dropping a dimension for reductions), and their
//! `#mosaic_gpu.*` attribute text in both directions.

/// Threads in a warpgroup and lanes in a warp.
pub const WARPGROUP_SIZE: i64 = 128;
pub const WARP_SIZE: i64 = 32;

/// A warp or lane dimension of a tiled layout: an index (negative, into
/// the tiled shape) or a replication factor.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    Idx(i64),
    Rep(i64),
}

/// A layout derived from a multi-level tiling: the tiled shape's
/// dimensions `warp` go over the 4 warps, `lane` over the 32 lanes and
/// `vector_dim` into each register's vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiled {
    pub tiles: Vec<Vec<i64>>,
    pub warp: Vec<Dim>,
    pub lane: Vec<Dim>,
    pub vector_dim: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// Every thread holds the one value of a splat of this shape.
    Splat(Vec<i64>),
    /// The flattened array is spread over the warpgroup, `vec` contiguous
    /// elements per register.
    Strided(Vec<i64>, i64),
    Tiled(Tiled),
}

/// What inference assigns to a variable: a register layout, the tiling of
/// an SMEM ref (`None`: no tiling), or the layout of a TMEM ref (a tiled
/// layout whose warp dims pick TMEM's four lane quarters).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constant {
    Reg(Reg),
    Smem(Option<Vec<i64>>),
    Tmem(Tiled),
}

fn i(v: i64) -> Dim {
    Dim::Idx(v)
}

fn tiled(tiles: &[&[i64]], warp: Vec<Dim>, lane: Vec<Dim>, vector_dim: i64) -> Tiled {
    Tiled {
        tiles: tiles.iter().map(|t| t.to_vec()).collect(),
        warp,
        lane,
        vector_dim,
    }
}

/// The WGMMA accumulator fragment (PTX's wgmma 64xN D layout).
pub fn wgmma() -> Tiled {
    tiled(
        &[&[64, 8], &[16, 8], &[8, 8], &[2]],
        vec![i(-7)],
        vec![i(-3), i(-2)],
        -1,
    )
}

pub fn wgmma_8bit() -> Tiled {
    tiled(
        &[&[64, 16], &[16, 16], &[8, 16], &[4]],
        vec![i(-7)],
        vec![i(-3), i(-2)],
        -1,
    )
}

pub fn wgmma_upcast_2x() -> Tiled {
    tiled(
        &[&[64, 16], &[16, 16], &[8, 16], &[8], &[4]],
        vec![i(-8)],
        vec![i(-4), i(-2), i(-3)],
        -1,
    )
}

pub fn wgmma_upcast_4x() -> Tiled {
    tiled(
        &[&[64, 32], &[16, 32], &[8, 32], &[8]],
        vec![i(-7)],
        vec![i(-3), i(-2)],
        -1,
    )
}

pub fn wgmma_transposed() -> Tiled {
    tiled(
        &[&[64, 8], &[16, 8], &[8, 8], &[2, 2], &[2, 1]],
        vec![i(-10)],
        vec![i(-6), i(-3), i(-5)],
        -2,
    )
}

pub fn tcgen05() -> Tiled {
    tiled(
        &[&[128, 8], &[32, 8], &[8, 8], &[2]],
        vec![i(-7)],
        vec![i(-3), i(-2)],
        -1,
    )
}

pub fn tcgen05_transposed() -> Tiled {
    tiled(
        &[&[128, 8], &[32, 8], &[8, 8], &[2, 2], &[2, 1]],
        vec![i(-10)],
        vec![i(-6), i(-3), i(-5)],
        -2,
    )
}

pub fn tmem_native(vector_length: i64) -> Tiled {
    tiled(
        &[&[128, vector_length], &[32, vector_length]],
        vec![i(-4)],
        vec![i(-2)],
        -1,
    )
}

/// The register layout of TMEM's collective M=64 transfers.
pub fn m64_collective(columns: i64) -> Tiled {
    tiled(
        &[&[64, columns], &[32, columns / 2], &[8, 8], &[2]],
        vec![i(-6), i(-7)],
        vec![i(-3), i(-2)],
        -1,
    )
}

/// The register fragments of `mma.sync` for `a` elements of `bits`:
/// (lhs, rhs, accumulator).
pub fn mma_layouts(bits: i64) -> (Tiled, Tiled, Tiled) {
    let per_reg = 32 / bits.max(1);
    let (k, sub_k) = (8 * per_reg, 4 * per_reg);
    (
        Tiled {
            tiles: vec![vec![64, k], vec![16, sub_k], vec![8, sub_k], vec![per_reg]],
            warp: vec![i(-7)],
            lane: vec![i(-3), i(-2)],
            vector_dim: -1,
        },
        Tiled {
            tiles: vec![vec![k, 8], vec![sub_k, 8], vec![per_reg, 1]],
            warp: vec![Dim::Rep(4)],
            lane: vec![i(-3), i(-4)],
            vector_dim: -2,
        },
        wgmma(),
    )
}

/// Rows of TMEM.
pub const TMEM_ROWS: i64 = 128;

/// TMEM layout of 1-CTA MMAs with M=128 (and 2-CTA ones with M=256).
pub fn tmem_default(packing: i64) -> Tiled {
    tiled(
        &[&[TMEM_ROWS, packing], &[WARP_SIZE, packing]],
        vec![i(-4)],
        vec![i(-2)],
        -1,
    )
}

/// TMEM layout of 1-CTA MMAs with M=64 (`None` where jaxlib rejects the
/// columns or packing).
pub fn tmem_half_lane(columns: i64, packing: i64) -> Option<Tiled> {
    (packing <= columns / 2 && packing.count_ones() == 1 && columns % 16 == 0).then(|| {
        tiled(
            &[
                &[TMEM_ROWS / 2, columns],
                &[WARP_SIZE / 2, columns / 2],
                &[packing],
            ],
            vec![i(-5)],
            vec![i(-4), i(-3)],
            -1,
        )
    })
}

/// TMEM layout of 2-CTA MMAs with M=128.
pub fn tmem_m64_collective(columns: i64, packing: i64) -> Option<Tiled> {
    (packing <= 8 && packing.count_ones() == 1 && columns % 16 == 0).then(|| {
        tiled(
            &[
                &[TMEM_ROWS / 2, columns],
                &[WARP_SIZE, columns / 2],
                &[packing],
            ],
            vec![i(-4), i(-5)],
            vec![i(-3)],
            -1,
        )
    })
}

/// TMEM layout of MMA scales (`.scale_vec::1X`).
pub fn tmem_scales() -> Tiled {
    tiled(
        &[&[TMEM_ROWS, 4], &[TMEM_ROWS / 4, 1]],
        vec![Dim::Rep(4)],
        vec![i(-2)],
        -3,
    )
}

/// TMEM layout of B scales of 2-CTA MMAs with M=64 per CTA.
pub fn tmem_b_scales_m64_collective() -> Tiled {
    tiled(
        &[&[TMEM_ROWS * 2, 4], &[TMEM_ROWS, 4], &[TMEM_ROWS / 4, 4]],
        vec![Dim::Rep(2), i(-6)],
        vec![i(-2)],
        -1,
    )
}

/// TMEM layout of A's sparsity metadata.
pub fn tmem_sparse_meta() -> Tiled {
    tiled(
        &[&[TMEM_ROWS, 16], &[TMEM_ROWS / 4, 1], &[16, 1], &[8, 1]],
        vec![i(-8)],
        vec![i(-2), i(-4), i(-6)],
        -7,
    )
}

/// The TMEM layout jaxlib gives a ref of `shape` (MMA accumulators and
/// fresh allocations).
pub fn tmem_for(shape: &[i64], collective: bool, packing: i64) -> Option<Tiled> {
    if shape.len() != 2 || packing > 8 || packing.count_ones() != 1 || shape[1] % packing != 0 {
        return None;
    }
    match shape[0] {
        TMEM_ROWS => Some(tmem_default(packing)),
        r if r == TMEM_ROWS / 2 && collective => tmem_m64_collective(shape[1], packing),
        r if r == TMEM_ROWS / 2 => tmem_half_lane(shape[1], packing),
        _ => None,
    }
}

/// TMA gather/scatter row indices.
pub fn tma_indices() -> Tiled {
    tiled(&[&[16], &[4]], vec![i(-2)], vec![Dim::Rep(32)], -1)
}

pub fn tma_indices_4() -> Tiled {
    tiled(&[&[4]], vec![Dim::Rep(4)], vec![Dim::Rep(32)], -1)
}

/// The shape after applying every tile of `tiles` to `shape`, or `None`
/// when a tile does not divide it.
pub fn tile_shape(tiles: &[Vec<i64>], shape: &[i64]) -> Option<Vec<i64>> {
    let mut shape = shape.to_vec();
    for tile in tiles {
        if tile.len() > shape.len() {
            return None;
        }
        let split = shape.len() - tile.len();
        let (untiled, dims) = shape.split_at(split);
        if dims.iter().zip(tile).any(|(s, t)| s % t != 0) {
            return None;
        }
        let mut next = untiled.to_vec();
        next.extend(dims.iter().zip(tile).map(|(d, t)| d / t));
        next.extend(tile);
        shape = next;
    }
    Some(shape)
}

/// Strides after tiling (each tiled dimension splits into an outer one of
/// stride `s * t` and an inner one of stride `s`).
pub fn tile_strides_by(tiles: &[Vec<i64>], strides: &[i64]) -> Vec<i64> {
    let mut strides = strides.to_vec();
    for tile in tiles {
        let split = strides.len() - tile.len();
        let (untiled, dims) = strides.split_at(split);
        let mut next = untiled.to_vec();
        next.extend(dims.iter().zip(tile).map(|(s, t)| s * t));
        next.extend(dims);
        strides = next;
    }
    strides
}

/// Drops tiles that do not subdivide anything and leading unit dims of
/// tiles (the first tile stays).
fn canonical_tiling(tiles: &[Vec<i64>]) -> Vec<Vec<i64>> {
    if tiles.len() <= 1 {
        return tiles.to_vec();
    }
    let mut shape = tiles[0].clone();
    let mut out = vec![tiles[0].clone()];
    for tile in &tiles[1..] {
        let canon = match tile.iter().position(|&d| d != 1) {
            Some(p) => tile[p..].to_vec(),
            None => vec![1],
        };
        let dims = &shape[shape.len().saturating_sub(canon.len())..];
        if dims == canon.as_slice() {
            continue;
        }
        shape = canon.clone();
        out.push(canon);
    }
    out
}

fn remove_tiling_dim(tiles: &[Vec<i64>], dim: usize) -> Vec<Vec<i64>> {
    let mut dim_in_tile = dim as i64;
    let mut last_rank = tiles[0].len() as i64;
    let mut out = vec![];
    for t in tiles {
        dim_in_tile -= last_rank - t.len() as i64;
        last_rank = t.len() as i64;
        let mut t = t.clone();
        if dim_in_tile >= 0 && (dim_in_tile as usize) < t.len() {
            t.remove(dim_in_tile as usize);
        }
        if t.is_empty() {
            break;
        }
        out.push(t);
    }
    out
}

/// Which dimensions of the tiled shape come from input dimension `dim`.
fn tile_dimension(tiles: &[Vec<i64>], dim: usize) -> Vec<bool> {
    let mut strides = vec![1; tiles[0].len()];
    strides[dim] = 0;
    tile_strides_by(tiles, &strides)
        .into_iter()
        .map(|s| s == 0)
        .collect()
}

/// Python-style negative index into a slice (the default when out of
/// range, which only malformed layouts reach).
fn at<T: Copy + Default>(v: &[T], d: i64) -> T {
    usize::try_from(v.len() as i64 + d)
        .ok()
        .and_then(|k| v.get(k).copied())
        .unwrap_or_default()
}

impl Tiled {
    pub fn base_tile_shape(&self) -> &[i64] {
        &self.tiles[0]
    }

    /// The suffix the tiling gives every shape it applies to.
    pub fn tiled_tiling_shape(&self) -> Vec<i64> {
        let base = self.base_tile_shape();
        let full = tile_shape(&self.tiles, base).unwrap_or_default();
        full[base.len().min(full.len())..].to_vec()
    }

    pub fn vector_length(&self) -> i64 {
        at(&self.tiled_tiling_shape(), self.vector_dim)
    }

    pub fn partitioned_warp(&self) -> Vec<i64> {
        partitioned(&self.warp)
    }

    pub fn partitioned_lane(&self) -> Vec<i64> {
        partitioned(&self.lane)
    }

    pub fn applies_to(&self, shape: &[i64]) -> bool {
        tile_shape(&self.tiles, shape).is_some()
    }

    fn canonicalize(&self) -> Tiled {
        let canon = canonical_tiling(&self.tiles);
        let base = self.base_tile_shape();
        let tts = self.tiled_tiling_shape();
        let ctts = tile_shape(&canon, base).unwrap_or_default()[base.len()..].to_vec();
        let mut offset = ctts.len() as i64 - 1;
        let mut rev_removed = vec![];
        for &d in tts.iter().rev() {
            if offset >= 0 && d == ctts[offset as usize] {
                rev_removed.push(false);
                offset -= 1;
            } else {
                rev_removed.push(true);
            }
        }
        // Offsets, indexed like the tiled shape: removed dims at or after
        // each position.
        let mut cum = vec![];
        let mut acc = 0;
        for r in &rev_removed {
            acc += *r as i64;
            cum.push(acc);
        }
        cum.reverse();
        let replace = |d: &Dim| match d {
            Dim::Rep(_) => d.clone(),
            Dim::Idx(x) => Dim::Idx(x + at(&cum, *x)),
        };
        let nontrivial = |d: &&Dim| match d {
            Dim::Rep(_) => true,
            Dim::Idx(x) => at(&tts, *x) != 1,
        };
        Tiled {
            tiles: canon,
            warp: self.warp.iter().filter(nontrivial).map(replace).collect(),
            lane: self.lane.iter().filter(nontrivial).map(replace).collect(),
            vector_dim: self.vector_dim + at(&cum, self.vector_dim),
        }
    }

    fn remove_dimension(&self, dim: usize) -> Tiled {
        if dim >= self.base_tile_shape().len() {
            return self.clone();
        }
        let mut new_tiles = remove_tiling_dim(&self.tiles, dim);
        let tts = self.tiled_tiling_shape();
        let removed = tile_dimension(&self.tiles, dim);
        // The tiled suffix only: the base tile's own dims come first.
        let removed = removed[removed.len() - tts.len()..].to_vec();
        let mut offsets: Vec<i64> = vec![];
        let mut acc = 0;
        for r in removed.iter().rev() {
            acc += *r as i64;
            offsets.push(acc);
        }
        offsets.reverse();
        let new_vector_dim;
        if at(&removed, self.vector_dim) {
            new_tiles.push(vec![1]);
            new_vector_dim = -1;
            for o in offsets.iter_mut() {
                *o -= 1;
            }
        } else {
            new_vector_dim = self.vector_dim + at(&offsets, self.vector_dim);
        }
        let replace = |d: &Dim| match d {
            Dim::Rep(_) => d.clone(),
            Dim::Idx(x) if at(&removed, *x) => Dim::Rep(at(&tts, *x)),
            Dim::Idx(x) => Dim::Idx(x + at(&offsets, *x)),
        };
        Tiled {
            tiles: new_tiles,
            warp: self.warp.iter().map(replace).collect(),
            lane: self.lane.iter().map(replace).collect(),
            vector_dim: new_vector_dim,
        }
        .canonicalize()
    }

    /// Whether jaxlib would build this layout: tiles of decreasing rank
    /// with positive sizes, distinct negative dims inside the tiled shape,
    /// 4 warps and 32 lanes, and the canonical form.
    pub fn is_valid(&self) -> bool {
        let Some(first) = self.tiles.first() else {
            return false;
        };
        let mut rank = first.len();
        for t in &self.tiles {
            if t.is_empty() || t.len() > rank || t.iter().any(|&d| d <= 0) {
                return false;
            }
            rank = t.len();
        }
        let Some(full) = tile_shape(&self.tiles, first) else {
            return false;
        };
        let tiled_rank = (full.len() - first.len()) as i64;
        let mut dims = self.partitioned_warp();
        dims.extend(self.partitioned_lane());
        dims.push(self.vector_dim);
        let mut sorted = dims.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != dims.len() || dims.iter().any(|&d| d >= 0 || d < -tiled_rank) {
            return false;
        }
        let product = |ds: &[Dim]| -> i64 {
            ds.iter()
                .map(|d| match d {
                    Dim::Rep(t) => *t,
                    Dim::Idx(x) => at(&full, *x),
                })
                .product()
        };
        product(&self.warp) == WARPGROUP_SIZE / WARP_SIZE
            && product(&self.lane) == WARP_SIZE
            && self.canonicalize() == *self
    }

    /// The layout of the result of reducing `axes` (of the base tile).
    pub fn reduce(&self, axes: &[i64]) -> Tiled {
        let mut sorted = axes.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let mut out = self.clone();
        for a in sorted {
            out = out.remove_dimension(a as usize);
        }
        out
    }
}

fn partitioned(dims: &[Dim]) -> Vec<i64> {
    dims.iter()
        .filter_map(|d| match d {
            Dim::Idx(x) => Some(*x),
            Dim::Rep(_) => None,
        })
        .collect()
}

/// The strided layout jaxlib picks by default for a vector shape: the
/// widest vector of at most 8 bytes that divides the elements evenly over
/// the warpgroup (`None`: none does).
pub fn strided_for(shape: &[i64], bitwidth: i64) -> Option<Reg> {
    if bitwidth <= 0 || bitwidth % 8 != 0 {
        return None;
    }
    let bytes = bitwidth / 8;
    let size = shape.iter().fold(1i64, |a, &b| a.wrapping_mul(b));
    if size <= 0 || size % WARPGROUP_SIZE != 0 {
        return None;
    }
    let mut vec = (8 / bytes).min(size / WARPGROUP_SIZE);
    while vec > 0 && size % (vec * WARPGROUP_SIZE) != 0 {
        vec /= 2;
    }
    (vec > 0).then(|| Reg::Strided(shape.to_vec(), vec))
}

/// Whether a strided `src` broadcasts to `dst` along `dims` (only leading
/// dimensions may be added or expanded).
pub fn strided_broadcast_ok(src: &Reg, dst: &Reg, dims: &[i64]) -> bool {
    let (Reg::Strided(ss, sv), Reg::Strided(ds, dv)) = (src, dst) else {
        return false;
    };
    if sv != dv || ss.len() > ds.len() {
        return false;
    }
    let expect: Vec<i64> = ((ds.len() - ss.len()) as i64..ds.len() as i64).collect();
    if dims != expect.as_slice() {
        return false;
    }
    let mut expanded = vec![];
    let mut preserved = vec![];
    for (k, &d) in ss.iter().enumerate() {
        let target = usize::try_from(dims[k]).ok().and_then(|t| ds.get(t));
        if d == 1 && target.is_some_and(|&t| t > 1) {
            expanded.push(k);
        }
        if d > 1 {
            preserved.push(k);
        }
    }
    match (expanded.iter().max(), preserved.iter().min()) {
        (Some(e), Some(p)) => e < p,
        _ => true,
    }
}

fn list(v: &[i64]) -> String {
    format!(
        "[{}]",
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn dims_text(v: &[Dim]) -> String {
    let parts: Vec<String> = v
        .iter()
        .map(|d| match d {
            Dim::Idx(x) => x.to_string(),
            Dim::Rep(t) => format!("#mosaic_gpu.Replicated<times = {t}>"),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

impl Reg {
    /// The `#mosaic_gpu.*` attribute text of the layout.
    pub fn attr_text(&self) -> String {
        match self {
            Reg::Splat(s) => format!("#mosaic_gpu.WGSplatFragLayout<{}>", list(s)),
            Reg::Strided(s, v) => format!("#mosaic_gpu.WGStridedFragLayout<{}, {v}>", list(s)),
            Reg::Tiled(t) => {
                format!(
                "#mosaic_gpu.TiledLayout<[{}], warp_dims = {}, lane_dims = {}, vector_dim = {}>",
                t.tiles.iter().map(|x| list(x)).collect::<Vec<_>>().join(", "),
                dims_text(&t.warp),
                dims_text(&t.lane),
                t.vector_dim
            )
            }
        }
    }

    /// Whether the layout may be given to a vector of `shape`.
    pub fn fits(&self, shape: &[i64]) -> bool {
        match self {
            Reg::Splat(s) | Reg::Strided(s, _) => s == shape,
            Reg::Tiled(t) => t.applies_to(shape),
        }
    }

    pub fn is_tiled(&self) -> bool {
        matches!(self, Reg::Tiled(_))
    }
}

/// Why `layout_cast` cannot give a vector of `shape` the layout `text`
/// (what jaxlib rejects too): the layout does not apply to the shape; `None`
/// when it can. Asked by the layout inference of every cast, and by
/// `convert-pallas-to-mosaic-gpu` of a `pallas.layout_cast` before it
/// builds one.
pub fn cast_mismatch(text: &str, shape: &[i64]) -> Option<String> {
    let fits = parse_reg(text).is_some_and(|layout| layout.fits(shape));
    (!fits).then(|| {
        format!(
            "cannot cast to layout {text}: it does not apply to the operand shape {shape:?} (jaxlib rejects it too)"
        )
    })
}

/// A small reader of the attribute text [`Reg::attr_text`] writes (and
/// MLIR prints): `None` for anything else.
pub fn parse_reg(text: &str) -> Option<Reg> {
    let text = text.trim();
    let nums = |s: &str| -> Option<Vec<i64>> {
        let s = s.trim().strip_prefix('[')?.strip_suffix(']')?;
        if s.trim().is_empty() {
            return Some(vec![]);
        }
        s.split(',').map(|x| x.trim().parse().ok()).collect()
    };
    if let Some(body) = text
        .strip_prefix("#mosaic_gpu.WGSplatFragLayout<")
        .and_then(|b| b.strip_suffix('>'))
    {
        return nums(body).map(Reg::Splat);
    }
    if let Some(body) = text
        .strip_prefix("#mosaic_gpu.WGStridedFragLayout<")
        .and_then(|b| b.strip_suffix('>'))
    {
        let (shape, vec) = body.rsplit_once(',')?;
        return Some(Reg::Strided(nums(shape)?, vec.trim().parse().ok()?));
    }
    let body = text
        .strip_prefix("#mosaic_gpu.TiledLayout<")?
        .strip_suffix('>')?;
    let (tiles, rest) = body.split_once(", warp_dims = ")?;
    let (warp, rest) = rest.split_once(", lane_dims = ")?;
    let (lane, vector) = rest.split_once(", vector_dim = ")?;
    let tiles = tiles.trim().strip_prefix('[')?.strip_suffix(']')?;
    let mut tile_list = vec![];
    for part in tiles.split(']') {
        let part = part.trim().trim_start_matches(',').trim();
        if part.is_empty() {
            continue;
        }
        tile_list.push(nums(&format!("{part}]"))?);
    }
    let dims = |s: &str| -> Option<Vec<Dim>> {
        let s = s.trim().strip_prefix('[')?.strip_suffix(']')?;
        let mut out = vec![];
        for p in s.split(',') {
            let p = p.trim();
            if p.is_empty() {
                continue;
            }
            if let Some(t) = p
                .strip_prefix("#mosaic_gpu.Replicated<times = ")
                .and_then(|t| t.strip_suffix('>'))
            {
                out.push(Dim::Rep(t.trim().parse().ok()?));
            } else {
                out.push(Dim::Idx(p.parse().ok()?));
            }
        }
        Some(out)
    };
    Some(Reg::Tiled(Tiled {
        tiles: tile_list,
        warp: dims(warp)?,
        lane: dims(lane)?,
        vector_dim: vector.trim().parse().ok()?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wgmma_reductions_are_jaxlibs_row_and_column_layouts() {
        // jaxlib 0.10.2's WGMMA_ROW_LAYOUT and WGMMA_COL_LAYOUT, as printed
        // in its .layouts.mlir output for reductions over columns / rows.
        assert_eq!(
            Reg::Tiled(wgmma().reduce(&[1])).attr_text(),
            "#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>"
        );
        assert_eq!(
            Reg::Tiled(wgmma().reduce(&[0])).attr_text(),
            "#mosaic_gpu.TiledLayout<[[8], [2]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [#mosaic_gpu.Replicated<times = 8>, -2], vector_dim = -1>"
        );
    }

    #[test]
    fn jaxlibs_layouts_are_valid_and_a_bad_warp_dim_is_not() {
        for t in [
            wgmma(),
            wgmma_transposed(),
            tcgen05(),
            tmem_default(1),
            wgmma().reduce(&[0]),
        ] {
            assert!(t.is_valid(), "{t:?}");
        }
        // jaxlib: "Dimension out of range" for this TMEM layout cast.
        let bad = tiled(
            &[&[128, 8], &[32, 8], &[8, 8], &[1]],
            vec![i(-8)],
            vec![i(-4), i(-3)],
            -1,
        );
        assert!(!bad.is_valid());
    }

    #[test]
    fn attribute_text_round_trips() {
        for l in [
            Reg::Tiled(wgmma().reduce(&[0])),
            Reg::Tiled(wgmma_transposed()),
            Reg::Strided(vec![1, 32, 128], 4),
            Reg::Splat(vec![64, 192]),
        ] {
            assert_eq!(parse_reg(&l.attr_text()), Some(l));
        }
    }

    #[test]
    fn default_strided_vectors() {
        assert_eq!(
            strided_for(&[64, 128], 32),
            Some(Reg::Strided(vec![64, 128], 2))
        );
        assert_eq!(
            strided_for(&[1, 32, 128], 16),
            Some(Reg::Strided(vec![1, 32, 128], 4))
        );
        assert_eq!(strided_for(&[64], 32), None);
    }
}
