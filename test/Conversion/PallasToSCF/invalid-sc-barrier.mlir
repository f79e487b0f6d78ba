// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The subcore barriers the CPU reference does not run, each reported at the
// op. The subcores of a core take turns, each suspended at a barrier until
// all have arrived (run_sc_barrier*.mlir: barriers under scf.for, scf.if,
// scf.while, scf.index_switch with or without results, dynamic loops,
// scopes, values and refs carried across them). That needs a (cores,
// subcores) grid, a barrier under ops the scheduler can suspend in, values
// carried across a barrier that can be recomputed or kept per subcore (on
// a mesh, the subcores of every device take turns: run_sc_barrier_mesh.mlir).

pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: a pallas.subcore_barrier in a kernel whose grid [1] is not (cores, subcores) with a static number of subcores on the CPU reference}}
  pallas.subcore_barrier
}

// -----

// An op whose region the scheduler cannot suspend in (the SparseCore
// lowering passes it through, but jaxlib has no async dialect).
pallas.kernel @k grid(1, 16) {
  %t = async.execute {
    // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: a pallas.subcore_barrier inside async.execute on the CPU reference}}
    pallas.subcore_barrier
    async.yield
  }
}

// -----

// A ref chosen by scf.if is neither recomputed (the scf.if has regions) nor
// kept per subcore (only scalars and vectors are). (The SparseCore lowering
// rejects a ref yielded by scf.if too.)
pallas.kernel @k grid(1, 16) scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>, %b: memref<8xf32, #pallas.memory_space<vmem>>) {
  %t = arith.constant true
  %r = scf.if %t -> (memref<8xf32, #pallas.memory_space<vmem>>) {
    scf.yield %a : memref<8xf32, #pallas.memory_space<vmem>>
  } else {
    scf.yield %b : memref<8xf32, #pallas.memory_space<vmem>>
  }
  pallas.subcore_barrier
  %v = arith.constant dense<1.0> : vector<8xf32>
  // expected-error @+1 {{'pallas.store' op not yet supported: a value of scf.if (memref<8xf32, #pallas.memory_space<vmem>>) computed before a pallas.subcore_barrier and used after it in the CPU reference}}
  pallas.store %v, %r[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

// Each subcore has its own scratch (outside HBM / VMEM_SHARED) and 8 bytes
// of barrier state: they count per subcore in the CPU reference's bound on
// the buffers it allocates for a kernel (65536 x 64 KiB + 65536 x 8 bytes).
// expected-error @+1 {{'pallas.kernel' op scratch[0] memref<16384xi32> (4294967296 bytes) brings the buffers the CPU reference allocates for this kernel to 4295491584 bytes, more than the 4294967296 bytes of its pass option max-buffer-bytes}}
pallas.kernel @k grid(1, 65536) scratch(%a: memref<16384xi32, #pallas.memory_space<vmem>>) {
  pallas.subcore_barrier
}

// -----

// expected-error @+1 {{'pallas.kernel' op the subcore barriers' state (8 bytes for each of 4611686018427387904 subcores) has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(1, 4611686018427387904) {
  pallas.subcore_barrier
}
