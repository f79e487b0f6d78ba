// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// The loop attributes pallas.unroll and pallas.parallel_loop: one case per
// error of the dialect's attribute verifier.

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op pallas.unroll must be an unroll factor >= 1 (write {pallas.unroll} for a full unroll), got 0}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {pallas.unroll = 0}
}

// -----

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op pallas.unroll must be a unit attribute (unroll=True) or an i64 unroll factor, got 2 : i32}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {pallas.unroll = 2 : i32}
}

// -----

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{pallas.unroll must be a unit attribute (unroll=True) or an i64 unroll factor, got true}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {pallas.unroll = true}
}

// -----

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op pallas.parallel_loop takes an unroll factor (pallas.unroll = N), not a full unroll (plsc.parallel_loop has no unroll=True)}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {pallas.parallel_loop, pallas.unroll}
}

// -----

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op pallas.parallel_loop must be a unit attribute (the unroll factor is pallas.unroll = N), got 2 : i64}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {pallas.parallel_loop = 2}
}

// -----

pallas.kernel @k grid(1) {
  %t = arith.constant true
  // expected-error @+1 {{'scf.if' op pallas.unroll applies to scf.for loops only}}
  scf.if %t {
  } {pallas.unroll}
}

// -----

pallas.kernel @k grid(1) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.while' op pallas.parallel_loop applies to scf.for loops only}}
  scf.while (%i = %c0) : (index) -> () {
    %go = arith.cmpi slt, %i, %c4 : index
    scf.condition(%go)
  } do {
    scf.yield %c0 : index
  } attributes {pallas.parallel_loop}
}

// -----

// Only kernel bodies are expanded; a loop in an index map is not one.
pallas.index_map @m(%i: i32) -> (i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op pallas.unroll applies to loops in a pallas.kernel body only}}
  scf.for %j = %c0 to %c4 step %c1 {
  } {pallas.unroll}
  pallas.yield %i : i32
}
