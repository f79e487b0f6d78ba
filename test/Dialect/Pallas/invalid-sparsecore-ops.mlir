// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// One case per verifier rule of the SparseCore ops and of the SparseCore
// forms of pallas.load, pallas.store, pallas.dma_start and pallas.dma_wait.

// -----

func.func @f() {
  // expected-error @+1 {{must be nested in a pallas.kernel}}
  pallas.subcore_barrier
  return
}

// -----

// values length
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{values vector<8xi32> must have as many lanes as keys vector<16xf32>}}
  %a, %b, %c = pallas.sort %k, %v8 : vector<16xf32>, vector<8xi32>
}

// -----

// sort mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{mask vector<8xi1> must have as many lanes as keys vector<16xf32>}}
  %a, %b, %c = pallas.sort %k, %v mask(%m8 : vector<8xi1>) : vector<16xf32>, vector<16xi32>
}

// -----

// sort: 32-bit values (ODS)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %h = arith.constant dense<1.0> : vector<16xf16>
  // expected-error @+1 {{operand #1 must be vector of 32-bit integer or float values of ranks 1}}
    %a, %b, %c = pallas.sort %k, %h : vector<16xf32>, vector<16xf16>
}

// -----

// sort: derived valid type (ODS, generic form)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{failed to verify that valid is an i1 vector as long as keys}}
  %r:3 = "pallas.sort"(%k, %v) : (vector<16xf32>, vector<16xi32>) -> (vector<16xf32>, vector<16xi32>, vector<8xi1>)
}

// -----

// cumulative mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{mask vector<8xi1> must have as many lanes as x vector<16xf32>}}
  %r = pallas.cumulative sum %k mask(%m8 : vector<8xi1>) : vector<16xf32>
}

// -----

// cumulative: i32/f32 lanes (ODS)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %h = arith.constant dense<1> : vector<16xi8>
  // expected-error @+1 {{operand #0 must be vector of 32-bit signless integer or 32-bit float values of ranks 1}}
    %r = pallas.cumulative max %h : vector<16xi8>
}

// -----

// scan_count mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{mask vector<8xi1> must have as many lanes as x vector<16xi32>}}
  %c, %l = pallas.scan_count %v mask(%m8 : vector<8xi1>) : vector<16xi32>
}

// -----

// scan_count: derived counts type (ODS, generic form)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{failed to verify that counts is an i32 vector as long as x}}
  %r:2 = "pallas.scan_count"(%k) : (vector<16xf32>) -> (vector<8xi32>, vector<16xi1>)
}

// -----

// take_along_axis dim
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{dim 1 is out of range for x vector<16xf32>}}
  %r = pallas.take_along_axis %k, %v dim 1 : vector<16xf32>, vector<16xi32>
}

// -----

// take_along_axis rank
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %i = arith.constant dense<0> : vector<2x8xi32>
  // expected-error @+1 {{indices vector<2x8xi32> must have the rank of x vector<16xf32>}}
    %r = pallas.take_along_axis %k, %i dim 0 : vector<16xf32>, vector<2x8xi32>
}

// -----

// take_along_axis outside dim
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %x = arith.constant dense<0.0> : vector<4x16xf32>
  %i = arith.constant dense<0> : vector<2x8xi32>
  // expected-error @+1 {{indices vector<2x8xi32> must match x vector<4x16xf32> outside dim 1}}
    %r = pallas.take_along_axis %x, %i dim 1 : vector<4x16xf32>, vector<2x8xi32>
}

// -----

// take_along_axis result (generic form)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{result vector<16xi32> must be vector<16xf32> (the element type of x with the shape of indices)}}
  %r = "pallas.take_along_axis"(%k, %v) <{dimension = 0 : i64}> : (vector<16xf32>, vector<16xi32>) -> vector<16xi32>
}

// -----

// rev range
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{dim 1 is out of range for vector<16xf32>}}
  %r = pallas.rev %k dims [1] : vector<16xf32>
}

// -----

// rev twice
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %x = arith.constant dense<0.0> : vector<4x16xf32>
  // expected-error @+1 {{dims [1, 0, 1] list dim 1 twice}}
    %r = pallas.rev %x dims [1, 0, 1] : vector<4x16xf32>
}

// -----

// load_gather count
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{needs 2 index vectors (one per dim of memref<8x64xf32, #pallas.memory_space<vmem>>), got 1}}
  %g = pallas.load_gather %tile[%v] : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xf32>
}

// -----

// load_gather lanes
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{index vector #1 (vector<8xi32>) must have as many lanes as index vector #0 (vector<16xi32>)}}
  %g = pallas.load_gather %tile[%v, %v8] : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<8xi32> -> vector<16xf32>
}

// -----

// load_gather result
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{result vector<16xi32> must be vector<16xf32>: one element of memref<64xf32, #pallas.memory_space<vmem>> per index lane}}
  %g = pallas.load_gather %acc[%v] : memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xi32>
}

// -----

// load_gather mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{mask vector<8xi1> must have as many lanes as the indices (16)}}
  %g = pallas.load_gather %acc[%v] mask(%m8 : vector<8xi1>) : memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xf32>
}

// -----

// store_scatter count
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{needs 1 index vectors (one per dim of memref<64xf32, #pallas.memory_space<vmem>>), got 2}}
  pallas.store_scatter %k, %acc[%v, %v] : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32>
}

// -----

// store_scatter index lanes
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{index vector #1 (vector<8xi32>) must have as many lanes as index vector #0 (vector<16xi32>)}}
  pallas.store_scatter %k, %tile[%v, %v8] : vector<16xf32>, memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<8xi32>
}

// -----

// store_scatter value lanes
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{value vector<16xf32> must have as many lanes as the indices (8)}}
  pallas.store_scatter %k, %acc[%v8] : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<8xi32>
}

// -----

// store_scatter value element
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{value vector<16xi32> must have the element type of memref<64xf32, #pallas.memory_space<vmem>>}}
  pallas.store_scatter %v, %acc[%v] : vector<16xi32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
}

// -----

// store_scatter mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{mask vector<8xi1> must have as many lanes as the indices (16)}}
  pallas.store_scatter %k, %acc[%v] mask(%m8 : vector<8xi1>) : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
}

// -----

// dma filter without offsets
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{filter needs offsets (it names the offsets to skip)}}
  pallas.dma_start %table -> %table, %sem[] filter(%one : i32) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<64x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma add without offsets
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{add needs offsets (only an indirect DMA accumulates)}}
  pallas.dma_wait %table -> %table, %sem[] {add} : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<64x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma remote indirect
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{an indirect DMA cannot be remote: offsets and device(...) exclude each other}}
  pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) src_sem(%sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%one) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma indirect element type
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %d = memref.alloc() : memref<8x8xi32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{src memref<64x8xf32, #pallas.memory_space<hbm>> and dst memref<8x8xi32, #pallas.memory_space<vmem>> must have the same element type}}
    pallas.dma_start %table -> %d, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma indirect minor dims
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %d = memref.alloc() : memref<8x16xf32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{with offsets, src memref<64x8xf32, #pallas.memory_space<hbm>> and dst memref<8x16xf32, #pallas.memory_space<vmem>> must have the same rank (at least 1) and the same dims after the major one}}
    pallas.dma_start %table -> %d, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x16xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma offsets length
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{offsets vector<16xi32> select 16 rows, but neither src memref<64x8xf32, #pallas.memory_space<hbm>> nor dst memref<8x8xf32, #pallas.memory_space<vmem>> has 16 rows along its major dim}}
  pallas.dma_start %table -> %rows, %sem[] offsets(%v : vector<16xi32>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// dma offsets type (ODS)
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  %f = arith.constant dense<0.0> : vector<8xf32>
  // expected-error @+1 {{operand #3 must be 1D memref of 32-bit signless integer values or vector of 32-bit signless integer values of ranks 1}}
    pallas.dma_start %table -> %rows, %sem[] offsets(%f : vector<8xf32>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// load expand without mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{expand needs a mask (its set lanes read consecutive elements)}}
  %l = pallas.load %acc[0:16] {expand} : memref<64xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

// load expand with other
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{expand cannot take other (the lanes outside the mask are unspecified)}}
  %l = pallas.load %acc[0:16] mask(%m : vector<16xi1>) other(%k : vector<16xf32>) {expand} : memref<64xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

// store compress without mask
pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>, %acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  %v8 = arith.constant dense<2> : vector<8xi32>
  %m8 = arith.constant dense<true> : vector<8xi1>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{compress needs a mask (its set lanes are written to consecutive elements)}}
  pallas.store %k, %acc[0:16] {compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
}
