"""jax.experimental.pallas.ops.tpu.splash_attention: forward and backward.

Base configuration: 2 query heads, q and kv sequence 256, head dim 128,
every block size 128, f32 data; the grid is (heads, q blocks, kv blocks) =
(2, 2, 2) for the forward and dq kernels and (kv blocks, heads, q blocks)
for dkv. A causal mask over 256 x 256 in 128 x 128 blocks has every kind of
block: one fully masked (skipped through block_mask, so the kv index maps
read data_next), two fully visible and one partial (the diagonal). The mask
info is built by the public constructors (make_splash_mha / make_splash_mqa),
exactly as a user gets it; since all heads share the mask, JAX stores one
head of it (1 x q blocks x kv blocks int8 tables in SMEM). Two builders
depart from the base, each docstring says how: one forward with segment ids
and kv blocks of 256 split into two unrolled compute steps (sequence 512),
and the fused dkv+dq backward with grouped-query heads (4 over 2).

The causal mask is given in both forms splash supports, because they lower
to different kernels:
  * mask_lib.CausalMask: the mask is computed in the kernel (iota against a
    q_sequence input); scalar prefetch is data_next and block_mask;
  * the same mask as a NumPy array: partial blocks are read from
    partial_mask_blocks (bool, i32 in VMEM), picked by mask_next; scalar
    prefetch is data_next, block_mask and mask_next.
Where block_kv_compute == block_kv the kernel's `fori_loop(..., unroll=True)`
over compute blocks runs once and JAX emits its body once.

The public op issues one pallas_call for the forward pass and two for the
backward (dkv, then dq; one when dq is fused into dkv). The forward names
call the public kernel object; the backward names call the module's
_splash_attention_bwd_dkv and _splash_attention_bwd_dq (each issues exactly
one pallas_call) with the kernel object's own dq/dkv mask info and mask
function, the arguments the public backward passes them (logsumexp and di
are plain inputs there).
"""

import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas.ops.tpu.splash_attention import (
    splash_attention_kernel as splash,
    splash_attention_mask as mask_lib,
)

from tpu_kernels import f32, register, sds

HEADS, SEQ, HEAD_DIM, BLOCK = 2, 256, 128, 128


def _block_sizes():
  return splash.BlockSizes(
      block_q=BLOCK, block_kv=BLOCK, block_kv_compute=BLOCK,
      block_q_dkv=BLOCK, block_kv_dkv=BLOCK, block_kv_dkv_compute=BLOCK,
      block_q_dq=BLOCK, block_kv_dq=BLOCK)


def _causal_mask():
  return mask_lib.MultiHeadMask(
      [mask_lib.CausalMask((SEQ, SEQ)) for _ in range(HEADS)])


def _numpy_causal_mask():
  return np.stack([np.tril(np.ones((SEQ, SEQ), np.bool_))] * HEADS)


def _make(make, mask, **kw):
  return make(mask, block_sizes=_block_sizes(), head_shards=1, q_seq_shards=1,
              **kw)


@register
def ops_splash_attention_mha_fwd():
  """Forward, MHA (k and v have a head dim), CausalMask computed in the
  kernel from q_sequence, no residuals."""
  kernel = _make(splash.make_splash_mha, _causal_mask())
  qkv = sds((HEADS, SEQ, HEAD_DIM), f32)
  return (lambda q, k, v: kernel(q, k, v)), (qkv, qkv, qkv)


@register
def ops_splash_attention_mqa_fwd_residuals():
  """Forward, MQA (one k/v head shared by the query heads), the causal mask
  as a NumPy array (partial mask blocks + mask_next), save_residuals: the
  logsumexp residual is a second output (128 lanes wide)."""
  kernel = _make(splash.make_splash_mqa, _numpy_causal_mask(),
                 save_residuals=True)
  q = sds((HEADS, SEQ, HEAD_DIM), f32)
  kv = sds((SEQ, HEAD_DIM), f32)
  return (lambda q, k, v: kernel(q, k, v)), (q, kv, kv)


def _bwd_args():
  q = sds((HEADS, SEQ, HEAD_DIM), f32)
  lse = sds((HEADS, SEQ), f32)
  # q, k, v, logsumexp, do, di (di = rowsum(o * do), as the public bwd has it)
  return (q, q, q, lse, q, lse)


def _layouts():
  layout = splash.QKVLayout.HEAD_DIM_MINOR
  return dict(q_layout=layout, k_layout=layout, v_layout=layout)


@register
def ops_splash_attention_mha_dq():
  """Backward dq kernel (_splash_attention_bwd_dq), MHA, CausalMask (computed
  in the kernel), the dq mask info of make_splash_mha."""
  kernel = _make(splash.make_splash_mha, _causal_mask())

  def fn(q, k, v, lse, do, di):
    return splash._splash_attention_bwd_dq(
        q, k, v, None, None, lse, do, di, bq=BLOCK, bkv=BLOCK, is_mqa=False,
        mask_info=kernel.dq_mask_info,
        mask_value=splash.DEFAULT_MASK_VALUE, attn_logits_soft_cap=None,
        mask_function=kernel.kwargs["mask_function"], interpret=False,
        **_layouts())

  return fn, _bwd_args()


@register
def ops_splash_attention_mha_fwd_segmented_unrolled():
  """Forward, MHA, CausalMask and segment ids, q/kv sequence 512 with
  block_kv 256 split into two block_kv_compute 128 steps: the kernel's
  `fori_loop(0, 2, body, None, unroll=True)` is emitted twice by JAX. Grid
  (2, 4, 2); the segment ids enter as (512, 128) q and (8, 512) kv arrays
  (broadcast by the public op), and the kv compute step's 128 columns are
  sliced from the 256-wide k, v and kv segment id blocks."""
  seq = 512
  block_sizes = splash.BlockSizes(
      block_q=BLOCK, block_kv=2 * BLOCK, block_kv_compute=BLOCK)
  mask = mask_lib.MultiHeadMask(
      [mask_lib.CausalMask((seq, seq)) for _ in range(HEADS)])
  kernel = splash.make_splash_mha(mask, block_sizes=block_sizes,
                                  head_shards=1, q_seq_shards=1)
  qkv = sds((HEADS, seq, HEAD_DIM), f32)
  ids = sds((seq,), jnp.int32)

  def fn(q, k, v, q_ids, kv_ids):
    return kernel(q, k, v, splash.SegmentIds(q=q_ids, kv=kv_ids))

  return fn, (qkv, qkv, qkv, ids, ids)


@register
def ops_splash_attention_mha_dkv():
  """Backward dkv kernel (_splash_attention_bwd_dkv, not fused with dq),
  MHA, CausalMask (computed in the kernel), the dkv mask info of
  make_splash_mha (its grid shrunk along q)."""
  kernel = _make(splash.make_splash_mha, _causal_mask())

  def fn(q, k, v, lse, do, di):
    return splash._splash_attention_bwd_dkv(
        q, k, v, None, None, lse, do, di, bq=BLOCK, bkv=BLOCK,
        bkv_compute=BLOCK, is_mqa=False, mask_info=kernel.dkv_mask_info,
        mask_value=splash.DEFAULT_MASK_VALUE, attn_logits_soft_cap=None,
        use_fused_bwd_kernel=False,
        mask_function=kernel.kwargs["mask_function"], interpret=False,
        **_layouts())[1:]

  return fn, _bwd_args()



@register
def ops_splash_attention_gqa_dkv_fused():
  """Backward dkv kernel fused with dq (BlockSizes(use_fused_bwd_kernel=True),
  the public backward's only pallas_call then), grouped-query attention: 4
  query heads over 2 k/v heads, so the k/v index maps divide the head by 2
  and the dk/dv accumulators start and end on every other head (lax.rem).
  dq is computed per kv block into a (kv blocks, heads, q_seq, head_dim)
  output that the public op sums afterwards; block_kv_dkv_compute ==
  block_kv_dkv, so it is written directly (no dq scratch). CausalMask,
  sequence 256, 128 x 128 blocks; the dkv mask info of make_splash_mha with
  the fused kernel (grid not shrunk)."""
  q_heads, kv_heads = 4, 2
  block_sizes = splash.BlockSizes(
      block_q=BLOCK, block_kv=BLOCK, block_kv_compute=BLOCK,
      block_q_dkv=BLOCK, block_kv_dkv=BLOCK, block_kv_dkv_compute=BLOCK,
      use_fused_bwd_kernel=True)
  mask = mask_lib.MultiHeadMask(
      [mask_lib.CausalMask((SEQ, SEQ)) for _ in range(q_heads)])
  kernel = splash.make_splash_mha(mask, block_sizes=block_sizes,
                                  head_shards=1, q_seq_shards=1)

  def fn(q, k, v, lse, do, di):
    return splash._splash_attention_bwd_dkv(
        q, k, v, None, None, lse, do, di, bq=BLOCK, bkv=BLOCK,
        bkv_compute=BLOCK, is_mqa=False, mask_info=kernel.dkv_mask_info,
        mask_value=splash.DEFAULT_MASK_VALUE, attn_logits_soft_cap=None,
        use_fused_bwd_kernel=True,
        mask_function=kernel.kwargs["mask_function"], interpret=False,
        **_layouts())

  q = sds((q_heads, SEQ, HEAD_DIM), f32)
  kv = sds((kv_heads, SEQ, HEAD_DIM), f32)
  lse = sds((q_heads, SEQ), f32)
  return fn, (q, kv, kv, lse, q, lse)
