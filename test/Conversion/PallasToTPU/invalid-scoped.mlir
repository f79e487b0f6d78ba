// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Scoped allocations Mosaic cannot make (JAX: "Cannot allocate <type>.").

pallas.kernel @k grid(1) {
  // expected-error @+1 {{Cannot allocate memref<8x128xf32, #pallas.memory_space<any>>.}}
  pallas.run_scoped {
  ^bb0(%buf: memref<8x128xf32, #pallas.memory_space<any>>):
    pallas.yield
  }
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{Cannot allocate memref<8x128xf32, #pallas.memory_space<hbm>>.}}
  pallas.run_scoped {
  ^bb0(%buf: memref<8x128xf32, #pallas.memory_space<hbm>>):
    pallas.yield
  }
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{run_scoped cannot return a ref}}
  %r = pallas.run_scoped -> memref<8x128xf32> {
  ^bb0(%buf: memref<8x128xf32>):
    pallas.yield %buf : memref<8x128xf32>
  }
}
