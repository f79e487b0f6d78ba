//! Arithmetic on floats of at most 8 bits (f8E4M3FN, f8E5M2, f4E2M1FN, ...)
//! on the CPU.
//!
//! LLVM has none of these types: in memory they are bytes, and every op that
//! computes on them is rewritten here, after the conversion, to compute in
//! f32 and round its float results back to the narrow type, one op at a
//! time (what XLA's CPU backend does, so JAX's interpret mode rounds after
//! every op too). An f32 result of +, -, *, / or sqrt on two such values
//! rounds once more to the narrow type without double-rounding error (f32
//! carries more than twice their precision plus two bits).
//!
//! The conversions themselves are integer and f32 arithmetic on whole
//! vectors (no runtime library): widening decodes the bit fields; narrowing
//! rounds to nearest, ties to even (f32 addition of a power of two does it
//! in the subnormal range, a carry-propagating add on the bits above it),
//! then overflows to infinity or NaN as the format has them, as LLVM's
//! APFloat and ml_dtypes do.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{result_of, B};
use crate::conversion::framework::OwnedRewriter;
use crate::ir;

/// What a format does with the encodings past its largest finite value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    /// IEEE-like: the all-ones exponent holds infinities (mantissa 0) and NaNs.
    Ieee,
    /// "FN": no infinity; only the all-ones magnitude is NaN.
    AllOnesNan,
    /// "FNUZ": no infinity, no negative zero; the sign bit alone is NaN.
    NegativeZeroNan,
    /// The 4- and 6-bit "FN" formats: every encoding is finite; past the
    /// largest value (infinity included) saturates, NaN becomes -0 (as
    /// XLA and ml_dtypes convert).
    Finite,
    /// f8E8M0FNU: powers of two 2^(e - 127) only (no sign, no zero), 0xFF
    /// NaN; see [`extf_e8m0`] / [`truncf_e8m0`].
    PowerOfTwo,
}

/// A small binary float format: sign, `exp` exponent bits, `man` mantissa
/// bits, exponent bias `bias`.
#[derive(Clone, Copy)]
struct Format {
    exp: u32,
    man: u32,
    bias: i32,
    special: Special,
}

impl Format {
    fn of(ty: Type) -> Option<Format> {
        let (exp, man, bias, special) = match ty.to_string().as_str() {
            "f8E5M2" => (5, 2, 15, Special::Ieee),
            "f8E4M3" => (4, 3, 7, Special::Ieee),
            "f8E3M4" => (3, 4, 3, Special::Ieee),
            "f8E4M3FN" => (4, 3, 7, Special::AllOnesNan),
            "f8E4M3FNUZ" => (4, 3, 8, Special::NegativeZeroNan),
            "f8E5M2FNUZ" => (5, 2, 16, Special::NegativeZeroNan),
            "f8E4M3B11FNUZ" => (4, 3, 11, Special::NegativeZeroNan),
            "f4E2M1FN" => (2, 1, 1, Special::Finite),
            "f6E2M3FN" => (2, 3, 1, Special::Finite),
            "f6E3M2FN" => (3, 2, 3, Special::Finite),
            "f8E8M0FNU" => (8, 0, 127, Special::PowerOfTwo),
            _ => return None,
        };
        Some(Format {
            exp,
            man,
            bias,
            special,
        })
    }

    fn width(&self) -> u32 {
        let sign = u32::from(self.special != Special::PowerOfTwo);
        sign + self.exp + self.man
    }

    /// The exponent of the smallest normal value.
    fn emin(&self) -> i32 {
        1 - self.bias
    }

    /// The largest finite value.
    fn max(&self) -> f64 {
        let all_ones = (1i32 << self.exp) - 1;
        let (e, m) = match self.special {
            Special::Ieee => (all_ones - 1, (1u32 << self.man) - 1),
            Special::AllOnesNan => (all_ones, (1u32 << self.man) - 2),
            Special::NegativeZeroNan | Special::Finite => (all_ones, (1u32 << self.man) - 1),
            Special::PowerOfTwo => (all_ones - 1, 0),
        };
        (1.0 + m as f64 / (1u32 << self.man) as f64) * 2f64.powi(e - self.bias)
    }
}

/// Whether `ty` is a float type of at most 8 bits.
pub fn narrow(ty: Type) -> bool {
    ir::is_float(ty) && ir::bit_width(ty).is_some_and(|w| w <= 8)
}

fn elem(ty: Type) -> Type {
    if ir::is_vector(ty) {
        ir::element_type(ty)
    } else {
        ty
    }
}

/// Whether `op` computes on a narrow float (its operands or results).
pub fn computes_on_narrow(op: &OperationRef, name: &str) -> bool {
    let computes = (name.starts_with("arith.") || name.starts_with("math."))
        && !matches!(name, "arith.constant" | "arith.bitcast" | "arith.select")
        || matches!(
            name,
            "vector.reduction" | "vector.multi_reduction" | "vector.contract" | "vector.fma"
        );
    computes
        && op
            .operands()
            .map(|v| v.r#type())
            .chain(op.results().map(|r| r.r#type()))
            .any(|t| narrow(elem(t)))
}

/// Makes every `pallas.dot` with a narrow float result accumulate in f32
/// and round the sums at the end, as XLA's CPU backend computes `jnp.dot(...,
/// preferred_element_type=<8-bit float>)`: to f16, then to the 8-bit type
/// (measured against JAX's interpret mode: rounding the f32 sums directly
/// differs in about 0.6% of the elements of a 64-term f8E4M3FN dot, through
/// f16 in none). The dot lowering would otherwise accumulate in the result
/// type, rounding every partial sum. Runs before the conversion.
pub fn widen_dots(module: &OperationRef) {
    let mut dots = vec![];
    ir::walk_nested(module, &mut |op| {
        if ir::op_name_of(&op) == "pallas.dot"
            && op
                .result(0)
                .ok()
                .is_some_and(|r| Format::of(elem(r.r#type())).is_some())
        {
            dots.push(op);
        }
    });
    let rw = OwnedRewriter::new(module);
    for op in dots {
        rw.set_insertion_point_before(&op);
        let b = B::new(&rw, op.location());
        let out = op.result(0).expect("result").r#type();
        let operands: Vec<Value> = op.operands().map(crate::ir::value).collect();
        let attrs: Vec<(String, _)> = op
            .attributes()
            .map(|(n, a)| (n.as_string_ref().as_str().unwrap_or("").to_string(), a))
            .collect();
        let attrs: Vec<(&str, _)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        let wide = b.op("pallas.dot", &operands, &[with_elem(out, f32(&b))], &attrs);
        let half = b.val(
            "arith.truncf",
            &[result_of(wide, 0)],
            with_elem(out, b.ty("f16")),
            &[],
        );
        let narrow = b.val("arith.truncf", &[half], out, &[]);
        rw.replace_op(&op, &[narrow]);
    }
}

/// Rewrites every op of `module` that computes on a narrow float (after the
/// conversion: only upstream ops are left).
pub fn emulate(module: &OperationRef) {
    let mut ops = vec![];
    ir::walk_nested(module, &mut |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        if computes_on_narrow(&op, &name) && op.region_count() == 0 {
            ops.push((op, name));
        }
    });
    let rw = OwnedRewriter::new(module);
    for (op, name) in ops {
        rewrite(&rw, &op, &name);
    }
}

fn rewrite<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, op: &OperationRef<'c, 'a>, name: &str) {
    rw.set_insertion_point_before(op);
    let b = B::new(rw, op.location());
    let widen = |v: Value<'c, 'a>| -> Value<'c, 'a> {
        let t = elem(v.r#type());
        match Format::of(t) {
            Some(f) => extf(&b, &f, v),
            None => v,
        }
    };
    // An operand used twice (x * x) is widened once.
    let mut widened: Vec<(Value<'c, 'a>, Value<'c, 'a>)> = vec![];
    let operands: Vec<Value<'c, 'a>> = op
        .operands()
        .map(|v| {
            let v: Value<'c, 'a> = crate::ir::value(v);
            if let Some((_, w)) = widened.iter().find(|(o, _)| *o == v) {
                return *w;
            }
            let w = widen(v);
            widened.push((v, w));
            w
        })
        .collect();
    let results: Vec<Type<'c>> = op
        .results()
        .map(|r| {
            let t = r.r#type();
            if Format::of(elem(t)).is_some() {
                with_elem(t, f32(&b))
            } else {
                t
            }
        })
        .collect();
    let new_values: Vec<Value<'c, 'a>> = match name {
        // The operand is now f32: the conversion becomes f32 -> target.
        "arith.extf" | "arith.truncf" => {
            let x = operands[0];
            let out = op.result(0).expect("result").r#type();
            vec![from_f32(&b, x, out)]
        }
        _ => {
            let attrs: Vec<(String, _)> = op
                .attributes()
                .map(|(n, a)| (n.as_string_ref().as_str().unwrap_or("").to_string(), a))
                .collect();
            let attrs: Vec<(&str, _)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
            let new = b.op(name, &operands, &results, &attrs);
            op.results()
                .enumerate()
                .map(|(i, r)| {
                    let v = result_of(new, i);
                    match Format::of(elem(r.r#type())) {
                        Some(f) if f.special == Special::PowerOfTwo => {
                            truncf_e8m0(&b, flush_subnormals(&b, v), elem(r.r#type()))
                        }
                        Some(f) => truncf(&b, &f, v, elem(r.r#type())),
                        None => v,
                    }
                })
                .collect()
        }
    };
    rw.replace_op(op, &new_values);
}

/// `x` (of f32 elements, or of a narrow format already widened) as `out`.
fn from_f32<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>, out: Type<'c>) -> Value<'c, 'a> {
    let have = elem(x.r#type());
    let want = elem(out);
    if let Some(f) = Format::of(want) {
        // f64 first rounds to f32 (TPUs have no f64); narrower floats
        // widen to f32 exactly.
        let x32 = match ir::bit_width(have) {
            Some(32) => x,
            Some(w) if w > 32 => b.val("arith.truncf", &[x], with_elem(out, f32(b)), &[]),
            _ => b.val("arith.extf", &[x], with_elem(out, f32(b)), &[]),
        };
        return truncf(b, &f, x32, want);
    }
    match ir::bit_width(want) {
        Some(32) => x,
        // f16 and bf16 hold every value of these formats.
        Some(w) if w < 32 => b.val("arith.truncf", &[x], out, &[]),
        _ => b.val("arith.extf", &[x], out, &[]),
    }
}

fn f32<'c>(b: &B<'_, 'c, '_>) -> Type<'c> {
    b.ty("f32")
}

fn with_elem<'c>(like: Type<'c>, e: Type<'c>) -> Type<'c> {
    if ir::is_vector(like) {
        ir::vector_type(&vector_shape(like), e)
    } else {
        e
    }
}

fn vector_shape(ty: Type) -> Vec<i64> {
    crate::dialect::pallas::verify::shape_of(ty)
}

/// A splat constant of `ty` (scalar or vector) from its element's literal.
fn splat<'c, 'a>(b: &B<'_, 'c, 'a>, lit: &str, ty: Type<'c>) -> Value<'c, 'a> {
    if ir::is_vector(ty) {
        b.constant(&format!("dense<{lit}> : {ty}"), ty)
    } else {
        b.constant(&format!("{lit} : {ty}"), ty)
    }
}

/// An f32 splat of `v` (exact: powers of two and format limits), written as
/// its bits.
fn f32_splat<'c, 'a>(b: &B<'_, 'c, 'a>, v: f64, ty: Type<'c>) -> Value<'c, 'a> {
    splat(
        b,
        &format!("{:#010X}", (v as f32).to_bits()).replace("0X", "0x"),
        ty,
    )
}

fn i32_splat<'c, 'a>(b: &B<'_, 'c, 'a>, v: i64, ty: Type<'c>) -> Value<'c, 'a> {
    splat(b, &v.to_string(), ty)
}

/// `arith.cmpf`/`arith.cmpi` by predicate code, on scalars or vectors.
fn cmp<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    name: &str,
    code: i64,
    x: Value<'c, 'a>,
    y: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let i1 = with_elem(x.r#type(), b.ty("i1"));
    let i64_ty = b.ty("i64");
    b.val(
        name,
        &[x, y],
        i1,
        &[("predicate", b.int_attr(code, i64_ty))],
    )
}

const CMPF_OGT: i64 = 2;
const CMPF_OLT: i64 = 4;
const CMPF_UNO: i64 = 14;
const CMPF_ULE: i64 = 12;
const CMPI_EQ: i64 = 0;
const CMPI_UGE: i64 = 9;
const CMPI_UGT: i64 = 8;

fn select<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    c: Value<'c, 'a>,
    t: Value<'c, 'a>,
    f: Value<'c, 'a>,
) -> Value<'c, 'a> {
    b.val("arith.select", &[c, t, f], t.r#type(), &[])
}

/// The narrow float `v` (format `f`) as f32, exactly.
fn extf<'c, 'a>(b: &B<'_, 'c, 'a>, f: &Format, v: Value<'c, 'a>) -> Value<'c, 'a> {
    if f.special == Special::PowerOfTwo {
        return extf_e8m0(b, v);
    }
    let ty = v.r#type();
    let w = f.width();
    let iw = with_elem(ty, b.ty(&format!("i{w}")));
    let i32t = with_elem(ty, b.ty("i32"));
    let f32t = with_elem(ty, f32(b));
    let c = |k: i64| i32_splat(b, k, i32t);
    let bits = b.val("arith.bitcast", &[v], iw, &[]);
    let u = b.val("arith.extui", &[bits], i32t, &[]);
    let mag = b.bin("arith.andi", u, c((1 << (w - 1)) - 1));
    let sign = b.bin("arith.shrui", u, c(w as i64 - 1));
    let e = b.bin("arith.shrui", mag, c(f.man as i64));
    let m = b.bin("arith.andi", mag, c((1 << f.man) - 1));
    // Normal: rebias the exponent and left-align the mantissa in f32's.
    let e32 = b.bin("arith.addi", e, c(127 - f.bias as i64));
    let e32 = b.bin("arith.shli", e32, c(23));
    let m32 = b.bin("arith.shli", m, c(23 - f.man as i64));
    let normal = b.bin("arith.ori", e32, m32);
    let normal = b.val("arith.bitcast", &[normal], f32t, &[]);
    // Subnormal (zero exponent field): m units of 2^(emin - man), exact.
    let sub = b.val("arith.uitofp", &[m], f32t, &[]);
    let unit = f32_splat(b, 2f64.powi(f.emin() - f.man as i32), f32t);
    let sub = b.bin("arith.mulf", sub, unit);
    let is_sub = cmp(b, "arith.cmpi", CMPI_EQ, e, c(0));
    let mut val = select(b, is_sub, sub, normal);
    let nan = f32_splat(b, f64::NAN, f32t);
    match f.special {
        Special::Ieee => {
            let top = cmp(b, "arith.cmpi", CMPI_EQ, e, c((1 << f.exp) - 1));
            let zero_m = cmp(b, "arith.cmpi", CMPI_EQ, m, c(0));
            let inf = f32_splat(b, f64::INFINITY, f32t);
            let special = select(b, zero_m, inf, nan);
            val = select(b, top, special, val);
        }
        Special::AllOnesNan => {
            let is_nan = cmp(b, "arith.cmpi", CMPI_EQ, mag, c((1 << (w - 1)) - 1));
            val = select(b, is_nan, nan, val);
        }
        Special::NegativeZeroNan => {
            let is_nan = cmp(b, "arith.cmpi", CMPI_EQ, u, c(1 << (w - 1)));
            val = select(b, is_nan, nan, val);
        }
        Special::Finite | Special::PowerOfTwo => {}
    }
    // The sign as f32's sign bit (NaN included).
    let bits = b.val("arith.bitcast", &[val], i32t, &[]);
    let sign = b.bin("arith.shli", sign, c(31));
    let bits = b.bin("arith.ori", bits, sign);
    b.val("arith.bitcast", &[bits], f32t, &[])
}

/// The f32 `x` rounded to format `f` (the type `to`) (nearest, ties to even; past the
/// largest finite value: infinity where the format has one, else NaN).
fn truncf<'c, 'a>(b: &B<'_, 'c, 'a>, f: &Format, x: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
    if f.special == Special::PowerOfTwo {
        return truncf_e8m0(b, x, to);
    }
    let ty = x.r#type();
    let w = f.width();
    let i32t = with_elem(ty, b.ty("i32"));
    let f32t = with_elem(ty, f32(b));
    let c = |k: i64| i32_splat(b, k, i32t);
    let xb = b.val("arith.bitcast", &[x], i32t, &[]);
    let sign = b.bin("arith.shrui", xb, c(31));
    let ab = b.bin("arith.andi", xb, c(0x7FFF_FFFF));
    let a = b.val("arith.bitcast", &[ab], f32t, &[]);
    let emin = f.emin();
    let smallest_normal = f32_splat(b, 2f64.powi(emin), f32t);
    // Below the smallest normal value the spacing is 2^(emin - man): adding
    // the power of two whose f32 ulp is that spacing rounds to it (f32
    // addition rounds to nearest even), subtracting it again is exact.
    let shift = f32_splat(b, 2f64.powi(emin - f.man as i32 + 23), f32t);
    let rs = b.bin("arith.addf", a, shift);
    let rs = b.bin("arith.subf", rs, shift);
    // Above it, drop 23 - man mantissa bits rounding to nearest even on the
    // bits (a carry moves into the exponent).
    let drop = 23 - f.man as i64;
    let odd = b.bin("arith.shrui", ab, c(drop));
    let odd = b.bin("arith.andi", odd, c(1));
    let rb = b.bin("arith.addi", ab, c((1 << (drop - 1)) - 1));
    let rb = b.bin("arith.addi", rb, odd);
    let rb = b.bin("arith.andi", rb, c(!((1i64 << drop) - 1) & 0xFFFF_FFFF));
    let rn = b.val("arith.bitcast", &[rb], f32t, &[]);
    let tiny = cmp(b, "arith.cmpf", CMPF_OLT, a, smallest_normal);
    let r = select(b, tiny, rs, rn);
    // Encode the rounded magnitude.
    let r_bits = b.val("arith.bitcast", &[r], i32t, &[]);
    let e = b.bin("arith.shrui", r_bits, c(23));
    let e = b.bin("arith.subi", e, c(127 - f.bias as i64));
    let e = b.bin("arith.shli", e, c(f.man as i64));
    let m = b.bin("arith.shrui", r_bits, c(drop));
    let m = b.bin("arith.andi", m, c((1 << f.man) - 1));
    let enc_normal = b.bin("arith.ori", e, m);
    let units = f32_splat(b, 2f64.powi(f.man as i32 - emin), f32t);
    let enc_sub = b.bin("arith.mulf", r, units);
    let enc_sub = b.val("arith.fptoui", &[enc_sub], i32t, &[]);
    let r_tiny = cmp(b, "arith.cmpf", CMPF_OLT, r, smallest_normal);
    let mut code = select(b, r_tiny, enc_sub, enc_normal);
    let max = f32_splat(b, f.max(), f32t);
    let over = cmp(b, "arith.cmpf", CMPF_OGT, r, max);
    let is_nan = cmp(b, "arith.cmpf", CMPF_UNO, x, x);
    let all_e = (1i64 << f.exp) - 1;
    match f.special {
        Special::Ieee => {
            code = select(b, over, c(all_e << f.man), code);
            code = select(b, is_nan, c((all_e << f.man) | (1 << (f.man - 1))), code);
        }
        Special::AllOnesNan => {
            let nan = c((1 << (w - 1)) - 1);
            code = select(b, over, nan, code);
            code = select(b, is_nan, nan, code);
        }
        Special::NegativeZeroNan => {}
        Special::Finite => code = select(b, over, c((1 << (w - 1)) - 1), code),
        Special::PowerOfTwo => {}
    }
    let signed = b.bin("arith.shli", sign, c(w as i64 - 1));
    let mut with_sign = b.bin("arith.ori", code, signed);
    if f.special == Special::Finite {
        with_sign = select(b, is_nan, c(1 << (w - 1)), with_sign);
    }
    if f.special == Special::NegativeZeroNan {
        // Zero has no sign; past the range and NaN are the sign bit alone.
        let zero = cmp(b, "arith.cmpi", CMPI_EQ, code, c(0));
        with_sign = select(b, zero, code, with_sign);
        let nan = c(1 << (w - 1));
        with_sign = select(b, over, nan, with_sign);
        with_sign = select(b, is_nan, nan, with_sign);
    }
    let iw = with_elem(ty, b.ty(&format!("i{w}")));
    let narrow = b.val("arith.trunci", &[with_sign], iw, &[]);
    let out = with_elem(ty, to);
    b.val("arith.bitcast", &[narrow], out, &[])
}

/// f8E8M0FNU `v` as f32: code e is 2^(e - 127), f32's own exponent field
/// (code 0, 2^-127, is an f32 subnormal), 0xFF NaN.
fn extf_e8m0<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = v.r#type();
    let i32t = with_elem(ty, b.ty("i32"));
    let f32t = with_elem(ty, f32(b));
    let c = |k: i64| i32_splat(b, k, i32t);
    let bits = b.val("arith.bitcast", &[v], with_elem(ty, b.ty("i8")), &[]);
    let e = b.val("arith.extui", &[bits], i32t, &[]);
    let normal = b.bin("arith.shli", e, c(23));
    let is_min = cmp(b, "arith.cmpi", CMPI_EQ, e, c(0));
    let bits = select(b, is_min, c(0x0040_0000), normal);
    let is_nan = cmp(b, "arith.cmpi", CMPI_EQ, e, c(0xFF));
    let bits = select(b, is_nan, c(0x7FC0_0000), bits);
    b.val("arith.bitcast", &[bits], f32t, &[])
}

/// The f32 `x` as f8E8M0FNU (type `to`), as XLA and ml_dtypes convert: the
/// power of two nearest in value with halves rounded up (a significand of
/// 1.5 or more goes to the next exponent); f32 subnormals up to 2^-127 give
/// 2^-127, above it 2^-126; NaN, zero, negatives and values past 2^127 are
/// NaN.
fn truncf_e8m0<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
    let ty = x.r#type();
    let i32t = with_elem(ty, b.ty("i32"));
    let f32t = with_elem(ty, f32(b));
    let c = |k: i64| i32_splat(b, k, i32t);
    let xb = b.val("arith.bitcast", &[x], i32t, &[]);
    let e = b.bin("arith.shrui", xb, c(23));
    let e = b.bin("arith.andi", e, c(0xFF));
    let half_up = b.bin("arith.shrui", xb, c(22));
    let half_up = b.bin("arith.andi", half_up, c(1));
    let normal = b.bin("arith.addi", e, half_up);
    let big_subnormal = cmp(b, "arith.cmpi", CMPI_UGT, xb, c(0x0040_0000));
    let sub = select(b, big_subnormal, c(1), c(0));
    let is_sub = cmp(b, "arith.cmpi", CMPI_EQ, e, c(0));
    let code = select(b, is_sub, sub, normal);
    // Past 2^127 (or infinity), NaN, zero and negatives (the sign bit set).
    let over = cmp(b, "arith.cmpi", CMPI_UGE, code, c(0xFF));
    let zero = f32_splat(b, 0.0, f32t);
    let not_positive = cmp(b, "arith.cmpf", CMPF_ULE, x, zero);
    let code = select(b, over, c(0xFF), code);
    let code = select(b, not_positive, c(0xFF), code);
    let narrow = b.val("arith.trunci", &[code], with_elem(ty, b.ty("i8")), &[]);
    b.val("arith.bitcast", &[narrow], with_elem(ty, to), &[])
}

/// `v` (f32) with subnormal values flushed to zero (keeping the sign), as
/// XLA's CPU backend leaves the f32 result of an op: what an f8E8M0FNU op
/// rounds (the other formats' f32 results never reach f32's subnormals).
fn flush_subnormals<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = v.r#type();
    let i32t = with_elem(ty, b.ty("i32"));
    let c = |k: i64| i32_splat(b, k, i32t);
    let bits = b.val("arith.bitcast", &[v], i32t, &[]);
    let exp = b.bin("arith.andi", bits, c(0x7F80_0000));
    let sub = cmp(b, "arith.cmpi", CMPI_EQ, exp, c(0));
    let sign = b.bin("arith.andi", bits, c(0x8000_0000u32 as i32 as i64));
    let bits = select(b, sub, sign, bits);
    b.val("arith.bitcast", &[bits], ty, &[])
}
