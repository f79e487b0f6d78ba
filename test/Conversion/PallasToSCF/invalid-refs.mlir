// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Ref views the CPU reference does not lower. A bitcast that changes the
// bit width is a buffer synced around each op that accesses it (also
// through loops and conditionals that carry it: lower_ref_bitcast_carried.mlir);
// an op with a region of its own that is none of those is not lowered (nor
// is this one by the TPU lowering).

pallas.kernel @k grid(1) scratch(%h: memref<16x128xbf16, #pallas.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{not yet supported: a pallas.ref_bitcast that changes the bit width and whose view reaches 'memref.generic_atomic_rmw' on the CPU reference (only ops that access it in place, and loops and conditionals carrying it, are supported)}}
  %b = pallas.ref_bitcast %h : memref<16x128xbf16, #pallas.memory_space<vmem>> -> memref<8x128xi32, #pallas.memory_space<vmem>>
  %x = memref.generic_atomic_rmw %b[%c0, %c0] : memref<8x128xi32, #pallas.memory_space<vmem>> {
  ^bb0(%old: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %old, %one : i32
    memref.atomic_yield %n : i32
  }
}

// -----

// Vector accesses to i1 refs go element by element (LLVM packs i1 vectors
// into bits, the ref holds bytes), SparseCore {expand}/{compress} too
// (run_sc_bool_expand.mlir); other masked ones are not lowered, nor taken by
// the TPU lowering ("Masked loads are not supported on TPU", "masked swap
// with non-32-bit data") or the SparseCore one (it wants {expand}/{compress}).
pallas.kernel @k grid(1) scratch(%m: memref<8xi1, #pallas.memory_space<vmem>>) {
  %mask = arith.constant dense<true> : vector<8xi1>
  // expected-error @+1 {{not yet supported: a masked vector load from a ref of i1}}
  %v = pallas.load %m[0:8] mask(%mask : vector<8xi1>) : memref<8xi1, #pallas.memory_space<vmem>> -> vector<8xi1>
}

// -----

pallas.kernel @k grid(1) scratch(%m: memref<8xi1, #pallas.memory_space<vmem>>) {
  %mask = arith.constant dense<true> : vector<8xi1>
  // expected-error @+1 {{not yet supported: a masked vector store to a ref of i1}}
  pallas.store %mask, %m[0:8] mask(%mask : vector<8xi1>) : vector<8xi1>, memref<8xi1, #pallas.memory_space<vmem>>
}
