// Verifier, constraint and parse errors of the mosaic_gpu dialect, one case
// per rule. Every message and its location is jaxlib 0.10.2's: `make
// jax-check` (scripts/jax/check_mgpu_text.py) parses each case with jaxlib
// and requires exactly these errors.
// RUN: %pallas_opt %s -split-input-file -verify-diagnostics
// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// initialize_barrier: arrival_count must be positive
func.func @f(%p: !llvm.ptr<3>) {
// expected-error @+1 {{'mosaic_gpu.initialize_barrier' op attribute 'arrival_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  "mosaic_gpu.initialize_barrier"(%p) <{arrival_count = 0 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
  return
}

// -----

// initialize_barrier: the pointer must be into shared memory
func.func @f(%p: !llvm.ptr) {
// expected-error @+1 {{'mosaic_gpu.initialize_barrier' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr'}}
  "mosaic_gpu.initialize_barrier"(%p) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr) -> ()
  return
}

// -----

// arrive_expect_tx: a barrier ref of rank 0
func.func @f(%b: memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.arrive_expect_tx' op operand #0 must be 0D memref of A barrier to use for synchronizing threads values, but got 'memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>'}}
  mosaic_gpu.arrive_expect_tx barrier(%b : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16
  return
}

// -----

// try_cluster_cancel: 16-byte response
func.func @f(%r: memref<8xi8, #gpu.address_space<workgroup>>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.try_cluster_cancel' op Try cluster cancel response must have 16 elements, but has 8 elements.}}
  "mosaic_gpu.try_cluster_cancel"(%r, %b) : (memref<8xi8, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// try_cluster_cancel: response in SMEM
func.func @f(%r: memref<16xi8>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.try_cluster_cancel' op Response memref must be in SMEM.}}
  "mosaic_gpu.try_cluster_cancel"(%r, %b) : (memref<16xi8>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// query_cluster_cancel: 16-byte response
func.func @f(%r: memref<32xi8, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.query_cluster_cancel' op Response to decode must have 16 elements, but has 32 elements.}}
  %0:4 = "mosaic_gpu.query_cluster_cancel"(%r) : (memref<32xi8, #gpu.address_space<workgroup>>) -> (i32, i32, i32, i1)
  return
}

// -----

// query_cluster_cancel: response in SMEM
func.func @f(%r: memref<16xi8>) {
// expected-error @+1 {{'mosaic_gpu.query_cluster_cancel' op Response memref must be in SMEM.}}
  %0:4 = "mosaic_gpu.query_cluster_cancel"(%r) : (memref<16xi8>) -> (i32, i32, i32, i1)
  return
}

// -----

// async_load: same element type
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The `source` and `destination` memrefs must have the same element type.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: slice lengths >= -1
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The `slice_lengths` attribute must not contain values less than -1.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: -2, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: ranks agree with the collapsed dimensions
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The rank of the `source` must be equal to the rank of the `destination` plus the number of collapsed dimensions as indicated by -1 values in `slice_lengths`.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: -1, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: one index per source dimension
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The size of `indices` must be equal to the rank of `source`.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
  return
}

// -----

// async_load: one slice length per source dimension
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The size of `slice_lengths` must be equal to the rank of `source`.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: at most one vector index
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>, %v: vector<64xi32>, %w: vector<128xi32>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op Only one index may be a vector but got multiple vector indices for dimensions 0 and 1.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %v, %w) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<64xi32>, vector<128xi32>) -> ()
  return
}

// -----

// async_load: a vector index as long as its slice
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>, %v: vector<32xi32>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The size of the vector index must be equal to the slice length but got 32 != 64.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %v, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<32xi32>, i32) -> ()
  return
}

// -----

// async_load: distinct collective dimensions
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op The `collective` attribute must not contain duplicate dimensions.}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [0 : i32, 0 : i32], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: collective dimensions are x, y or z
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op attribute 'collective' failed to satisfy constraint: dimensions}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [3 : i32], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: a known out-of-bounds fill mode
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{invalid properties {collective = [], oob_fill_mode = 5 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>} for op mosaic_gpu.async_load: Invalid attribute `oob_fill_mode` in property conversion: 5 : i32}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], oob_fill_mode = 5 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: leader_tracked is a copy partition
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{invalid properties {collective = [], leader_tracked = #mosaic_gpu.tmem, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>} for op mosaic_gpu.async_load: Invalid attribute `leader_tracked` in property conversion: #mosaic_gpu.tmem}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], leader_tracked = #mosaic_gpu.tmem, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
  return
}

// -----

// async_load: indices are i32
func.func @f(%g: memref<256x128xf16>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: index, %s: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_load' op operand #3 must be variadic of 32-bit signless integer or vector of 32-bit signless integer or 16-bit signless integer or 8-bit signless integer values of ranks 1, but got 'index'}}
  "mosaic_gpu.async_load"(%g, %s, %b, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, index, index) -> ()
  return
}

// -----

// async_prefetch: slice lengths >= -1
func.func @f(%g: memref<256x128xf16>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_prefetch' op The `slice_lengths` attribute must not contain values less than -1.}}
  "mosaic_gpu.async_prefetch"(%g, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 2, 0>, slice_lengths = array<i64: -3, 128>}> : (memref<256x128xf16>, i32, i32) -> ()
  return
}

// -----

// async_prefetch: one index per source dimension
func.func @f(%g: memref<256x128xf16>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_prefetch' op The size of `indices` must be equal to the rank of `source`.}}
  "mosaic_gpu.async_prefetch"(%g, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 1, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, i32) -> ()
  return
}

// -----

// async_prefetch: distinct collective dimensions
func.func @f(%g: memref<256x128xf16>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_prefetch' op The `collective` attribute must not contain duplicate dimensions.}}
  "mosaic_gpu.async_prefetch"(%g, %i, %i) <{collective = [1 : i32, 1 : i32], operandSegmentSizes = array<i32: 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, i32, i32) -> ()
  return
}

// -----

// async_store: gmem_peer_id excludes is_global_broadcast
func.func @f(%g: memref<256x128xf16>, %s: memref<64x128xf16, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_store' op Both `gmem_peer_id` or `is_global_broadcast` cannot be specified.}}
  "mosaic_gpu.async_store"(%s, %g, %i, %i, %i) <{is_global_broadcast = true, operandSegmentSizes = array<i32: 1, 1, 2, 0, 1>, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32, i32) -> ()
  return
}

// -----

// async_store: ranks agree (destination is the GMEM side)
func.func @f(%g: memref<256x128xf16>, %s: memref<64x128xf16, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_store' op The rank of the `destination` must be equal to the rank of the `source` plus the number of collapsed dimensions as indicated by -1 values in `slice_lengths`.}}
  "mosaic_gpu.async_store"(%s, %g, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, -1>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32) -> ()
  return
}

// -----

// async_store: a known TMA reduction
func.func @f(%g: memref<256x128xf16>, %s: memref<64x128xf16, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, reduction_op = 12 : i32, slice_lengths = array<i64: 64, 128>} for op mosaic_gpu.async_store: Invalid attribute `reduction_op` in property conversion: 12 : i32}}
  "mosaic_gpu.async_store"(%s, %g, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, reduction_op = 12 : i32, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32) -> ()
  return
}

// -----

// multimem_load_reduce: 32- or 64-bit integers
func.func @f(%r: memref<64xi16>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Only supported 32 and 64 bit integer operations}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 0 : i32}> : (memref<64xi16>) -> vector<64xi16>
  return
}

// -----

// multimem_load_reduce: integer min needs a signedness
func.func @f(%r: memref<64xi32>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Integer Min, or Max reductions must specify signedness (use Umin, Smin, Umax, Smax).}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 1 : i32}> : (memref<64xi32>) -> vector<64xi32>
  return
}

// -----

// multimem_load_reduce: floats reduce by add, min or max
func.func @f(%r: memref<64xf16>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Only Add, Max and Min reductions are supported on float source.}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 3 : i32}> : (memref<64xf16>) -> vector<64xf16>
  return
}

// -----

// multimem_load_reduce: f32 reduces by add only
func.func @f(%r: memref<64xf32>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Only Add is supported for F32 source type.}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 2 : i32}> : (memref<64xf32>) -> vector<64xf32>
  return
}

// -----

// multimem_load_reduce: no f64
func.func @f(%r: memref<64xf64>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Unsupported source type: 'f64'}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 0 : i32}> : (memref<64xf64>) -> vector<64xf64>
  return
}

// -----

// multimem_load_reduce: no index
func.func @f(%r: memref<64xindex>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Unsupported source type: 'index'}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 0 : i32}> : (memref<64xindex>) -> vector<64xindex>
  return
}

// -----

// multimem_load_reduce: the ref is in GMEM
func.func @f(%r: memref<64xi32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.multimem_load_reduce' op Expected the ref to be in GMEM.}}
  %0 = "mosaic_gpu.multimem_load_reduce"(%r) <{reduction_type = 0 : i32}> : (memref<64xi32, #gpu.address_space<workgroup>>) -> vector<64xi32>
  return
}

// -----

// vector_load: the result is the ref's shape
func.func @f(%r: memref<64x128xf32>) {
// expected-error @+2 {{'mosaic_gpu.vector_load' op inferred type(s) 'vector<64x128xf32>' are incompatible with return type(s) of operation 'vector<128x64xf32>'}}
// expected-error @+1 {{'mosaic_gpu.vector_load' op failed to infer returned types}}
  %0 = "mosaic_gpu.vector_load"(%r) : (memref<64x128xf32>) -> vector<128x64xf32>
  return
}

// -----

// vector_store: same shape
func.func @f(%v: vector<64x64xf32>, %r: memref<64x128xf32>) {
// expected-error @+1 {{'mosaic_gpu.vector_store' op The source and destination must have the same shape but got 64, 64 and 64, 128}}
  "mosaic_gpu.vector_store"(%v, %r) : (vector<64x64xf32>, memref<64x128xf32>) -> ()
  return
}

// -----

// vector_store: same element type
func.func @f(%v: vector<64x128xf16>, %r: memref<64x128xf32>) {
// expected-error @+1 {{'mosaic_gpu.vector_store' op The source and destination must have the same element type but got 'f16' and 'f32'}}
  "mosaic_gpu.vector_store"(%v, %r) : (vector<64x128xf16>, memref<64x128xf32>) -> ()
  return
}

// -----

// vector_store: multimem stores go to GMEM
func.func @f(%v: vector<64x128xf32>, %r: memref<64x128xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.vector_store' op The destination must be in GMEM for multidevice multicast}}
  "mosaic_gpu.vector_store"(%v, %r) <{multimem = true}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// async_store_smem: same shape
func.func @f(%v: vector<64xf32>, %r: memref<128xf32, #gpu.address_space<workgroup>>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem' op The `valueToStore` and `destination` must have the same shape.}}
  "mosaic_gpu.async_store_smem"(%v, %r, %b, %i) <{cluster_dim = 0 : i32}> : (vector<64xf32>, memref<128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
  return
}

// -----

// async_store_smem: same element type
func.func @f(%v: vector<128xi32>, %r: memref<128xf32, #gpu.address_space<workgroup>>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem' op The `valueToStore` and `destination` must have the same element type.}}
  "mosaic_gpu.async_store_smem"(%v, %r, %b, %i) <{cluster_dim = 0 : i32}> : (vector<128xi32>, memref<128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
  return
}

// -----

// async_store_smem: the destination is in SMEM
func.func @f(%v: vector<128xf32>, %r: memref<128xf32>, %b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem' op The `destination` memref must be in SMEM.}}
  "mosaic_gpu.async_store_smem"(%v, %r, %b, %i) <{cluster_dim = 0 : i32}> : (vector<128xf32>, memref<128xf32>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
  return
}

// -----

// broadcast_in_dim: operand of rank > 0
func.func @f(%v: vector<f32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The input vector must have rank > 0.}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<f32>) {broadcast_dimensions = array<i64>} -> vector<64xf32>
  return
}

// -----

// broadcast_in_dim: rank does not shrink
func.func @f(%v: vector<4x4xf32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The rank of the input vector must be smaller or equal to the rank of the result vector.}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<4x4xf32>) {broadcast_dimensions = array<i64: 0, 1>} -> vector<16xf32>
  return
}

// -----

// broadcast_in_dim: one dimension per operand dimension
func.func @f(%v: vector<4xf32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The size of the `broadcast_dimensions` attribute must be equal to the rank of the input vector.}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<4xf32>) {broadcast_dimensions = array<i64: 0, 1>} -> vector<4x8xf32>
  return
}

// -----

// broadcast_in_dim: dimensions within the result
func.func @f(%v: vector<4xf32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The values in the `broadcast_dimensions` attribute must be in the range [0, result.shape.rank=2).}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<4xf32>) {broadcast_dimensions = array<i64: 2>} -> vector<4x8xf32>
  return
}

// -----

// broadcast_in_dim: strictly increasing dimensions
func.func @f(%v: vector<4x8xf32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The values in the `broadcast_dimensions` attribute must be strictly increasing.}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<4x8xf32>) {broadcast_dimensions = array<i64: 1, 0>} -> vector<8x4xf32>
  return
}

// -----

// broadcast_in_dim: sizes are 1 or the result's
func.func @f(%v: vector<4xf32>) {
// expected-error @+1 {{'mosaic_gpu.broadcast_in_dim' op The size of the input vector's dimension 0 must be either 1 or equal to the size of the result vector's dimension 1.}}
  %0 = mosaic_gpu.broadcast_in_dim(%v : vector<4xf32>) {broadcast_dimensions = array<i64: 1>} -> vector<8x16xf32>
  return
}

// -----

// broadcasted_iota: dimension within the rank
func.func @f() {
// expected-error @+1 {{'mosaic_gpu.broadcasted_iota' op dimension=2 must be smaller than the rank=2 of the result.}}
  %0 = "mosaic_gpu.broadcasted_iota"() <{dimension = 2 : i32}> : () -> vector<8x16xi32>
  return
}

// -----

// layout_cast: a strided or tiled layout
func.func @f(%v: vector<64xf32>) {
// expected-error @+1 {{custom op 'mosaic_gpu.layout_cast' 'mosaic_gpu.layout_cast' op attribute 'new_layout' failed to satisfy constraint: Annotates an array that can be collapsed to 1D and sharded across threads. or A layout derived from a tiling expression.}}
  %0 = mosaic_gpu.layout_cast x(%v : vector<64xf32>) {new_layout = #mosaic_gpu.WGSplatFragLayout<[64]>}
  return
}

// -----

// optimization_barrier: at least one operand
func.func @f() {
// expected-error @+2 {{expected non-empty operands}}
// expected-error @+1 {{'mosaic_gpu.optimization_barrier' op failed to infer returned types}}
  "mosaic_gpu.optimization_barrier"() : () -> ()
  return
}

// -----

// assume_multiple: a positive multiple
func.func @f(%i: index) {
// expected-error @+1 {{'mosaic_gpu.assume_multiple' op attribute 'multiple' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = mosaic_gpu.assume_multiple %i, 0 : index
  return
}

// -----

// slice_smem: a non-negative offset
func.func @f() {
// expected-error @+1 {{'mosaic_gpu.slice_smem' op attribute 'offset' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = "mosaic_gpu.slice_smem"() <{offset = -8 : i32}> : () -> memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// reinterpret_cast: same element type
func.func @f(%r: memref<64xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.reinterpret_cast' op source and result memrefs must have the same element type}}
  %0 = "mosaic_gpu.reinterpret_cast"(%r) : (memref<64xf32, #gpu.address_space<workgroup>>) -> memref<64xi32, #gpu.address_space<workgroup>>
  return
}

// -----

// reinterpret_cast: same number of elements
func.func @f(%r: memref<64xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.reinterpret_cast' op source and result memrefs must have the same number of elements, but got 64 and 32}}
  %0 = "mosaic_gpu.reinterpret_cast"(%r) : (memref<64xf32, #gpu.address_space<workgroup>>) -> memref<4x8xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// get_cluster_ref: the result is in #mosaic_gpu.smem_cluster
func.func @f(%r: memref<64xf32, #gpu.address_space<workgroup>>, %i: i32) {
// expected-error @+2 {{'mosaic_gpu.get_cluster_ref' op inferred type(s) 'memref<64xf32, #mosaic_gpu.smem_cluster>' are incompatible with return type(s) of operation 'memref<64xf32, #gpu.address_space<workgroup>>'}}
// expected-error @+1 {{'mosaic_gpu.get_cluster_ref' op failed to infer returned types}}
  %0 = "mosaic_gpu.get_cluster_ref"(%r, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<64xf32, #gpu.address_space<workgroup>>, i32) -> memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// with_transforms: the result has the ref's type
func.func @f(%r: memref<64xf32, #gpu.address_space<workgroup>>) {
// expected-error @+2 {{'mosaic_gpu.with_transforms' op inferred type(s) 'memref<64xf32, #gpu.address_space<workgroup>>' are incompatible with return type(s) of operation 'memref<64xf32>'}}
// expected-error @+1 {{'mosaic_gpu.with_transforms' op failed to infer returned types}}
  %0 = "mosaic_gpu.with_transforms"(%r) <{transforms = []}> : (memref<64xf32, #gpu.address_space<workgroup>>) -> memref<64xf32>
  return
}

// -----

// swizzle: one of the swizzling modes
func.func private @g()
func.func @f() {
// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse SwizzleTransformAttr parameter 'swizzle' which is to be a `SwizzlingModeAttr`}}
  func.call @g() {t = #mosaic_gpu.swizzle<48 : i32>} : () -> ()
  return
}

// -----

// wgmma: a and b of one element type
func.func @f(%acc: vector<64x64xf32>, %a: memref<64x64xbf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op The `a` and `b` inputs must have the same element type.}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%a : memref<64x64xbf16, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
  return
}

// -----

// wgmma: accumulator rows are a's
func.func @f(%acc: vector<64x64xf32>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op The accumulator's first dimension 64 must be equal to the first dimensions of `a`: 128.}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%a : memref<128x64xf16, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
  return
}

// -----

// wgmma: a's columns are b's rows
func.func @f(%acc: vector<64x64xf32>, %a: memref<64x32xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op `a`'s contracting dimension 32 must be equal to the first dimension of `b`: 64.}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%a : memref<64x32xf16, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
  return
}

// -----

// wgmma: b's columns are the accumulator's
func.func @f(%acc: vector<64x64xf32>, %a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op `b`'s non-contracting dimension 128 must be equal to the accumulator's second dimension 64.}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%a : memref<64x64xf16, #gpu.address_space<workgroup>>) b(%b : memref<64x128xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
  return
}

// -----

// wgmma: rows a multiple of 64
func.func @f(%acc: vector<32x64xf32>, %a: memref<32x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op The accumulator's first dimension must be a multiple of 64, but got 32.}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<32x64xf32>) a(%a : memref<32x64xf16, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<32x64xf32>
  return
}

// -----

// wgmma: supported element types
func.func @f(%acc: vector<64x64xf32>, %a: memref<64x64xf64, #gpu.address_space<workgroup>>, %b: memref<64x64xf64, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.wgmma' op operand #1 must be 2D memref of A type supported by the `a` and `b` operands of the `wgmma.mma_async` instruction values or vector of A type supported by the `a` and `b` operands of the `wgmma.mma_async` instruction values of ranks 2, but got 'memref<64x64xf64, #gpu.address_space<workgroup>>'}}
  %0 = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%a : memref<64x64xf64, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf64, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
  return
}

// -----

// mma: a and b of one element type
func.func @f(%acc: vector<16x8xf32>, %a: vector<16x16xf16>, %b: vector<16x8xbf16>) {
// expected-error @+1 {{'mosaic_gpu.mma' op The `a` and `b` inputs must have the same element type.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xf32>) a(%a : vector<16x16xf16>) b(%b : vector<16x8xbf16>) -> vector<16x8xf32>
  return
}

// -----

// mma: accumulator rows are a's
func.func @f(%acc: vector<16x8xf32>, %a: vector<32x16xf16>, %b: vector<16x8xf16>) {
// expected-error @+1 {{'mosaic_gpu.mma' op The accumulator's first dimension 16 must be equal to the first dimension of `a`: 32.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xf32>) a(%a : vector<32x16xf16>) b(%b : vector<16x8xf16>) -> vector<16x8xf32>
  return
}

// -----

// mma: a's columns are b's rows
func.func @f(%acc: vector<16x8xf32>, %a: vector<16x16xf16>, %b: vector<32x8xf16>) {
// expected-error @+1 {{'mosaic_gpu.mma' op `a`'s second dimension 16 must be equal to `b`'s first dimension: 32.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xf32>) a(%a : vector<16x16xf16>) b(%b : vector<32x8xf16>) -> vector<16x8xf32>
  return
}

// -----

// mma: b's columns are the accumulator's
func.func @f(%acc: vector<16x8xf32>, %a: vector<16x16xf16>, %b: vector<16x16xf16>) {
// expected-error @+1 {{'mosaic_gpu.mma' op The accumulator's second dimension 8 must be equal to the second dimension of `b`: 16.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xf32>) a(%a : vector<16x16xf16>) b(%b : vector<16x16xf16>) -> vector<16x8xf32>
  return
}

// -----

// mma: integer operands accumulate in i32
func.func @f(%acc: vector<16x8xf32>, %a: vector<16x16xi8>, %b: vector<16x8xi8>) {
// expected-error @+1 {{'mosaic_gpu.mma' op Only i32 accumulator supported for integer operands.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xf32>) a(%a : vector<16x16xi8>) b(%b : vector<16x8xi8>) -> vector<16x8xf32>
  return
}

// -----

// mma: float operands accumulate in floats
func.func @f(%acc: vector<16x8xi32>, %a: vector<16x16xf16>, %b: vector<16x8xf16>) {
// expected-error @+1 {{'mosaic_gpu.mma' op Only float accumulator supported for floating operands.}}
  %0 = mosaic_gpu.mma accumulator(%acc : vector<16x8xi32>) a(%a : vector<16x16xf16>) b(%b : vector<16x8xf16>) -> vector<16x8xi32>
  return
}

// -----

// tcgen05_mma: a and b of one element type
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xbf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `a` and `b` inputs must have the same element type.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xbf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: accumulator rows are a's
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The accumulator's first dimension 128 must be equal to the first dimensions of `a`: 64.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: a's columns are b's rows
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<128x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op `a`'s contracting dimension 64 must be equal to the first dimension of `b`: 128.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: sparse a has half of b's rows
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %m: memref<128x64xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op For sparse MMA, `a`'s contracting dimension 64 must be half the first dimension of `b`: 64.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %m) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// tcgen05_mma: b's columns are the accumulator's
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op `b`'s non-contracting dimension 64 must be equal to the accumulator's second dimension 128.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: collective b has half of the accumulator's columns
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op `b`'s non-contracting dimension 128 must be half the accumulator's second dimension 128 for collective MMA.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = true, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: rows a multiple of 32
func.func @f(%acc: memref<48x128xf32, #mosaic_gpu.tmem>, %a: memref<48x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The accumulator's first dimension must be a multiple of 32 but got 48.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<48x128xf32, #mosaic_gpu.tmem>, memref<48x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: the accumulator is in TMEM
func.func @f(%acc: memref<128x128xf32, #gpu.address_space<workgroup>>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The accumulator must be in TMEM, but got #gpu.address_space<workgroup>.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: a is in TMEM or SMEM
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `a` input must be in TMEM or SMEM, but got <<NULL ATTRIBUTE>>.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
  return
}

// -----

// tcgen05_mma: b is in SMEM
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #mosaic_gpu.tmem>, %go: i1) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `b` input must be in SMEM, but got #mosaic_gpu.tmem.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #mosaic_gpu.tmem>, i1) -> ()
  return
}

// -----

// tcgen05_mma: both scales or none
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %s: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op Either none or both scales should be provided.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %s) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// tcgen05_mma: a_scale in TMEM
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %s: memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>, %t: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `a_scale` input must be in TMEM, but got #gpu.address_space<workgroup>.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %s, %t) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// tcgen05_mma: b_scale in TMEM
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %s: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, %t: memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `b_scale` input must be in TMEM, but got #gpu.address_space<workgroup>.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %s, %t) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// tcgen05_mma: sparse metadata in TMEM
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x32xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %m: memref<128x32xi2, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `a_sparse_metadata` input must be in TMEM, but got #gpu.address_space<workgroup>.}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %m) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x32xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x32xi2, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// tcgen05_mma: sparse metadata of a's shape
func.func @f(%acc: memref<128x128xf32, #mosaic_gpu.tmem>, %a: memref<128x32xf16, #gpu.address_space<workgroup>>, %b: memref<64x128xf16, #gpu.address_space<workgroup>>, %go: i1, %m: memref<128x64xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.tcgen05_mma' op The `a_sparse_metadata` shape [128, 64] must match the shape of `a` [128, 32].}}
  "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %go, %m) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x32xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// custom_primitive: a layout per vector operand
func.func @f(%v: vector<64xf32>) {
// expected-error @+1 {{'mosaic_gpu.custom_primitive' op Custom primitive must have a layout for each vector operand.}}
  "mosaic_gpu.custom_primitive"(%v) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: vector<64xf32>):
    mosaic_gpu.return
  }) : (vector<64xf32>) -> ()
  return
}

// -----

// custom_primitive: transforms per SMEM ref operand
func.func @f(%r: memref<64xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.custom_primitive' op Custom primitive must have transforms for each memref operand in smem.}}
  "mosaic_gpu.custom_primitive"(%r) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: memref<64xf32, #gpu.address_space<workgroup>>):
    mosaic_gpu.return
  }) : (memref<64xf32, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// custom_primitive: no ref results
func.func @f(%r: memref<64xf32>) {
// expected-error @+1 {{'mosaic_gpu.custom_primitive' op Custom primitive can only return scalars or vectors.}}
  %0 = "mosaic_gpu.custom_primitive"(%r) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: memref<64xf32>):
    mosaic_gpu.return %a : memref<64xf32>
  }) : (memref<64xf32>) -> memref<64xf32>
  return
}

// -----

// custom_primitive: a layout per vector result
func.func @f(%v: vector<64xf32>) {
// expected-error @+1 {{'mosaic_gpu.custom_primitive' op Custom primitive must have a layout for each vector result.}}
  %0 = "mosaic_gpu.custom_primitive"(%v) <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64], 1>], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: vector<64xf32>):
    mosaic_gpu.return %a : vector<64xf32>
  }) : (vector<64xf32>) -> vector<64xf32>
  return
}

// -----

// return: as many operands as the primitive has results
func.func @f(%i: i32) {
// expected-error @+3 {{'mosaic_gpu.return' op has 0 operands, but enclosing custom_primitive (@mosaic_gpu.custom_primitive) returns 1}}
  %0 = "mosaic_gpu.custom_primitive"(%i) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: i32):
    mosaic_gpu.return
  }) : (i32) -> i32
  return
}

// -----

// return: the primitive's result types
func.func @f(%i: i32) {
// expected-error @+3 {{'mosaic_gpu.return' op type of return operand 0 ('i32') doesn't match the result type ('i64') in custom_primitive @mosaic_gpu.custom_primitive}}
  %0 = "mosaic_gpu.custom_primitive"(%i) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
  ^bb0(%a: i32):
    mosaic_gpu.return %a : i32
  }) : (i32) -> i64
  return
}

// -----

// return: only in a custom_primitive
func.func @f(%i: i32) {
// expected-error @+1 {{'mosaic_gpu.return' op expects parent op 'mosaic_gpu.custom_primitive'}}
  mosaic_gpu.return %i : i32
  return
}

// -----

// warp_map: no vector operands
func.func @f(%v: vector<64xf32>) {
// expected-error @+1 {{'mosaic_gpu.warp_map' op Can only map over scalars and refs.}}
  "mosaic_gpu.warp_map"(%v) ({
  ^bb0(%a: vector<64xf32>):
  }) : (vector<64xf32>) -> ()
  return
}

// -----

// tmem_alloc: the address slot is in SMEM
func.func @f(%p: memref<i32>) {
// expected-error @+1 {{'mosaic_gpu.tmem_alloc' op The `smem_ptr` memref must have the Workgroup address space but got: <<NULL ATTRIBUTE>>}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32>) -> memref<128x128xf32, #mosaic_gpu.tmem>
  return
}

// -----

// tmem_alloc: the result is in TMEM
func.func @f(%p: memref<i32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tmem_alloc' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x128xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// tmem_alloc: packing 1 or 32 / bitwidth
func.func @f(%p: memref<i32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tmem_alloc' op Only unpacked, or fully packed allocations are supported. Expected packing to be either 1 or 32 / element_bitwidth, but got: packing = 4, element_bitwidth = 16}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32, #gpu.address_space<workgroup>>) {packing = 4 : i32} -> memref<128x128xbf16, #mosaic_gpu.tmem>
  return
}

// -----

// tmem_alloc: packed columns divisible by the packing
func.func @f(%p: memref<i32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tmem_alloc' op The number of unpacked columns must be divisible by the packing factor, but got: 130 / 4}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32, #gpu.address_space<workgroup>>) {packing = 4 : i32} -> memref<128x130xi8, #mosaic_gpu.tmem>
  return
}

// -----

// tmem_alloc: at most 512 allocated columns
func.func @f(%p: memref<i32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tmem_alloc' op The number of allocated columns must be less than or equal to 512 but got: 1024}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x1024xf32, #mosaic_gpu.tmem>
  return
}

// -----

// tmem_alloc: a positive packing
func.func @f(%p: memref<i32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{custom op 'mosaic_gpu.tmem_alloc' 'mosaic_gpu.tmem_alloc' op attribute 'packing' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = mosaic_gpu.tmem_alloc smem_ptr(%p : memref<i32, #gpu.address_space<workgroup>>) {packing = 0 : i32} -> memref<128x128xf32, #mosaic_gpu.tmem>
  return
}

// -----

// tmem_dealloc: a TMEM ref
func.func @f(%r: memref<128x128xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.tmem_dealloc' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  mosaic_gpu.tmem_dealloc tmem_ref(%r : memref<128x128xf32, #gpu.address_space<workgroup>>)
  return
}

// -----

// tmem_layout_cast: a TMEM ref
func.func @f(%r: memref<128x128xf32>) {
// expected-error @+1 {{'mosaic_gpu.tmem_layout_cast' op The tmem memref must have a mosaic_gpu.tmem memory space but got: <<NULL ATTRIBUTE>>}}
  %0 = "mosaic_gpu.tmem_layout_cast"(%r) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 8]], warp_dims = [-2], lane_dims = [-1], vector_dim = -1>}> : (memref<128x128xf32>) -> memref<128x128xf32>
  return
}

// -----

// async_load_tmem: result of the ref's element type
func.func @f(%r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_load_tmem' op The `source` and `result` must have the same element type.}}
  %0 = "mosaic_gpu.async_load_tmem"(%r) : (memref<128x128xf32, #mosaic_gpu.tmem>) -> vector<128x128xf16>
  return
}

// -----

// async_load_tmem: result of the ref's shape
func.func @f(%r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_load_tmem' op The `source` and `result` must have the same shape.}}
  %0 = "mosaic_gpu.async_load_tmem"(%r) : (memref<128x128xf32, #mosaic_gpu.tmem>) -> vector<128x64xf32>
  return
}

// -----

// async_load_tmem: a TMEM ref
func.func @f(%r: memref<128x128xf32>) {
// expected-error @+1 {{'mosaic_gpu.async_load_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: <<NULL ATTRIBUTE>>}}
  %0 = "mosaic_gpu.async_load_tmem"(%r) : (memref<128x128xf32>) -> vector<128x128xf32>
  return
}

// -----

// async_store_tmem: same element type
func.func @f(%v: vector<128x128xf16>, %r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_tmem' op The `source` and `destination` must have the same element type.}}
  "mosaic_gpu.async_store_tmem"(%v, %r) : (vector<128x128xf16>, memref<128x128xf32, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// async_store_tmem: same shape
func.func @f(%v: vector<128x64xf32>, %r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_tmem' op The `source` and `destination` must have the same shape.}}
  "mosaic_gpu.async_store_tmem"(%v, %r) : (vector<128x64xf32>, memref<128x128xf32, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// async_store_tmem: a TMEM ref
func.func @f(%v: vector<128x128xf32>, %r: memref<128x128xf32>) {
// expected-error @+1 {{'mosaic_gpu.async_store_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: <<NULL ATTRIBUTE>>}}
  "mosaic_gpu.async_store_tmem"(%v, %r) : (vector<128x128xf32>, memref<128x128xf32>) -> ()
  return
}

// -----

// async_store_smem_to_tmem: same shape
func.func @f(%s: memref<128x64xf16, #gpu.address_space<workgroup>>, %d: memref<128x128xf16, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem_to_tmem' op The `source` (128, 64) and `destination` (128, 128) memrefs must have the same shape.}}
  "mosaic_gpu.async_store_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x128xf16, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// async_store_smem_to_tmem: same element type
func.func @f(%s: memref<128x128xbf16, #gpu.address_space<workgroup>>, %d: memref<128x128xf16, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem_to_tmem' op The `source` (bf16) and `destination` (f16) memrefs must have the same element type.}}
  "mosaic_gpu.async_store_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<128x128xbf16, #gpu.address_space<workgroup>>, memref<128x128xf16, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// async_store_smem_to_tmem: the source is in SMEM
func.func @f(%s: memref<128x128xf16>, %d: memref<128x128xf16, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem_to_tmem' op The `source` memref must be in SMEM.}}
  "mosaic_gpu.async_store_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<128x128xf16>, memref<128x128xf16, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// async_store_smem_to_tmem: the destination is in TMEM
func.func @f(%s: memref<128x128xf16, #gpu.address_space<workgroup>>, %d: memref<128x128xf16, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_store_smem_to_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  "mosaic_gpu.async_store_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<128x128xf16, #gpu.address_space<workgroup>>, memref<128x128xf16, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// sparse metadata: TMEM rows a multiple of 128
func.func @f(%s: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %d: memref<64x64xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_sparse_metadata_smem_to_tmem' op The first dimension of the TMEM memref must be a multiple of 128, but got 64.}}
  "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<64x64xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// sparse metadata: TMEM columns a multiple of 64
func.func @f(%s: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %d: memref<128x32xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_sparse_metadata_smem_to_tmem' op The second dimension of the TMEM memref must be a multiple of 64, but got 32.}}
  "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<128x32xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// sparse metadata: the source's tiled shape
func.func @f(%s: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %d: memref<256x64xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_sparse_metadata_smem_to_tmem' op The `source` memref must have shape (2, 1, 128, 64), but got (1, 1, 128, 64).}}
  "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<256x64xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// sparse metadata: the source is in SMEM
func.func @f(%s: memref<1x1x128x64xi2>, %d: memref<128x64xi2, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_sparse_metadata_smem_to_tmem' op The `source` memref must be in SMEM.}}
  "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x128x64xi2>, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// sparse metadata: the destination is in TMEM
func.func @f(%s: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %d: memref<128x64xi2, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_store_sparse_metadata_smem_to_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<128x64xi2, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// scales: same element type
func.func @f(%s: memref<1x1x32x16xf8E4M3FN, #gpu.address_space<workgroup>>, %d: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The `source` (f8E4M3FN) and `destination` (f8E8M0FNU) memrefs must have the same element type.}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x32x16xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// scales: TMEM rows a multiple of 128
func.func @f(%s: memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %d: memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The first dimension of the TMEM memref must be a multiple of 128, but got 64.}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// scales: TMEM columns a multiple of 4
func.func @f(%s: memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %d: memref<128x6xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The second dimension of the TMEM memref must be a multiple of 4, but got 6.}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x6xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// scales: the source's tiled shape
func.func @f(%s: memref<1x2x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %d: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The `source` memref must have shape (1, 1, 32, 16) or (1, 1, 64, 16), but got (1, 2, 32, 16).}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x2x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// scales: the source is in SMEM
func.func @f(%s: memref<1x1x64x16xf8E8M0FNU>, %d: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The `source` memref must be in SMEM.}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x64x16xf8E8M0FNU>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
  return
}

// -----

// scales: the destination is in TMEM
func.func @f(%s: memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %d: memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.async_store_scales_smem_to_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  "mosaic_gpu.async_store_scales_smem_to_tmem"(%s, %d) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

// slice_tmem: a TMEM source
func.func @f(%r: memref<128x128xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.slice_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  %0 = "mosaic_gpu.slice_tmem"(%r) <{offset = 0 : i32}> : (memref<128x128xf32, #gpu.address_space<workgroup>>) -> memref<128x64xf32, #mosaic_gpu.tmem>
  return
}

// -----

// slice_tmem: a TMEM result
func.func @f(%r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.slice_tmem' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  %0 = "mosaic_gpu.slice_tmem"(%r) <{offset = 0 : i32}> : (memref<128x128xf32, #mosaic_gpu.tmem>) -> memref<128x64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// slice_tmem: offset a multiple of 4
func.func @f(%r: memref<128x128xf32, #mosaic_gpu.tmem>) {
// expected-error @+1 {{'mosaic_gpu.slice_tmem' op The offset must be a multiple of 4 but got: 6}}
  %0 = "mosaic_gpu.slice_tmem"(%r) <{offset = 6 : i32}> : (memref<128x128xf32, #mosaic_gpu.tmem>) -> memref<128x64xf32, #mosaic_gpu.tmem>
  return
}

// -----

// print_layout: refs are TMEM refs
func.func @f(%r: memref<128x128xf32, #gpu.address_space<workgroup>>) {
// expected-error @+1 {{'mosaic_gpu.print_layout' op The tmem memref must have a mosaic_gpu.tmem memory space but got: #gpu.address_space<workgroup>}}
  "mosaic_gpu.print_layout"(%r) <{format = "{}"}> : (memref<128x128xf32, #gpu.address_space<workgroup>>) -> ()
  return
}
