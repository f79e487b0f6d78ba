// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-pipeline 'llvm.intr.vector.reduce.fadd' op operand #N must be floating-point, but got 'iN'
module {
  pallas.kernel @tpu_layer_norm grid(8) semantics(parallel)
      ins(%x: memref<64x256xf8E5M2> block [8, 256] map affine_map<(i) -> (i, 0)>,
          %b: memref<1x256xf8E5M2> block [1, 256] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<64x256xf8E5M2> block [8, 256] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x256xf8E5M2> -> vector<8x256xf8E5M2>
    %z = arith.constant dense<0.0> : vector<8xf8E5M2>
    %sum = vector.multi_reduction <add>, %xv, %z [1] : vector<8x256xf8E5M2> to vector<8xf8E5M2>
  }
}
