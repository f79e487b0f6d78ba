// RUN: sed '$d' %S/../../../examples/sparsecore/sc_cumsum.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_cumsum.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Input x = [1, -2, 3, 4, -5, 6, -7, 8]. Expected (by hand): o = cumsum(x);
// om = the running sum of the positive lanes at the positive lanes (the
// other lanes are unspecified and not checked).
// CHECK: Unranked Memref
// CHECK-NEXT: [1, -1, 2, 6, 1, 7, 0, 8]
// CHECK: Unranked Memref
// CHECK-NEXT: [1, {{[^,]+}}, 4, 8, {{[^,]+}}, 14, {{[^,]+}}, 22]
// HOST: memref.global "private" @x : memref<8xf32> = dense<[1.0, -2.0, 3.0, 4.0, -5.0, 6.0, -7.0, 8.0]>
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %x = memref.get_global @x : memref<8xf32>
// HOST:   %o = memref.alloc() : memref<8xf32>
// HOST:   %om = memref.alloc() : memref<8xf32>
// HOST:   pallas.call @sc_cumsum(%x, %o, %om) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
// HOST:   %u = memref.cast %o : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   %um = memref.cast %om : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%um) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
