// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Refs of unsigned integers hold signless values in the kernel (as in JAX's
// lowering, where a uint32 array is i32 in Mosaic): loads and stores
// reinterpret the bits, and the kernel chooses unsigned ops. x holds
// 0xFFFFFFF0 + i (i = 0..3); y = x >>u 4 (logical shift) as a vector, and
// y[0] is overwritten by a scalar: x[1] /u 16. By hand: 0xFFFFFFF0 >> 4 =
// 0x0FFFFFFF = 268435455 for every lane; x[1] / 16 = 0xFFFFFFF1 / 16 =
// 268435455 as well; and z = (x[3] <u x[0]) as 0/1 = 0. Printed as i32.

// CHECK: Unranked Memref
// CHECK-NEXT: [268435455, 268435455, 268435455, 268435455, 0]

module {
  pallas.kernel @shift grid(1)
      ins(%x: memref<4xui32> block [4] map affine_map<(i) -> (0)>)
      outs(%y: memref<5xui32> block [5] map affine_map<(i) -> (0)>) {
    %v = pallas.load %x[] : memref<4xui32> -> vector<4xi32>
    %four = arith.constant dense<4> : vector<4xi32>
    %s = arith.shrui %v, %four : vector<4xi32>
    pallas.store %s, %y[0:4] : vector<4xi32>, memref<5xui32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %x1 = pallas.load %x[%c1] : memref<4xui32> -> i32
    %sixteen = arith.constant 16 : i32
    %q = arith.divui %x1, %sixteen : i32
    pallas.store %q, %y[%c0] : i32, memref<5xui32>
    %x3 = pallas.load %x[%c3] : memref<4xui32> -> i32
    %x0 = pallas.load %x[%c0] : memref<4xui32> -> i32
    %lt = arith.cmpi ult, %x3, %x0 : i32
    %z = arith.extui %lt : i1 to i32
    pallas.store %z, %y[%c4] : i32, memref<5xui32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<4xi32>
    %y = memref.alloc() : memref<5xi32>
    %base = arith.constant -16 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %e = arith.addi %base, %ii : i32
      memref.store %e, %x[%i] : memref<4xi32>
    }
    %xu = builtin.unrealized_conversion_cast %x : memref<4xi32> to memref<4xui32>
    %yu = builtin.unrealized_conversion_cast %y : memref<5xi32> to memref<5xui32>
    pallas.call @shift(%xu, %yu) : (memref<4xui32>, memref<5xui32>) -> ()
    %u = memref.cast %y : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<4xi32>
    memref.dealloc %y : memref<5xi32>
    return
  }
}
