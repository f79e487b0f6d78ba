// A wait in a loop whose trip count is the device's index, on a 1-D mesh
// of 4 devices (int32 blocks). After the barrier handshake with both ring
// neighbours, device d runs d steps; each waits for a signal from device
// d - 1 and, on every device but the last, signals device d + 1; the loop
// carries acc + x * (i + 1). Then device d (but the last) signals d + 1 once
// more, so device d + 1 gets the d + 1 signals its loop waits for, and
// writes o = acc + d. JAX's fori_loop with a traced bound is a while loop:
// here an scf.while whose condition and carried vector depend on the device.
// Mirrors mesh_staircase in scripts/jax/cpu_oracle.py.
module {
  pallas.kernel @mesh_staircase
      ins(%x: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %mp1 = arith.addi %me, %c1 : i32
    %right = arith.remsi %mp1, %c4 : i32
    %mp3 = arith.addi %me, %c3 : i32
    %left = arith.remsi %mp3, %c4 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%left) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    %not_last = arith.cmpi slt, %me, %c3 : i32
    %zero = arith.constant dense<0> : vector<8x128xi32>
    %r:2 = scf.while (%i = %c0, %acc = %zero) : (i32, vector<8x128xi32>) -> (i32, vector<8x128xi32>) {
      %go = arith.cmpi slt, %i, %me : i32
      scf.condition(%go) %i, %acc : i32, vector<8x128xi32>
    } do {
    ^bb0(%i: i32, %acc: vector<8x128xi32>):
      pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      scf.if %not_last {
        pallas.semaphore_signal %sem[], %c1 device(%mp1) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      }
      %xv = pallas.load %x[] : memref<8x128xi32, #pallas.memory_space<vmem>> -> vector<8x128xi32>
      %i1 = arith.addi %i, %c1 : i32
      %k = vector.broadcast %i1 : i32 to vector<8x128xi32>
      %t = arith.muli %xv, %k : vector<8x128xi32>
      %n = arith.addi %acc, %t : vector<8x128xi32>
      scf.yield %i1, %n : i32, vector<8x128xi32>
    }
    scf.if %not_last {
      pallas.semaphore_signal %sem[], %c1 device(%mp1) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    %mev = vector.broadcast %me : i32 to vector<8x128xi32>
    %out = arith.addi %r#1, %mev : vector<8x128xi32>
    pallas.store %out, %o[] : vector<8x128xi32>, memref<8x128xi32, #pallas.memory_space<vmem>>
  }
}
