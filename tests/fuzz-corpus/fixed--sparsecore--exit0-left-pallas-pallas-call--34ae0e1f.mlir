// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-sparsecore: exit0-left-pallas pallas.call
module {
  pallas.kernel @"a b" grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%a: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (i, k)>,
          %b: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<8x8xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %nk = pallas.num_programs 2
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
    }
    %x = pallas.load %a[] : memref<8x8xf32> -> vector<8x8xf32>
    %y = pallas.load %b[] : memref<8x8xf32> -> vector<8x8xf32>
    %p = pallas.dot %x, %y : vector<8x8xf32>, vector<8x8xf32> -> vector<8x8xf32>
    %old = pallas.load %acc[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> vector<8x8xf32>
    %new = arith.addf %old, %p : vector<8x8xf32>
    pallas.store %new, %acc[] : vector<8x8xf32>, memref<8x8xf32, #pallas.memory_space<vmem>>
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      pallas.store %new, %o[] : vector<8x8xf32>, memref<8x8xf32>
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %a = memref.alloc() : memref<16x16xf32>
    %b = memref.alloc() : memref<16x16xf32>
    %o = memref.alloc() : memref<16x16xf32>
    // a[i, j] = (i + 2j) mod 7 - 3, b[i, j] = (3i + j) mod 5 - 2
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %c2 = arith.constant 2 : i32
        %c3 = arith.constant 3 : i32
        %c5 = arith.constant 5 : i32
        %c7 = arith.constant 7 : i32
        %i3 = arith.muli %ii, %c3 : i32
        %s2 = arith.addi %i3, %jj : i32
        %m2 = arith.remsi %s2, %c5 : i32
        %v2 = arith.subi %m2, %c2 : i32
      }
    }
    pallas.call @"a b"(%a, %b, %o) : (memref<16x16xf32>, memref<16x16xf32>, memref<16x16xf32>) -> ()
    %u = memref.cast %o : memref<16x16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<16x16xf32>
    memref.dealloc %b : memref<16x16xf32>
    memref.dealloc %o : memref<16x16xf32>
    return
  }
}
