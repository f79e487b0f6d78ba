//! Checked readers of attributes and types: each returns `None` when the
//! value is not of the kind asked for, so verifiers can run them on
//! whatever the parser accepted.

use melior::ir::attribute::{Attribute, AttributeLike};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use mlir_sys::*;

use super::{str_ref, string_ref_to_str};

/// The elements of a `DenseI64ArrayAttr`.
pub fn as_dense_i64(a: Attribute) -> Option<Vec<i64>> {
    let raw = a.to_raw();
    unsafe {
        mlirAttributeIsADenseI64Array(raw).then(|| {
            (0..mlirDenseArrayGetNumElements(raw))
                .map(|i| mlirDenseI64ArrayGetElement(raw, i))
                .collect()
        })
    }
}

/// The elements of an `ArrayAttr`.
pub fn as_array(a: Attribute<'_>) -> Option<Vec<Attribute<'_>>> {
    let raw = a.to_raw();
    unsafe {
        mlirAttributeIsAArray(raw).then(|| {
            (0..mlirArrayAttrGetNumElements(raw))
                .map(|i| Attribute::from_raw(mlirArrayAttrGetElement(raw, i)))
                .collect()
        })
    }
}

/// The value of a `StringAttr`.
pub fn as_string(a: Attribute) -> Option<String> {
    let raw = a.to_raw();
    unsafe {
        mlirAttributeIsAString(raw)
            .then(|| string_ref_to_str(mlirStringAttrGetValue(raw)).to_string())
    }
}

/// The value of a `BoolAttr`, `None` for other attributes.
pub fn as_bool(a: Attribute) -> Option<bool> {
    unsafe { mlirAttributeIsABool(a.to_raw()).then(|| mlirBoolAttrGetValue(a.to_raw())) }
}

/// The type a `TypeAttr` holds.
pub fn as_type(a: Attribute<'_>) -> Option<Type<'_>> {
    let raw = a.to_raw();
    unsafe { mlirAttributeIsAType(raw).then(|| Type::from_raw(mlirTypeAttrGetValue(raw))) }
}

/// The entries of a `DictionaryAttr`, in order.
pub fn as_dictionary(a: Attribute<'_>) -> Option<Vec<(String, Attribute<'_>)>> {
    let raw = a.to_raw();
    unsafe {
        mlirAttributeIsADictionary(raw).then(|| {
            (0..mlirDictionaryAttrGetNumElements(raw))
                .map(|i| {
                    let named = mlirDictionaryAttrGetElement(raw, i);
                    let name = string_ref_to_str(mlirIdentifierStr(named.name)).to_string();
                    (name, Attribute::from_raw(named.attribute))
                })
                .collect()
        })
    }
}

/// Whether `t` is the signless `i32`.
pub fn is_i32(t: Type) -> bool {
    let raw = t.to_raw();
    unsafe {
        mlirTypeIsAInteger(raw)
            && mlirIntegerTypeGetWidth(raw) == 32
            && mlirIntegerTypeIsSignless(raw)
    }
}

/// Whether `t` is `index`.
pub fn is_index(t: Type) -> bool {
    unsafe { mlirTypeIsAIndex(t.to_raw()) }
}

/// Looks `name` up in the closest symbol table around `op`.
pub fn lookup_symbol<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        unsafe {
            let table = mlirSymbolTableCreate(parent.to_raw());
            if !table.ptr.is_null() {
                let found = mlirSymbolTableLookup(table, str_ref(name));
                mlirSymbolTableDestroy(table);
                return OperationRef::from_option_raw(found);
            }
        }
        current = parent.parent_operation();
    }
    None
}
