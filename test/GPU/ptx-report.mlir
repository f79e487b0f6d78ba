// Every module of test/Reference/GPU/lowered (JAX's final Mosaic GPU
// modules) reaches PTX through pallas-gpu-to-llvm and ptxas accepts it,
// with no spills outside scripts/gpu/allow-spill.txt (`make gpu-report`).
// The matmul and attention kernels must not spill.
// REQUIRES: ptxas
// RUN: %python %repo/scripts/gpu/ptx_report.py --plugin %plugin --ptxas %ptxas --out %t.dir | FileCheck %s

// CHECK-DAG: {{^}}gpu_wgmma_matmul {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_hopper_matmul {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_attention_pipeline_emitter {{.*}} sm_90a {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK-DAG: {{^}}ops_blackwell_matmul {{.*}} sm_100a {{ *}}{{[0-9]+}} {{ *}}0/0
// CHECK: ptx_report: {{[0-9]+}} module(s) lowered to PTX and accepted by ptxas, no unexpected spills
