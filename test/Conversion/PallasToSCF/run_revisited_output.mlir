// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// An output block revisited by consecutive grid steps keeps its buffer, as
// the TPU pipeline keeps it, including the padding of a block larger than
// its array, which never reaches the array (the running max and sum of
// paged attention with inline_seq_dim=False live in such blocks).
//
// Row i of o (f32[2, 1]) has a (squeezed, 128) block; grid (2, 3). Step
// (i, 0) fills the 128 lanes with i + 1, steps (i, 1) and (i, 2) replace
// every lane with the sum of the 128 lanes. Worked out by hand, lane 0
// after step (i, 2) is (i + 1) * 128 * 128: 16384 and 32768. (Reading the
// padding back as zeros would give i + 1.)

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}16384],
// CHECK-NEXT: [32768]]

module {
  pallas.kernel @sum_lanes grid(2, 3) semantics(parallel, arbitrary)
      outs(%o: memref<2x1xf32> block [squeezed, 128] map affine_map<(i, j) -> (i, 0)>) {
    %i = pallas.program_id 0
    %j = pallas.program_id 1
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %j, %c0 : i32
    scf.if %first {
      %i1 = arith.addi %i, %c1 : i32
      %f = arith.sitofp %i1 : i32 to f32
      %init = vector.broadcast %f : f32 to vector<128xf32>
      pallas.store %init, %o[] : vector<128xf32>, memref<128xf32>
    } else {
      %v = pallas.load %o[] : memref<128xf32> -> vector<128xf32>
      %s = vector.reduction <add>, %v : vector<128xf32> into f32
      %b = vector.broadcast %s : f32 to vector<128xf32>
      pallas.store %b, %o[] : vector<128xf32>, memref<128xf32>
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x1xf32>
    pallas.call @sum_lanes(%o) : (memref<2x1xf32>) -> ()
    %u = memref.cast %o : memref<2x1xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<2x1xf32>
    return
  }
}
