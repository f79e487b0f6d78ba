//! Index maps as code: an affine index map becomes `arith` ops on `i32`
//! grid ids (what the TPU transform functions and SparseCore use), with
//! floor/ceil division and a modulo that stays non-negative, as affine
//! semantics say.

use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};
use mlir_sys::{MlirAffineExpr, MlirAffineMap};

use crate::ir::{affine_expr, affine_map_results, AffineExpr};

use super::builder::B;

/// Emits the results of `map` applied to `dims` (all `i32` or all `index`;
/// `i32` results for a map of no dims).
pub fn expand_affine_map<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    map: MlirAffineMap,
    dims: &[Value<'c, 'a>],
) -> Result<Vec<Value<'c, 'a>>, String> {
    let ty = dims.first().map(|d| d.r#type()).unwrap_or_else(|| b.i32());
    expand_affine_map_as(b, map, dims, ty)
}

/// [`expand_affine_map`] with results of type `ty`, the type of `dims`.
pub fn expand_affine_map_as<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    map: MlirAffineMap,
    dims: &[Value<'c, 'a>],
    ty: Type<'c>,
) -> Result<Vec<Value<'c, 'a>>, String> {
    affine_map_results(map)
        .into_iter()
        .map(|e| expand_expr_as(b, e, dims, ty))
        .collect()
}

/// Emits one result expression `e` of an index map applied to `dims`.
pub fn expand_expr<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    e: MlirAffineExpr,
    dims: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    let ty = dims.first().map(|d| d.r#type()).unwrap_or_else(|| b.i32());
    expand_expr_as(b, e, dims, ty)
}

fn expand_expr_as<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    e: MlirAffineExpr,
    dims: &[Value<'c, 'a>],
    ty: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let both = |l, r| -> Result<_, String> {
        Ok((
            expand_expr_as(b, l, dims, ty)?,
            expand_expr_as(b, r, dims, ty)?,
        ))
    };
    Ok(match affine_expr(e) {
        AffineExpr::Dim(p) => {
            return dims
                .get(p)
                .copied()
                .ok_or_else(|| format!("index map uses d{p} but the grid has {} dims", dims.len()))
        }
        // From the value, not from text (printing the type costs more than
        // building the op); text only for what the parser would reject.
        AffineExpr::Constant(c) if ty == b.index() => b.cidx(c),
        AffineExpr::Constant(c) if ty == b.i32() && fits(c, ty) => b.ci32(c),
        AffineExpr::Constant(c) if fits(c, ty) => {
            b.val("arith.constant", &[], ty, &[("value", b.int_attr(c, ty))])
        }
        AffineExpr::Constant(c) => b.constant(&format!("{c} : {ty}"), ty),
        AffineExpr::Symbol(_) => return Err("index maps with symbols are not supported".into()),
        AffineExpr::Add(l, r) => {
            let (l, r) = both(l, r)?;
            b.bin("arith.addi", l, r)
        }
        AffineExpr::Mul(l, r) => {
            let (l, r) = both(l, r)?;
            b.bin("arith.muli", l, r)
        }
        AffineExpr::FloorDiv(l, r) => {
            let (l, r) = both(l, r)?;
            b.bin("arith.floordivsi", l, r)
        }
        AffineExpr::CeilDiv(l, r) => {
            let (l, r) = both(l, r)?;
            b.bin("arith.ceildivsi", l, r)
        }
        AffineExpr::Mod(l, r) => {
            let (l, r) = both(l, r)?;
            // (l rem r + r) rem r keeps the result in [0, r).
            let m = b.bin("arith.remsi", l, r);
            let m = b.bin("arith.addi", m, r);
            b.bin("arith.remsi", m, r)
        }
    })
}

/// Whether `c` is in the signed range of the integer type `ty` (so that
/// the attribute built from the value is the one `c : ty` parses to).
fn fits(c: i64, ty: melior::ir::r#type::Type) -> bool {
    match crate::ir::integer_width(ty) {
        Some(64) => true,
        Some(w) if (1..64).contains(&w) => (-(1i64 << (w - 1))..(1i64 << (w - 1))).contains(&c),
        _ => false,
    }
}
