// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.ref_bitcast on the CPU, with the TPU's packing: a bf16 ref seen as
// i32 packs rows 2r (low 16 bits) and 2r + 1 (high 16 bits) into row r.
// x (8x4 bf16) holds 1 .. 32 row-major, z (2x4 i32) holds
// ((2n + 1) << 16) | 2n for n = 0 .. 7, f (2x4 f32) holds 1 .. 8.
//   w = x.bitcast(i32), copied by a DMA into VMEM scratch and loaded;
//   s = x.bitcast(i32)[1::2] (a strided read, as ragged paged attention does),
//   k = bitcast(s << 16, f32), v = bitcast(s & 0xffff0000, f32);
//   y.bitcast(i32)[...] = w[2:4], then y.bitcast(i32)[1, 0:2] = 0x3f804000;
//   n = z.bitcast(i16) (one i32 row unpacks into two i16 rows);
//   e = f.bitcast(i32) (equal widths: every element keeps its place).
// Expected: w, s, k, v, n and e are what JAX 0.10.2's
// pallas_call(interpret=True) returns for the same reads; y (writes through
// the view, which JAX's interpreter cannot do) from numpy, packing as above.

// w
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1084243840, 1086341120, 1088438336, 1090535552],
// CHECK-NEXT: [1095778576, 1096827168, 1097875760, 1098924352],
// CHECK-NEXT: [1101545864, 1102070160, 1102594456, 1103118752],
// CHECK-NEXT: [1105740232, 1106264528, 1106788824, 1107313120]]
// s
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1095778576, 1096827168, 1097875760, 1098924352],
// CHECK-NEXT: [1105740232, 1106264528, 1106788824, 1107313120]]
// k
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}9, 10, 11, 12],
// CHECK-NEXT: [25, 26, 27, 28]]
// v
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}13, 14, 15, 16],
// CHECK-NEXT: [29, 30, 31, 32]]
// y
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}17, 18, 19, 20],
// CHECK-NEXT: [21, 22, 23, 24],
// CHECK-NEXT: [2, 2, 27, 28],
// CHECK-NEXT: [1, 1, 31, 32]]
// n
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 2, 4, 6],
// CHECK-NEXT: [1, 3, 5, 7],
// CHECK-NEXT: [8, 10, 12, 14],
// CHECK-NEXT: [9, 11, 13, 15]]
// e
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1065353216, 1073741824, 1077936128, 1082130432],
// CHECK-NEXT: [1084227584, 1086324736, 1088421888, 1090519040]]

#vmem = #pallas.memory_space<vmem>
#sem = #pallas.memory_space<semaphore>
module {
  pallas.kernel @bitcast grid(1)
      ins(%x: memref<8x4xbf16> block [8, 4] map affine_map<(i) -> (0, 0)>,
          %z: memref<2x4xi32> block [2, 4] map affine_map<(i) -> (0, 0)>,
          %f: memref<2x4xf32> block [2, 4] map affine_map<(i) -> (0, 0)>)
      outs(%w: memref<4x4xi32> block [4, 4] map affine_map<(i) -> (0, 0)>,
           %s: memref<2x4xi32> block [2, 4] map affine_map<(i) -> (0, 0)>,
           %k: memref<2x4xf32> block [2, 4] map affine_map<(i) -> (0, 0)>,
           %v: memref<2x4xf32> block [2, 4] map affine_map<(i) -> (0, 0)>,
           %y: memref<4x4xbf16> block [4, 4] map affine_map<(i) -> (0, 0)>,
           %n: memref<4x4xi16> block [4, 4] map affine_map<(i) -> (0, 0)>,
           %e: memref<2x4xi32> block [2, 4] map affine_map<(i) -> (0, 0)>)
      scratch(%buf: memref<4x4xi32, #vmem>, %sem: memref<!pallas.dma_semaphore, #sem>) {
    %b = pallas.ref_bitcast %x : memref<8x4xbf16> -> memref<4x4xi32>
    pallas.dma_start %b -> %buf, %sem[] : memref<4x4xi32> -> memref<4x4xi32, #vmem>, memref<!pallas.dma_semaphore, #sem>
    pallas.dma_wait %b -> %buf, %sem[] : memref<4x4xi32> -> memref<4x4xi32, #vmem>, memref<!pallas.dma_semaphore, #sem>
    %wv = pallas.load %buf[] : memref<4x4xi32, #vmem> -> vector<4x4xi32>
    pallas.store %wv, %w[] : vector<4x4xi32>, memref<4x4xi32>

    %sv = pallas.load %b[1:2:2, 0:4] : memref<4x4xi32> -> vector<2x4xi32>
    pallas.store %sv, %s[] : vector<2x4xi32>, memref<2x4xi32>
    %sixteen = arith.constant dense<16> : vector<2x4xi32>
    %hi = arith.constant dense<-65536> : vector<2x4xi32>
    %bk = arith.shli %sv, %sixteen : vector<2x4xi32>
    %bv = arith.andi %sv, %hi : vector<2x4xi32>
    %kf = arith.bitcast %bk : vector<2x4xi32> to vector<2x4xf32>
    %vf = arith.bitcast %bv : vector<2x4xi32> to vector<2x4xf32>
    pallas.store %kf, %k[] : vector<2x4xf32>, memref<2x4xf32>
    pallas.store %vf, %v[] : vector<2x4xf32>, memref<2x4xf32>

    %yb = pallas.ref_bitcast %y : memref<4x4xbf16> -> memref<2x4xi32>
    %rows = vector.extract_strided_slice %wv {offsets = [2, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x4xi32> to vector<2x4xi32>
    pallas.store %rows, %yb[] : vector<2x4xi32>, memref<2x4xi32>
    %pair = arith.constant dense<1065369600> : vector<2xi32>
    pallas.store %pair, %yb[1, 0:2] : vector<2xi32>, memref<2x4xi32>

    %nb = pallas.ref_bitcast %z : memref<2x4xi32> -> memref<4x4xi16>
    %nv = pallas.load %nb[] : memref<4x4xi16> -> vector<4x4xi16>
    pallas.store %nv, %n[] : vector<4x4xi16>, memref<4x4xi16>

    %eb = pallas.ref_bitcast %f : memref<2x4xf32> -> memref<2x4xi32>
    %ev = pallas.load %eb[] : memref<2x4xi32> -> vector<2x4xi32>
    pallas.store %ev, %e[] : vector<2x4xi32>, memref<2x4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : i32
    %one = arith.constant 1 : i32
    %xbits = memref.alloc() : memref<8x4xi16>
    %z = memref.alloc() : memref<2x4xi32>
    %f = memref.alloc() : memref<2x4xf32>
    // x: the bf16 bits of n + 1 (the high half of the f32 bits, exact here).
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %r = arith.muli %i, %c4 : index
        %idx = arith.addi %r, %j : index
        %n = arith.index_cast %idx : index to i32
        %n1 = arith.addi %n, %one : i32
        %nf = arith.sitofp %n1 : i32 to f32
        %bits = arith.bitcast %nf : f32 to i32
        %high = arith.shrui %bits, %c16 : i32
        %h = arith.trunci %high : i32 to i16
        memref.store %h, %xbits[%i, %j] : memref<8x4xi16>
      }
    }
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %r = arith.muli %i, %c4 : index
        %idx = arith.addi %r, %j : index
        %n = arith.index_cast %idx : index to i32
        %lo = arith.addi %n, %n : i32
        %hi1 = arith.addi %lo, %one : i32
        %hi = arith.shli %hi1, %c16 : i32
        %zv = arith.ori %hi, %lo : i32
        memref.store %zv, %z[%i, %j] : memref<2x4xi32>
        %n1 = arith.addi %n, %one : i32
        %fv = arith.sitofp %n1 : i32 to f32
        memref.store %fv, %f[%i, %j] : memref<2x4xf32>
      }
    }
    %x = arith.bitcast %xbits : memref<8x4xi16> to memref<8x4xbf16>
    %w = memref.alloc() : memref<4x4xi32>
    %s = memref.alloc() : memref<2x4xi32>
    %k = memref.alloc() : memref<2x4xf32>
    %v = memref.alloc() : memref<2x4xf32>
    %ybits = memref.alloc() : memref<4x4xi16>
    %y = arith.bitcast %ybits : memref<4x4xi16> to memref<4x4xbf16>
    %n = memref.alloc() : memref<4x4xi16>
    %e = memref.alloc() : memref<2x4xi32>
    pallas.call @bitcast(%x, %z, %f, %w, %s, %k, %v, %y, %n, %e)
        : (memref<8x4xbf16>, memref<2x4xi32>, memref<2x4xf32>, memref<4x4xi32>, memref<2x4xi32>, memref<2x4xf32>, memref<2x4xf32>, memref<4x4xbf16>, memref<4x4xi16>, memref<2x4xi32>) -> ()
    %uw = memref.cast %w : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%uw) : (memref<*xi32>) -> ()
    %us = memref.cast %s : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%us) : (memref<*xi32>) -> ()
    %uk = memref.cast %k : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%uk) : (memref<*xf32>) -> ()
    %uv = memref.cast %v : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%uv) : (memref<*xf32>) -> ()
    // y as f32: its bf16 bits in the high half.
    %yf = memref.alloc() : memref<4x4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %h = memref.load %ybits[%i, %j] : memref<4x4xi16>
        %h32 = arith.extui %h : i16 to i32
        %bits = arith.shli %h32, %c16 : i32
        %yv = arith.bitcast %bits : i32 to f32
        memref.store %yv, %yf[%i, %j] : memref<4x4xf32>
      }
    }
    %uy = memref.cast %yf : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
    %n32 = memref.alloc() : memref<4x4xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %h = memref.load %n[%i, %j] : memref<4x4xi16>
        %h32 = arith.extsi %h : i16 to i32
        memref.store %h32, %n32[%i, %j] : memref<4x4xi32>
      }
    }
    %un = memref.cast %n32 : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%un) : (memref<*xi32>) -> ()
    %ue = memref.cast %e : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%ue) : (memref<*xi32>) -> ()
    return
  }
}
