// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A subcore barrier on the CPU: 4 subcores; before the barrier subcore s
// keeps mine = 10 s + lane in its own VMEM and publishes 100 s in row s of
// a VMEM_SHARED buffer; after it, it adds its right neighbour's row
// (s + 1) mod 4 to mine and writes row s. The run only gives this if every
// subcore passes the barrier before any goes on and each keeps its own
// VMEM across it. Expected (by hand): row s = 10 s + lane + 100 ((s+1) mod 4).

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}100, 101, 102, 103, 104, 105, 106, 107],
// CHECK-NEXT: [210, 211, 212, 213, 214, 215, 216, 217],
// CHECK-NEXT: [320, 321, 322, 323, 324, 325, 326, 327],
// CHECK-NEXT: [30, 31, 32, 33, 34, 35, 36, 37]]

module {
  pallas.kernel @barrier grid(1, 4) names("core", "subcore")
      outs(%o: memref<4x8xi32> block [4, 8] map affine_map<(c, s) -> (0, 0)>)
      scratch(%mine: memref<8xi32, #pallas.memory_space<vmem>>,
              %shared: memref<4x8xi32, #pallas.memory_space<vmem_shared>>) {
    %s = pallas.axis_index "subcore"
    %si = arith.index_cast %s : i32 to index
    %lanes = pallas.iota dim 0 : vector<8xi32>
    %c10 = arith.constant 10 : i32
    %ten_s = arith.muli %s, %c10 : i32
    %b = vector.broadcast %ten_s : i32 to vector<8xi32>
    %m = arith.addi %b, %lanes : vector<8xi32>
    pallas.store %m, %mine[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %c100 = arith.constant 100 : i32
    %h = arith.muli %s, %c100 : i32
    %hv = vector.broadcast %h : i32 to vector<8xi32>
    pallas.store %hv, %shared[%si, 0:8] : vector<8xi32>, memref<4x8xi32, #pallas.memory_space<vmem_shared>>
    pallas.subcore_barrier
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %n = arith.addi %s, %c1 : i32
    %nr = arith.remsi %n, %c4 : i32
    %ni = arith.index_cast %nr : i32 to index
    %theirs = pallas.load %shared[%ni, 0:8] : memref<4x8xi32, #pallas.memory_space<vmem_shared>> -> vector<8xi32>
    %own = pallas.load %mine[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %r = arith.addi %own, %theirs : vector<8xi32>
    pallas.store %r, %o[%si, 0:8] : vector<8xi32>, memref<4x8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<4x8xi32>
    pallas.call @barrier(%o) : (memref<4x8xi32>) -> ()
    %u = memref.cast %o : memref<4x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<4x8xi32>
    return
  }
}
