// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A scalar `{add}` store (an atomic scalar add into SMEM) on the CPU. The
// reference used to read the element type of the i32 value as if it were a
// vector and crashed (SIGSEGV); test/Conversion/PallasToSparseCore/
// invalid.mlir's scalar-add case through this pass showed it. By hand: each
// grid step sets s[0] = 10, adds 5 twice (20) and writes 20 + its program id.
// CHECK: Unranked Memref
// CHECK-NEXT: [20,  21]

module {
  pallas.kernel @scalar_add grid(2)
      outs(%o: memref<2xi32> block [2] map affine_map<(i) -> (0)> in smem)
      scratch(%s: memref<4xi32, #pallas.memory_space<smem>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ten = arith.constant 10 : i32
    %five = arith.constant 5 : i32
    pallas.store %ten, %s[%c0] : i32, memref<4xi32, #pallas.memory_space<smem>>
    pallas.store %five, %s[%c0] {add} : i32, memref<4xi32, #pallas.memory_space<smem>>
    pallas.store %five, %s[%c0] {add} : i32, memref<4xi32, #pallas.memory_space<smem>>
    %v = pallas.load %s[%c0] : memref<4xi32, #pallas.memory_space<smem>> -> i32
    %id = pallas.program_id 0
    %i = arith.index_cast %id : i32 to index
    %w = arith.addi %v, %id : i32
    pallas.store %w, %o[%i] : i32, memref<2xi32, #pallas.memory_space<smem>>
    pallas.return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<2xi32>
    pallas.call @scalar_add(%o) : (memref<2xi32>) -> ()
    %u = memref.cast %o : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2xi32>
    return
  }
}
