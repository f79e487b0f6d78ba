// Every module of test/Reference/GPU/lowered (JAX's final Mosaic GPU
// modules) reaches PTX through pallas-gpu-to-llvm and ptxas accepts it,
// with no spills outside scripts/gpu/allow-spill.txt (`make gpu-report`).
// The matmul and attention kernels must not spill.
// REQUIRES: ptxas
// RUN: %python %repo/scripts/gpu/ptx_report.py --plugin %plugin --ptxas %ptxas --out %t.dir | FileCheck %s

// CHECK-DAG: {{^}}gpu_wgmma_matmul {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_hopper_matmul {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_attention_pipeline_emitter {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_blackwell_matmul {{.*}} sm_100a {{ *}}{{[0-9]+}} {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK: ptx_report: {{[0-9]+}} module(s) lowered to PTX and accepted by ptxas, no unexpected spills

// The report fails on a kernel that spills without being listed in
// scripts/gpu/allow-spill.txt (gpu_tma_barrier's module under another name)
// and on a launch asking for more shared memory than a block may have
// (gpu_run_scoped's 65544 dynamic bytes made 240000).
// RUN: rm -rf %t.bad && mkdir -p %t.bad
// RUN: cp %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir %t.bad/unlisted.mlir
// RUN: sed -e 's/65544/240000/g' %repo/test/Reference/GPU/lowered/gpu_run_scoped.mlir > %t.bad/big.mlir
// RUN: not %python %repo/scripts/gpu/ptx_report.py --plugin %plugin --ptxas %ptxas --out %t.badout \
// RUN:   '%t.bad/*.mlir' | FileCheck %s --check-prefix=BAD
// BAD: ptx_report: 2 problem(s):
// BAD-DAG: - big: kernel kernel_mosaic_gpu_kernel asks for 240000 + {{[0-9]+}} bytes of shared memory, over the 232448 a block may have on sm_90a
// BAD-DAG: - unlisted: kernel body_mosaic_gpu_kernel spills ({{[0-9]+}} bytes stored, {{[0-9]+}} loaded); list it in scripts/gpu/allow-spill.txt with the reason if that is expected

// Our own lowering: the pallas twins of examples/gpu through
// convert-pallas-to-mosaic-gpu, canonicalize, cse, infer-mosaic-gpu-layouts
// and convert-mosaic-gpu-to-nvvm, then pallas-gpu-to-llvm and ptxas. The
// kernels these passes reject are listed; those below reach ptxas and the
// matmuls do not spill.
// RUN: %python %repo/scripts/gpu/ptx_report.py --from-pallas --plugin %plugin --ptxas %ptxas \
// RUN:   --out %t.ours '%repo/examples/gpu/*.mlir' | FileCheck %s --check-prefix=OURS
// OURS-DAG: {{^}}gpu_elementwise_grid {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_fori_accumulate {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_layer_norm {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_row_softmax {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_run_scoped {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_tma_barrier {{.*}} sm_90a {{ *}}128
// OURS-DAG: {{^}}gpu_warp_specialized {{.*}} sm_90a {{ *}}256 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_wgmma_matmul {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}ops_hopper_matmul {{.*}} sm_90a {{ *}}384 {{ *}}{{[0-9]+}} {{ *}}0/0
// The four twins whose conditionals (scf.index_switch) and element reads
// (rank-0 subviews) now take JAX's form, which layout inference accepts.
// OURS-DAG: {{^}}gpu_debug_print {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_wgmma_scoped {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}gpu_while_cond {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS-DAG: {{^}}ops_transposed_ragged_dot {{.*}} sm_90a {{ *}}128 {{ *}}{{[0-9]+}} {{ *}}0/0
// OURS: ptx_report: {{[0-9]+}} module(s) lowered to PTX and accepted by ptxas, no unexpected spills
