// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Element padding as JAX reads it: the index map gives the window's offset in
// the array padded with pad_low elements in front, and the padding reads as
// JAX's "uninitialized" value (NaN for floats, the smallest value for
// integers).
//
// @halo: a 3-tap stencil over overlapping element(48, pad = [8, 8]) windows,
// y[j] = x[j-1] + x[j] + x[j+1] for an f32[64] x with x[j] = (37 j) mod 101,
// two steps of 32 outputs. Window i covers x[32i-8 .. 32i+40); the kernel
// reads its rows 7..39, 8..40 and 9..41. Expected: JAX 0.10.2's
// `pallas_call(..., interpret=True)` on the same kernel and input
// (pl.BlockSpec((pl.Element(48, (8, 8)),), lambda i: (32 * i,)), out block
// (32,)), printed with numpy; it equals numpy's
// x[:-2] + x[1:-1] + x[2:] inside and is NaN at both ends.
// (`interpret=pltpu.InterpretParams()` in jax 0.10.2 ignores Element padding
// and reads from offset 32i of the unpadded x instead, giving y[j] shifted
// by 8: [181, 191, 100, ...]; JAX's own tests of Element padding
// (tests/pallas/pallas_test.py, test_block_spec_element and
// test_block_spec_element_padding_is_nan) expect the padded reading.)
//
// @pad_f32 / @pad_i32: the copy of JAX's test_block_spec_element_padding_is_nan:
// an element(6, pad = [1, 2]) window at offset 0 over three 42s, copied out
// whole. Expected (interpret=True): [pad, 42, 42, 42, pad, pad] with
// pad = NaN for f32 and -2147483648 for i32.

// CHECK: Unranked Memref
// CHECK-NEXT: [nan, 111, 121, 131, 141, 151, 161, 171, 181, 191, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 109, 119, 129, 139, 149, 159, 169, 179, 189, 199, 209, 118, 128, 138, 148, 158, 168, 178, 188, 97, 107, 117, 127, 137, 147, 157, 167, 177, 187, 197, 106, 116, 126, 136, 146, 156, 166, 176, 186, 196, 206, 115, nan]
// CHECK: Unranked Memref
// CHECK-NEXT: [nan, 42, 42, 42, nan, nan]
// CHECK: Unranked Memref
// CHECK-NEXT: [-2147483648, 42, 42, 42, -2147483648, -2147483648]

module {
  pallas.kernel @halo grid(2) semantics(parallel)
      ins(%x: memref<64xf32> block [element(48, pad = [8, 8])] map affine_map<(i) -> (i * 32)>)
      outs(%y: memref<64xf32> block [32] map affine_map<(i) -> (i)>) {
    %l = pallas.load %x[7:32] : memref<48xf32> -> vector<32xf32>
    %c = pallas.load %x[8:32] : memref<48xf32> -> vector<32xf32>
    %r = pallas.load %x[9:32] : memref<48xf32> -> vector<32xf32>
    %s0 = arith.addf %l, %c : vector<32xf32>
    %s = arith.addf %s0, %r : vector<32xf32>
    pallas.store %s, %y[] : vector<32xf32>, memref<32xf32>
  }

  pallas.kernel @pad_f32 grid(1)
      ins(%x: memref<3xf32> block [element(6, pad = [1, 2])] map affine_map<(i) -> (0)>)
      outs(%y: memref<6xf32> block [6] map affine_map<(i) -> (0)>) {
    %v = pallas.load %x[] : memref<6xf32> -> vector<6xf32>
    pallas.store %v, %y[] : vector<6xf32>, memref<6xf32>
  }

  pallas.kernel @pad_i32 grid(1)
      ins(%x: memref<3xi32> block [element(6, pad = [1, 2])] map affine_map<(i) -> (0)>)
      outs(%y: memref<6xi32> block [6] map affine_map<(i) -> (0)>) {
    %v = pallas.load %x[] : memref<6xi32> -> vector<6xi32>
    pallas.store %v, %y[] : vector<6xi32>, memref<6xi32>
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c37 = arith.constant 37 : index
    %c101 = arith.constant 101 : index
    %x = memref.alloc() : memref<64xf32>
    %y = memref.alloc() : memref<64xf32>
    // x[j] = (37 j) mod 101
    scf.for %j = %c0 to %c64 step %c1 {
      %m = arith.muli %j, %c37 : index
      %r = arith.remui %m, %c101 : index
      %s = arith.index_cast %r : index to i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %x[%j] : memref<64xf32>
    }
    pallas.call @halo(%x, %y) : (memref<64xf32>, memref<64xf32>) -> ()
    %u = memref.cast %y : memref<64xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<64xf32>
    memref.dealloc %y : memref<64xf32>

    %xf = memref.alloc() : memref<3xf32>
    %yf = memref.alloc() : memref<6xf32>
    %f42 = arith.constant 42.0 : f32
    %c3 = arith.constant 3 : index
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %f42, %xf[%j] : memref<3xf32>
    }
    pallas.call @pad_f32(%xf, %yf) : (memref<3xf32>, memref<6xf32>) -> ()
    %uf = memref.cast %yf : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    memref.dealloc %xf : memref<3xf32>
    memref.dealloc %yf : memref<6xf32>

    %xi = memref.alloc() : memref<3xi32>
    %yi = memref.alloc() : memref<6xi32>
    %i42 = arith.constant 42 : i32
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %i42, %xi[%j] : memref<3xi32>
    }
    pallas.call @pad_i32(%xi, %yi) : (memref<3xi32>, memref<6xi32>) -> ()
    %ui = memref.cast %yi : memref<6xi32> to memref<*xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    memref.dealloc %xi : memref<3xi32>
    memref.dealloc %yi : memref<6xi32>
    return
  }
}
