// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.ref_bitcast to and from unsigned integer refs on the CPU (as
// kv_ref.bitcast(jnp.uint32) is written with a ui32 result): the values
// are signless as for every ref; arith.bitcast cannot view such a ref, so
// the view gets its own buffer like a bit-width change does.
// f (2x4 f32) holds 1 .. 8, u (2x4 ui32) holds ((2n + 1) << 16) | 2n.
//   a = f.bitcast(uint32)            (the f32 bits);
//   b.bitcast(f32)[...] = 2 * f      (b receives the bits of 2, 4, .., 16);
//   c = u.bitcast(int16)             (rows 2r / 2r + 1: low / high halves).
// Expected: a and c from JAX 0.10.2's pallas_call(interpret=True) on the
// same inputs, b from numpy ((2 * f).view(uint32)).

// a
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1065353216, 1073741824, 1077936128, 1082130432],
// CHECK-NEXT: [1084227584, 1086324736, 1088421888, 1090519040]]
// b
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1073741824, 1082130432, 1086324736, 1090519040],
// CHECK-NEXT: [1092616192, 1094713344, 1096810496, 1098907648]]
// c
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 2, 4, 6],
// CHECK-NEXT: [1, 3, 5, 7],
// CHECK-NEXT: [8, 10, 12, 14],
// CHECK-NEXT: [9, 11, 13, 15]]

module {
  pallas.kernel @unsigned grid(1)
      ins(%f: memref<2x4xf32> block [2, 4] map affine_map<(i) -> (0, 0)>,
          %u: memref<2x4xui32> block [2, 4] map affine_map<(i) -> (0, 0)>)
      outs(%a: memref<2x4xi32> block [2, 4] map affine_map<(i) -> (0, 0)>,
           %b: memref<2x4xui32> block [2, 4] map affine_map<(i) -> (0, 0)>,
           %c: memref<4x4xi16> block [4, 4] map affine_map<(i) -> (0, 0)>) {
    %fu = pallas.ref_bitcast %f : memref<2x4xf32> -> memref<2x4xui32>
    %av = pallas.load %fu[] : memref<2x4xui32> -> vector<2x4xi32>
    pallas.store %av, %a[] : vector<2x4xi32>, memref<2x4xi32>
    %bf = pallas.ref_bitcast %b : memref<2x4xui32> -> memref<2x4xf32>
    %fv = pallas.load %f[] : memref<2x4xf32> -> vector<2x4xf32>
    %two = arith.constant dense<2.0> : vector<2x4xf32>
    %f2 = arith.mulf %fv, %two : vector<2x4xf32>
    pallas.store %f2, %bf[] : vector<2x4xf32>, memref<2x4xf32>
    %uc = pallas.ref_bitcast %u : memref<2x4xui32> -> memref<4x4xi16>
    %cv = pallas.load %uc[] : memref<4x4xi16> -> vector<4x4xi16>
    pallas.store %cv, %c[] : vector<4x4xi16>, memref<4x4xi16>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %f = memref.alloc() : memref<2x4xf32>
    %u = memref.alloc() : memref<2x4xui32>
    %n = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : vector<2x4xi32>
    %one = arith.constant dense<1> : vector<2x4xi32>
    %sixteen = arith.constant dense<16> : vector<2x4xi32>
    %lo = arith.addi %n, %n : vector<2x4xi32>
    %hi1 = arith.addi %lo, %one : vector<2x4xi32>
    %hi = arith.shli %hi1, %sixteen : vector<2x4xi32>
    %uv = arith.ori %hi, %lo : vector<2x4xi32>
    %uvu = vector.bitcast %uv : vector<2x4xi32> to vector<2x4xui32>
    %u0 = vector.extract %uvu[0] : vector<4xui32> from vector<2x4xui32>
    %u1 = vector.extract %uvu[1] : vector<4xui32> from vector<2x4xui32>
    vector.store %u0, %u[%c0, %c0] : memref<2x4xui32>, vector<4xui32>
    vector.store %u1, %u[%c1, %c0] : memref<2x4xui32>, vector<4xui32>
    %n1 = arith.addi %n, %one : vector<2x4xi32>
    %fv = arith.sitofp %n1 : vector<2x4xi32> to vector<2x4xf32>
    vector.transfer_write %fv, %f[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32>
    %a = memref.alloc() : memref<2x4xi32>
    %b = memref.alloc() : memref<2x4xui32>
    %c = memref.alloc() : memref<4x4xi16>
    pallas.call @unsigned(%f, %u, %a, %b, %c)
        : (memref<2x4xf32>, memref<2x4xui32>, memref<2x4xi32>, memref<2x4xui32>, memref<4x4xi16>) -> ()
    %ua = memref.cast %a : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
    %b32 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      %bv = vector.load %b[%i, %c0] : memref<2x4xui32>, vector<4xui32>
      %bs = vector.bitcast %bv : vector<4xui32> to vector<4xi32>
      vector.store %bs, %b32[%i, %c0] : memref<2x4xi32>, vector<4xi32>
    }
    %ub = memref.cast %b32 : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    %z16 = arith.constant 0 : i16
    %cv = vector.transfer_read %c[%c0, %c0], %z16 {in_bounds = [true, true]} : memref<4x4xi16>, vector<4x4xi16>
    %cs = arith.extsi %cv : vector<4x4xi16> to vector<4x4xi32>
    %c32 = memref.alloc() : memref<4x4xi32>
    vector.transfer_write %cs, %c32[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xi32>, memref<4x4xi32>
    %uc = memref.cast %c32 : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    return
  }
}
