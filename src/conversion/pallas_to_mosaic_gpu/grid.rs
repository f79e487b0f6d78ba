//! The Pallas grid as the CUDA grid. Grids of up to 3 dims are left-padded
//! with 1s to 3 and reversed, so that the minor-most Pallas axis is CUDA `x`
//! (Pallas iterates row-major, CUDA column-major); program ids are the block
//! ids of the matching CUDA dims, read once at kernel entry.

use melior::ir::Value;

use crate::conversion::common::builder::B;

const DIMS: [&str; 3] = ["x", "y", "z"];

/// The CUDA grid `(x, y, z)` of a Pallas grid of at most 3 dims.
pub fn cuda_grid(grid: &[i64]) -> [i64; 3] {
    let mut cuda = [1; 3];
    for (axis, &n) in grid.iter().enumerate() {
        cuda[grid.len() - 1 - axis] = n;
    }
    cuda
}

/// The CUDA cluster `(x, y, z)` of a Pallas cluster of at most 3 dims
/// (padded and reversed like the grid).
pub fn cuda_cluster(cluster: &[i64]) -> [i64; 3] {
    cuda_grid(cluster)
}

/// The CUDA dim of Pallas axis `axis` of `rank` axes.
pub fn dim_name(rank: usize, axis: usize) -> &'static str {
    DIMS[rank - 1 - axis]
}

/// `program_id(axis)` for every grid axis, as `i32`, axis 0 first.
pub fn program_ids<'c, 'a>(b: &B<'_, 'c, 'a>, grid: &[i64]) -> Vec<Value<'c, 'a>> {
    (0..grid.len())
        .map(|axis| {
            let dim = b.attr(&format!("#gpu<dim {}>", DIMS[grid.len() - 1 - axis]));
            let id = b.val("gpu.block_id", &[], b.index(), &[("dimension", dim)]);
            b.index_cast(id, b.i32())
        })
        .collect()
}

/// The linear thread index in the CTA (`x + y * bx + z * bx * by`), as
/// `i32`, read from the thread and block dims.
pub fn linear_thread_id<'c, 'a>(b: &B<'_, 'c, 'a>) -> Value<'c, 'a> {
    let read = |op: &str, d: &str| {
        let dim = b.attr(&format!("#gpu<dim {d}>"));
        let v = b.val(op, &[], b.index(), &[("dimension", dim)]);
        b.index_cast(v, b.i32())
    };
    let tx = read("gpu.thread_id", "x");
    let bx = read("gpu.block_dim", "x");
    let ty = read("gpu.thread_id", "y");
    let xy = b.add(tx, b.mul(ty, bx));
    let by = read("gpu.block_dim", "y");
    let plane = b.mul(bx, by);
    let tz = read("gpu.thread_id", "z");
    b.add(xy, b.mul(tz, plane))
}

#[cfg(test)]
mod tests {
    use super::cuda_grid;

    #[test]
    fn minor_axis_is_x() {
        assert_eq!(super::dim_name(2, 0), "y");
        assert_eq!(cuda_grid(&[2, 3]), [3, 2, 1]);
        assert_eq!(cuda_grid(&[4]), [4, 1, 1]);
        assert_eq!(cuda_grid(&[]), [1, 1, 1]);
        assert_eq!(cuda_grid(&[2, 3, 5]), [5, 3, 2]);
    }
}
