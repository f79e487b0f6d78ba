// RUN: sed '$d' %S/../../../examples/sparsecore/sc_shared_histogram.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_shared_histogram.mlir on the CPU with the
// host @main below appended to its module: two subcore barriers split the
// body into three phases, each run for all 16 subcores before the next
// (subcore 0 zeroes the shared histogram; every subcore scatter-adds its
// ids into it and writes its ranks; subcore 0 copies it out).
// Inputs: ids[i] = (i^3 + 3 i) mod 16. Expected, computed with a short
// Python script from the same formula: hist[b] = #{i : ids[i] = b};
// rank[i] = #{j in [8 (i / 8), i] : ids[j] = ids[i]} (scan_count of each
// subcore's 8 ids).
// CHECK: Unranked Memref
// CHECK-NEXT: [8, 0, 8, 0, 40, 0, 8, 0, 8, 0, 8, 0, 40, 0, 8, 0]
// CHECK: Unranked Memref
// CHECK-NEXT: [1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 3, 1, 1, 1, 2, 3, 1, 1, 2]

// HOST: func.func private @printMemrefI32(memref<*xi32>)
// HOST: func.func @main() {
// HOST:   %c0 = arith.constant 0 : index
// HOST:   %c1 = arith.constant 1 : index
// HOST:   %c128 = arith.constant 128 : index
// HOST:   %k3 = arith.constant 3 : i32
// HOST:   %k16 = arith.constant 16 : i32
// HOST:   %ids = memref.alloc() : memref<128xi32>
// HOST:   %hist = memref.alloc() : memref<16xi32>
// HOST:   %rank = memref.alloc() : memref<128xi32>
// HOST:   scf.for %i = %c0 to %c128 step %c1 {
// HOST:     %ii = arith.index_cast %i : index to i32
// HOST:     %sq = arith.muli %ii, %ii : i32
// HOST:     %cu = arith.muli %sq, %ii : i32
// HOST:     %i3 = arith.muli %ii, %k3 : i32
// HOST:     %s1 = arith.addi %cu, %i3 : i32
// HOST:     %r = arith.remsi %s1, %k16 : i32
// HOST:     memref.store %r, %ids[%i] : memref<128xi32>
// HOST:   }
// HOST:   pallas.call @sc_shared_histogram(%ids, %hist, %rank) : (memref<128xi32>, memref<16xi32>, memref<128xi32>) -> ()
// HOST:   %u = memref.cast %hist : memref<16xi32> to memref<*xi32>
// HOST:   call @printMemrefI32(%u) : (memref<*xi32>) -> ()
// HOST:   %ur = memref.cast %rank : memref<128xi32> to memref<*xi32>
// HOST:   call @printMemrefI32(%ur) : (memref<*xi32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
