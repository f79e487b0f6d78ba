// RUN: sed '$d' %S/../../../examples/sparsecore/sc_embedding_lookup.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_embedding_lookup.mlir on the CPU (its 16
// subcores one after the other; subcore s = pallas.axis_index "subcore"
// writes row s) with the host @main below appended to its module.
// Inputs: table[r, c] = 8 r + c (64x8), ids[i] = (i*i + 3) mod 64.
// Expected: out[s, c] = sum over k < 8 of table[ids[8 s + k], c], computed
// with a short Python script from the same formulas.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1824, 1832, 1840, 1848, 1856, 1864, 1872, 1880],
// CHECK-NEXT: [1312, 1320, 1328, 1336, 1344, 1352, 1360, 1368]]

// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %c0 = arith.constant 0 : index
// HOST:   %c1 = arith.constant 1 : index
// HOST:   %c8 = arith.constant 8 : index
// HOST:   %c64 = arith.constant 64 : index
// HOST:   %c128 = arith.constant 128 : index
// HOST:   %k3 = arith.constant 3 : i32
// HOST:   %k64 = arith.constant 64 : i32
// HOST:   %table = memref.alloc() : memref<64x8xf32>
// HOST:   %ids = memref.alloc() : memref<128xi32>
// HOST:   %out = memref.alloc() : memref<16x8xf32>
// HOST:   scf.for %i = %c0 to %c128 step %c1 {
// HOST:     %ii = arith.index_cast %i : index to i32
// HOST:     %sq = arith.muli %ii, %ii : i32
// HOST:     %s3 = arith.addi %sq, %k3 : i32
// HOST:     %r = arith.remsi %s3, %k64 : i32
// HOST:     memref.store %r, %ids[%i] : memref<128xi32>
// HOST:   }
// HOST:   scf.for %r = %c0 to %c64 step %c1 {
// HOST:     scf.for %c = %c0 to %c8 step %c1 {
// HOST:       %r8 = arith.muli %r, %c8 : index
// HOST:       %f = arith.addi %r8, %c : index
// HOST:       %fi = arith.index_cast %f : index to i32
// HOST:       %ff = arith.sitofp %fi : i32 to f32
// HOST:       memref.store %ff, %table[%r, %c] : memref<64x8xf32>
// HOST:     }
// HOST:   }
// HOST:   pallas.call @sc_embedding_lookup(%table, %ids, %out) : (memref<64x8xf32>, memref<128xi32>, memref<16x8xf32>) -> ()
// HOST:   %u = memref.cast %out : memref<16x8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
