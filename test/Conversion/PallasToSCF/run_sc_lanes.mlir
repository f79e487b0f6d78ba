// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// The SparseCore lane ops on the CPU: cumulative (sum/max/min, masked),
// rev, take_along_axis, scan_count and sort (stable, masked, descending).
// Lanes the ops leave unspecified (masked-out lanes) are replaced in the
// kernel by a sentinel (-100 / -1) so that only defined lanes are checked.
// Expected rows worked out by hand from the ops' definitions, with
//   x   = [3, -1, 4, 1, -5, 9, 2, -6]   (f32), m = x > 0
//   ids = [2, 5, 2, 2, 7, 5, 2, 9]      (i32)
//   k   = [5, -3, 5, 0, -3, 8, 1, 0]    (i32), values = iota

// f32 rows: cumsum x; cumsum x under m; cummax x; cummin x under m; rev x;
// x at [7, 0, 6, 1, 5, 2, 4, 3]; keys and values of a descending sort of
// x under m (5 valid lanes: 9@5, 4@2, 3@0, 2@6, 1@3).
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}3, 2, 6, 7, 2, 11, 13, 7],
// CHECK-NEXT: [3, -100, 7, 8, -100, 17, 19, -100],
// CHECK-NEXT: [3, 3, 4, 4, 4, 9, 9, 9],
// CHECK-NEXT: [3, -100, 3, 1, -100, 1, 1, -100],
// CHECK-NEXT: [-6, 2, 9, -5, 1, 4, -1, 3],
// CHECK-NEXT: [-6, 3, 2, -1, 9, 4, -5, 1],
// CHECK-NEXT: [9, 4, 3, 2, 1, -100, -100, -100],
// CHECK-NEXT: [5, 2, 0, 6, 3, -100, -100, -100]]

// i32 rows: scan_count ids (counts, last); the same with lane 3 masked out
// (counts, last; -1 on lane 3); cummax ids; keys and values of an
// ascending stable sort of k (equal keys keep lane order: -3@1,4 0@3,7
// 5@0,2); the sort's valid mask (all lanes).
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1, 1, 2, 3, 1, 2, 4, 1],
// CHECK-NEXT: [0, 0, 0, 0, 1, 1, 1, 1],
// CHECK-NEXT: [1, 1, 2, -1, 1, 2, 3, 1],
// CHECK-NEXT: [0, 0, 0, -1, 1, 1, 1, 1],
// CHECK-NEXT: [2, 5, 5, 5, 7, 7, 7, 9],
// CHECK-NEXT: [-3, -3, 0, 0, 1, 5, 5, 8],
// CHECK-NEXT: [1, 4, 3, 7, 6, 0, 2, 5],
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1]]

module {
  pallas.kernel @lanes grid(1)
      outs(%of: memref<8x8xf32> block [8, 8] map affine_map<(i) -> (0, 0)>,
           %oi: memref<8x8xi32> block [8, 8] map affine_map<(i) -> (0, 0)>) {
    %x = arith.constant dense<[3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, -6.0]> : vector<8xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %sent = arith.constant dense<-100.0> : vector<8xf32>
    %m = arith.cmpf ogt, %x, %zero : vector<8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %s = pallas.cumulative sum %x : vector<8xf32>
    pallas.store %s, %of[%c0, 0:8] : vector<8xf32>, memref<8x8xf32>
    %sm = pallas.cumulative sum %x mask(%m : vector<8xi1>) : vector<8xf32>
    %sm2 = arith.select %m, %sm, %sent : vector<8xi1>, vector<8xf32>
    pallas.store %sm2, %of[%c1, 0:8] : vector<8xf32>, memref<8x8xf32>
    %mx = pallas.cumulative max %x : vector<8xf32>
    pallas.store %mx, %of[%c2, 0:8] : vector<8xf32>, memref<8x8xf32>
    %mn = pallas.cumulative min %x mask(%m : vector<8xi1>) : vector<8xf32>
    %mn2 = arith.select %m, %mn, %sent : vector<8xi1>, vector<8xf32>
    pallas.store %mn2, %of[%c3, 0:8] : vector<8xf32>, memref<8x8xf32>
    %r = pallas.rev %x dims [0] : vector<8xf32>
    pallas.store %r, %of[%c4, 0:8] : vector<8xf32>, memref<8x8xf32>
    %perm = arith.constant dense<[7, 0, 6, 1, 5, 2, 4, 3]> : vector<8xi32>
    %t = pallas.take_along_axis %x, %perm dim 0 : vector<8xf32>, vector<8xi32>
    pallas.store %t, %of[%c5, 0:8] : vector<8xf32>, memref<8x8xf32>
    %iota = pallas.iota dim 0 : vector<8xi32>
    %fiota = arith.sitofp %iota : vector<8xi32> to vector<8xf32>
    %dk, %dv, %dvalid = pallas.sort %x, %fiota mask(%m : vector<8xi1>) descending : vector<8xf32>, vector<8xf32>
    %dk2 = arith.select %dvalid, %dk, %sent : vector<8xi1>, vector<8xf32>
    %dv2 = arith.select %dvalid, %dv, %sent : vector<8xi1>, vector<8xf32>
    pallas.store %dk2, %of[%c6, 0:8] : vector<8xf32>, memref<8x8xf32>
    pallas.store %dv2, %of[%c7, 0:8] : vector<8xf32>, memref<8x8xf32>

    %ids = arith.constant dense<[2, 5, 2, 2, 7, 5, 2, 9]> : vector<8xi32>
    %neg = arith.constant dense<-1> : vector<8xi32>
    %n, %l = pallas.scan_count %ids : vector<8xi32>
    %li = arith.extui %l : vector<8xi1> to vector<8xi32>
    pallas.store %n, %oi[%c0, 0:8] : vector<8xi32>, memref<8x8xi32>
    pallas.store %li, %oi[%c1, 0:8] : vector<8xi32>, memref<8x8xi32>
    %c3i = arith.constant dense<3> : vector<8xi32>
    %m3 = arith.cmpi ne, %iota, %c3i : vector<8xi32>
    %n3, %l3 = pallas.scan_count %ids mask(%m3 : vector<8xi1>) : vector<8xi32>
    %l3i = arith.extui %l3 : vector<8xi1> to vector<8xi32>
    %n3s = arith.select %m3, %n3, %neg : vector<8xi1>, vector<8xi32>
    %l3s = arith.select %m3, %l3i, %neg : vector<8xi1>, vector<8xi32>
    pallas.store %n3s, %oi[%c2, 0:8] : vector<8xi32>, memref<8x8xi32>
    pallas.store %l3s, %oi[%c3, 0:8] : vector<8xi32>, memref<8x8xi32>
    %cm = pallas.cumulative max %ids : vector<8xi32>
    pallas.store %cm, %oi[%c4, 0:8] : vector<8xi32>, memref<8x8xi32>
    %k = arith.constant dense<[5, -3, 5, 0, -3, 8, 1, 0]> : vector<8xi32>
    %sk, %sv, %valid = pallas.sort %k, %iota : vector<8xi32>, vector<8xi32>
    %vi = arith.extui %valid : vector<8xi1> to vector<8xi32>
    pallas.store %sk, %oi[%c5, 0:8] : vector<8xi32>, memref<8x8xi32>
    pallas.store %sv, %oi[%c6, 0:8] : vector<8xi32>, memref<8x8xi32>
    pallas.store %vi, %oi[%c7, 0:8] : vector<8xi32>, memref<8x8xi32>
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %of = memref.alloc() : memref<8x8xf32>
    %oi = memref.alloc() : memref<8x8xi32>
    pallas.call @lanes(%of, %oi) : (memref<8x8xf32>, memref<8x8xi32>) -> ()
    %uf = memref.cast %of : memref<8x8xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    %ui = memref.cast %oi : memref<8x8xi32> to memref<*xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    memref.dealloc %of : memref<8x8xf32>
    memref.dealloc %oi : memref<8x8xi32>
    return
  }
}
