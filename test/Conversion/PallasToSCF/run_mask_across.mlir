// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,pallas-copy-loops,pallas-row-loops)' %s \
// RUN:   | FileCheck %s --check-prefix=LOOPS

// An i1 mask computed before a scalar store (which ends pallas-row-loops'
// cluster) and used after it: the mask goes from one cluster's loop to the
// next through a buffer of bytes (LLVM stores an i1 vector packed), each
// 64-lane chunk extended to i8 on the way in and truncated on the way out.
// Without that buffer the cluster stayed whole: 8192 lanes took 4.7 s to
// compile, 2^16 aborted in LLVM.
// LOOPS-LABEL: func.func @k
// LOOPS: %[[BYTES:.*]] = memref.alloca() : memref<8192xi8>
// LOOPS: scf.for
// LOOPS: %[[M:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<64xf32>
// LOOPS: %[[W:.*]] = arith.extui %[[M]] : vector<64xi1> to vector<64xi8>
// LOOPS: vector.transfer_write %[[W]], %[[BYTES]]
// LOOPS: memref.store
// LOOPS: scf.for
// LOOPS: %[[B:.*]] = vector.transfer_read %[[BYTES]][%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<8192xi8>, vector<64xi8>
// LOOPS: %[[T:.*]] = arith.trunci %[[B]] : vector<64xi8> to vector<64xi1>
// LOOPS: arith.select %[[T]], %{{.*}}, %{{.*}} : vector<64xi1>, vector<64xf32>
// LOOPS-NOT: vector<8192xi1>
// LOOPS: return

// a = float(i) over 8192 lanes; o = a; p is all 0 but p[8191] = 1, then
// p = a where a < 100 (the mask from before the store), else p: by hand,
// p[98..101] = 98, 99, 0, 0 and p[8190..8191] = 0, 1.
// CHECK: Unranked Memref
// CHECK-NEXT: [98,  99,  0,  0]
// CHECK: Unranked Memref
// CHECK-NEXT: [0,  1]
module {
  pallas.kernel @k grid(1)
      outs(%o: memref<8192xf32> block [8192] map affine_map<(i) -> (0)>,
           %p: memref<8192xf32> block [8192] map affine_map<(i) -> (0)>) {
    %i = pallas.iota dim 0 : vector<8192xi32>
    %a = arith.sitofp %i : vector<8192xi32> to vector<8192xf32>
    %h = arith.constant dense<100.0> : vector<8192xf32>
    %m = arith.cmpf olt, %a, %h : vector<8192xf32>
    pallas.store %a, %o[] : vector<8192xf32>, memref<8192xf32>
    %z = arith.constant dense<0.0> : vector<8192xf32>
    pallas.store %z, %p[] : vector<8192xf32>, memref<8192xf32>
    %c = arith.constant 8191 : index
    %one = arith.constant 1.0 : f32
    memref.store %one, %p[%c] : memref<8192xf32>
    %b = pallas.load %p[] : memref<8192xf32> -> vector<8192xf32>
    %s = arith.select %m, %a, %b : vector<8192xi1>, vector<8192xf32>
    pallas.store %s, %p[] : vector<8192xf32>, memref<8192xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %o = memref.alloc() : memref<8192xf32>
    %p = memref.alloc() : memref<8192xf32>
    pallas.call @k(%o, %p) : (memref<8192xf32>, memref<8192xf32>) -> ()
    %v = memref.subview %p[98] [4] [1] : memref<8192xf32> to memref<4xf32, strided<[1], offset: 98>>
    %u = memref.cast %v : memref<4xf32, strided<[1], offset: 98>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %w = memref.subview %p[8190] [2] [1] : memref<8192xf32> to memref<2xf32, strided<[1], offset: 8190>>
    %x = memref.cast %w : memref<2xf32, strided<[1], offset: 8190>> to memref<*xf32>
    call @printMemrefF32(%x) : (memref<*xf32>) -> ()
    return
  }
}
