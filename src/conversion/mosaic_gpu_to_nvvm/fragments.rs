//! Register layouts and the per-thread fragments of a warpgroup-level
//! vector: which registers each of the 128 threads of the warpgroup holds.
//!
//! * `WGSplatFragLayout<[shape]>`: every element has the same value, so a
//!   thread holds it once, as a scalar.
//! * `WGStridedFragLayout<[shape], vec>`: the row-major flattened vector is
//!   cut into `vec`-element pieces dealt round-robin to the 128 threads;
//!   register `i` of thread `t` holds elements `(i * 128 + t) * vec ..`, as a
//!   `vector<vec x T>`.
//! * The WGMMA layout (`TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], ...>`,
//!   what WGMMA accumulators use) of an `M x N` vector: per 64-row block
//!   `mb` and 8-column group `i`, thread `t` (warp `w`, lane `l` of its
//!   warpgroup) holds two registers `vector<2 x T>`, `h = 0, 1`, at row
//!   `mb * 64 + w * 16 + l / 4 + 8 * h`, columns `i * 8 + (l % 4) * 2 ..`;
//!   registers are ordered `[mb][i][h]`.
//! * Its row layout (`TiledLayout<[[64], [16], [8], [1]], ...>`, what a
//!   reduction of a WGMMA-layout vector along its columns gives): of an `M`
//!   vector, thread `t` holds the elements of the rows it holds in the WGMMA
//!   layout, one `vector<1 x T>` per 64-row block `mb` and `h = 0, 1`
//!   (the four lanes of a row hold copies); registers ordered `[mb][h]`.
//! * Its column layout (`TiledLayout<[[8], [2]], ...>`): of an `N` vector,
//!   thread `t` holds the columns it holds in the WGMMA layout, one
//!   `vector<2 x T>` per 8-column group `i` (columns `i * 8 + (l % 4) * 2
//!   ..`), the same in every warp and every lane `l` with the same `l % 4`.

use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::Value;

use crate::ir;

/// Threads of a warpgroup, the unit of warpgroup semantics.
pub(super) const WARPGROUP: i64 = 128;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Splat { shape: Vec<i64> },
    Strided { shape: Vec<i64>, vec: i64 },
    Wgmma { shape: Vec<i64> },
    WgmmaRow { shape: Vec<i64> },
    WgmmaCol { shape: Vec<i64> },
}

/// The text of the WGMMA register layout.
const WGMMA_LAYOUT: &str = "#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = \
                            [-7], lane_dims = [-3, -2], vector_dim = -1>";

/// The text of the row layout of the WGMMA layout.
const WGMMA_ROW_LAYOUT: &str = "#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], \
                                lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = \
                                -1>";

/// The text of the column layout of the WGMMA layout.
const WGMMA_COL_LAYOUT: &str = "#mosaic_gpu.TiledLayout<[[8], [2]], warp_dims = \
                                [#mosaic_gpu.Replicated<times = 4>], lane_dims = \
                                [#mosaic_gpu.Replicated<times = 8>, -2], vector_dim = -1>";

/// The per-thread registers of one vector value.
#[derive(Clone)]
pub(crate) struct Frag<'c, 'a> {
    pub layout: Layout,
    pub regs: Vec<Value<'c, 'a>>,
}

fn int_list(text: &str) -> Option<Vec<i64>> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    if inner.trim().is_empty() {
        return Some(vec![]);
    }
    inner.split(',').map(|s| s.trim().parse().ok()).collect()
}

impl Layout {
    /// The layout an attribute of `in_layouts`/`out_layouts` names.
    pub fn parse(a: Attribute) -> Result<Self, String> {
        let text = a.to_string();
        if let Some(rest) = text.strip_prefix("#mosaic_gpu.WGSplatFragLayout<") {
            let shape = rest
                .strip_suffix('>')
                .and_then(int_list)
                .ok_or_else(|| format!("malformed layout {text}"))?;
            return Ok(Layout::Splat { shape });
        }
        if let Some(rest) = text.strip_prefix("#mosaic_gpu.WGStridedFragLayout<") {
            let body = rest
                .strip_suffix('>')
                .ok_or_else(|| format!("malformed layout {text}"))?;
            let (shape, vec) = body
                .rsplit_once(',')
                .ok_or_else(|| format!("malformed layout {text}"))?;
            let shape = int_list(shape).ok_or_else(|| format!("malformed layout {text}"))?;
            let vec: i64 = vec
                .trim()
                .parse()
                .map_err(|_| format!("malformed layout {text}"))?;
            let n: i64 = shape.iter().product();
            if vec <= 0 || n % (vec * WARPGROUP) != 0 {
                return Err(format!(
                    "layout {text}: {n} elements do not split into {vec}-element pieces over \
                     {WARPGROUP} threads"
                ));
            }
            return Ok(Layout::Strided { shape, vec });
        }
        if text == WGMMA_LAYOUT {
            // The shape comes with the value ([`Layout::shaped`]).
            return Ok(Layout::Wgmma { shape: vec![] });
        }
        if text == WGMMA_ROW_LAYOUT {
            return Ok(Layout::WgmmaRow { shape: vec![] });
        }
        if text == WGMMA_COL_LAYOUT {
            return Ok(Layout::WgmmaCol { shape: vec![] });
        }
        Err(format!("not yet supported: register layout {text}"))
    }

    /// The layout of a vector of `shape`; checks that they agree.
    pub fn shaped(self, shape: &[i64]) -> Result<Self, String> {
        match self {
            Layout::Wgmma { .. } => {
                if shape.len() != 2 || shape[0] % 64 != 0 || shape[1] % 8 != 0 {
                    return Err(unsupported_shape(shape));
                }
                Ok(Layout::Wgmma {
                    shape: shape.to_vec(),
                })
            }
            Layout::WgmmaRow { .. } => {
                if shape.len() != 1 || shape[0] % 64 != 0 {
                    return Err(unsupported_shape(shape));
                }
                Ok(Layout::WgmmaRow {
                    shape: shape.to_vec(),
                })
            }
            Layout::WgmmaCol { .. } => {
                if shape.len() != 1 || shape[0] % 8 != 0 {
                    return Err(unsupported_shape(shape));
                }
                Ok(Layout::WgmmaCol {
                    shape: shape.to_vec(),
                })
            }
            l if l.shape() == shape => Ok(l),
            l => Err(format!(
                "layout {l:?} does not fit a vector of shape {shape:?}"
            )),
        }
    }

    pub fn shape(&self) -> &[i64] {
        match self {
            Layout::Splat { shape }
            | Layout::Strided { shape, .. }
            | Layout::Wgmma { shape }
            | Layout::WgmmaRow { shape }
            | Layout::WgmmaCol { shape } => shape,
        }
    }

    /// Registers per thread.
    pub fn registers(&self) -> usize {
        match self {
            Layout::Splat { .. } => 1,
            Layout::Strided { shape, vec } => {
                (shape.iter().product::<i64>() / (vec * WARPGROUP)) as usize
            }
            Layout::Wgmma { shape } => (shape[0] / 64 * shape[1] / 8 * 2) as usize,
            Layout::WgmmaRow { shape } => (shape[0] / 64 * 2) as usize,
            Layout::WgmmaCol { shape } => (shape[0] / 8) as usize,
        }
    }

    /// The type of one register holding `elem`s.
    pub fn register_type<'c>(&self, elem: Type<'c>) -> Type<'c> {
        match self {
            Layout::Splat { .. } => elem,
            Layout::Strided { vec, .. } => ir::vector_type(&[*vec], elem),
            Layout::Wgmma { .. } => ir::vector_type(&[2], elem),
            Layout::WgmmaRow { .. } => ir::vector_type(&[1], elem),
            Layout::WgmmaCol { .. } => ir::vector_type(&[2], elem),
        }
    }
}

/// The layouts of attribute `name` (`in_layouts`/`out_layouts`) of `op`.
pub(super) fn layouts(op: &OperationRef, name: &str) -> Result<Vec<Layout>, String> {
    let a = op
        .attribute(name)
        .map_err(|_| format!("has no `{name}`: run layout inference first"))?;
    ir::array_elements(a)
        .into_iter()
        .map(Layout::parse)
        .collect()
}

/// The one layout of `name`, for ops with one vector operand or result.
pub(super) fn single_layout(op: &OperationRef, name: &str) -> Result<Layout, String> {
    let mut ls = layouts(op, name)?;
    if ls.len() != 1 {
        return Err(format!(
            "expected one entry in `{name}`, found {}",
            ls.len()
        ));
    }
    Ok(ls.remove(0))
}

fn unsupported_shape(shape: &[i64]) -> String {
    format!(
        "not yet supported: the WGMMA register layouts on a vector of shape {shape:?} (they \
         take M x N, M or N, with M a multiple of 64 and N of 8)"
    )
}

/// The one layout of `name` for a vector of `shape`.
pub(super) fn single_layout_of(
    op: &OperationRef,
    name: &str,
    shape: &[i64],
) -> Result<Layout, String> {
    single_layout(op, name)?.shaped(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_per_thread() {
        // By hand: 64x128 / (128 threads x 2) = 32; a 128x128 WGMMA
        // fragment is 2 row blocks x 16 column groups x 2 halves; a row
        // layout of 64 is one block x 2 halves; a column layout of 256 is
        // 32 column groups.
        let strided = Layout::Strided {
            shape: vec![64, 128],
            vec: 2,
        };
        assert_eq!(strided.registers(), 32);
        let wgmma = Layout::Wgmma { shape: vec![] }.shaped(&[128, 128]).unwrap();
        assert_eq!(wgmma.registers(), 64);
        let row = Layout::WgmmaRow { shape: vec![] }.shaped(&[64]).unwrap();
        assert_eq!(row.registers(), 2);
        let col = Layout::WgmmaCol { shape: vec![] }.shaped(&[256]).unwrap();
        assert_eq!(col.registers(), 32);
        assert_eq!(
            Layout::Splat {
                shape: vec![64, 128]
            }
            .registers(),
            1
        );
    }

    #[test]
    fn shapes_that_do_not_fit() {
        assert!(Layout::Wgmma { shape: vec![] }.shaped(&[32, 8]).is_err());
        assert!(Layout::Wgmma { shape: vec![] }.shaped(&[64, 12]).is_err());
        assert!(Layout::WgmmaRow { shape: vec![] }.shaped(&[64, 8]).is_err());
        assert!(Layout::WgmmaCol { shape: vec![] }.shaped(&[12]).is_err());
        let strided = Layout::Strided {
            shape: vec![64, 128],
            vec: 2,
        };
        assert!(strided.shaped(&[128, 64]).is_err());
    }

    #[test]
    fn integer_lists() {
        assert_eq!(int_list("[64, 128]"), Some(vec![64, 128]));
        assert_eq!(int_list("[]"), Some(vec![]));
        assert_eq!(int_list("[64, x]"), None);
        assert_eq!(int_list("64"), None);
    }
}
