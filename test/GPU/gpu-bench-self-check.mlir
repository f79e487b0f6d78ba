// gpu_bench.py's arithmetic without a GPU: the peak HBM bandwidth from the
// driver's memory clock and bus width (H100 SXM: 2 x 2619 MHz x 5120 bits
// = 3352 GB/s, NVIDIA's 3.35 TB/s), the datasheet fallback, and the goal
// line and table row on made-up times whose ratios are worked by hand.
// REQUIRES: venv-python
// RUN: %venv_python %repo/scripts/gpu/gpu_bench.py --self-check | FileCheck %s

// CHECK: ok: peak from the driver (H100 SXM): 3352
// CHECK: ok: table fallback (H200)
// CHECK: ok: table fallback (H100 PCIe)
// CHECK: ok: unknown device
// CHECK: ok: summary:
// CHECK: ok: summary without baselines:
// CHECK: ok: row:
// CHECK-NOT: FAIL
