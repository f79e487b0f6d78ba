// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// pallas.roll on the CPU, as pltpu.roll: x[r, c] = 10 r + c over 4x8, rolled
//   a: by 3 along dim 1 (static shift),
//   b: by program_id - 2 = -2 along dim 0 (dynamic, negative shift),
//   c: by program_id + 11 + 3 r along dim 1, row r = slice r of stride_axis 0
//      (dynamic shift larger than the dim, stride 3).
// Expected numbers: JAX 0.10.2's interpret mode on the same kernel
// (pl.pallas_call(..., grid=(1,), interpret=pltpu.InterpretParams()) with
// pltpu.roll(x, 3, 1), pltpu.roll(x, pid - 2, 0) and
// pltpu.roll(x, pid + 11, 1, stride=3, stride_axis=0)).

// The roll is one read from the vector written twice along the axis (no
// per-element code); the strided one reads slice by slice in a loop.
// LOWER-LABEL: func.func @roll
// LOWER: memref.alloc() : memref<4x16xi32>
// LOWER-COUNT-2: vector.transfer_write
// LOWER: arith.remsi
// LOWER: vector.transfer_read {{.*}} : memref<4x16xi32>, vector<4x8xi32>
// LOWER: memref.alloc() : memref<8x8xi32>
// LOWER: scf.for
// LOWER: vector.transfer_read {{.*}} : memref<4x16xi32>, vector<1x8xi32>

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}5,   6,   7,   0,   1,   2,   3,   4],
// CHECK-NEXT: [15,   16,   17,   10,   11,   12,   13,   14],
// CHECK-NEXT: [25,   26,   27,   20,   21,   22,   23,   24],
// CHECK-NEXT: [35,   36,   37,   30,   31,   32,   33,   34]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}20,   21,   22,   23,   24,   25,   26,   27],
// CHECK-NEXT: [30,   31,   32,   33,   34,   35,   36,   37],
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7],
// CHECK-NEXT: [10,   11,   12,   13,   14,   15,   16,   17]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}5,   6,   7,   0,   1,   2,   3,   4],
// CHECK-NEXT: [12,   13,   14,   15,   16,   17,   10,   11],
// CHECK-NEXT: [27,   20,   21,   22,   23,   24,   25,   26],
// CHECK-NEXT: [34,   35,   36,   37,   30,   31,   32,   33]]

module {
  pallas.kernel @roll grid(1)
      outs(%a: memref<4x8xi32> block [4, 8] map affine_map<(i) -> (0, 0)>,
           %b: memref<4x8xi32> block [4, 8] map affine_map<(i) -> (0, 0)>,
           %c: memref<4x8xi32> block [4, 8] map affine_map<(i) -> (0, 0)>) {
    %r = pallas.iota dim 0 : vector<4x8xi32>
    %col = pallas.iota dim 1 : vector<4x8xi32>
    %ten = arith.constant dense<10> : vector<4x8xi32>
    %r10 = arith.muli %r, %ten : vector<4x8xi32>
    %x = arith.addi %r10, %col : vector<4x8xi32>
    %pid = pallas.program_id 0
    %three = arith.constant 3 : i32
    %ra = pallas.roll %x, %three axis 1 : vector<4x8xi32>
    pallas.store %ra, %a[] : vector<4x8xi32>, memref<4x8xi32>
    %m2 = arith.constant -2 : i32
    %sb = arith.addi %pid, %m2 : i32
    %rb = pallas.roll %x, %sb axis 0 : vector<4x8xi32>
    pallas.store %rb, %b[] : vector<4x8xi32>, memref<4x8xi32>
    %eleven = arith.constant 11 : i32
    %sc = arith.addi %pid, %eleven : i32
    %rc = pallas.roll %x, %sc axis 1 {stride = 3, stride_axis = 0} : vector<4x8xi32>
    pallas.store %rc, %c[] : vector<4x8xi32>, memref<4x8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %a = memref.alloc() : memref<4x8xi32>
    %b = memref.alloc() : memref<4x8xi32>
    %c = memref.alloc() : memref<4x8xi32>
    pallas.call @roll(%a, %b, %c) : (memref<4x8xi32>, memref<4x8xi32>, memref<4x8xi32>) -> ()
    %ua = memref.cast %a : memref<4x8xi32> to memref<*xi32>
    call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
    %ub = memref.cast %b : memref<4x8xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    %uc = memref.cast %c : memref<4x8xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    memref.dealloc %a : memref<4x8xi32>
    memref.dealloc %b : memref<4x8xi32>
    memref.dealloc %c : memref<4x8xi32>
    return
  }
}
