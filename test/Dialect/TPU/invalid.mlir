// Verifier and constraint errors of the tpu dialect. Messages are jaxlib
// 0.10.2's (checked by parsing each case with jaxlib), except where jaxlib
// fails without one (mask_cast, an invalid #tpu.vpad) or aborts.
// RUN: %pallas_opt %s -split-input-file -verify-diagnostics

func.func @f(%s: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %a: i32) {
// expected-error @+1 {{'tpu.sem_wait' op operand #0 must be memref of  values, but got 'memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>'}}
  tpu.sem_wait %s, %a : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

// expected-error @+2 {{expected one of [any, vmem, smem, hbm, cmem, semaphore_mem, vmem_shared, host] for Memory space, got: vram}}
// expected-error @+1 {{failed to parse TPU_MemorySpaceAttr parameter 'value'}}
func.func @f(%r: memref<8xf32, #tpu.memory_space<vram>>) {
  return
}

// -----

func.func @f(%r: memref<8x!tpu.semaphore, #tpu.memory_space<vmem>>, %v: vector<8xf32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_store' op Expected base and valueToStore element type to match}}
  tpu.vector_store %r[%c0], %v {strides = array<i32>} : memref<8x!tpu.semaphore, #tpu.memory_space<vmem>>, vector<8xf32>, 
  return
}

// -----

func.func @f() {
// expected-error @+1 {{'tpu.iota' op Invalid dimension: 5}}
  %0 = tpu.iota {dimensions = array<i32: 5>} : vector<8x128xi32>
  return
}

// -----

func.func @f() {
// expected-error @+1 {{'tpu.iota' op Dimensions must be unique}}
  %0 = tpu.iota {dimensions = array<i32: 0, 0>} : vector<8x128xi32>
  return
}

// -----

func.func @f(%l: vector<8x128xbf16>, %r: vector<64x128xbf16>, %acc: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.matmul' op Not implemented: lhs and rhs contracting dims must be of the same size}}
  %0 = tpu.matmul %l, %r, %acc {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<64x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%l: vector<8x128xbf16>, %r: vector<128x128xbf16>, %acc: vector<8x128xbf16>) {
// expected-error @+1 {{'tpu.matmul' op Expected matmul acc to be 32-bit}}
  %0 = tpu.matmul %l, %r, %acc {transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xbf16> -> vector<8x128xbf16>
  return
}

// -----

func.func @f(%l: vector<8x128xbf16>, %r: vector<128x128xbf16>, %acc: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.matmul' op Lhs transpose not supported via this API - please use the dimension numbers API.}}
  %0 = tpu.matmul %l, %r, %acc {transpose_lhs = true, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%l: vector<8x128xbf16>, %r: vector<128x128xbf16>, %acc: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.matmul' op Illegal: output dim order must be in the form of [0, lhs_batch_dims, 0, lhs_non_contracting_dims, 1, rhs_non_contracting_dims]}}
  %0 = tpu.matmul %l, %r, %acc {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [1, 1, 0, 0], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%l: vector<8x128xbf16>, %r: vector<128x128xbf16>, %acc: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.matmul' op Illegal: Dim 3 is out of bounds for rhs}}
  %0 = tpu.matmul %l, %r, %acc {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [3], [0, 0, 1, 3], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : i32
// expected-error @+1 {{'tpu.memref_slice' op Indices and slice shapes must match.}}
  %0 = tpu.memref_slice %r[%c0] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : i32
// expected-error @+1 {{'tpu.memref_slice' op Memory spaces must match if the target memory space is provided.}}
  %0 = tpu.memref_slice %r[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<smem>>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %n: i32) {
  %c0 = arith.constant 0 : i32
// expected-error @+1 {{'tpu.memref_slice' op Number of provided dynamic dimensions sizes must match the number of dynamic dimensions in the target type.}}
  %0 = tpu.memref_slice %r[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<?x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<2x8xf32, #tpu.memory_space<semaphore_mem>>) {
  %c0 = arith.constant 0 : i32
// expected-error @+1 {{'tpu.memref_slice' op References to semaphore memory space must have a semaphore element type.}}
  %0 = tpu.memref_slice %r[%c0, %c0] : memref<2x8xf32, #tpu.memory_space<semaphore_mem>> -> memref<1x8xf32, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @f(%r: memref<2x8xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{Target shape is not valid. Source: (2,8), Target: (8).}}
  %0 = tpu.memref_squeeze %r : memref<2x8xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<1x8xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.memref_squeeze' op Memory spaces do not match.}}
  %0 = tpu.memref_squeeze %r : memref<1x8xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<smem>>
  return
}

// -----

func.func @f(%r: memref<1x8xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.memref_squeeze' op Element types don't match.}}
  %0 = tpu.memref_squeeze %r : memref<1x8xf32, #tpu.memory_space<vmem>> -> memref<8xi32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%s: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %a: i32) {
// expected-error @+1 {{'tpu.sem_wait' op Semaphore reference must be rank 0}}
  tpu.sem_wait %s, %a : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @f(%s: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %a: i32) {
// expected-error @+1 {{'tpu.sem_signal' op Semaphore reference must be rank 0}}
  tpu.sem_signal %s, %a : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @f(%s: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_vector_subcore>>, %a: i32) attributes {tpu.core_type = #tpu.core_type<tc>} {
// expected-error @+1 {{'tpu.sem_signal' op Target core type (sc_vector_subcore) must match source core type (tc) when device_id and core_id are not specified}}
  tpu.sem_signal %s, %a : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_vector_subcore>>
  return
}

// -----

func.func @f(%s: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %a: i32) {
// expected-error @+1 {{'tpu.sem_signal' op Subcore id should not be set unless target core type is SC vector subcore}}
  tpu.sem_signal %s, %a subcore_id %a : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @f() {
// expected-error @+1 {{'tpu.sem_barrier' op Barrier semaphore reference must be rank 0}}
  %0 = tpu.sem_barrier : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.enqueue_dma' op EnqueueDMA target semaphore must be provided.}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<16x128xf32, #tpu.memory_space<vmem>>, %d: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {
// expected-error @+1 {{'tpu.enqueue_dma' op DMA source and target shape mismatch.}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%dst : memref<16x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%d : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xi32, #tpu.memory_space<vmem>>, %d: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {
// expected-error @+1 {{'tpu.enqueue_dma' op DMA source and target element type mismatch}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%dst : memref<8x128xi32, #tpu.memory_space<vmem>>) target_semaphore(%d : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>, %d: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %dev: i32) {
// expected-error @+1 {{'tpu.enqueue_dma' op DMA source semaphore must be specified when device_id or core_id is specified}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%d : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%dev)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>, %d: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {
// expected-error @+1 {{'tpu.enqueue_dma' op Not implemented: only support priority 0 or 1, but got 2}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%d : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {priority = 2 : i32}
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<smem>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>, %d: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) {
// expected-error @+1 {{'tpu.enqueue_dma' op Non-DMA semaphores are not supported for DMAs involving SMEM}}
  tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<smem>>) target(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%d : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>, %d: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {
// expected-error @+1 {{'tpu.wait_dma2' op DMA wait semaphore must be rank 0}}
  tpu.wait_dma2 semaphore(%d : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) dst(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>)
  return
}

// -----

func.func @f(%src: memref<8x128xf32, #tpu.memory_space<hbm>>, %dst: memref<8x128xf32, #tpu.memory_space<vmem>>, %d: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem, sc_vector_subcore>>) attributes {tpu.core_type = #tpu.core_type<tc>} {
// expected-error @+1 {{'tpu.wait_dma2' op Can only await semaphores attached to the local core}}
  tpu.wait_dma2 semaphore(%d : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem, sc_vector_subcore>>) src(%src : memref<8x128xf32, #tpu.memory_space<hbm>>) dst(%dst : memref<8x128xf32, #tpu.memory_space<vmem>>)
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xf32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_store' op Expected 2 indices.}}
  tpu.vector_store %r[%c0], %v {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<smem>>, %v: vector<8x128xf32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_store' op Expected base memref to be in VMEM.}}
  tpu.vector_store %r[%c0, %c0], %v {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<smem>>, vector<8x128xf32>, 
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xi32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_store' op Expected base and valueToStore element type to match}}
  tpu.vector_store %r[%c0, %c0], %v {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xi32>, 
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xf32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{Not implemented: general vector store with strides.}}
  tpu.vector_store %r[%c0, %c0], %v {strides = array<i32: 1, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xf32>, %m: vector<8x1xi1>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_store' op Expected mask shape to match result shape: (8, 128). Got: (8, 1).}}
  tpu.vector_store %r[%c0, %c0], %v masked %m {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x1xi1>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{'tpu.vector_load' op Expected 2 indices.}}
  %0 = tpu.vector_load %r[%c0] {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
  return
}

// -----

func.func @f(%r: memref<16x128xbf16, #tpu.memory_space<vmem>>, %m: vector<8x128xi1>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{Not implemented: masked load with non-32-bit element type}}
  %0 = tpu.vector_load %r[%c0, %c0] masked %m {strides = array<i32>} : memref<16x128xbf16, #tpu.memory_space<vmem>>, vector<8x128xbf16>, vector<8x128xi1>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{Base memref's rank and strides size do not match: 2 vs 1}}
  %0 = tpu.strided_load %r[%c0, %c0] {strides = array<i32: 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xf32>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{Strides[0]=0 must be >= 1}}
  tpu.strided_store %r[%c0, %c0], %v {strides = array<i32: 0, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @f(%r: memref<16x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
// expected-error @+1 {{Base memref's rank and indices size do not match: 2 vs 1}}
  %0 = tpu.strided_load %r[%c0] {strides = array<i32: 1, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %b: vector<16x128xf32>) {
// expected-error @+1 {{'tpu.concatenate' op Not implemented: Expected all operands to have the same shape outside of the concat dim}}
  %0 = tpu.concatenate %a, %b in 1 : vector<8x128xf32>, vector<16x128xf32> -> vector<8x256xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %b: vector<8x128xi32>) {
// expected-error @+1 {{'tpu.concatenate' op Not implemented:: Expected all operands to have the same element type.}}
  %0 = tpu.concatenate %a, %b in 1 : vector<8x128xf32>, vector<8x128xi32> -> vector<8x256xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.concatenate' op Expected at least 2 operands for concatenate op.}}
  %0 = tpu.concatenate %a in 1 : vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %b: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.concatenate' op inferred type(s) 'vector<8x256xf32>' are incompatible with return type(s) of operation 'vector<8x128xf32>'}}
  %0 = tpu.concatenate %a, %b in 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %n: i32) {
// expected-error @+1 {{'tpu.dynamic_rotate' op Invalid dimension: 2}}
  %0 = tpu.dynamic_rotate %a by %n dim 2 : vector<8x128xf32>, i32 -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %n: i32) {
// expected-error @+1 {{'tpu.dynamic_rotate' op Expected either none or both stride and stride dimension are present}}
  %0 = tpu.dynamic_rotate %a by %n dim 1 {stride = 1 : si32} : vector<8x128xf32>, i32 -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %n: i32) {
// expected-error @+1 {{'tpu.dynamic_rotate' op Rotate stride must be >= 0 if it is specified}}
  %0 = tpu.dynamic_rotate %a by %n dim 1 {stride = -1 : si32, stride_dimension = 0 : si32} : vector<8x128xf32>, i32 -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<128xf32>) {
// expected-error @+1 {{Not implemented: bitcast between different bitwidths on a 1D vector.}}
  %0 = tpu.bitcast %a : vector<128xf32> -> vector<256xbf16>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{Expected input and output shapes are the same after multiplying the second-minor dimension by the ratio of bitwidths.}}
  %0 = tpu.bitcast %a : vector<8x128xf32> -> vector<8x128xbf16>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{Expected input and output shapes are the same when bitwidth does not change.}}
  %0 = tpu.bitcast %a : vector<8x128xf32> -> vector<4x128xi32>
  return
}

// -----

func.func @f(%a: i32) attributes {tpu.core_type = #tpu.core_type<sc_scalar_subcore>} {
// expected-error @+1 {{'tpu.log' op Formatted logging is not supported on SC}}
  tpu.log "x = {}" {formatted = true} : [%a] : i32
  return
}

// -----

func.func @f(%a: i32) attributes {tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
// expected-error @+1 {{'tpu.log' op SC logging only supports 0 or 1 inputs}}
  tpu.log "x" : [%a, %a] : i32, i32
  return
}

// -----

func.func @f(%a: vector<16xi32>) attributes {tpu.core_type = #tpu.core_type<sc_scalar_subcore>} {
// expected-error @+1 {{'tpu.log' op SC scalar subcore does not support logging vectors}}
  tpu.log "x" : [%a] : vector<16xi32>
  return
}

// -----

func.func @f(%r: memref<8x128xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.log_buffer' op Shape must have the same length as the rank of the input}}
  tpu.log_buffer "b" {shape = array<i64: 8>} : %r : memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error @+1 {{Multiple must be >= 1, got 0}}
  %0 = tpu.assume_multiple %a, 0 : i32
  return
}

// -----

func.func @f() {
  %c12 = arith.constant 12 : i32
// expected-error @+1 {{Operand is a constant 12 that is not a multiple of 8}}
  %0 = tpu.assume_multiple %c12, 8 : i32
  return
}

// -----

func.func @f(%a: vector<16xi32>) attributes {tpu.core_type = #tpu.core_type<tc>} {
// expected-error @+1 {{'tpu.scan' op Scan is supported only on the SC vector subcore}}
  %0 = tpu.scan <sum>, %a : vector<16xi32>, -> vector<16xi32>
  return
}

// -----

func.func @f(%a: vector<16xi32>) attributes {tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
// expected-error @+1 {{'tpu.scan' op Only sum, max and min reductions are supported.}}
  %0 = tpu.scan <arg_max>, %a : vector<16xi32>, -> vector<16xi32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.transpose' op Permutation element repeated: 0}}
  %0 = tpu.transpose %a, [0, 0] : vector<8x128xf32> -> vector<128x8xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.transpose' op Expected input shape permuted by the given permutation to match the output shape}}
  %0 = tpu.transpose %a, [0, 1] : vector<8x128xf32> -> vector<128x8xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xbf16>) {
// expected-error @+1 {{'tpu.reciprocal' op Not implemented: Reciprocal op for non-f32 dtypes}}
  %0 = tpu.reciprocal %a : vector<8x128xbf16> -> vector<8x128xbf16>
  return
}

// -----

func.func @f(%a: vector<8x128xbf16>) {
// expected-error @+1 {{'tpu.weird' op Input type must be F32}}
  %0 = tpu.weird %a : vector<8x128xbf16> -> vector<8x128xi1>
  return
}

// -----

func.func @f() {
// expected-error @+1 {{'tpu.region' op Region result must be float, int, index or a vector type.}}
  %0 = "tpu.region"() ({
    %m = memref.alloca() : memref<8xf32>
    tpu.yield %m : memref<8xf32>
  }) : () -> memref<8xf32>
  return
}

// -----

func.func @f() attributes {tpu.core_type = #tpu.core_type<tc>} {
// expected-error @+1 {{'tpu.core_id' op Unsupported core type: tc}}
  %0 = tpu.core_id : i32
  return
}

// -----

func.func @f() {
// expected-error @+1 {{'tpu.subcore_id' op Failed to infer the core type from parent ops}}
  %0 = tpu.subcore_id : i32
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.reduce_index' op Reduction kind must be arg_max or arg_min}}
  %0 = tpu.reduce_index %a {axis = 1 : i32, kind = #tpu.reduction_kind<sum>} : vector<8x128xf32> -> vector<8xi32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.reduce_index' op Axis must be in [0, 2), but got 2}}
  %0 = tpu.reduce_index %a {axis = 2 : i32, kind = #tpu.reduction_kind<arg_max>} : vector<8x128xf32> -> vector<8xi32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %i: vector<8x128xi32>) {
// expected-error @+1 {{'tpu.dynamic_gather' op Dimensions must be in [0, rank), but got 2}}
  %0 = tpu.dynamic_gather %a[%i] in [2] : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.reshape' op element count must match}}
  %0 = tpu.reshape %a : vector<8x128xf32> -> vector<512xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %b: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.pack_elementwise' op Only packing/unpacking f32 <-> bf16 and integer <-> integer is supported}}
  %0 = tpu.pack_elementwise %a, %b {target_type = f16} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xi32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>) {
// expected-error @+1 {{'tpu.pack_elementwise' op The number of sources must match the packing factor (2), got 1}}
  %0 = tpu.pack_elementwise %a {target_type = bf16} : vector<8x128xf32> -> vector<8x128xi32>
  return
}

// -----

func.func @f(%a: vector<8x128xi32>) {
// expected-error @+1 {{'tpu.unpack_elementwise' op Index must be between 0 and the packing factor (2), got 2}}
  %0 = tpu.unpack_elementwise %a, 2 {source_type = bf16} : vector<8x128xi32> -> vector<8x128xf32>
  return
}

// -----

func.func @f(%a: vector<8x128xf32>, %i: vector<8x128xi32>) {
// expected-error @+1 {{'tpu.stochastic_convert_elementwise' op Only bf16, f8e5m2, f8e4m3fn, and f8e4m3b11fnuz are supported as destination types.}}
  %0 = tpu.stochastic_convert_elementwise %a, %i {dst_type = f16} : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xi32>
  return
}

// -----

func.func @f(%r: memref<4x8xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.memref_reshape' op Number of elements doesn't match between input and output memref type.}}
  %0 = tpu.memref_reshape %r : memref<4x8xf32, #tpu.memory_space<vmem>> -> memref<4x16xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<4x8xf32, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.memref_bitcast' op Expected the same number of bits on the 2nd minormost dim: (4 * 32) vs (4 * 16)}}
  %0 = tpu.memref_bitcast %r : memref<4x8xf32, #tpu.memory_space<vmem>> -> memref<4x8xbf16, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<4x8xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.reinterpret_cast' op Source and target memory spaces must match, but got #tpu.memory_space<vmem> and #tpu.memory_space<smem>}}
  %0 = tpu.reinterpret_cast %r : memref<4x8xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>> -> memref<4x8xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<smem>>
  return
}

// -----

func.func @f(%r: memref<4x8xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>) {
// expected-error @+1 {{'tpu.erase_memref_layout' op Cannot change the memref element type}}
  %0 = tpu.erase_memref_layout %r : memref<4x8xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>> -> memref<4x8xi32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @f(%r: memref<4xi32, #tpu.memory_space<smem>>, %a: i32) attributes {tpu.core_type = #tpu.core_type<tc>} {
// expected-error @+1 {{'tpu.fetch_and_add_sync' op Only SC vector subcore is supported, got tc}}
  %0 = tpu.fetch_and_add_sync %r[%a], %a, %a : memref<4xi32, #tpu.memory_space<smem>>, i32 -> i32
  return
}

// -----

func.func @f(%m: vector<8x128xi1>) {
// expected-error @+1 {{'tpu.mask_cast' op Expected the two leading dimensions of input and result to match}}
  %0 = tpu.mask_cast %m : vector<8x128xi1> -> vector<16x64xi1>
  return
}

// -----

// expected-error @+1 {{Layout rank does not match shape rank}}
func.func @f(%r: memref<8x128xf32, #tpu.tiled<(8,128),[1]>>) {
  return
}

// -----

// expected-error @+1 {{invalid vector layout "32,{0,0},(8,128)x"}}
func.func @f() attributes {l = #tpu.vpad<"32,{0,0},(8,128)x">} {
  return
}

// -----

// expected-error @+2 {{expected ::mlir::tpu::CoreType to be one of: tc, sc_scalar_subcore, sc_vector_subcore}}
// expected-error @+1 {{failed to parse TPU_CoreTypeEnum parameter 'value'}}
func.func @f() attributes {l = #tpu.core_type<gpu>} {
  return
}

// -----

func.func @f(%a: i32, %b: f32) {
// expected-error @+1 {{'tpu.assume_multiple' op operand #0 must be index or integer, but got 'f32'}}
  %0 = tpu.assume_multiple %b, 8 : f32
  return
}

// -----

func.func @f(%s: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) {
  %0 = tpu.sem_read %s : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
// expected-error @+1 {{'tpu.sem_alloc' op result #0 must be memref of  or  values, but got 'memref<8xf32, #tpu.memory_space<semaphore_mem>>'}}
  %1 = tpu.sem_alloc : memref<8xf32, #tpu.memory_space<semaphore_mem>>
  return
}
