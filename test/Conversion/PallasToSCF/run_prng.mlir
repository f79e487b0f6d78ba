// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// The TPU PRNG on the CPU: a software Threefry-2x32 generator (see
// src/conversion/pallas_to_scf/prng.rs; the bits are not the hardware's, and
// JAX 0.10.2's interpret mode returns zeros instead). Grid (2): step i seeds
// with (7, i) and draws twice 2x8 (rows 4i..4i+1 and 4i+2..4i+3 of %o), and
// seeds with (1, 2, 3) and draws once 2x4 (%m, the same at both steps).
// Expected numbers: JAX's own threefry2x32 primitive
// (jax._src.random.threefry2x32.threefry2x32_p) on the documented
// key/counter: draw d, element e = threefry2x32(key, (d, e))[0], with
// key = (7, i); for three seeds key = threefry2x32((1, 2), (3, 2)).

// LOWER: memref.global "private" @__pallas_cpu_prng_state : memref<3xi32> = dense<0>
// LOWER-LABEL: func.func @prng
// LOWER: memref.get_global @__pallas_cpu_prng_state
// The counters (each element's row-major flat index) are iotas, row * 8 +
// column, not a literal growing with the vector.
// LOWER: %[[COL:.*]] = arith.index_cast %{{.*}} : vector<2x8xindex> to vector<2x8xi32>
// LOWER: %[[ROW:.*]] = arith.index_cast %{{.*}} : vector<2x8xindex> to vector<2x8xi32>
// LOWER: %[[EIGHT:.*]] = arith.constant dense<8> : vector<2x8xi32>
// LOWER: %[[RS:.*]] = arith.muli %[[ROW]], %[[EIGHT]] : vector<2x8xi32>
// LOWER: arith.addi %[[COL]], %[[RS]] : vector<2x8xi32>
// LOWER-NOT: arith.constant dense<[
// Two draws of 20 rounds each on the whole vector (no per-element code).
// LOWER-COUNT-40: arith.shrui {{.*}} : vector<2x8xi32>
// LOWER-NOT: arith.shrui {{.*}} : vector<2x8xi32>

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}-393074326,   984047233,   613157572,   1527555172,   -306587230,   1262280321,   67903371,   1051242384],
// CHECK-NEXT: [2072650811,   -1112122126,   -310730303,   -696468251,   1077074619,   -1450823194,   1194403975,   -1955735393],
// CHECK-NEXT: [-1330077393,   -324599790,   -1655375654,   1928169959,   -931066921,   435033085,   -625148632,   239227825],
// CHECK-NEXT: [1955868168,   1640798909,   1195103753,   -758952831,   582896251,   -1719314101,   619374258,   1721447011],
// CHECK-NEXT: [150121891,   -617142859,   -1465943097,   1240911808,   -656055299,   865577697,   -2099329107,   -469234637],
// CHECK-NEXT: [-696031906,   -46769805,   122105915,   1135486735,   432168088,   1396766851,   -13171028,   -449805733],
// CHECK-NEXT: [1784888627,   1076427865,   2109584086,   1748152499,   121800697,   1753072703,   1369955010,   483310236],
// CHECK-NEXT: [909836166,   682491128,   133817469,   -1558798073,   -1060924245,   -98980248,   573181041,   -1613724682]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1162317765,   443994556,   1633654449,   1507122527],
// CHECK-NEXT: [147619414,   -1605695395,   -1448802858,   818542719]]

module {
  pallas.kernel @prng grid(2)
      outs(%o: memref<8x8xi32> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %m: memref<2x4xi32> block [2, 4] map affine_map<(i) -> (0, 0)>) {
    %pid = pallas.program_id 0
    %seven = arith.constant 7 : i32
    pallas.prng_seed %seven, %pid
    %d0 = pallas.prng_random_bits : vector<2x8xi32>
    %d1 = pallas.prng_random_bits : vector<2x8xi32>
    pallas.store %d0, %o[0:2, 0:8] : vector<2x8xi32>, memref<4x8xi32>
    pallas.store %d1, %o[2:2, 0:8] : vector<2x8xi32>, memref<4x8xi32>
    %s1 = arith.constant 1 : i32
    %s2 = arith.constant 2 : i32
    %s3 = arith.constant 3 : i32
    pallas.prng_seed %s1, %s2, %s3
    %e = pallas.prng_random_bits : vector<2x4xi32>
    pallas.store %e, %m[] : vector<2x4xi32>, memref<2x4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<8x8xi32>
    %m = memref.alloc() : memref<2x4xi32>
    pallas.call @prng(%o, %m) : (memref<8x8xi32>, memref<2x4xi32>) -> ()
    %uo = memref.cast %o : memref<8x8xi32> to memref<*xi32>
    call @printMemrefI32(%uo) : (memref<*xi32>) -> ()
    %um = memref.cast %m : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%um) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<8x8xi32>
    memref.dealloc %m : memref<2x4xi32>
    return
  }
}
