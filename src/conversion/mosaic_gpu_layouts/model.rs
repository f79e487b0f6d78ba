//! A plain snapshot of one Mosaic GPU module for inference: its ops in
//! pre-order, every value with its type facts, defining site and uses.
//!
//! Uses are kept in the order MLIR's parser leaves use lists (each op's
//! operands register when the op is built, after its regions, and each
//! new use goes first): jaxlib walks use lists when it derives relayout
//! constraints, and their order decides which candidates its search tries
//! first. Computing it from the structure keeps our answer the same as on
//! the module's text, however the module was built.

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Type, ValueLike};

use crate::ir;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Vector,
    Smem,
    ClusterSmem,
    Tmem,
    OtherMemref,
    Int,
    Index,
    Other,
}

#[derive(Clone, Debug)]
pub struct TyInfo {
    pub kind: Kind,
    pub shape: Vec<i64>,
    /// Element bit width (barriers count as 64, jaxlib's mbarrier size).
    pub bits: Option<i64>,
    pub strides: Vec<i64>,
    pub barrier: bool,
    pub text: String,
}

impl TyInfo {
    pub fn is_smem(&self) -> bool {
        matches!(self.kind, Kind::Smem | Kind::ClusterSmem)
    }
    /// An SMEM ref that may carry transforms (barriers never do).
    pub fn is_transformable(&self) -> bool {
        self.is_smem() && !self.barrier
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Def {
    Result(usize, usize),
    /// Argument `idx` of the first block of region `region` of `op`.
    Arg(usize, usize, usize),
    Outside,
}

pub struct Val {
    pub ty: TyInfo,
    pub def: Def,
    /// (op, operand index), in use-list order.
    pub uses: Vec<(usize, usize)>,
}

pub struct Node<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub name: String,
    pub operands: Vec<usize>,
    pub results: Vec<usize>,
    /// Arguments of the first block of each region.
    pub region_args: Vec<Vec<usize>>,
    /// The last op of the first block of each region.
    pub region_terms: Vec<Option<usize>>,
    pub children: Vec<usize>,
    /// Integer value of an `arith.constant` of integer or index type.
    pub int_value: Option<i64>,
    /// Whether an `arith.constant` holds a splat.
    pub splat: bool,
}

pub struct Model<'c, 'a> {
    pub ops: Vec<Node<'c, 'a>>,
    pub vals: Vec<Val>,
    /// The module's top-level ops.
    pub top: Vec<usize>,
}

fn ty_info(ty: Type) -> TyInfo {
    let text = ty.to_string();
    let elem = ir::element_type(ty);
    let barrier = elem.to_string().starts_with("!mosaic_gpu.barrier");
    let bits = if barrier {
        Some(64)
    } else {
        ir::bit_width(elem).map(|b| b as i64)
    };
    let (kind, shape, strides) = if ir::is_vector(ty) {
        (Kind::Vector, ir::memref_shape(ty), vec![])
    } else if ir::is_memref(ty) {
        let space = ir::memref_memory_space(ty).map(|a| a.to_string());
        let kind = match space.as_deref() {
            Some("#gpu.address_space<workgroup>") => Kind::Smem,
            Some("#mosaic_gpu.smem_cluster") => Kind::ClusterSmem,
            Some("#mosaic_gpu.tmem") => Kind::Tmem,
            _ => Kind::OtherMemref,
        };
        let strides = ir::memref_strides_and_offset(ty)
            .map(|s| s.0)
            .unwrap_or_default();
        (kind, ir::memref_shape(ty), strides)
    } else if ir::is_index(ty) {
        (Kind::Index, vec![], vec![])
    } else if ir::is_integer(ty) {
        (Kind::Int, vec![], vec![])
    } else {
        (Kind::Other, vec![], vec![])
    };
    TyInfo {
        kind,
        shape,
        bits,
        strides,
        barrier,
        text,
    }
}

struct Builder<'c, 'a> {
    ops: Vec<Node<'c, 'a>>,
    vals: Vec<Val>,
    ids: HashMap<*const std::ffi::c_void, usize>,
    /// (post-order position of the user, operand index, value, user op).
    uses: Vec<(usize, usize, usize, usize)>,
    post: usize,
}

impl<'c, 'a> Builder<'c, 'a> {
    fn value(&mut self, v: melior::ir::Value<'c, 'a>, def: Def) -> usize {
        let key = v.to_raw().ptr;
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.vals.len();
        self.vals.push(Val {
            ty: ty_info(v.r#type()),
            def,
            uses: vec![],
        });
        self.ids.insert(key, id);
        id
    }

    fn op(&mut self, op: OperationRef<'c, 'a>) -> usize {
        let id = self.ops.len();
        let name = ir::op_name_of(&op).to_string();
        let mut int_value = None;
        let mut splat = false;
        if name == "arith.constant" {
            if let Ok(a) = op.attribute("value") {
                int_value = ir::integer_attr_value(a);
                splat = ir::mgpu_view::is_splat_elements(a);
            }
        }
        self.ops.push(Node {
            op,
            name,
            operands: vec![],
            results: vec![],
            region_args: vec![],
            region_terms: vec![],
            children: vec![],
            int_value,
            splat,
        });
        let results = (0..op.result_count())
            .filter_map(|i| ir::result_at(&op, i))
            .enumerate()
            .map(|(i, v)| self.value(v, Def::Result(id, i)))
            .collect();
        self.ops[id].results = results;
        for r in 0..op.region_count() {
            let mut args = vec![];
            let mut term = None;
            if let Some(region) = ir::region_at(&op, r) {
                let mut block = region.first_block();
                let mut first = true;
                while let Some(b) = block {
                    for k in 0..b.argument_count() {
                        if let Some(a) = ir::argument_at(&b, k) {
                            let def = if first {
                                Def::Arg(id, r, k)
                            } else {
                                Def::Outside
                            };
                            let v = self.value(a, def);
                            if first {
                                args.push(v);
                            }
                        }
                    }
                    let mut last = None;
                    for child in ir::block_ops(b) {
                        let c = self.op(child);
                        self.ops[id].children.push(c);
                        last = Some(c);
                    }
                    if first {
                        term = last;
                    }
                    first = false;
                    block = b.next_in_region();
                }
            }
            self.ops[id].region_args.push(args);
            self.ops[id].region_terms.push(term);
        }
        let mut operands = vec![];
        for i in 0..op.operand_count() {
            if let Some(v) = ir::operand_at(&op, i) {
                let vid = self.value(v, Def::Outside);
                operands.push(vid);
                self.uses.push((self.post, i, vid, id));
            }
        }
        self.ops[id].operands = operands;
        self.post += 1;
        id
    }
}

impl<'c, 'a> Model<'c, 'a> {
    /// The snapshot of the ops of `module`'s body.
    pub fn of(module: &OperationRef<'c, 'a>) -> Self {
        let mut b = Builder {
            ops: vec![],
            vals: vec![],
            ids: HashMap::new(),
            uses: vec![],
            post: 0,
        };
        let mut top = vec![];
        if let Some(body) = ir::body_block(module) {
            for op in ir::block_ops(body) {
                top.push(b.op(op));
            }
        }
        // Latest registered first, as in a parsed module's use lists.
        b.uses.sort_by_key(|u| std::cmp::Reverse((u.0, u.1)));
        for (_, idx, v, user) in b.uses {
            b.vals[v].uses.push((user, idx));
        }
        Model {
            ops: b.ops,
            vals: b.vals,
            top,
        }
    }

    pub fn operand_ty(&self, op: usize, i: usize) -> &TyInfo {
        &self.vals[self.ops[op].operands[i]].ty
    }
}
