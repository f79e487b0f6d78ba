// Oracle twin (scripts/jax/cpu_oracle.py, kernel `large_nested`): 1-D
// values of 2^18 f32 computed in the kernel's block and used only in
// nested regions. r = pltpu.roll(x, 1000, 0), q = pltpu.roll(x, 7, 0),
// e = (x + 1) * 2. Under pl.when(program_id == 0) (an scf.if): a = r,
// m = max(e) (broadcast to 8 lanes), w = r - x, and under a second pl.when
// inside it d = (w + e) * 3 (w defined in the first region, e two regions
// up). In a run_scoped region a scoped buffer gets e and b = that buffer
// + r. c = x, then a three-step loop adds q to c (q read again in every
// iteration); f = x + q + q + q, q added by a three-step loop that carries
// the sum (scf.for iter_args); g = lax.cond(program_id == 0, q + x, q - x)
// (an scf.if yielding the vector). pallas-row-loops hands each value on
// through memory, so that
// every use runs in 64-lane chunks (a roll reaching a nested region whole
// took llc -O0 about 50 s).
module {
  pallas.kernel @large_nested grid(1)
      ins(%x: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>)
      outs(%a: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>,
           %b: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>,
           %c: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>,
           %d: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>,
           %m: memref<8xf32> block [8] map affine_map<(i) -> (0)>,
           %f: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>,
           %g: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>) {
    %v = pallas.load %x[] : memref<262144xf32> -> vector<262144xf32>
    %k = arith.constant 1000 : i32
    %r = pallas.roll %v, %k axis 0 : vector<262144xf32>
    %k7 = arith.constant 7 : i32
    %q = pallas.roll %v, %k7 axis 0 : vector<262144xf32>
    %one = arith.constant dense<1.0> : vector<262144xf32>
    %two = arith.constant dense<2.0> : vector<262144xf32>
    %v1 = arith.addf %v, %one : vector<262144xf32>
    %e = arith.mulf %v1, %two : vector<262144xf32>
    %pid = pallas.program_id 0
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %pid, %z : i32
    scf.if %first {
      pallas.store %r, %a[] : vector<262144xf32>, memref<262144xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %mx = vector.multi_reduction <maximumf>, %e, %ninf [0] : vector<262144xf32> to f32
      %mv = vector.broadcast %mx : f32 to vector<8xf32>
      pallas.store %mv, %m[] : vector<8xf32>, memref<8xf32>
      %w = arith.subf %r, %v : vector<262144xf32>
      scf.if %first {
        %we = arith.addf %w, %e : vector<262144xf32>
        %three = arith.constant dense<3.0> : vector<262144xf32>
        %dv = arith.mulf %we, %three : vector<262144xf32>
        pallas.store %dv, %d[] : vector<262144xf32>, memref<262144xf32>
      }
    }
    pallas.run_scoped {
    ^bb0(%buf: memref<262144xf32, #pallas.memory_space<vmem>>):
      pallas.store %e, %buf[] : vector<262144xf32>, memref<262144xf32, #pallas.memory_space<vmem>>
      %t = pallas.load %buf[] : memref<262144xf32, #pallas.memory_space<vmem>> -> vector<262144xf32>
      %s = arith.addf %t, %r : vector<262144xf32>
      pallas.store %s, %b[] : vector<262144xf32>, memref<262144xf32>
    }
    pallas.store %v, %c[] : vector<262144xf32>, memref<262144xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    scf.for %i = %c0 to %c3 step %c1 : i32 {
      %cv = pallas.load %c[] : memref<262144xf32> -> vector<262144xf32>
      %sum = arith.addf %cv, %q : vector<262144xf32>
      pallas.store %sum, %c[] : vector<262144xf32>, memref<262144xf32>
    }
    %fv = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %v) -> (vector<262144xf32>) : i32 {
      %next = arith.addf %acc, %q : vector<262144xf32>
      scf.yield %next : vector<262144xf32>
    }
    pallas.store %fv, %f[] : vector<262144xf32>, memref<262144xf32>
    %gv = scf.if %first -> (vector<262144xf32>) {
      %qa = arith.addf %q, %v : vector<262144xf32>
      scf.yield %qa : vector<262144xf32>
    } else {
      %qs = arith.subf %q, %v : vector<262144xf32>
      scf.yield %qs : vector<262144xf32>
    }
    pallas.store %gv, %g[] : vector<262144xf32>, memref<262144xf32>
  }
}
