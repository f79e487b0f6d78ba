//! Support for the per-kernel part of the TPU lowerings: attributes that
//! kernels build alike (transform function names, window parameters,
//! dimension semantics), built once per pass run and looked up by value;
//! ops moved; optional attributes looked up.

use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::hash::Hash;

use melior::ir::attribute::{Attribute, AttributeLike};
use melior::ir::operation::OperationRef;
use melior::ir::Location;
use mlir_sys::{
    mlirLocationGetContext, mlirOperationGetAttributeByName, mlirOperationMoveAfter, MlirAttribute,
};

use super::hash::FastMap;

/// Attributes by key, for one pass run (create it when the run starts and
/// drop it when the run ends: an attribute lives as long as its context,
/// and a later run may have another context at the same address).
/// Forgets everything when asked in another context than before.
pub struct AttrMemo<K> {
    ctx: Cell<*const c_void>,
    attributes: RefCell<FastMap<K, *const c_void>>,
}

impl<K: Eq + Hash> Default for AttrMemo<K> {
    fn default() -> Self {
        Self {
            ctx: Cell::new(std::ptr::null()),
            attributes: RefCell::new(FastMap::default()),
        }
    }
}

impl<K: Eq + Hash> AttrMemo<K> {
    /// The attribute remembered for `key` in the context of `loc`, made by
    /// `make` (in that context) the first time.
    pub fn get<'c>(
        &self,
        loc: Location<'c>,
        key: K,
        make: impl FnOnce() -> Attribute<'c>,
    ) -> Attribute<'c> {
        if let Some(attr) = self.find(loc, &key) {
            return attr;
        }
        let attr = make();
        self.attributes.borrow_mut().insert(key, attr.to_raw().ptr);
        attr
    }

    /// Remembers `attr` (of the context of `loc`) for `key`.
    pub fn set<'c>(&self, loc: Location<'c>, key: K, attr: Attribute<'c>) {
        self.enter(loc);
        self.attributes.borrow_mut().insert(key, attr.to_raw().ptr);
    }

    /// The attribute remembered for `key` in the context of `loc`, if any.
    pub fn find<'c>(&self, loc: Location<'c>, key: &K) -> Option<Attribute<'c>> {
        self.enter(loc);
        let raw = *self.attributes.borrow().get(key)?;
        // Made in this context (see `enter`), which outlives `'c`.
        Some(unsafe { Attribute::from_raw(MlirAttribute { ptr: raw }) })
    }

    /// Forgets everything when `loc` is in another context than before.
    fn enter(&self, loc: Location) {
        let ctx = unsafe { mlirLocationGetContext(loc.to_raw()) }.ptr as *const c_void;
        if self.ctx.get() != ctx {
            self.ctx.set(ctx);
            self.attributes.borrow_mut().clear();
        }
    }
}

/// Moves `op` (with its regions) right after `after`, outside any rewriter
/// (before a conversion starts).
pub fn move_after(op: &OperationRef, after: &OperationRef) {
    unsafe { mlirOperationMoveAfter(op.to_raw(), after.to_raw()) }
}

/// The attribute `name` of `op`, if it has one (without building the error
/// melior returns for a missing one, for attributes that are optional).
pub fn optional_attribute<'c>(op: &OperationRef<'c, '_>, name: &str) -> Option<Attribute<'c>> {
    let raw = unsafe { mlirOperationGetAttributeByName(op.to_raw(), super::str_ref(name)) };
    (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
}
