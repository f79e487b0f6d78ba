// Paged attention (jax.experimental.pallas.ops.tpu.paged_attention style):
// scalar-prefetched sequence lengths and a flat page table (2 pages per
// sequence); K and V pages stay in HBM (`in any`) and the page of grid step
// (seq, p) is DMA'd to VMEM scratch, its index read from the page table.
// Scores past the sequence length are masked with iota/select; the output
// block (sequence dim squeezed) accumulates over the pages.
// Mirrors `tpu_paged_attention` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_paged_attention.mlir.
module {
  pallas.kernel @tpu_paged_attention grid(4, 2) semantics(parallel, arbitrary)
      prefetch(%lens: memref<4xi32>, %table: memref<8xi32>)
      ins(%q: memref<4x8x128xf32> block [squeezed, 8, 128] map affine_map<(s, p) -> (s, 0, 0)>,
          %kp: memref<8x128x128xf32> block [8, 128, 128] map affine_map<(s, p) -> (0, 0, 0)> in any,
          %vp: memref<8x128x128xf32> block [8, 128, 128] map affine_map<(s, p) -> (0, 0, 0)> in any)
      outs(%o: memref<4x8x128xf32> block [squeezed, 8, 128] map affine_map<(s, p) -> (s, 0, 0)>)
      scratch(%kbuf: memref<128x128xf32, #pallas.memory_space<vmem>>,
              %vbuf: memref<128x128xf32, #pallas.memory_space<vmem>>,
              %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %s = pallas.program_id 0
    %p = pallas.program_id 1
    %c2 = arith.constant 2 : i32
    %base = arith.muli %s, %c2 : i32
    %flat = arith.addi %base, %p : i32
    %fi = arith.index_cast %flat : i32 to index
    %page = pallas.load %table[%fi] : memref<8xi32> -> i32
    %pg = arith.index_cast %page : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ksrc = memref.subview %kp[%pg, 0, 0] [1, 128, 128] [1, 1, 1] : memref<8x128x128xf32, #pallas.memory_space<any>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
    %vsrc = memref.subview %vp[%pg, 0, 0] [1, 128, 128] [1, 1, 1] : memref<8x128x128xf32, #pallas.memory_space<any>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
    pallas.dma_start %ksrc -> %kbuf, %sems[%c0] : memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %vsrc -> %vbuf, %sems[%c1] : memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %c0i = arith.constant 0 : i32
    %first = arith.cmpi eq, %p, %c0i : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<8x128xf32>
      pallas.store %z, %o[] : vector<8x128xf32>, memref<8x128xf32>
    }
    pallas.dma_wait %ksrc -> %kbuf, %sems[%c0] : memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %qv = pallas.load %q[] : memref<8x128xf32> -> vector<8x128xf32>
    %kv = pallas.load %kbuf[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %sc = pallas.dot %qv, %kv {transpose_rhs} : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
    %c128 = arith.constant 128 : i32
    %off = arith.muli %p, %c128 : i32
    %iota = pallas.iota dim 1 : vector<8x128xi32>
    %offb = vector.broadcast %off : i32 to vector<8x128xi32>
    %pos = arith.addi %offb, %iota : vector<8x128xi32>
    %si = arith.index_cast %s : i32 to index
    %len = pallas.load %lens[%si] : memref<4xi32> -> i32
    %lenb = vector.broadcast %len : i32 to vector<8x128xi32>
    %mask = arith.cmpi slt, %pos, %lenb : vector<8x128xi32>
    %ninf = arith.constant dense<0xFF800000> : vector<8x128xf32>
    %sm = arith.select %mask, %sc, %ninf : vector<8x128xi1>, vector<8x128xf32>
    %ninf1 = arith.constant dense<0xFF800000> : vector<8xf32>
    %mx = vector.multi_reduction <maximumf>, %sm, %ninf1 [1] : vector<8x128xf32> to vector<8xf32>
    %mx2 = vector.shape_cast %mx : vector<8xf32> to vector<8x1xf32>
    %mxb = vector.broadcast %mx2 : vector<8x1xf32> to vector<8x128xf32>
    %d = arith.subf %sm, %mxb : vector<8x128xf32>
    %w = math.exp %d : vector<8x128xf32>
    pallas.dma_wait %vsrc -> %vbuf, %sems[%c1] : memref<128x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %ov = pallas.load %o[] : memref<8x128xf32> -> vector<8x128xf32>
    %vv = pallas.load %vbuf[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %pv = pallas.dot %w, %vv : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
    %on = arith.addf %ov, %pv : vector<8x128xf32>
    pallas.store %on, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}
