// Oracle twin (scripts/jax/cpu_oracle.py, kernel `revisited_output`): an
// output block revisited by consecutive grid steps keeps its contents:
// grid (4, 3) over 8x8 row blocks of o; step (i, 0) stores x's block, steps
// (i, 1) and (i, 2) replace every element by the sum of its row (a
// vector.reduction per row) plus the element itself.
module {
  pallas.kernel @rowsums grid(4, 3) semantics(parallel, arbitrary)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i, j) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i, j) -> (i, 0)>) {
    %j = pallas.program_id 1
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : i32
    scf.if %first {
      %v = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
      pallas.store %v, %o[] : vector<8x8xf32>, memref<8x8xf32>
    } else {
      %z = arith.constant 0 : index
      %one = arith.constant 1 : index
      %eight = arith.constant 8 : index
      scf.for %r = %z to %eight step %one {
        %row = pallas.load %o[%r, 0:8] : memref<8x8xf32> -> vector<8xf32>
        %s = vector.reduction <add>, %row : vector<8xf32> into f32
        %b = vector.broadcast %s : f32 to vector<8xf32>
        %n = arith.addf %row, %b : vector<8xf32>
        pallas.store %n, %o[%r, 0:8] : vector<8xf32>, memref<8x8xf32>
      }
    }
  }
}
