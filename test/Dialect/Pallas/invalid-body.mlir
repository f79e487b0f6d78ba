// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// One case per error of the kernel-body op verifiers.

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{must be nested in a pallas.kernel}}
  pallas.delay %c
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{must be nested in a pallas.kernel or a pallas.index_map}}
  %p = pallas.program_id 0
  return
}

// -----

pallas.index_map @rows(%i: i32, %ids: memref<8xi32>) -> (i32, i32) {
  // expected-error @+1 {{reads vector<8xi32>; in a pallas.index_map, loads read scalars (of scalar prefetch refs)}}
  %v = pallas.load %ids[] : memref<8xi32> -> vector<8xi32>
  %c0 = arith.constant 0 : i32
  pallas.yield %c0, %c0 : i32, i32
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{axis 2 is out of range for a grid of rank 1}}
  %p = pallas.num_programs 2
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer has 1 starts, 0 sizes and 0 strides; they must have the same length}}
  %x = "pallas.load"(%r) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, starts = array<i64: 0>, sizes = array<i64>, strides = array<i64>}> : (memref<16x16xf32, #pallas.memory_space<vmem>>) -> f32
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer has 0 dynamic starts but 1 index operands}}
  %x = "pallas.load"(%r, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, starts = array<i64: 0, 0>, sizes = array<i64: -1, -1>, strides = array<i64: 1, 1>}> : (memref<16x16xf32, #pallas.memory_space<vmem>>, index) -> f32
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %c8 = arith.constant 8 : index
  %q = memref.subview %q16[0] [%c8] [1] : memref<16xf32, #pallas.memory_space<vmem>> to memref<?xf32, strided<[1]>, #pallas.memory_space<vmem>>
  // expected-error @+1 {{cannot access the whole of memref<?xf32, strided<[1]>, #pallas.memory_space<vmem>>, which has dynamic dims; give an indexer}}
  %x = pallas.load %q[] : memref<?xf32, strided<[1]>, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer has 1 entries but the ref memref<16x16xf32, #pallas.memory_space<vmem>> has rank 2}}
  %x = pallas.load %r[0:16] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer size 0 at dim 1 must be positive (or -1 for a single index)}}
  %x = pallas.load %r[0, 0:0] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<1xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer stride 0 at dim 1 must be positive}}
  %x = pallas.load %r[0, 0:8:0] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer start -1 at dim 0 must be non-negative}}
  %x = pallas.load %r[-1, 0:16] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{indexer entry 8:16:1 at dim 1 does not fit in the ref memref<16x16xf32, #pallas.memory_space<vmem>>}}
  %x = pallas.load %r[0, 8:16] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{result type vector<8xf32> does not match the window vector<16xf32> selected from memref<16x16xf32, #pallas.memory_space<vmem>>}}
  %x = pallas.load %r[0, 0:16] : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %m = arith.constant dense<true> : vector<8xi1>
  // expected-error @+1 {{mask vector<8xi1> must have the shape of the value vector<16xf32>}}
  %x = pallas.load %r[0, 0:16] mask(%m : vector<8xi1>) : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %o = arith.constant dense<0> : vector<16xi32>
  // expected-error @+1 {{other vector<16xi32> must have the result type vector<16xf32>}}
  %x = pallas.load %r[0, 0:16] other(%o : vector<16xi32>) : memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{value type vector<16xf32> does not match the window f32 selected from memref<16x16xf32, #pallas.memory_space<vmem>>}}
  pallas.store %v16, %r[0, 0] : vector<16xf32>, memref<16x16xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{result type vector<8xf32> does not match the window vector<16xf32> selected from memref<16x16xf32, #pallas.memory_space<vmem>>}}
  %x = pallas.swap %v16, %r[0, 0:16] : vector<16xf32>, memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{bitwise atomics need an integer element type, got f32}}
  %x = pallas.atomic_rmw and %v16, %r[0, 0:16] : vector<16xf32>, memref<16x16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{needs 1 indices to select one element of memref<16xi32, #pallas.memory_space<vmem>>, got 0}}
  %x = pallas.atomic_cas %iv[], %one, %one : memref<16xi32, #pallas.memory_space<vmem>>, i32
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %l = arith.constant 1 : i64
  // expected-error @+1 {{value type i64 must be the element type of memref<16xi32, #pallas.memory_space<vmem>>}}
  %x = pallas.atomic_cas %iv[%c0], %l, %l : memref<16xi32, #pallas.memory_space<vmem>>, i64
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{sem must be a memref of !pallas.semaphore or !pallas.barrier_semaphore, got memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>}}
  pallas.semaphore_signal %d[%c0], %one : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{sem needs 1 indices to select a single element of memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, got 0}}
  %x = pallas.semaphore_read %d[] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{a logical device id is a single i32, got 2 values}}
  pallas.semaphore_signal %s[], %one device(%one, %one) {device_id_type = 1 : i32} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %i = memref.alloc() : memref<16x16xi32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{src memref<16x16xf32, #pallas.memory_space<vmem>> and dst memref<16x16xi32, #pallas.memory_space<vmem>> must have the same element type}}
  pallas.dma_start %r -> %i, %d[%c0] : memref<16x16xf32, #pallas.memory_space<vmem>> -> memref<16x16xi32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %i = memref.alloc() : memref<16xf32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{src memref<16x16xf32, #pallas.memory_space<vmem>> and dst memref<16xf32, #pallas.memory_space<vmem>> must have the same shape}}
  pallas.dma_wait %r -> %i, %d[%c0] : memref<16x16xf32, #pallas.memory_space<vmem>> -> memref<16xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{has src_sem indices but no src_sem}}
  "pallas.dma_start"(%g, %r, %d, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0, 0, 0>}> : (memref<16x16xf32, #pallas.memory_space<gmem>>, memref<16x16xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, index, index) -> ()
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{src_sem and device must be given together (a remote copy needs both) or not at all}}
  pallas.dma_start %g -> %r, %d[%c0] device(%one) : memref<16x16xf32, #pallas.memory_space<gmem>> -> memref<16x16xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{priority must be non-negative, got -1}}
  pallas.dma_start %g -> %r, %d[%c0] {priority = -1 : i64} : memref<16x16xf32, #pallas.memory_space<gmem>> -> memref<16x16xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{result must be a memref of !pallas.barrier_semaphore, got memref<!pallas.semaphore, #pallas.memory_space<semaphore>>}}
  %x = pallas.get_barrier_semaphore : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %a = arith.constant dense<0.0> : vector<8x16xf32>
  // expected-error @+1 {{contracting dims differ: lhs vector<8x16xf32> gives 16 but rhs vector<8x16xf32> gives 8 (after transposes)}}
  %x = pallas.dot %a, %a : vector<8x16xf32>, vector<8x16xf32> -> vector<8x8xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %a = arith.constant dense<0.0> : vector<8x16xf32>
  // expected-error @+1 {{result vector<16x16xf32> must have shape [8, 8] for lhs vector<8x16xf32> and rhs vector<8x16xf32>}}
  %x = pallas.dot %a, %a {transpose_rhs} : vector<8x16xf32>, vector<8x16xf32> -> vector<16x16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %a = arith.constant dense<0.0> : vector<8x16xf32>
  // expected-error @+1 {{precision must be default, high or highest, got 'fast'}}
  %x = pallas.dot %a, %a {transpose_rhs, precision = "fast"} : vector<8x16xf32>, vector<8x16xf32> -> vector<8x8xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{axis 1 is out of range for vector<16xf32>}}
  %x = pallas.roll %v16, %one axis 1 : vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{stride and stride_axis go together}}
  %x = pallas.roll %v16, %one axis 0 {stride = 1 : i64} : vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{stride_axis 3 is out of range for vector<16xf32>}}
  %x = pallas.roll %v16, %one axis 0 {stride = 1 : i64, stride_axis = 3 : i64} : vector<16xf32>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{input vector<16xf32> has 512 bits but result vector<16xi16> has 256 bits; a bitcast keeps the total bit count}}
  %x = pallas.bitcast %v16 : vector<16xf32> -> vector<16xi16>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{bitcast needs integer or float elements, got vector<16xf32> -> vector<8xindex>}}
  %x = pallas.bitcast %v16 : vector<16xf32> -> vector<8xindex>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{multiple must be positive, got 0}}
  %x = pallas.multiple_of %c0, 0 : index
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{allocation 0 must be a memref, got i32}}
  pallas.run_scoped {
  ^bb0(%a: i32):
    pallas.yield
  }
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{region yields (i32) but the op returns (f32)}}
  %x = pallas.run_scoped -> f32 {
    pallas.yield %one : i32
  }
}

// -----

pallas.kernel @k grid(2) {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{region yields () but the op returns (i32)}}
  %x = pallas.named_scope "s" -> i32 {
    pallas.yield
  }
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{format "{} and {}" has 2 placeholders but 1 values are given}}
  pallas.debug_print "{} and {}"(%one : i32)
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{needs at least one seed}}
  pallas.prng_seed
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{barrier must be a memref of !pallas.barrier, got memref<!pallas.semaphore, #pallas.memory_space<semaphore>>}}
  pallas.barrier_wait %s[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{pending must be non-negative, got -1}}
  pallas.wait_smem_to_gmem -1
}

// -----

pallas.kernel @k grid(2) scratch(%r: memref<16x16xf32, #pallas.memory_space<vmem>>, %d: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>, %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>, %q16: memref<16xf32, #pallas.memory_space<vmem>>, %g: memref<16x16xf32, #pallas.memory_space<gmem>>, %iv: memref<16xi32, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v16 = arith.constant dense<0.0> : vector<16xf32>
  %acc = memref.alloc() : memref<8x8xf32, #pallas.memory_space<regs>>
  %l = memref.alloc() : memref<8x16xf16, #pallas.memory_space<shared>>
  %rr = memref.alloc() : memref<8x8xf16, #pallas.memory_space<shared>>
  // expected-error @+1 {{shapes do not compose: acc memref<8x8xf32, #pallas.memory_space<regs>>, lhs memref<8x16xf16, #pallas.memory_space<shared>>, rhs memref<8x8xf16, #pallas.memory_space<shared>> (need acc [M, N], lhs [M, K], rhs [K, N])}}
  pallas.wgmma %acc, %l, %rr : memref<8x8xf32, #pallas.memory_space<regs>>, memref<8x16xf16, #pallas.memory_space<shared>>, memref<8x8xf16, #pallas.memory_space<shared>>
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{dim 2 is out of range for vector<8x128xi32>}}
  %i = pallas.iota dim 2 : vector<8x128xi32>
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<0.0> : vector<8x128xf32>
  // expected-error @+1 {{the inputs add up to 256 along dim 1, but the result has 128}}
  %c = pallas.concatenate %a, %a dim 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<0.0> : vector<8x128xf32>
  %b = arith.constant dense<0.0> : vector<16x128xf32>
  // expected-error @+1 {{input #1 (vector<16x128xf32>) does not match the result vector<8x256xf32> outside dim 1}}
  %c = pallas.concatenate %a, %b dim 1 : vector<8x128xf32>, vector<16x128xf32> -> vector<8x256xf32>
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<0.0> : vector<8x128xf32>
  %b = arith.constant dense<0> : vector<8x128xi32>
  // expected-error @+1 {{input #1 (vector<8x128xi32>) has another element type than the result vector<8x256xf32>}}
  %c = pallas.concatenate %a, %b dim 1 : vector<8x128xf32>, vector<8x128xi32> -> vector<8x256xf32>
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<0.0> : vector<8x64xf32>
  // expected-error @+1 {{repeating vector<8x64xf32> 2 times along dim 1 does not give vector<8x256xf32>}}
  %c = pallas.repeat %a dim 1 times 2 : vector<8x64xf32> -> vector<8x256xf32>
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<0.0> : vector<8x64xf32>
  // expected-error @+1 {{times must be at least 1, got 0}}
  %c = pallas.repeat %a dim 1 times 0 : vector<8x64xf32> -> vector<8x64xf32>
}

// -----

func.func @f() {
  // expected-error @+1 {{must be nested in a pallas.kernel}}
  %i = pallas.iota dim 0 : vector<8x128xi32>
  return
}

// -----

// Refs of unsigned integers hold signless values in the kernel.
pallas.kernel @k grid(1) ins(%x: memref<8xui32> block [8] map affine_map<(i) -> (0)>) {
  // expected-error @+1 {{result type vector<8xui32> does not match the window vector<8xi32> selected from memref<8xui32>}}
  %v = pallas.load %x[] : memref<8xui32> -> vector<8xui32>
}
