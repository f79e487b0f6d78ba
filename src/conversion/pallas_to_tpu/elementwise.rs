//! Upstream `arith` / `math` / `vector` compute inside TensorCore kernels,
//! kept as it is where JAX 0.10.2's Pallas TPU lowering emits the same op,
//! rewritten where JAX emits something else for the same computation, and
//! rejected where JAX has no rule.
//!
//! Rewrites (each the op sequence JAX emits for the matching `lax` rule):
//! * `arith.negf x` → `0 - x` (`neg_p` is lowered as a subtraction);
//! * `arith.cmpi` on `i1` → `xori`/`andi`/`ori` (JAX's boolean compares);
//! * `arith.uitofp` from `i1` → `extui` to `i32`, `sitofp` (+ `truncf`);
//! * `arith.bitcast` of vectors → `tpu.bitcast` (`bitcast_convert_type_p`);
//! * `math.fpowi` / `math.ipowi` by a constant → the `integer_pow`
//!   multiplication chain; `math.fpowi` by a value → `sitofp` + `math.powf`
//!   (`pow_p` with an integer exponent);
//! * `math.isfinite` → `tpu.weird` + not (`is_finite_p`);
//! * reductions to a scalar (`vector.reduction`, or `vector.multi_reduction`
//!   over every dim) → JAX's keepdims form: a leading unit dim,
//!   `vector.multi_reduction` to `vector<1>`, `vector.shape_cast` to
//!   `1x..x1`, `vector.extract`;
//! * `vector.multi_reduction` whose accumulator is not the identity constant
//!   → a reduction with the identity (the only accumulator Mosaic takes)
//!   combined with the accumulator afterwards;
//! * `vector.transpose` → `tpu.transpose` (patterns in [`super::shape`]).
//!
//! JAX 0.10.2 (not the 0.4.38 of the catalog) is the reference: it emits
//! `math.exp2`, `math.erf` and `math.atan2` directly, reduces `i32` with
//! `add`/`maxsi`/`minsi`, and types reduction identities with the element
//! type (so bf16 max/min reductions get a bf16 `-inf`/`+inf`).

use crate::ir::defining_op;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{dense_i64, i64_array, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir;

// ---------------------------------------------------------------------------
// Helpers shared by the compute families (dot, shape, misc).
// ---------------------------------------------------------------------------

/// The static shape of a vector type; `None` for anything else.
pub(crate) fn vshape(ty: Type) -> Option<Vec<i64>> {
    ir::is_vector(ty).then(|| ir::memref_shape(ty))
}

/// The element type of a vector, or the type itself.
pub(crate) fn elem(ty: Type<'_>) -> Type<'_> {
    if ir::is_vector(ty) {
        ir::element_type(ty)
    } else {
        ty
    }
}

/// `vector<AxBxT>` as text.
pub(crate) fn vtext(shape: &[i64], elem: Type) -> String {
    let mut s = String::from("vector<");
    for d in shape {
        s.push_str(&format!("{d}x"));
    }
    s.push_str(&elem.to_string());
    s.push('>');
    s
}

/// The type of operand `i` of `op`.
pub(crate) fn operand_type<'c>(op: &OperationRef<'c, '_>, i: usize) -> Option<Type<'c>> {
    // Bounds first: melior prints (and so verifies) the op when out of range.
    (i < op.operand_count()).then(|| crate::ir::operand_at(op, i).map(|v| v.r#type()))?
}

/// The type of result `i` of `op`.
pub(crate) fn result_type<'c>(op: &OperationRef<'c, '_>, i: usize) -> Option<Type<'c>> {
    (i < op.result_count()).then(|| crate::ir::result_at(op, i).map(|v| v.r#type()))?
}

pub(crate) use crate::ir::int_attr;

pub(crate) fn op_name<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    crate::ir::op_name_of(op)
}

fn is_int(ty: Type, width: u32) -> bool {
    ir::integer_width(ty) == Some(width)
}

use crate::ir::is_f32;

/// The value of an integer `arith.constant` (scalar or splat) defining `v`.
pub(super) fn constant_int(v: Value) -> Option<i64> {
    let def = defining_op(v)?;
    if op_name(&def) != "arith.constant" {
        return None;
    }
    ir::integer_or_splat_value(def.attribute("value").ok()?)
}

/// Whether `op` belongs to a TensorCore kernel body this pass lowers: still
/// inside the `pallas.kernel`, or already moved into its Mosaic function.
fn in_scope(scope: super::Scope) -> bool {
    // The Mosaic modules of this run hold only TensorCore kernels; their
    // transform functions (no `tpu.core_type`) are out of scope.
    scope.lowered_kernel || (scope.mosaic_module && scope.kernel_func)
}

/// A constant of `ty` (scalar or splat vector) from an element literal.
fn splat<'c, 'a>(b: &B<'_, 'c, 'a>, lit: &str, ty: Type<'c>) -> Value<'c, 'a> {
    if ir::is_vector(ty) {
        b.constant(&format!("dense<{lit}> : {ty}"), ty)
    } else {
        b.constant(&format!("{lit} : {ty}"), ty)
    }
}

/// `x xor true`: logical not of an `i1` scalar or vector.
fn not<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>) -> Value<'c, 'a> {
    let t = splat(b, "true", x.r#type());
    b.bin("arith.xori", x, t)
}

// ---------------------------------------------------------------------------
// Reductions.
// ---------------------------------------------------------------------------

/// The combining kind of a `vector.(multi_)reduction` (`add`, `maximumf`,
/// ...); empty without one.
pub(crate) fn reduction_kind(op: &OperationRef) -> &'static str {
    op.attribute("kind")
        .map(ir::combining_kind_name)
        .unwrap_or_default()
}

/// The identity of a reduction, the value JAX builds its attribute from
/// (`FloatAttr` / `IntegerAttr` of the element type).
#[derive(Clone, Copy)]
enum Identity {
    Float(f64),
    Int(i64),
}

impl Identity {
    /// Whether `attr` (an `arith.constant` value of the reduced type) is
    /// this identity: bit for bit for floats, so `-0.0` is not `0.0`.
    fn is(self, attr: melior::ir::Attribute) -> bool {
        match self {
            Identity::Float(v) => {
                ir::float_or_splat_value(attr).is_some_and(|have| have.to_bits() == v.to_bits())
            }
            Identity::Int(v) => ir::integer_or_splat_value(attr) == Some(v),
        }
    }

    /// The identity as the value of a constant of type `ty` (a splat for a
    /// vector type).
    fn attr<'c>(self, b: &B<'_, 'c, '_>, ty: Type<'c>) -> melior::ir::Attribute<'c> {
        let scalar = match self {
            Identity::Float(v) => b.float_attr(v, elem(ty)),
            Identity::Int(v) => b.int_attr(v, elem(ty)),
        };
        ir::scalar_or_splat_attr(ty, scalar)
    }
}

/// The identity of `kind` over `elem`, or why JAX cannot reduce `elem`
/// that way.
fn identity(kind: &str, elem: Type) -> Result<Identity, String> {
    if ir::is_float(elem) {
        // Max/min need an infinity of the element type (JAX builds the
        // FloatAttr with the element type, so bf16 gets a bf16 -inf).
        let has_infinities = matches!(ir::float_type_name(elem), Some("f32" | "bf16" | "f16"));
        return match kind {
            "add" => Ok(Identity::Float(0.0)),
            "maximumf" | "minimumf" if !has_infinities => {
                Err(format!("Reductions over {elem} not implemented."))
            }
            "maximumf" => Ok(Identity::Float(f64::NEG_INFINITY)),
            "minimumf" => Ok(Identity::Float(f64::INFINITY)),
            _ => Err(format!(
                "not yet supported: <{kind}> reductions in the TPU lowering (JAX reduces floats with add, maximumf and minimumf)"
            )),
        };
    }
    if is_int(elem, 32) {
        return match kind {
            "add" => Ok(Identity::Int(0)),
            "maxsi" => Ok(Identity::Int(i32::MIN.into())),
            "minsi" => Ok(Identity::Int(i32::MAX.into())),
            "maxui" | "minui" => Err("Reductions over unsigned integers not implemented.".into()),
            _ => Err(format!(
                "not yet supported: <{kind}> reductions in the TPU lowering (JAX reduces i32 with add, maxsi and minsi)"
            )),
        };
    }
    Err(format!("Reductions over {elem} not implemented."))
}

/// The op combining two partial reductions of `kind`.
fn combine_op(kind: &str) -> &'static str {
    match kind {
        "add" => "arith.addf",
        "maximumf" => "arith.maximumf",
        "minimumf" => "arith.minimumf",
        "maxsi" => "arith.maxsi",
        "minsi" => "arith.minsi",
        _ => "arith.addi",
    }
}

/// `combine_op` with the integer add for integer elements.
pub(crate) fn combine<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    kind: &str,
    x: Value<'c, 'a>,
    y: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let is_float = ir::is_float(elem(x.r#type()));
    let name = if kind == "add" && !is_float {
        "arith.addi"
    } else {
        combine_op(kind)
    };
    b.bin(name, x, y)
}

/// Whether `acc` is an `arith.constant` equal to the identity of `kind`.
fn is_identity_constant(acc: Value, kind: &str) -> bool {
    let Ok(id) = identity(kind, elem(acc.r#type())) else {
        return false;
    };
    let Some(def) = defining_op(acc) else {
        return false;
    };
    if op_name(&def) != "arith.constant" {
        return false;
    }
    def.attribute("value").is_ok_and(|have| id.is(have))
}

/// `vector.multi_reduction <kind>, src, identity [dims]` with result `out`.
fn multi_reduction<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    kind: &str,
    src: Value<'c, 'a>,
    dims: &[i64],
    out: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let acc = b.constant_of(identity(kind, elem(out))?.attr(b, out), out);
    let kind_attr = ir::combining_kind_attr(out, kind)
        .ok_or_else(|| format!("not yet supported: <{kind}> reductions in the TPU lowering"))?;
    let attrs = [
        ("kind", kind_attr),
        ("reduction_dims", b.attr(&i64_array(dims))),
    ];
    Ok(b.val("vector.multi_reduction", &[src, acc], out, &attrs))
}

/// Reduces all of `src` to a scalar the way JAX does (`_proxy_fun` of
/// `reduce_lowering_rule`): `x[None]`, a keepdims reduction over every
/// original dim, then a squeeze, which is a `vector.extract`.
fn reduce_to_scalar<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    kind: &str,
    src: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let shape = vshape(src.r#type()).ok_or("reduction of a non-vector")?;
    let t = elem(src.r#type());
    let mut lifted = vec![1];
    lifted.extend(&shape);
    let x = b.val(
        "vector.shape_cast",
        &[src],
        ir::vector_type(&lifted, t),
        &[],
    );
    let dims: Vec<i64> = (1..=shape.len() as i64).collect();
    let r = multi_reduction(b, kind, x, &dims, ir::vector_type(&[1], t))?;
    let ones = vec![1; shape.len() + 1];
    let kept = b.val("vector.shape_cast", &[r], ir::vector_type(&ones, t), &[]);
    let pos = i64_array(&vec![0; ones.len()]);
    Ok(b.val(
        "vector.extract",
        &[kept],
        t,
        &[("static_position", b.attr(&pos))],
    ))
}

fn check_scalar_reduction(src: Type, kind: &str) -> Result<(), String> {
    let t = elem(src);
    identity(kind, t)?;
    if ir::bit_width(t) != Some(32) {
        return Err(format!(
            "Only arrays with 32-bit element types can be converted to scalars, but got: {t}. Try casting the input before squeezing the scalar."
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// check / is_legal / patterns.
// ---------------------------------------------------------------------------

/// Math ops JAX 0.10.2 lowers one to one (plus the three rewritten here).
const MATH_SUPPORTED: &[&str] = &[
    "math.exp",
    "math.exp2",
    "math.log",
    "math.log1p",
    "math.sqrt",
    "math.rsqrt",
    "math.sin",
    "math.cos",
    "math.tan",
    "math.tanh",
    "math.atan2",
    "math.erf",
    "math.absf",
    "math.absi",
    "math.powf",
    "math.round",
    "math.roundeven",
    "math.ceil",
    "math.floor",
    "math.ctlz",
    "math.ctpop",
    "math.fpowi",
    "math.ipowi",
    "math.isfinite",
];

/// Whether an operand or result of `op` is 64-bit (its element type, for
/// vectors), by `wide`, which says it for one type.
fn has_64_bit_type(op: &OperationRef, wide: &mut impl FnMut(Type) -> bool) -> bool {
    op.operands().any(|v| wide(v.r#type())) || op.results().any(|r| wide(r.r#type()))
}

/// Whether `ty` (or its element type) is 64-bit.
pub(crate) fn is_64_bit(ty: Type) -> bool {
    ir::bit_width(elem(ty)) == Some(64)
}

/// Which of the rules of [`check`] apply to the ops of one name, decided
/// from the name alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CheckKind {
    /// Not an `arith` / `math` / `vector` op: nothing to check.
    Other,
    /// Only the rule on 64-bit types.
    Plain,
    /// A `math` op JAX has no rule for.
    UnsupportedMath,
    Ctpop,
    Ipowi,
    /// A conversion between integer and float types or widths.
    Cast,
    MultiReduction,
    Reduction,
}

impl CheckKind {
    pub(crate) fn of(name: &str) -> Self {
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        if !matches!(dialect, "arith" | "math" | "vector") {
            return Self::Other;
        }
        if dialect == "math" && !MATH_SUPPORTED.contains(&name) {
            return Self::UnsupportedMath;
        }
        match name {
            "math.ctpop" => Self::Ctpop,
            "math.ipowi" => Self::Ipowi,
            "arith.extsi" | "arith.sitofp" | "arith.trunci" | "arith.fptosi" | "arith.fptoui"
            | "arith.uitofp" | "arith.extui" => Self::Cast,
            "vector.multi_reduction" => Self::MultiReduction,
            "vector.reduction" => Self::Reduction,
            _ => Self::Plain,
        }
    }
}

pub fn check(op: &OperationRef) -> Result<(), String> {
    let name = op_name(op);
    check_as(op, name, CheckKind::of(name), &mut is_64_bit)
}

/// [`check`] for an op named `name` of `kind`, where `wide` says whether a
/// type is 64-bit (see [`is_64_bit`]; a caller checking many ops remembers
/// it per type).
pub(crate) fn check_as(
    op: &OperationRef,
    name: &str,
    kind: CheckKind,
    wide: &mut impl FnMut(Type) -> bool,
) -> Result<(), String> {
    if kind == CheckKind::Other {
        return Ok(());
    }
    if has_64_bit_type(op, wide) {
        return Err("64-bit types are not supported".into());
    }
    match kind {
        CheckKind::Other | CheckKind::Plain => Ok(()),
        CheckKind::UnsupportedMath => {
            let short = name.trim_start_matches("math.");
            Err(format!(
                "not yet supported: '{name}' in the TPU lowering (Unimplemented primitive in Pallas TPU lowering for tc: {short})"
            ))
        }
        CheckKind::Ctpop if !result_type(op, 0).map(ir::is_vector).unwrap_or(false) => {
            Err("Population count is not supported on scalars".into())
        }
        CheckKind::Ctpop => Ok(()),
        CheckKind::Ipowi => match crate::ir::operand_at(op, 1).and_then(|v| constant_int(v)) {
            Some(_) => Ok(()),
            None => Err(
                "not yet supported: math.ipowi with a non-constant exponent in the TPU lowering (JAX's integer_pow needs a static exponent)"
                    .into(),
            ),
        },
        CheckKind::Cast => {
            let (Some(a), Some(r)) = (operand_type(op, 0), result_type(op, 0)) else {
                return Ok(());
            };
            let (ea, er) = (elem(a), elem(r));
            // JAX casts bools only by zero extension (to ints, and through
            // i32 to floats), and casts to bool by comparing with zero,
            // which is `arith.cmpi/cmpf ne` here, not a truncation.
            let from_bool = is_int(ea, 1) && !matches!(name, "arith.extui" | "arith.uitofp");
            if from_bool || is_int(er, 1) {
                return Err(format!(
                    "Unsupported cast: {ea} -> {er} ('{name}'; cast bools with arith.extui / arith.uitofp and compare with zero to get a bool)"
                ));
            }
            Ok(())
        }
        CheckKind::MultiReduction => {
            let src = operand_type(op, 0).ok_or("reduction without source")?;
            let kind = reduction_kind(op);
            if result_type(op, 0).map(ir::is_vector).unwrap_or(false) {
                identity(kind, elem(src)).map(|_| ())
            } else {
                check_scalar_reduction(src, kind)
            }
        }
        CheckKind::Reduction => check_scalar_reduction(
            operand_type(op, 0).ok_or("reduction without source")?,
            reduction_kind(op),
        ),
    }
}

/// The ops [`is_legal_in`] can find illegal: those the patterns below (and
/// `vector.transpose` in [`super::shape`]) rewrite. Every other op of
/// their dialects it leaves, so the legality rules ask it of these alone.
pub const REWRITTEN: &[&str] = &[
    "arith.negf",
    "math.fpowi",
    "math.ipowi",
    "math.isfinite",
    "vector.reduction",
    "vector.transpose",
    "arith.cmpi",
    "arith.uitofp",
    "arith.bitcast",
    "vector.multi_reduction",
];

/// Whether the conversion leaves `op` (at `scope`) as it is: false for
/// some of [`REWRITTEN`], and only inside TensorCore kernels.
pub fn is_legal_in(op: &OperationRef, scope: super::Scope) -> bool {
    if !in_scope(scope) {
        return true;
    }
    let name = op_name(op);
    debug_assert!(
        REWRITTEN.contains(&name),
        "{name} is not one of elementwise::REWRITTEN"
    );
    match name {
        "arith.negf" | "math.fpowi" | "math.ipowi" | "math.isfinite" | "vector.reduction"
        | "vector.transpose" => false,
        "arith.cmpi" | "arith.uitofp" => !operand_type(op, 0)
            .map(|t| is_int(elem(t), 1))
            .unwrap_or(false),
        "arith.bitcast" => !operand_type(op, 0).map(ir::is_vector).unwrap_or(false),
        "vector.multi_reduction" => {
            let vector_result = result_type(op, 0).map(ir::is_vector).unwrap_or(false);
            let acc_ok = op
                .operand(1)
                .map(|acc| is_identity_constant(acc, reduction_kind(op)))
                .unwrap_or(false);
            vector_result && acc_ok
        }
        _ => true,
    }
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("arith.negf", Some(tc), |op, operands, rw| {
        // neg_p is lowered as sub(0, x): a scalar zero, broadcast for vectors.
        let b = B::new(rw, op.location());
        let x = operands[0];
        let t = elem(x.r#type());
        let mut zero = b.zero(t);
        if ir::is_vector(x.r#type()) {
            zero = b.val("vector.broadcast", &[zero], x.r#type(), &[]);
        }
        let v = b.bin("arith.subf", zero, x);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("arith.cmpi", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (x, y) = (operands[0], operands[1]);
        let pred = int_attr(&op, "predicate").ok_or("cmpi without predicate")?;
        // JAX's boolean compares (false < true, the unsigned order); the
        // signed predicates see true as -1, so they swap.
        let v = match pred {
            0 => {
                let d = b.bin("arith.xori", x, y);
                not(&b, d)
            }
            1 => b.bin("arith.xori", x, y),
            6 | 4 => b.bin("arith.andi", not(&b, x), y), // ult, sgt
            7 | 5 => b.bin("arith.ori", not(&b, x), y),  // ule, sge
            8 | 2 => b.bin("arith.andi", x, not(&b, y)), // ugt, slt
            9 | 3 => b.bin("arith.ori", x, not(&b, y)),  // uge, sle
            _ => return Err(format!("unknown cmpi predicate {pred}")),
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("arith.uitofp", Some(tc), |op, operands, rw| {
        // bool -> float goes through int32 (JAX's _convert_helper), and
        // through f32 for narrower floats.
        let b = B::new(rw, op.location());
        let x = operands[0];
        let out = result_type(&op, 0).ok_or("no result")?;
        let shape = vshape(x.r#type());
        let with_elem = |e: &str| -> Type {
            match &shape {
                Some(s) => ir::vector_type(s, b.ty(e)),
                None => b.ty(e),
            }
        };
        let i = b.val("arith.extui", &[x], with_elem("i32"), &[]);
        let v = if ir::bit_width(elem(out)).unwrap_or(32) < 32 {
            let f = b.val("arith.sitofp", &[i], with_elem("f32"), &[]);
            b.val("arith.truncf", &[f], out, &[])
        } else {
            b.val("arith.sitofp", &[i], out, &[])
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("arith.bitcast", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let v = b.val("tpu.bitcast", &[operands[0]], out, &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("math.fpowi", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let v = match crate::ir::operand_at(&op, 1).and_then(|v| constant_int(v)) {
            Some(n) => integer_pow(&b, operands[0], n, true),
            None => {
                // pow_p with an integer exponent: sitofp, then powf.
                let x = operands[0];
                let n = operands[1];
                let ft = match vshape(n.r#type()) {
                    Some(s) => ir::vector_type(&s, elem(x.r#type())),
                    None => elem(x.r#type()),
                };
                let y = b.val("arith.sitofp", &[n], ft, &[]);
                b.bin("math.powf", x, y)
            }
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("math.ipowi", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let n = op
            .operand(1)
            .ok()
            .and_then(|v| constant_int(v))
            .ok_or("math.ipowi with a non-constant exponent")?;
        let v = integer_pow(&b, operands[0], n, false);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("math.isfinite", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let w = b.val("tpu.weird", &[operands[0]], out, &[]);
        let v = not(&b, w);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("vector.reduction", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let kind = reduction_kind(&op);
        let mut v = reduce_to_scalar(&b, kind, operands[0])?;
        if let Some(acc) = operands.get(1) {
            v = combine(&b, kind, v, *acc);
        }
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("vector.multi_reduction", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let kind = reduction_kind(&op);
        let (src, acc) = (operands[0], operands[1]);
        let out = result_type(&op, 0).ok_or("no result")?;
        let acc_is_identity = op
            .operand(1)
            .map(|a| is_identity_constant(a, kind))
            .unwrap_or(false);
        let mut v = if ir::is_vector(out) {
            let dims = op
                .attribute("reduction_dims")
                .map(dense_i64)
                .unwrap_or_default();
            multi_reduction(&b, kind, src, &dims, out)?
        } else {
            reduce_to_scalar(&b, kind, src)?
        };
        if !acc_is_identity {
            v = combine(&b, kind, v, acc);
        }
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}

/// `lax._integer_pow`: square-and-multiply, `1 / acc` for negative
/// exponents, a splat of one for zero.
fn integer_pow<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>, y: i64, float: bool) -> Value<'c, 'a> {
    let ty = x.r#type();
    let one = if float { "1.000000e+00" } else { "1" };
    if y == 0 {
        return splat(b, one, ty);
    }
    let mul = if float { "arith.mulf" } else { "arith.muli" };
    let mut e = y.unsigned_abs();
    let mut base = x;
    let mut acc: Option<Value> = None;
    while e > 0 {
        if e & 1 == 1 {
            acc = Some(match acc {
                None => base,
                Some(a) => b.bin(mul, a, base),
            });
        }
        e >>= 1;
        if e > 0 {
            base = b.bin(mul, base, base);
        }
    }
    let acc = acc.unwrap_or(x);
    if y < 0 {
        let div = if float { "arith.divf" } else { "arith.divsi" };
        return b.bin(div, splat(b, one, ty), acc);
    }
    acc
}

/// Whether `ty` is `f32` or a vector of `f32`.
pub(super) fn f32_elements(ty: Type) -> bool {
    is_f32(elem(ty))
}
