// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// The SparseCore memory ops on the CPU: load_gather (1-D masked, 2-D),
// store_scatter (last lane wins; {add} with a mask), load {expand}, store
// {compress} and {add}, and indirect DMAs (a gather by an offset vector
// with a filter, a scatter-add by an offset ref into vmem_shared).
// Unspecified lanes (masked out) are replaced by -100 in the kernel.
// Expected rows worked out by hand from the ops' definitions, with
//   tab[i] = 10 i (16 lanes), t2[r, c] = 10 r + c (4x8), v = [1..8],
//   m = [1, 0, 1, 1, 0, 0, 1, 0], tb[r, c] = 10 r + c (6x4, from @main).

// Rows: tab at [15,0,3,3,12,9,7,8] with lane 6 masked out; t2 at
// ([0,1,2,3,3,2,1,0], [7,6,...,0]); v scattered to [2,2,0,5,7,7,7,1] over
// zeros (last lane wins); the same with {add} and lane 4 masked out;
// expand of tab[2:10] under m; compress of v under m over -1s; {add} of v
// under m over 100s.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}150, 0, 30, 30, 120, 90, -100, 80],
// CHECK-NEXT: [7, 16, 25, 34, 33, 22, 11, 0],
// CHECK-NEXT: [3, 8, 2, 0, 0, 4, 0, 7],
// CHECK-NEXT: [3, 8, 3, 0, 0, 4, 0, 13],
// CHECK-NEXT: [20, -100, 30, 40, -100, -100, 50, -100],
// CHECK-NEXT: [1, 3, 4, 7, -1, -1, -1, -1],
// CHECK-NEXT: [101, 100, 103, 104, 100, 100, 107, 100]]

// Rows 0-3: tb rows [5, 0, 9 (filtered), 2] gathered over -1s; rows 4-9:
// rows k + 1 (all lanes) scatter-added to rows [1, 4, 1, 9 (filtered)] of
// a zeroed 6x4 buffer: row 1 = 1 + 3, row 4 = 2.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}50, 51, 52, 53],
// CHECK-NEXT: [0, 1, 2, 3],
// CHECK-NEXT: [-1, -1, -1, -1],
// CHECK-NEXT: [20, 21, 22, 23],
// CHECK-NEXT: [0, 0, 0, 0],
// CHECK-NEXT: [4, 4, 4, 4],
// CHECK-NEXT: [0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0],
// CHECK-NEXT: [2, 2, 2, 2],
// CHECK-NEXT: [0, 0, 0, 0]]

module {
  pallas.kernel @memory grid(1)
      ins(%tb: memref<6x4xf32> block [6, 4] map affine_map<(i) -> (0, 0)> in hbm)
      outs(%o: memref<7x8xf32> block [7, 8] map affine_map<(i) -> (0, 0)>,
           %od: memref<10x4xf32> block [10, 4] map affine_map<(i) -> (0, 0)>)
      scratch(%tab: memref<16xf32, #pallas.memory_space<vmem>>,
              %t2: memref<4x8xf32, #pallas.memory_space<vmem>>,
              %buf: memref<8xf32, #pallas.memory_space<vmem>>,
              %rows: memref<4x4xf32, #pallas.memory_space<vmem>>,
              %offs: memref<4xi32, #pallas.memory_space<vmem>>,
              %shared: memref<6x4xf32, #pallas.memory_space<vmem_shared>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %sent = arith.constant dense<-100.0> : vector<8xf32>
    %iota = pallas.iota dim 0 : vector<8xi32>
    %fi = arith.sitofp %iota : vector<8xi32> to vector<8xf32>
    %ten = arith.constant dense<10.0> : vector<8xf32>
    %eighty = arith.constant dense<80.0> : vector<8xf32>
    %lo = arith.mulf %fi, %ten : vector<8xf32>
    %hi = arith.addf %lo, %eighty : vector<8xf32>
    pallas.store %lo, %tab[0:8] : vector<8xf32>, memref<16xf32, #pallas.memory_space<vmem>>
    pallas.store %hi, %tab[8:8] : vector<8xf32>, memref<16xf32, #pallas.memory_space<vmem>>
    %ri = pallas.iota dim 0 : vector<4x8xi32>
    %ci = pallas.iota dim 1 : vector<4x8xi32>
    %ten2 = arith.constant dense<10> : vector<4x8xi32>
    %r10 = arith.muli %ri, %ten2 : vector<4x8xi32>
    %t2i = arith.addi %r10, %ci : vector<4x8xi32>
    %t2f = arith.sitofp %t2i : vector<4x8xi32> to vector<4x8xf32>
    pallas.store %t2f, %t2[] : vector<4x8xf32>, memref<4x8xf32, #pallas.memory_space<vmem>>

    // Row 0: 1-D masked gather.
    %g_idx = arith.constant dense<[15, 0, 3, 3, 12, 9, 7, 8]> : vector<8xi32>
    %six = arith.constant dense<6> : vector<8xi32>
    %not6 = arith.cmpi ne, %iota, %six : vector<8xi32>
    %g = pallas.load_gather %tab[%g_idx] mask(%not6 : vector<8xi1>) : memref<16xf32, #pallas.memory_space<vmem>>, vector<8xi32> -> vector<8xf32>
    %g2 = arith.select %not6, %g, %sent : vector<8xi1>, vector<8xf32>
    pallas.store %g2, %o[%c0, 0:8] : vector<8xf32>, memref<7x8xf32>
    // Row 1: 2-D gather.
    %i0 = arith.constant dense<[0, 1, 2, 3, 3, 2, 1, 0]> : vector<8xi32>
    %i1 = arith.constant dense<[7, 6, 5, 4, 3, 2, 1, 0]> : vector<8xi32>
    %g3 = pallas.load_gather %t2[%i0, %i1] : memref<4x8xf32, #pallas.memory_space<vmem>>, vector<8xi32>, vector<8xi32> -> vector<8xf32>
    pallas.store %g3, %o[%c1, 0:8] : vector<8xf32>, memref<7x8xf32>
    // Rows 2-3: scatters.
    %one = arith.constant dense<1.0> : vector<8xf32>
    %v = arith.addf %fi, %one : vector<8xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %s_idx = arith.constant dense<[2, 2, 0, 5, 7, 7, 7, 1]> : vector<8xi32>
    pallas.store %zero, %buf[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    pallas.store_scatter %v, %buf[%s_idx] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>, vector<8xi32>
    %b2 = pallas.load %buf[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    pallas.store %b2, %o[%c2, 0:8] : vector<8xf32>, memref<7x8xf32>
    %four = arith.constant dense<4> : vector<8xi32>
    %not4 = arith.cmpi ne, %iota, %four : vector<8xi32>
    pallas.store %zero, %buf[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    pallas.store_scatter %v, %buf[%s_idx] mask(%not4 : vector<8xi1>) {add} : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>, vector<8xi32>
    %b3 = pallas.load %buf[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    pallas.store %b3, %o[%c3, 0:8] : vector<8xf32>, memref<7x8xf32>
    // Rows 4-6: expand, compress, add.
    %m = arith.constant dense<[true, false, true, true, false, false, true, false]> : vector<8xi1>
    %e = pallas.load %tab[2:8] mask(%m : vector<8xi1>) {expand} : memref<16xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %e2 = arith.select %m, %e, %sent : vector<8xi1>, vector<8xf32>
    pallas.store %e2, %o[%c4, 0:8] : vector<8xf32>, memref<7x8xf32>
    %neg1 = arith.constant dense<-1.0> : vector<8xf32>
    pallas.store %neg1, %buf[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    pallas.store %v, %buf[0:8] mask(%m : vector<8xi1>) {compress} : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    %b5 = pallas.load %buf[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    pallas.store %b5, %o[%c5, 0:8] : vector<8xf32>, memref<7x8xf32>
    %hundred = arith.constant dense<100.0> : vector<8xf32>
    pallas.store %hundred, %buf[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    pallas.store %v, %buf[0:8] mask(%m : vector<8xi1>) {add} : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    %b6 = pallas.load %buf[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    pallas.store %b6, %o[%c6, 0:8] : vector<8xf32>, memref<7x8xf32>

    // Indirect gather by an offset vector, 9 filtered out.
    %neg4 = arith.constant dense<-1.0> : vector<4x4xf32>
    pallas.store %neg4, %rows[] : vector<4x4xf32>, memref<4x4xf32, #pallas.memory_space<vmem>>
    %go = arith.constant dense<[5, 0, 9, 2]> : vector<4xi32>
    %nine = arith.constant 9 : i32
    pallas.dma_start %tb -> %rows, %sem[] offsets(%go : vector<4xi32>) filter(%nine : i32) : memref<6x4xf32, #pallas.memory_space<hbm>> -> memref<4x4xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %tb -> %rows, %sem[] offsets(%go : vector<4xi32>) filter(%nine : i32) : memref<6x4xf32, #pallas.memory_space<hbm>> -> memref<4x4xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %gr = pallas.load %rows[] : memref<4x4xf32, #pallas.memory_space<vmem>> -> vector<4x4xf32>
    pallas.store %gr, %od[0:4, 0:4] : vector<4x4xf32>, memref<10x4xf32>
    // Indirect scatter-add by an offset ref, 9 filtered out.
    %rk = pallas.iota dim 0 : vector<4x4xi32>
    %rkf = arith.sitofp %rk : vector<4x4xi32> to vector<4x4xf32>
    %one4 = arith.constant dense<1.0> : vector<4x4xf32>
    %src = arith.addf %rkf, %one4 : vector<4x4xf32>
    pallas.store %src, %rows[] : vector<4x4xf32>, memref<4x4xf32, #pallas.memory_space<vmem>>
    %so = arith.constant dense<[1, 4, 1, 9]> : vector<4xi32>
    pallas.store %so, %offs[] : vector<4xi32>, memref<4xi32, #pallas.memory_space<vmem>>
    %z6 = arith.constant dense<0.0> : vector<6x4xf32>
    pallas.store %z6, %shared[] : vector<6x4xf32>, memref<6x4xf32, #pallas.memory_space<vmem_shared>>
    pallas.dma_start %rows -> %shared, %sem[] offsets(%offs : memref<4xi32, #pallas.memory_space<vmem>>) filter(%nine : i32) {add} : memref<4x4xf32, #pallas.memory_space<vmem>> -> memref<6x4xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %rows -> %shared, %sem[] offsets(%offs : memref<4xi32, #pallas.memory_space<vmem>>) filter(%nine : i32) {add} : memref<4x4xf32, #pallas.memory_space<vmem>> -> memref<6x4xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %sh = pallas.load %shared[] : memref<6x4xf32, #pallas.memory_space<vmem_shared>> -> vector<6x4xf32>
    pallas.store %sh, %od[4:6, 0:4] : vector<6x4xf32>, memref<10x4xf32>
    // The DMAs were waited for: the semaphore is back to 0.
    %sv = pallas.semaphore_read %sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %z = arith.constant 0 : i32
    %done = arith.cmpi eq, %sv, %z : i32
    cf.assert %done, "semaphore not balanced"
  }

  memref.global "private" @tb : memref<6x4xf32> = dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0], [30.0, 31.0, 32.0, 33.0], [40.0, 41.0, 42.0, 43.0], [50.0, 51.0, 52.0, 53.0]]>
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %tb = memref.get_global @tb : memref<6x4xf32>
    %o = memref.alloc() : memref<7x8xf32>
    %od = memref.alloc() : memref<10x4xf32>
    pallas.call @memory(%tb, %o, %od) : (memref<6x4xf32>, memref<7x8xf32>, memref<10x4xf32>) -> ()
    %u = memref.cast %o : memref<7x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %ud = memref.cast %od : memref<10x4xf32> to memref<*xf32>
    call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<7x8xf32>
    memref.dealloc %od : memref<10x4xf32>
    return
  }
}
