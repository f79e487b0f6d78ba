//! Register layouts and the per-thread fragments of a warpgroup-level
//! vector: which registers each of the 128 threads of the warpgroup holds.
//!
//! * `WGSplatFragLayout<[shape]>`: every element has the same value, so a
//!   thread holds it once, as a scalar.
//! * `WGStridedFragLayout<[shape], vec>`: the row-major flattened vector is
//!   cut into `vec`-element pieces dealt round-robin to the 128 threads;
//!   register `i` of thread `t` holds elements `(i * 128 + t) * vec ..`, as a
//!   `vector<vec x T>`.

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
}

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
        Err(format!("not yet supported: register layout {text}"))
    }

    pub fn shape(&self) -> &[i64] {
        match self {
            Layout::Splat { shape } | Layout::Strided { shape, .. } => shape,
        }
    }

    /// Registers per thread.
    pub fn registers(&self) -> usize {
        match self {
            Layout::Splat { .. } => 1,
            Layout::Strided { shape, vec } => {
                (shape.iter().product::<i64>() / (vec * WARPGROUP)) as usize
            }
        }
    }

    /// The type of one register holding `elem`s.
    pub fn register_type<'c>(&self, elem: Type<'c>) -> Type<'c> {
        match self {
            Layout::Splat { .. } => elem,
            Layout::Strided { vec, .. } => ir::vector_type(&[*vec], elem),
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
