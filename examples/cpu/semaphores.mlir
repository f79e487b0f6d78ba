// Oracle twin (scripts/jax/cpu_oracle.py, kernel `semaphores`): regular
// semaphores in scratch keep their counts across grid steps. Step i adds
// i + 1 to sem[0] and 2 to sem[1], takes 1 back from sem[1], and writes
// row block i of o = x * read(sem[0]) + read(sem[1]); after step i the
// counts are (i + 1)(i + 2) / 2 and i + 1.
module {
  pallas.kernel @counts grid(4) semantics(arbitrary)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      scratch(%sem: memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i = pallas.program_id 0
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %inc = arith.addi %i, %one : i32
    pallas.semaphore_signal %sem[%c0], %inc : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %sem[%c1], %two : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[%c1], %one : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>
    %s0 = pallas.semaphore_read %sem[%c0] : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>
    %s1 = pallas.semaphore_read %sem[%c1] : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>
    %f0 = arith.sitofp %s0 : i32 to f32
    %f1 = arith.sitofp %s1 : i32 to f32
    %b0 = vector.broadcast %f0 : f32 to vector<8x8xf32>
    %b1 = vector.broadcast %f1 : f32 to vector<8x8xf32>
    %v = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %m = arith.mulf %v, %b0 : vector<8x8xf32>
    %r = arith.addf %m, %b1 : vector<8x8xf32>
    pallas.store %r, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}
