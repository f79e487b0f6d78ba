// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// pallas.bitcast (pltpu.bitcast) on the CPU. e[r, c] = 4 r + c over 4x4,
// x = e * 0x01030507 - 0x7ffe7f80 (i32, wrapping), and
//   a = bitcast x to 8x4 i16 (widened to i32 for printing),
//   b = bitcast x to 16x4 i8 (widened), c = bitcast b back to 4x4 i32 (= x),
//   d = bitcast of f32(e) to i32 (same width: the float bits).
// Expected numbers: JAX 0.10.2's interpret mode on the same kernel
// (pl.pallas_call(..., interpret=pltpu.InterpretParams()) with pltpu.bitcast
// and .astype(jnp.int32)). Row 2r + j of a narrow result is bits
// j*w.. of row r: x[0, 0] = 0x80018080 gives a[0, 0] = 0x8080 = -32640 and
// a[1, 0] = 0x8001 = -32767.

// LOWER-LABEL: func.func @bitcast
// LOWER: memref.alloc() : memref<8x4xi16>
// LOWER: scf.for
// LOWER: arith.shrui
// LOWER: arith.trunci
// LOWER: vector.transfer_read {{.*}} : memref<8x4xi16>, vector<8x4xi16>

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}-32640,   -31353,   -30066,   -28779],
// CHECK-NEXT: [-32767,   -32508,   -32249,   -31990],
// CHECK-NEXT: [-27492,   -26205,   -24918,   -23631],
// CHECK-NEXT: [-31731,   -31472,   -31213,   -30954],
// CHECK-NEXT: [-22344,   -21057,   -19770,   -18483],
// CHECK-NEXT: [-30695,   -30436,   -30177,   -29918],
// CHECK-NEXT: [-17196,   -15909,   -14622,   -13335],
// CHECK-NEXT: [-29659,   -29400,   -29141,   -28882]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}-128,   -121,   -114,   -107],
// CHECK-NEXT: [-128,   -123,   -118,   -113],
// CHECK-NEXT: [1,   4,   7,   10],
// CHECK-NEXT: [-128,   -127,   -126,   -125],
// CHECK-NEXT: [-100,   -93,   -86,   -79],
// CHECK-NEXT: [-108,   -103,   -98,   -93],
// CHECK-NEXT: [13,   16,   19,   22],
// CHECK-NEXT: [-124,   -123,   -122,   -121],
// CHECK-NEXT: [-72,   -65,   -58,   -51],
// CHECK-NEXT: [-88,   -83,   -78,   -73],
// CHECK-NEXT: [25,   28,   31,   34],
// CHECK-NEXT: [-120,   -119,   -118,   -117],
// CHECK-NEXT: [-44,   -37,   -30,   -23],
// CHECK-NEXT: [-68,   -63,   -58,   -53],
// CHECK-NEXT: [37,   40,   43,   46],
// CHECK-NEXT: [-116,   -115,   -114,   -113]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}-2147385216,   -2130410105,   -2113434994,   -2096459883],
// CHECK-NEXT: [-2079484772,   -2062509661,   -2045534550,   -2028559439],
// CHECK-NEXT: [-2011584328,   -1994609217,   -1977634106,   -1960658995],
// CHECK-NEXT: [-1943683884,   -1926708773,   -1909733662,   -1892758551]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0,   1065353216,   1073741824,   1077936128],
// CHECK-NEXT: [1082130432,   1084227584,   1086324736,   1088421888],
// CHECK-NEXT: [1090519040,   1091567616,   1092616192,   1093664768],
// CHECK-NEXT: [1094713344,   1095761920,   1096810496,   1097859072]]

module {
  pallas.kernel @bitcast grid(1)
      outs(%a: memref<8x4xi32> block [8, 4] map affine_map<(i) -> (0, 0)>,
           %b: memref<16x4xi32> block [16, 4] map affine_map<(i) -> (0, 0)>,
           %c: memref<4x4xi32> block [4, 4] map affine_map<(i) -> (0, 0)>,
           %d: memref<4x4xi32> block [4, 4] map affine_map<(i) -> (0, 0)>) {
    %r = pallas.iota dim 0 : vector<4x4xi32>
    %col = pallas.iota dim 1 : vector<4x4xi32>
    %four = arith.constant dense<4> : vector<4x4xi32>
    %r4 = arith.muli %r, %four : vector<4x4xi32>
    %e = arith.addi %r4, %col : vector<4x4xi32>
    %mul = arith.constant dense<16975111> : vector<4x4xi32>
    %off = arith.constant dense<-2147385216> : vector<4x4xi32>
    %em = arith.muli %e, %mul : vector<4x4xi32>
    %x = arith.addi %em, %off : vector<4x4xi32>
    %h = pallas.bitcast %x : vector<4x4xi32> -> vector<8x4xi16>
    %h32 = arith.extsi %h : vector<8x4xi16> to vector<8x4xi32>
    pallas.store %h32, %a[] : vector<8x4xi32>, memref<8x4xi32>
    %y = pallas.bitcast %x : vector<4x4xi32> -> vector<16x4xi8>
    %y32 = arith.extsi %y : vector<16x4xi8> to vector<16x4xi32>
    pallas.store %y32, %b[] : vector<16x4xi32>, memref<16x4xi32>
    %back = pallas.bitcast %y : vector<16x4xi8> -> vector<4x4xi32>
    pallas.store %back, %c[] : vector<4x4xi32>, memref<4x4xi32>
    %ef = arith.sitofp %e : vector<4x4xi32> to vector<4x4xf32>
    %bits = pallas.bitcast %ef : vector<4x4xf32> -> vector<4x4xi32>
    pallas.store %bits, %d[] : vector<4x4xi32>, memref<4x4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %a = memref.alloc() : memref<8x4xi32>
    %b = memref.alloc() : memref<16x4xi32>
    %c = memref.alloc() : memref<4x4xi32>
    %d = memref.alloc() : memref<4x4xi32>
    pallas.call @bitcast(%a, %b, %c, %d) : (memref<8x4xi32>, memref<16x4xi32>, memref<4x4xi32>, memref<4x4xi32>) -> ()
    %ua = memref.cast %a : memref<8x4xi32> to memref<*xi32>
    call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
    %ub = memref.cast %b : memref<16x4xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    %uc = memref.cast %c : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    %ud = memref.cast %d : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%ud) : (memref<*xi32>) -> ()
    memref.dealloc %a : memref<8x4xi32>
    memref.dealloc %b : memref<16x4xi32>
    memref.dealloc %c : memref<4x4xi32>
    memref.dealloc %d : memref<4x4xi32>
    return
  }
}
