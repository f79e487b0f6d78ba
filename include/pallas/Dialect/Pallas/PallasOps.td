//===- PallasOps.td - pallas operations --------------------*- tablegen -*-===//

#ifndef PALLAS_OPS_TD
#define PALLAS_OPS_TD

include "pallas/Dialect/Pallas/PallasAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

// Every op's verifier is written in Rust (src/dialect/pallas/verify); the C++
// side only forwards.
class Pallas_VerifiedOp<string mnemonic, list<Trait> traits = []>
    : Pallas_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

// Kernel-body ops are only valid inside a pallas.kernel (or, for the pure
// queries, a pallas.index_map); the Rust verifier checks the ancestor.
class Pallas_BodyOp<string mnemonic, list<Trait> traits = []>
    : Pallas_VerifiedOp<mnemonic, traits>;

def Pallas_MaskVector : VectorOfAnyRankOf<[I1]>;

//===----------------------------------------------------------------------===//
// Kernels, index maps, calls
//===----------------------------------------------------------------------===//

def Pallas_KernelOp : Pallas_VerifiedOp<"kernel", [
    Symbol, IsolatedFromAbove, SingleBlockImplicitTerminator<"ReturnOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a Pallas kernel: grid, block specs, operand groups and body";
  let description = [{
    The unit of compilation, the equivalent of one `pallas_call`.

    ```mlir
    pallas.kernel @add grid(8) semantics(parallel)
        ins(%x: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>,
            %y: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>)
        outs(%o: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>) {
      %a = pallas.load %x[] : memref<128x128xf32> -> vector<128x128xf32>
      ...
    }
    ```

    * `grid(4, ?, 2)`: extents, `?` is dynamic (its value is an operand of
      `pallas.call`); `names("i", "j", "k")` optionally names the axes;
      `semantics(parallel, arbitrary, ...)` gives one dimension semantics per
      axis (`parallel`, `arbitrary`, `core_parallel`, `subcore_parallel`).
    * `prefetch(%s: memref<8xi32>)`: scalar prefetch operands, whole arrays
      visible to index maps and to the body.
    * `ins(...)`, `outs(...)`: windowed operands, each `%name: ARRAY block
      [dims] map MAP [in SPACE] [buffers N [revisit any|immediate]]` (see
      `#pallas.block_spec` for the pipeline mode). The body sees `%name` as the
      block ref: the block shape without squeezed dims, in the block's
      memory space.
    * `scratch(%s: TYPE)`: buffers allocated per launch, persistent across
      grid steps, uninitialized; their shapes are static (every target
      sizes them before the kernel runs).
    * `aliases(0 -> 0)`: input/output aliases, inputs counted over
      `prefetch ++ ins`.
    * attributes: `compiler_params = {mosaic_tpu = {...}, mosaic_gpu = {...}}`,
      `cost_estimate = #pallas.cost_estimate<...>`, and for GPU kernels
      `gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<...>, ...}`
      (the shared-memory layout of block refs and scratch, keyed by operand).

    GPU kernels (`compiler_params = {mosaic_gpu = {...}}`, decoded by
    `src/dialect/pallas/gpu_params.rs`): `mosaic_gpu` holds JAX's
    `plgpu.CompilerParams` (`lowering_semantics = "warpgroup"` or
    `"lane"`, `max_concurrent_steps`, `delay_release`, `approx_math`,
    `unsafe_no_auto_barriers`, `reduction_scratch_bytes`, `profile_space`,
    `profile_dir`) and the parts of a `plgpu.Mesh` the grid does not say:
    `cluster = array<i64: ...>` with `cluster_names`, and `num_threads`
    warpgroups per CTA with `thread_name`, the axis whose
    `pallas.axis_index` is the warpgroup index (warp specialization). The
    grid is the CUDA grid of CTAs; `semantics(arbitrary)` axes are JAX's
    `"sequential"` ones, pipelined inside the kernel. Block refs are in
    `shared` (TMA-pipelined windows) or `gmem` (whole arrays); a
    `plgpu.kernel` is a kernel whose operands are whole `gmem` arrays.

    The body's block arguments are prefetch refs ++ input block refs ++
    output block refs ++ scratch refs.
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    DenseI64ArrayAttr:$grid,
    OptionalAttr<StrArrayAttr>:$grid_names,
    OptionalAttr<StrArrayAttr>:$dimension_semantics,
    TypeArrayAttr:$scalar_prefetch,
    TypedArrayAttrBase<Pallas_BlockSpecAttr, "input block specs">:$in_specs,
    TypedArrayAttrBase<Pallas_BlockSpecAttr, "output block specs">:$out_specs,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$input_output_aliases,
    OptionalAttr<DictionaryAttr>:$compiler_params,
    OptionalAttr<Pallas_CostEstimateAttr>:$cost_estimate,
    OptionalAttr<DictionaryAttr>:$gpu_transforms
  );
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    unsigned getNumScalarPrefetch() { return getScalarPrefetch().size(); }
    unsigned getNumInputs() { return getInSpecs().size(); }
    unsigned getNumOutputs() { return getOutSpecs().size(); }
    unsigned getNumScratch() {
      int64_t rest = (int64_t)getBody().front().getNumArguments() -
          getNumScalarPrefetch() - getNumInputs() - getNumOutputs();
      return rest < 0 ? 0 : rest;
    }
  }];
}

def Pallas_IndexMapOp : Pallas_VerifiedOp<"index_map", [
    Symbol, IsolatedFromAbove, FunctionOpInterface]> {
  let summary = "a data-dependent index map: (grid ids: i32..., prefetch refs...) -> (i32...)";
  let description = [{
    A pure function from the grid ids (one `i32` per grid axis) and the
    scalar prefetch refs to the window position of one operand: one `i32`
    per array dim (a block index for Blocked dims, an element index for
    squeezed and element dims), two (`start`, `size`) for bounded dims.
    Referenced from a block spec by symbol.

    ```mlir
    pallas.index_map @rows(%i: i32, %ids: memref<8xi32>) -> (i32, i32) {
      %ii = arith.index_cast %i : i32 to index
      %b = memref.load %ids[%ii] : memref<8xi32>
      %c0 = arith.constant 0 : i32
      pallas.yield %b, %c0 : i32, i32
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
  }];
}

def Pallas_CallOp : Pallas_Op<"call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "buffer-level call of a kernel from a host program";
  let description = [{
    Runs the whole grid of `@kernel` on buffers. Operands, in order: one
    `index` per dynamic grid extent, the scalar prefetch arrays, the input
    arrays, the output arrays. Aliased outputs are read as the input they
    alias before the first grid step.

    ```mlir
    pallas.call @add(%x, %y, %o) : (memref<1024x128xf32>, memref<1024x128xf32>, memref<1024x128xf32>) -> ()
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, Variadic<AnyType>:$operands);
  let assemblyFormat = [{
    $kernel `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def Pallas_ReturnOp : Pallas_Op<"return", [Pure, Terminator, ReturnLike,
    HasParent<"KernelOp">]> {
  let summary = "ends a kernel body (optional in the custom form)";
  let assemblyFormat = "attr-dict";
}

def Pallas_YieldOp : Pallas_Op<"yield", [Pure, Terminator, ReturnLike]> {
  let summary = "returns values from an index map or a run_scoped region";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// Grid queries
//===----------------------------------------------------------------------===//

def Pallas_ProgramIdOp : Pallas_BodyOp<"program_id", [Pure]> {
  let summary = "the index of the current grid point along one axis";
  let arguments = (ins I64Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

def Pallas_NumProgramsOp : Pallas_BodyOp<"num_programs", [Pure]> {
  let summary = "the extent of the grid along one axis";
  let arguments = (ins I64Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
  let hasFolder = 1;
}

def Pallas_AxisIndexOp : Pallas_BodyOp<"axis_index", [Pure]> {
  let summary = "the position of this device or core along a named mesh or grid axis";
  let arguments = (ins StrAttr:$axis_name);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis_name attr-dict";
}

def Pallas_DeviceIdOp : Pallas_BodyOp<"device_id", [Pure]> {
  let summary = "the logical id of this device";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Ref access
//===----------------------------------------------------------------------===//

// An indexer selects a window of a ref per dim: `%i` or `3` (a single index,
// the dim is dropped), `%s:8` or `0:8` (start and size), `0:8:2` (with a
// stride). `[]` is the whole ref. Stored as dynamic `indices` plus
// `starts` (ShapedType::kDynamic marks a dynamic one), `sizes` (-1 marks a
// dropped dim) and `strides`.
defvar PallasIndexer = (ins Variadic<Index>:$indices,
  DenseI64ArrayAttr:$starts, DenseI64ArrayAttr:$sizes, DenseI64ArrayAttr:$strides);

def Pallas_LoadOp : Pallas_BodyOp<"load", [AttrSizedOperandSegments]> {
  let summary = "reads a window of a ref into a vector (or a scalar)";
  let description = [{
    `pallas.load %ref[%i, 0:8] mask(%m : vector<8xi1>) other(%o : vector<8xf32>)`:
    lanes whose mask bit is false read `other` (unspecified without it).

    `{expand}` (SparseCore, `plsc.load_expanded`): needs a mask and no
    `other`; the lanes whose mask bit is set read consecutive elements of
    the window, in lane order (the k-th set lane reads element k); the
    other lanes are unspecified.
  }];
  let arguments = !con((ins AnyMemRef:$ref), PallasIndexer,
    (ins Optional<Pallas_MaskVector>:$mask, Optional<AnyType>:$other,
     UnitAttr:$expand));
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ref `[` custom<Indexer>($indices, $starts, $sizes, $strides) `]`
    (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`other` `(` $other^ `:` type($other) `)`)?
    attr-dict `:` type($ref) `->` type($result)
  }];
}

def Pallas_StoreOp : Pallas_BodyOp<"store", [AttrSizedOperandSegments]> {
  let summary = "writes a vector (or a scalar) into a window of a ref";
  let description = [{
    `pallas.store %v, %ref[%i, 0:8] mask(%m : vector<8xi1>)`: lanes whose
    mask bit is false are not written.

    SparseCore forms, in the attribute dictionary:

    * `{compress}` (`plsc.store_compressed`): needs a mask; the lanes whose
      mask bit is set are written to consecutive elements of the window, in
      lane order (the k-th set lane goes to element k); the rest of the
      window keeps its value.
    * `{add}`: adds the value to what the window holds instead of
      overwriting it.
  }];
  let arguments = !con((ins AnyType:$value, AnyMemRef:$ref), PallasIndexer,
    (ins Optional<Pallas_MaskVector>:$mask, UnitAttr:$compress, UnitAttr:$add));
  let assemblyFormat = [{
    $value `,` $ref `[` custom<Indexer>($indices, $starts, $sizes, $strides) `]`
    (`mask` `(` $mask^ `:` type($mask) `)`)?
    attr-dict `:` type($value) `,` type($ref)
  }];
}

def Pallas_SwapOp : Pallas_BodyOp<"swap", [AttrSizedOperandSegments]> {
  let summary = "writes a window of a ref and returns what it held";
  let arguments = !con((ins AnyType:$value, AnyMemRef:$ref), PallasIndexer,
    (ins Optional<Pallas_MaskVector>:$mask));
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $value `,` $ref `[` custom<Indexer>($indices, $starts, $sizes, $strides) `]`
    (`mask` `(` $mask^ `:` type($mask) `)`)?
    attr-dict `:` type($value) `,` type($ref) `->` type($result)
  }];
}

def Pallas_AtomicKind : I32EnumAttr<"AtomicKind", "atomic read-modify-write operation", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"max", 1>, I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"bit_and", 3, "and">, I32EnumAttrCase<"bit_or", 4, "or">,
    I32EnumAttrCase<"bit_xor", 5, "xor">,
    I32EnumAttrCase<"xchg", 6>]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_AtomicRmwOp : Pallas_BodyOp<"atomic_rmw", [AttrSizedOperandSegments]> {
  let summary = "atomic read-modify-write of a window (GPU); returns the old values";
  let arguments = !con((ins Pallas_AtomicKind:$kind, AnyType:$value, AnyMemRef:$ref),
    PallasIndexer, (ins Optional<Pallas_MaskVector>:$mask));
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $kind $value `,` $ref `[` custom<Indexer>($indices, $starts, $sizes, $strides) `]`
    (`mask` `(` $mask^ `:` type($mask) `)`)?
    attr-dict `:` type($value) `,` type($ref) `->` type($result)
  }];
}

def Pallas_AtomicCasOp : Pallas_BodyOp<"atomic_cas",
    [AllTypesMatch<["cmp", "value", "result"]>]> {
  let summary = "atomic compare-and-swap of one element (GPU); returns the old value";
  let arguments = (ins AnyMemRef:$ref, Variadic<Index>:$indices, AnySignlessIntegerOrIndex:$cmp,
    AnySignlessIntegerOrIndex:$value);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = [{
    $ref `[` $indices `]` `,` $cmp `,` $value attr-dict `:` type($ref) `,` type($value)
  }];
}

//===----------------------------------------------------------------------===//
// Ref views: reshape and bitcast (`ref.reshape(...)`, `ref.bitcast(dtype)`)
//===----------------------------------------------------------------------===//

def Pallas_RefReshapeOp : Pallas_BodyOp<"ref_reshape", [Pure]> {
  let summary = "views a ref with another shape (`ref.reshape(...)`)";
  let description = [{
    ```mlir
    %r = pallas.ref_reshape %x : memref<16x128xf32, #pallas.memory_space<vmem>>
        -> memref<2x8x128xf32, #pallas.memory_space<vmem>>
    ```

    The same elements in the same row-major order, seen with another
    static shape: element `k` of the result (counting row-major) is element
    `k` of `ref`. Reads and writes through the result reach `ref`; like
    every Pallas ref transform, the view is applied again at each use
    (load, store, DMA) when lowered for TPU.

    Both types have the same element type, element count and memory space.
    The result's layout is that of the view in memory: the identity when
    `ref` has one; when `ref` is itself a view (a `memref.subview`), the
    strides and offset of the same elements, e.g. a reshape of
    `memref<8x128xf32, strided<[128, 1], offset: ?>>` to `2x4x128` is
    `memref<2x4x128xf32, strided<[512, 128, 1], offset: ?>>`. A reshape that
    no strides describe (merging dims of a non-contiguous view) is
    rejected.

    TPU (JAX's rules): the ref seen by JAX (a window counts its squeezed
    block dims) has rank at least 2 and its last two block dims are not
    squeezed; the result has rank at least 2 (Mosaic has no 1-D reshape).
  }];
  let arguments = (ins AnyMemRef:$ref);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$ref attr-dict `:` type($ref) `->` type($result)";
}

def Pallas_RefBitcastOp : Pallas_BodyOp<"ref_bitcast", [Pure]> {
  let summary = "views a ref with another element type (`ref.bitcast(dtype)`)";
  let description = [{
    ```mlir
    %b = pallas.ref_bitcast %kv : memref<16x128xbf16, #pallas.memory_space<vmem>>
        -> memref<8x128xi32, #pallas.memory_space<vmem>>
    ```

    The bits of `ref` seen as another element type (integers of any
    signedness, whose values are signless as for every ref, or floats; not
    `i1`), as on TPU. Both refs have the same rank (at least 2),
    the same dims but the second-minor one, and the same memory space. The
    second-minor dim scales with the bit widths (`dim * width` is kept):
    packing `k = wide / narrow` narrow elements into a wide one takes `k`
    consecutive rows, the first in the lowest bits. For `bf16` to `i32`:

        b[r, c] = bits(x[2r, c]) | bits(x[2r + 1, c]) << 16

    and the other way round `x[2r + j, c] = bits(b[r, c]) >> (16 j)`
    (truncated). With equal widths every element keeps its position.
    Reads and writes through the result reach `ref`.

    The result has the layout of `ref` when the widths are equal, the
    identity layout otherwise. TPU: JAX 0.10.2 cannot bitcast a window with
    squeezed block dims. CPU reference: no strides describe the packing, so
    a bit-width-changing view (or one between a signed or unsigned integer
    type and another type, which `arith.bitcast` cannot express) is a buffer
    of its own, filled from `ref` before and written back after each op that
    accesses it; such a view cannot flow through control flow (`scf.for`
    arguments, yields).
  }];
  let arguments = (ins AnyMemRef:$ref);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$ref attr-dict `:` type($ref) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

def Pallas_DotOp : Pallas_BodyOp<"dot", [Pure]> {
  let summary = "2-D matrix product with optional transposes";
  let description = [{
    `pallas.dot %a, %b {transpose_rhs} : vector<8x16xf32>, vector<32x16xf32> -> vector<8x32xf32>`.
    The result element type is the preferred element type (accumulation in
    it); `precision` is `default`, `high` or `highest`.
  }];
  let arguments = (ins VectorOfRankAndType<[2], [AnyFloat, AnySignlessInteger]>:$lhs,
    VectorOfRankAndType<[2], [AnyFloat, AnySignlessInteger]>:$rhs,
    UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs, OptionalAttr<StrAttr>:$precision);
  let results = (outs VectorOfRankAndType<[2], [AnyFloat, AnySignlessInteger]>:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
}

def Pallas_RollOp : Pallas_BodyOp<"roll", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "rotates a vector along one axis (like jnp.roll): out[i] = in[i - shift]";
  let arguments = (ins AnyVectorOfNonZeroRank:$input, I32:$shift, I64Attr:$axis,
    OptionalAttr<I64Attr>:$stride, OptionalAttr<I64Attr>:$stride_axis);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$input `,` $shift `axis` $axis attr-dict `:` type($input)";
}

def Pallas_BitcastOp : Pallas_BodyOp<"bitcast", [Pure]> {
  let summary = "reinterprets the bits of a vector; the second-minor dim scales with the bit width";
  let arguments = (ins AnyVectorOfNonZeroRank:$input);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Pallas_IotaOp : Pallas_BodyOp<"iota", [Pure]> {
  let summary = "a vector whose elements are their own index along `dimension`";
  let description = [{
    `%i = pallas.iota dim 1 : vector<8x128xi32>` gives `i[r, c] = c`
    (like `lax.broadcasted_iota`).
  }];
  let arguments = (ins I64Attr:$dimension);
  let results = (outs VectorOfNonZeroRankOf<[AnySignlessInteger]>:$result);
  let assemblyFormat = "`dim` $dimension attr-dict `:` type($result)";
}

def Pallas_ReciprocalOp : Pallas_BodyOp<"reciprocal", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "1 / x, optionally with the hardware approximation (`pl.reciprocal`)";
  let arguments = (ins AnyTypeOf<[AnyFloat, VectorOfNonZeroRankOf<[AnyFloat]>]>:$input,
    UnitAttr:$approx);
  let results = (outs AnyTypeOf<[AnyFloat, VectorOfNonZeroRankOf<[AnyFloat]>]>:$result);
  let assemblyFormat = "$input (`approx` $approx^)? attr-dict `:` type($input)";
}

def Pallas_ConcatenateOp : Pallas_BodyOp<"concatenate", [Pure]> {
  let summary = "joins vectors along one dimension (`jnp.concatenate`)";
  let arguments = (ins Variadic<AnyVectorOfNonZeroRank>:$inputs, I64Attr:$dimension);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$inputs `dim` $dimension attr-dict `:` type($inputs) `->` type($result)";
}

def Pallas_RepeatOp : Pallas_BodyOp<"repeat", [Pure]> {
  let summary = "tiles a vector `times` times along one dimension (`pltpu.repeat`)";
  let arguments = (ins AnyVectorOfNonZeroRank:$input, I64Attr:$dimension, I64Attr:$times);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$input `dim` $dimension `times` $times attr-dict `:` type($input) `->` type($result)";
}

def Pallas_NamedScopeOp : Pallas_BodyOp<"named_scope", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "a named region of the kernel for profiles (`jax.named_scope`)";
  let description = [{
    ```mlir
    pallas.named_scope "softmax" {
      ...
    }
    %m, %s = pallas.named_scope "stats" -> f32, vector<8xf32> {
      ...
      pallas.yield %max, %sum : f32, vector<8xf32>
    }
    ```
    The ops run in place; the name marks them in traces. Values computed
    in the scope and used after it are its results, yielded by the region
    (as values computed under `jax.named_scope` outlive the `with`).
  }];
  let arguments = (ins StrAttr:$name);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name (`->` type($results)^)? $body attr-dict";
}

def Pallas_MultipleOfOp : Pallas_BodyOp<"multiple_of", [Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "asserts that an integer value is a multiple of a constant";
  let arguments = (ins AnySignlessIntegerOrIndex:$value, I64Attr:$multiple);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = "$value `,` $multiple attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

def Pallas_RunScopedOp : Pallas_BodyOp<"run_scoped", [
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "runs a region with scoped allocations (its block arguments)";
  let arguments = (ins OptionalAttr<DictionaryAttr>:$gpu_transforms);
  let description = [{
    ```mlir
    %r = pallas.run_scoped -> i32 {
    ^bb0(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
         %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      ...
      pallas.yield %v : i32
    }
    ```
    The block argument types are the allocations (static shapes, like
    scratch); they live until the region ends and start uninitialized.

    GPU: allocations in `shared` are `plgpu.SMEM` (their layout in
    `gpu_transforms = {"<index>" = #pallas.gpu_transforms<...>}`), memrefs of
    `!pallas.barrier` are barriers, and an allocation in `regs`
    (`memref<MxNxf32, #pallas.memory_space<regs>>`) is a WGMMA accumulator
    (`plgpu.ACC`), zero at the start of the region, read with `pallas.load`
    (which waits for the WGMMAs into it) and set with `pallas.store`
    (`plgpu.ACC.init(value)`).
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` type($results)^)? $body attr-dict";
}

def Pallas_GetBarrierSemaphoreOp : Pallas_BodyOp<"get_barrier_semaphore", [Pure]> {
  let summary = "the cross-device barrier semaphore of the kernel's collective id (TPU)";
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Semaphores
//===----------------------------------------------------------------------===//

def Pallas_DeviceIdType : I32EnumAttr<"DeviceIdType", "how a device id is interpreted", [
    I32EnumAttrCase<"mesh", 0>, I32EnumAttrCase<"logical", 1>]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_SemaphoreSignalOp : Pallas_BodyOp<"semaphore_signal", [AttrSizedOperandSegments]> {
  let summary = "adds to a semaphore, optionally on another device or core";
  let arguments = (ins AnyMemRef:$sem, Variadic<Index>:$indices, I32:$inc,
    Variadic<I32>:$device_id, Optional<I32>:$core_index,
    DefaultValuedAttr<Pallas_DeviceIdType, "::mlir::pallas::DeviceIdType::mesh">:$device_id_type);
  let assemblyFormat = [{
    $sem `[` $indices `]` `,` $inc (`device` `(` $device_id^ `)`)? (`core` `(` $core_index^ `)`)?
    attr-dict `:` type($sem)
  }];
}

def Pallas_SemaphoreWaitOp : Pallas_BodyOp<"semaphore_wait"> {
  let summary = "waits until a semaphore reaches a value, then (by default) subtracts it";
  let arguments = (ins AnyMemRef:$sem, Variadic<Index>:$indices, I32:$value,
    DefaultValuedAttr<BoolAttr, "true">:$decrement);
  let assemblyFormat = "$sem `[` $indices `]` `,` $value attr-dict `:` type($sem)";
}

def Pallas_SemaphoreReadOp : Pallas_BodyOp<"semaphore_read"> {
  let summary = "reads the current value of a semaphore";
  let arguments = (ins AnyMemRef:$sem, Variadic<Index>:$indices);
  let results = (outs I32:$result);
  let assemblyFormat = "$sem `[` $indices `]` attr-dict `:` type($sem)";
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

// The offsets of an indirect DMA: a rank-1 i32 ref or vector.
def Pallas_DmaOffsets : AnyTypeOf<[MemRefRankOf<[I32], [1]>, VectorOfRankAndType<[1], [I32]>]>;

// The new operands (offsets, offset_filter) come last so that the operand
// segments of the older ones keep their positions.
class Pallas_DmaOp<string mnemonic, string what> : Pallas_BodyOp<mnemonic, [AttrSizedOperandSegments]> {
  let summary = what;
  let arguments = (ins AnyMemRef:$src, AnyMemRef:$dst, AnyMemRef:$sem, Variadic<Index>:$sem_indices,
    Optional<AnyMemRef>:$src_sem, Variadic<Index>:$src_sem_indices, Variadic<I32>:$device_id,
    Optional<Pallas_DmaOffsets>:$offsets, Optional<I32>:$offset_filter,
    DefaultValuedAttr<Pallas_DeviceIdType, "::mlir::pallas::DeviceIdType::mesh">:$device_id_type,
    DefaultValuedAttr<I64Attr, "0">:$priority, UnitAttr:$add);
  let assemblyFormat = [{
    $src `->` $dst `,` $sem `[` $sem_indices `]`
    (`offsets` `(` $offsets^ `:` type($offsets) `)`)?
    (`filter` `(` $offset_filter^ `:` type($offset_filter) `)`)?
    (`src_sem` `(` $src_sem^ `[` $src_sem_indices `]` `:` type($src_sem) `)`)?
    (`device` `(` $device_id^ `)`)?
    attr-dict `:` type($src) `->` type($dst) `,` type($sem)
  }];
}

def Pallas_DmaStartOp : Pallas_DmaOp<"dma_start",
    "starts an asynchronous copy src -> dst that signals `sem` (on dst's device) when done"> {
  let description = [{
    Source and destination are refs (slice them with `memref.subview`).
    A remote copy names the destination device with `device(%d...)` and a
    send semaphore with `src_sem(...)`; the two go together.

    Indirect (gather/scatter) DMA, SparseCore only:

    ```mlir
    pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>)
        filter(%pad : i32) {add} : ...
    ```

    `offsets(...)` (a rank-1 `i32` ref or vector of K offsets) indexes the
    ref in `hbm`/`vmem_shared` along its major dim: a gather reads rows
    `src[offsets[k]]` into `dst[k]`, a scatter writes `src[k]` to rows
    `dst[offsets[k]]`. Both refs have the same element type and the same
    dims after the major one; the other ref's major dim is K. Offsets equal
    to `filter(...)` are skipped. `{add}` adds into the destination instead
    of overwriting it. `filter` and `add` need `offsets`; an indirect DMA
    cannot be remote (no `device(...)`).
  }];
}

def Pallas_DmaWaitOp : Pallas_DmaOp<"dma_wait",
    "waits until the copy of this shape has signalled `sem`"> {
  let description = [{
    Takes the same operands as the `pallas.dma_start` it waits for: the
    amount waited for is the size of `dst` (for an indirect DMA, that of
    the ref that is not indexed by `offsets`).
  }];
}

//===----------------------------------------------------------------------===//
// Debugging and hints
//===----------------------------------------------------------------------===//

def Pallas_DebugPrintOp : Pallas_BodyOp<"debug_print"> {
  let summary = "prints a formatted message with scalar values (`{}` placeholders)";
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$args);
  let assemblyFormat = "$format (`(` $args^ `:` type($args) `)`)? attr-dict";
}

def Pallas_DelayOp : Pallas_BodyOp<"delay"> {
  let summary = "busy-waits for a number of cycles";
  let arguments = (ins I32:$cycles);
  let assemblyFormat = "$cycles attr-dict";
}

def Pallas_PrngSeedOp : Pallas_BodyOp<"prng_seed"> {
  let summary = "seeds the per-core hardware PRNG (TPU)";
  let arguments = (ins Variadic<I32>:$seeds);
  let assemblyFormat = "$seeds attr-dict";
}

def Pallas_PrngRandomBitsOp : Pallas_BodyOp<"prng_random_bits"> {
  let summary = "draws random bits from the hardware PRNG (TPU)";
  let results = (outs VectorOfAnyRankOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// SparseCore ops
//===----------------------------------------------------------------------===//

// The lane vectors of the SparseCore vector subcores.
def Pallas_Elem32 : Type<CPred<"$_self.isIntOrFloat() && $_self.getIntOrFloatBitWidth() == 32">,
    "32-bit integer or float">;
def Pallas_LaneKeys : VectorOfRankAndType<[1], [I32, F32]>;
def Pallas_LaneValues : VectorOfRankAndType<[1], [Pallas_Elem32]>;
def Pallas_LaneMask : VectorOfRankAndType<[1], [I1]>;
def Pallas_LaneIndices : VectorOfRankAndType<[1], [I32]>;

// `vector<N x i1>` / `vector<N x i32>` for a lane vector of length N (the
// helpers in PallasDialect.h; for a non-vector they return the element type
// itself, which then fails the op's verifier).
defvar Pallas_I1LanesOf = "::mlir::pallas::vectorOfShapeLike($_self, ::mlir::IntegerType::get($_self.getContext(), 1))";
defvar Pallas_I32LanesOf = "::mlir::pallas::vectorOfShapeLike($_self, ::mlir::IntegerType::get($_self.getContext(), 32))";

def Pallas_SortOp : Pallas_BodyOp<"sort", [Pure,
    AllTypesMatch<["keys", "sorted_keys"]>, AllTypesMatch<["values", "sorted_values"]>,
    TypesMatchWith<"valid is an i1 vector as long as keys", "keys", "valid", Pallas_I1LanesOf>]> {
  let summary = "stable sort of keys carrying values across the lanes (SparseCore)";
  let description = [{
    ```mlir
    %k, %v, %valid = pallas.sort %keys, %values mask(%m : vector<16xi1>) descending
        : vector<16xf32>, vector<16xi32>
    ```

    A stable ascending (or, with `descending`, descending) sort of `keys`
    (`i32` or `f32` lanes), moving `values` (32-bit lanes of the same
    length) along. Lanes whose `mask` bit is false sort after all others;
    `valid` (a `vector<N x i1>`) is true for the result lanes that hold a
    masked-in key. The result types are those of `keys`, `values` and
    `vector<N x i1>`.
  }];
  let arguments = (ins Pallas_LaneKeys:$keys, Pallas_LaneValues:$values,
    Optional<Pallas_LaneMask>:$mask, UnitAttr:$descending);
  let results = (outs Pallas_LaneKeys:$sorted_keys, Pallas_LaneValues:$sorted_values,
    Pallas_LaneMask:$valid);
  let assemblyFormat = [{
    $keys `,` $values (`mask` `(` $mask^ `:` type($mask) `)`)? (`descending` $descending^)?
    attr-dict `:` type($keys) `,` type($values)
  }];
}

def Pallas_CumulativeKind : I32EnumAttr<"CumulativeKind", "the combining operation of a cumulative scan", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>, I32EnumAttrCase<"min", 2>]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_CumulativeOp : Pallas_BodyOp<"cumulative", [Pure, AllTypesMatch<["x", "result"]>]> {
  let summary = "inclusive scan (sum, max or min) across the lanes (SparseCore)";
  let description = [{
    ```mlir
    %r = pallas.cumulative sum %x mask(%m : vector<16xi1>) : vector<16xf32>
    ```

    `r[i]` combines (`sum`, `max` or `min`) the lanes `x[j]`, `j <= i`,
    whose mask bit is set (all lanes without a mask). The result lanes
    whose mask bit is false are unspecified.
  }];
  let arguments = (ins Pallas_CumulativeKind:$kind, Pallas_LaneKeys:$x,
    Optional<Pallas_LaneMask>:$mask);
  let results = (outs Pallas_LaneKeys:$result);
  let assemblyFormat = [{
    $kind $x (`mask` `(` $mask^ `:` type($mask) `)`)? attr-dict `:` type($x)
  }];
}

def Pallas_ScanCountOp : Pallas_BodyOp<"scan_count", [Pure,
    TypesMatchWith<"counts is an i32 vector as long as x", "x", "counts", Pallas_I32LanesOf>,
    TypesMatchWith<"last is an i1 vector as long as x", "x", "last", Pallas_I1LanesOf>]> {
  let summary = "running count of equal values across the lanes (SparseCore)";
  let description = [{
    ```mlir
    %counts, %last = pallas.scan_count %x mask(%m : vector<16xi1>) : vector<16xi32>
    ```

    `counts[i]` (`i32`) is the number of lanes `j <= i` (with their mask
    bit set) where `x[j] == x[i]`; `last[i]` is true when lane `i` holds
    the last such occurrence of its value. Masked-out lanes are not
    counted and their results are unspecified. The result
    types are `vector<N x i32>` and `vector<N x i1>` for an `x` of N lanes.
  }];
  let arguments = (ins Pallas_LaneKeys:$x, Optional<Pallas_LaneMask>:$mask);
  let results = (outs Pallas_LaneIndices:$counts, Pallas_LaneMask:$last);
  let assemblyFormat = [{
    $x (`mask` `(` $mask^ `:` type($mask) `)`)? attr-dict `:` type($x)
  }];
}

def Pallas_TakeAlongAxisOp : Pallas_BodyOp<"take_along_axis", [Pure]> {
  let summary = "gathers vector elements along one dimension (`jnp.take_along_axis`)";
  let description = [{
    ```mlir
    %r = pallas.take_along_axis %x, %idx dim 0 : vector<16xf32>, vector<16xi32>
    ```

    `r[..., i, ...] = x[..., idx[..., i, ...], ...]` along `dim`. `idx`
    has the rank of `x` and its sizes outside `dim`; the result has the
    shape of `idx` and the element type of `x` (its type is not written).
    Out-of-range indices give unspecified lanes.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$x, VectorOfNonZeroRankOf<[I32]>:$indices,
    I64Attr:$dimension);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $x `,` $indices `dim` $dimension attr-dict `:`
    custom<GatherTypes>(type($x), type($indices), type($result))
  }];
}

def Pallas_RevOp : Pallas_BodyOp<"rev", [Pure, AllTypesMatch<["x", "result"]>]> {
  let summary = "reverses a vector along some dimensions (`lax.rev`)";
  let description = [{
    `%r = pallas.rev %x dims [0] : vector<16xf32>`: `r[..., i, ...] =
    x[..., n - 1 - i, ...]` along every listed dim.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$x, DenseI64ArrayAttr:$dimensions);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$x `dims` $dimensions attr-dict `:` type($x)";
}

def Pallas_LoadGatherOp : Pallas_BodyOp<"load_gather", [AttrSizedOperandSegments]> {
  let summary = "reads one ref element per lane at vector indices (SparseCore)";
  let description = [{
    ```mlir
    %v = pallas.load_gather %ref[%i0, %i1] mask(%m : vector<16xi1>)
        : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
    ```

    One `i32` index vector per ref dim, all N lanes long; lane `k` reads
    `ref[i0[k], i1[k], ...]`. The result is `vector<N x element>`. Lanes
    whose mask bit is false are not read (unspecified).
  }];
  let arguments = (ins Arg<AnyNon0RankedMemRef, "the ref read", [MemRead]>:$ref,
    Variadic<Pallas_LaneIndices>:$indices, Optional<Pallas_LaneMask>:$mask);
  let results = (outs VectorOfRankAndType<[1], [AnyType]>:$result);
  let assemblyFormat = [{
    $ref `[` $indices `]` (`mask` `(` $mask^ `:` type($mask) `)`)?
    attr-dict `:` type($ref) `,` type($indices) `->` type($result)
  }];
}

def Pallas_StoreScatterOp : Pallas_BodyOp<"store_scatter", [AttrSizedOperandSegments]> {
  let summary = "writes one ref element per lane at vector indices (SparseCore)";
  let description = [{
    ```mlir
    pallas.store_scatter %v, %ref[%i0] mask(%m : vector<16xi1>) {add}
        : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
    ```

    One `i32` index vector per ref dim, as long as the value; lane `k`
    writes `value[k]` to `ref[i0[k], ...]` (with `{add}`, adds it to what
    the element holds). Lanes whose mask bit is false write nothing.
    Lanes that hit the same element: the last one wins (all add with
    `{add}`).
  }];
  let arguments = (ins VectorOfRankAndType<[1], [AnyType]>:$value,
    Arg<AnyNon0RankedMemRef, "the ref written", [MemRead, MemWrite]>:$ref,
    Variadic<Pallas_LaneIndices>:$indices, Optional<Pallas_LaneMask>:$mask, UnitAttr:$add);
  let assemblyFormat = [{
    $value `,` $ref `[` $indices `]` (`mask` `(` $mask^ `:` type($mask) `)`)?
    attr-dict `:` type($value) `,` type($ref) `,` type($indices)
  }];
}

def Pallas_SubcoreBarrierOp : Pallas_BodyOp<"subcore_barrier"> {
  let summary = "waits until every vector subcore of the SparseCore reaches this point";
  let description = [{
    `pallas.subcore_barrier` (`plsc.subcore_barrier`): all vector subcores
    of the core wait here; memory written before it (in `vmem_shared`) is
    visible to every subcore after it.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// GPU-only ops (no upstream op fits): TMA, mbarriers, WGMMA, layouts
//===----------------------------------------------------------------------===//

// A barrier ref indexed down to one barrier: `%bars[%i]` (`bars.at[i]`).
def Pallas_BarrierArriveOp : Pallas_BodyOp<"barrier_arrive"> {
  let summary = "arrives on a shared-memory mbarrier (`plgpu.barrier_arrive`, GPU)";
  let description = [{
    `pallas.barrier_arrive %bar[%i] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>`:
    one arrival of the issuing warpgroup (every CTA of the cluster axes of a
    collective barrier arrives on all of them).
  }];
  let arguments = (ins AnyMemRef:$barrier, Variadic<Index>:$indices);
  let assemblyFormat = "$barrier `[` $indices `]` attr-dict `:` type($barrier)";
}

def Pallas_BarrierWaitOp : Pallas_BodyOp<"barrier_wait"> {
  let summary = "waits for the current phase of an mbarrier to complete (`plgpu.barrier_wait`, GPU)";
  let description = [{
    The phase is tracked by the lowering (one parity bit per barrier and
    thread); each wait moves to the next phase.
  }];
  let arguments = (ins AnyMemRef:$barrier, Variadic<Index>:$indices);
  let assemblyFormat = "$barrier `[` $indices `]` attr-dict `:` type($barrier)";
}

def Pallas_CopyGmemToSmemOp : Pallas_BodyOp<"copy_gmem_to_smem"> {
  let summary = "asynchronous (TMA) copy from global to shared memory that arrives on a barrier (GPU)";
  let description = [{
    ```mlir
    %rows = memref.subview %x[128, 0] [128, 128] [1, 1] : memref<256x128xf32, #pallas.memory_space<gmem>>
        to memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>>
    pallas.copy_gmem_to_smem %rows -> %buf, %bar[] {collective_axes = ["c"]}
        : memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>>
        -> memref<128x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
    ```
    `plgpu.copy_gmem_to_smem(src, dst, barrier)`: `src` is a `gmem` ref (a
    slice of one is a `memref.subview`, static or dynamic offsets, unit
    strides), `dst` a `shared` ref (or a subview) of the same shape and
    element type. The copy announces its bytes on the barrier and
    completes them there; wait with `pallas.barrier_wait`.

    * `collective_axes = ["c", ...]`: cluster axes; one CTA's copy is
      multicast to every CTA along them;
    * `partitioned_axis = k`: with `collective_axes`, each CTA receives
      its share of dim `k` of the tile and the barrier of the first CTA
      counts all the bytes.
  }];
  let arguments = (ins AnyMemRef:$src, AnyMemRef:$dst, AnyMemRef:$barrier,
    Variadic<Index>:$barrier_indices, OptionalAttr<StrArrayAttr>:$collective_axes,
    OptionalAttr<I64Attr>:$partitioned_axis);
  let assemblyFormat = [{
    $src `->` $dst `,` $barrier `[` $barrier_indices `]` attr-dict `:` type($src) `->` type($dst) `,` type($barrier)
  }];
}

def Pallas_TmaReduction : I32EnumAttr<"TmaReduction", "the reduction of a reducing TMA store", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>, I32EnumAttrCase<"max", 2>,
    I32EnumAttrCase<"inc", 3>, I32EnumAttrCase<"dec", 4>,
    I32EnumAttrCase<"bit_and", 5, "and">, I32EnumAttrCase<"bit_or", 6, "or">,
    I32EnumAttrCase<"bit_xor", 7, "xor">]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_CopySmemToGmemOp : Pallas_BodyOp<"copy_smem_to_gmem", [AttrSizedOperandSegments]> {
  let summary = "asynchronous (TMA) copy from shared to global memory (GPU)";
  let description = [{
    `pallas.copy_smem_to_gmem %buf -> %out if(%p) reduce add {commit_group = false} : ...`
    is `plgpu.copy_smem_to_gmem(src, dst, predicate=p, commit_group=False,
    reduction_op="add")`: `src` in `shared`, `dst` in `gmem` (a
    `memref.subview` for a slice), same shape and element type. One thread
    of the warpgroup issues it (when the optional `i1` predicate holds).
    By default the copy closes a bulk async group (`commit_group = true`)
    that `pallas.wait_smem_to_gmem` waits for; with `commit_group = false`
    it joins the group the next `pallas.commit_smem_to_gmem_group` closes.
    `reduce KIND` combines the data with what `dst` holds (`add`, `min`,
    `max`, `inc`, `dec`, `and`, `or`, `xor`) instead of overwriting it.
    `device(%d)` writes `dst` of another device of the kernel's device mesh
    (`plgpu.remote_ref(dst, d)`, the logical device id along the mesh).
  }];
  let arguments = (ins AnyMemRef:$src, AnyMemRef:$dst, Optional<I1>:$predicate,
    OptionalAttr<Pallas_TmaReduction>:$reduction,
    DefaultValuedAttr<BoolAttr, "true">:$commit_group, Optional<I32>:$device_id);
  let assemblyFormat = [{
    $src `->` $dst (`if` `(` $predicate^ `)`)? (`device` `(` $device_id^ `)`)?
    (`reduce` $reduction^)? attr-dict `:` type($src) `->` type($dst)
  }];
}

def Pallas_CommitSmemOp : Pallas_BodyOp<"commit_smem"> {
  let summary = "makes prior shared-memory writes visible to the async proxy (`plgpu.commit_smem`, GPU)";
  let description = [{
    Needed between writes of a `shared` ref (`pallas.store`) and a TMA copy
    or WGMMA that reads it; also a barrier of the warpgroup.
  }];
  let assemblyFormat = "attr-dict";
}

def Pallas_CommitSmemToGmemGroupOp : Pallas_BodyOp<"commit_smem_to_gmem_group"> {
  let summary = "closes the group of shared-to-global copies issued with commit_group = false (GPU)";
  let assemblyFormat = "attr-dict";
}

def Pallas_WaitSmemToGmemOp : Pallas_BodyOp<"wait_smem_to_gmem"> {
  let summary = "waits until at most `pending` groups of shared-to-global copies are in flight (GPU)";
  let description = [{
    `pallas.wait_smem_to_gmem 0 read_only` is `plgpu.wait_smem_to_gmem(0,
    wait_read_only=True)`: with `read_only`, only until the copies have
    read their `shared` source (which may then be overwritten), not until
    their writes to `gmem` are done.
  }];
  let arguments = (ins DefaultValuedAttr<I64Attr, "0">:$pending, UnitAttr:$read_only);
  let assemblyFormat = "$pending (`read_only` $read_only^)? attr-dict";
}

def Pallas_WgmmaOp : Pallas_BodyOp<"wgmma"> {
  let summary = "warpgroup matrix multiply-accumulate acc += lhs @ rhs (`plgpu.wgmma`, GPU)";
  let description = [{
    ```mlir
    pallas.wgmma %acc, %a, %b : memref<128x128xf32, #pallas.memory_space<regs>>,
        memref<128x64xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
    ```
    `acc` is a WGMMA accumulator (a `regs` ref of `f32`, or `i32` for 8-bit
    integer operands, or `f16`), `[M, N]` with M a multiple of 64; `lhs` is
    a `shared` ref `[M, K]` or a `vector<MxK>` in registers; `rhs` a
    `shared` ref `[K, N]`. `lhs` and `rhs` have the same element type.
    The MMA is asynchronous: `pallas.wgmma_wait` waits for it, and reading
    the accumulator (`pallas.load %acc[]`) waits for all of them.
    Shared operands are laid out by their `gpu_transforms` (the same
    swizzle for both, at least 32 bytes). `{transpose_lhs}` /
    `{transpose_rhs}` read a shared operand transposed
    (`plgpu.transpose_ref(ref, (1, 0))`): `lhs` is then `[K, M]`, `rhs`
    `[N, K]`.
  }];
  let arguments = (ins AnyMemRef:$acc, AnyType:$lhs, AnyMemRef:$rhs,
    UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let assemblyFormat = "$acc `,` $lhs `,` $rhs attr-dict `:` type($acc) `,` type($lhs) `,` type($rhs)";
}

def Pallas_WgmmaWaitOp : Pallas_BodyOp<"wgmma_wait"> {
  let summary = "waits until at most `pending` WGMMAs are in flight (`plgpu.wgmma_wait`, GPU)";
  let arguments = (ins I64Attr:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def Pallas_LayoutCastOp : Pallas_BodyOp<"layout_cast", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "gives a GPU array a register layout (`plgpu.layout_cast`)";
  let description = [{
    `%y = pallas.layout_cast %x wgmma : vector<128x128xf32>`; `wg_strided`
    takes the vector size per thread, `pallas.layout_cast %x wg_strided
    {vec_size = 4}`. The value is unchanged; the layout is that of the
    result and a hint for the op producing `x` (a load, an iota, a
    broadcast), as `plgpu.load(..., layout=...)` and
    `plgpu.broadcasted_iota(..., layout=...)` are such an op followed by a
    cast. `wgmma_row`/`wgmma_col` are `WGMMA.reduce(1)`/`WGMMA.reduce(0)`,
    the layouts of 1-D rows and columns of a WGMMA tile.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$input, Pallas_GpuLayout:$layout,
    OptionalAttr<I64Attr>:$vec_size);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$input $layout attr-dict `:` type($input)";
}

def Pallas_RegisterAction : I32EnumAttr<"RegisterAction", "how set_max_registers moves the budget", [
    I32EnumAttrCase<"increase", 0>, I32EnumAttrCase<"decrease", 1>]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_SetMaxRegistersOp : Pallas_BodyOp<"set_max_registers"> {
  let summary = "moves the per-thread register budget of this warpgroup (`plgpu.set_max_registers`, GPU)";
  let description = [{
    `pallas.set_max_registers 232 increase` / `... 40 decrease`: with warp
    specialization, producer warpgroups give registers up and consumers
    take them. The count is a multiple of 8 in [24, 256].
  }];
  let arguments = (ins I64Attr:$count, Pallas_RegisterAction:$action);
  let assemblyFormat = "$count $action attr-dict";
}

def Pallas_MultimemReduction : I32EnumAttr<"MultimemReduction", "the reduction of a multimem load", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>, I32EnumAttrCase<"max", 2>,
    I32EnumAttrCase<"bit_and", 3, "and">, I32EnumAttrCase<"bit_or", 4, "or">,
    I32EnumAttrCase<"bit_xor", 5, "xor">]> {
  let cppNamespace = "::mlir::pallas";
}

def Pallas_MultimemStoreOp : Pallas_BodyOp<"multimem_store"> {
  let summary = "stores a value to a GMEM ref on every device of some mesh axes (`plgpu.multimem_store`, GPU)";
  let description = [{
    `pallas.multimem_store %v, %dst {collective_axes = ["x"]} : vector<1x32x128xf32>, memref<...>`:
    `dst` (a `gmem` ref or a `memref.subview` of one, of the value's shape
    and element type) is written with `v` on every device along the device
    mesh axes `collective_axes` (names of `mesh_axes` in the kernel's
    `mosaic_gpu` params), through the NVLink switch's multicast.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, AnyMemRef:$ref, StrArrayAttr:$collective_axes);
  let assemblyFormat = "$value `,` $ref attr-dict `:` type($value) `,` type($ref)";
}

def Pallas_MultimemLoadReduceOp : Pallas_BodyOp<"multimem_load_reduce"> {
  let summary = "loads a GMEM ref on every device of some mesh axes and reduces the values (`plgpu.multimem_load_reduce`, GPU)";
  let description = [{
    `%r = pallas.multimem_load_reduce %src add {collective_axes = ["x"]} : memref<...> -> vector<...>`:
    the element-wise reduction (`add`, `min`, `max`, `and`, `or`, `xor`) of
    `src` over the devices along the mesh axes `collective_axes`; the result
    has the shape and element type of `src`.
  }];
  let arguments = (ins AnyMemRef:$ref, Pallas_MultimemReduction:$reduction,
    StrArrayAttr:$collective_axes);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$ref $reduction attr-dict `:` type($ref) `->` type($result)";
}

def Pallas_GetGlobalOp : Pallas_BodyOp<"get_global"> {
  let summary = "a semaphore shared by every CTA of the launch (`pl.get_global(plgpu.SemaphoreType.REGULAR)`, GPU)";
  let description = [{
    `%sem = pallas.get_global : memref<!pallas.semaphore, #pallas.memory_space<gmem>>`:
    GMEM semaphores (any shape) that all CTAs of the launch share, zero when
    the kernel starts; each `pallas.get_global` is a distinct allocation.
  }];
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Pallas_SemaphoreSignalMulticastOp : Pallas_BodyOp<"semaphore_signal_multicast"> {
  let summary = "adds to a GMEM semaphore on every device of some mesh axes (`plgpu.semaphore_signal_multicast`, GPU)";
  let description = [{
    `pallas.semaphore_signal_multicast %sem[], %inc {collective_axes = ["x"]} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>`:
    `inc` is added to the semaphore on every device along the mesh axes
    (JAX supports all of the mesh's devices only); wait for it with
    `pallas.semaphore_wait`.
  }];
  let arguments = (ins AnyMemRef:$sem, Variadic<Index>:$indices, I32:$inc,
    StrArrayAttr:$collective_axes);
  let assemblyFormat = "$sem `[` $indices `]` `,` $inc attr-dict `:` type($sem)";
}

#endif // PALLAS_OPS_TD
