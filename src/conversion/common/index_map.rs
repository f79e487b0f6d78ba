//! Index maps as code: an affine index map becomes `arith` ops on `i32`
//! grid ids (what the TPU transform functions and SparseCore use), with
//! floor/ceil division and a modulo that stays non-negative, as affine
//! semantics say.

use melior::ir::{Value, ValueLike};
use mlir_sys::*;

use super::builder::B;

/// Emits the results of `map` applied to `dims` (all `i32` or all `index`).
pub fn expand_affine_map<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    map: MlirAffineMap,
    dims: &[Value<'c, 'a>],
) -> Result<Vec<Value<'c, 'a>>, String> {
    let n = unsafe { mlirAffineMapGetNumResults(map) } as usize;
    (0..n)
        .map(|i| expand_expr(b, unsafe { mlirAffineMapGetResult(map, i as isize) }, dims))
        .collect()
}

fn expand_expr<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    e: MlirAffineExpr,
    dims: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    let ty = dims.first().map(|d| d.r#type()).unwrap_or_else(|| b.i32());
    unsafe {
        if mlirAffineExprIsADim(e) {
            let p = mlirAffineDimExprGetPosition(e) as usize;
            return dims.get(p).copied().ok_or_else(|| {
                format!("index map uses d{p} but the grid has {} dims", dims.len())
            });
        }
        if mlirAffineExprIsAConstant(e) {
            return Ok(b.constant(&format!("{} : {ty}", mlirAffineConstantExprGetValue(e)), ty));
        }
        if mlirAffineExprIsASymbol(e) {
            return Err("index maps with symbols are not supported".into());
        }
        let lhs = expand_expr(b, mlirAffineBinaryOpExprGetLHS(e), dims)?;
        let rhs = expand_expr(b, mlirAffineBinaryOpExprGetRHS(e), dims)?;
        Ok(if mlirAffineExprIsAAdd(e) {
            b.bin("arith.addi", lhs, rhs)
        } else if mlirAffineExprIsAMul(e) {
            b.bin("arith.muli", lhs, rhs)
        } else if mlirAffineExprIsAFloorDiv(e) {
            b.bin("arith.floordivsi", lhs, rhs)
        } else if mlirAffineExprIsACeilDiv(e) {
            b.bin("arith.ceildivsi", lhs, rhs)
        } else {
            // mod: (l rem r + r) rem r keeps the result in [0, r).
            let r = b.bin("arith.remsi", lhs, rhs);
            let r = b.bin("arith.addi", r, rhs);
            b.bin("arith.remsi", r, rhs)
        })
    }
}
