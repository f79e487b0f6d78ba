// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A bitcast of a bitcast on the CPU (i16 -> i32 -> i8): each packed view
// has its own buffer, synced in nesting order around the accesses.
// x (4x2 i16) holds 0x1234 + 257 n for n = 0 .. 7 row-major.
//   o = x.bitcast(i32).bitcast(i8): row 4r + j of o is byte j of word r,
//       word r packing x rows 2r (low) and 2r + 1 (high);
//   y = x, then y.bitcast(i32).bitcast(i8)[1, :] = 127 (the high byte of
//       y row 0).
// Expected: o from JAX 0.10.2's own ref-bitcast semantics (the function
// jax._src.state.utils.bitcast that pallas_call(interpret=True) applies,
// run on the same x), y from numpy (row 0 with its high byte set to 127).

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}52,   53],
// CHECK-NEXT: [18,   19],
// CHECK-NEXT: [54,   55],
// CHECK-NEXT: [20,   21],
// CHECK-NEXT: [56,   57],
// CHECK-NEXT: [22,   23],
// CHECK-NEXT: [58,   59],
// CHECK-NEXT: [24,   25]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}32564,   32565],
// CHECK-NEXT: [5174,   5431],
// CHECK-NEXT: [5688,   5945],
// CHECK-NEXT: [6202,   6459]]

#vmem = #pallas.memory_space<vmem>
module {
  pallas.kernel @nested grid(1)
      ins(%x: memref<4x2xi16> block [4, 2] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x2xi8> block [8, 2] map affine_map<(i) -> (0, 0)>,
           %y: memref<4x2xi16> block [4, 2] map affine_map<(i) -> (0, 0)>) {
    %b1 = pallas.ref_bitcast %x : memref<4x2xi16> -> memref<2x2xi32>
    %b2 = pallas.ref_bitcast %b1 : memref<2x2xi32> -> memref<8x2xi8>
    %v = pallas.load %b2[] : memref<8x2xi8> -> vector<8x2xi8>
    pallas.store %v, %o[] : vector<8x2xi8>, memref<8x2xi8>
    %ycopy = pallas.load %x[] : memref<4x2xi16> -> vector<4x2xi16>
    pallas.store %ycopy, %y[] : vector<4x2xi16>, memref<4x2xi16>
    %c1 = arith.constant 1 : index
    %yb1 = pallas.ref_bitcast %y : memref<4x2xi16> -> memref<2x2xi32>
    %yb2 = pallas.ref_bitcast %yb1 : memref<2x2xi32> -> memref<8x2xi8>
    %w = arith.constant dense<127> : vector<2xi8>
    pallas.store %w, %yb2[%c1, 0:2] : vector<2xi8>, memref<8x2xi8>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<4x2xi16>
    %base = arith.constant 4660 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %r = arith.muli %i, %c2 : index
        %idx = arith.addi %r, %j : index
        %n = arith.index_cast %idx : index to i32
        %k = arith.constant 257 : i32
        %m = arith.muli %n, %k : i32
        %v = arith.addi %m, %base : i32
        %h = arith.trunci %v : i32 to i16
        memref.store %h, %x[%i, %j] : memref<4x2xi16>
      }
    }
    %o = memref.alloc() : memref<8x2xi8>
    %y = memref.alloc() : memref<4x2xi16>
    pallas.call @nested(%x, %o, %y) : (memref<4x2xi16>, memref<8x2xi8>, memref<4x2xi16>) -> ()
    %o32 = memref.alloc() : memref<8x2xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %h = memref.load %o[%i, %j] : memref<8x2xi8>
        %e = arith.extui %h : i8 to i32
        memref.store %e, %o32[%i, %j] : memref<8x2xi32>
      }
    }
    %y32 = memref.alloc() : memref<4x2xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %h = memref.load %y[%i, %j] : memref<4x2xi16>
        %e = arith.extui %h : i16 to i32
        memref.store %e, %y32[%i, %j] : memref<4x2xi32>
      }
    }
    %u = memref.cast %o32 : memref<8x2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %u2 = memref.cast %y32 : memref<4x2xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
