"""jax.experimental.pallas.ops.tpu.flash_attention: the forward kernel and the
two backward kernels.

`flash_attention` runs one pallas_call forward; its VJP runs three: the
forward again with the residuals l and m saved (`save_residuals=True`),
`_flash_attention_bwd_dkv` (dk, dv) and `_flash_attention_bwd_dq` (dq and,
with an attention bias, its gradient ds). Each name below lowers exactly one
of them: the forward variants through the public `flash_attention`, the
residual-saving forward through `_flash_attention_impl` (what the custom VJP's
forward calls), and the backward kernels through their own functions with the
shapes the VJP passes them (l, m and di as [batch, heads, q_seq_len]).

Common configuration: bf16 q/k/v (and do) of [batch 2, heads 2, seq 512, 128],
sm_scale = 1/sqrt(128) (so the scaling multiply is emitted), and block sizes
whose minor kv block is half the major one (block_k_major = 2 * block_k, and
for dkv also block_q_major = 2 * block_q), so that the kernels' inner
`pl.loop(..., unroll=True)` / `lax.fori_loop(..., unroll=True)` runs two
iterations and is emitted twice, the case that needs a full-unroll loop in
the pallas dialect. One more forward variant takes the kernel's other body
(block_k == kv_seq_len: a plain softmax, no loop). Segment ids are covered
in the forward only; the backward kernels handle them with the same loads
and compare, and the three backward-pass calls use causal + bias instead.
"""

import math

from jax.experimental.pallas.ops.tpu import flash_attention as fa

from tpu_kernels import bf16, f32, i32, register, sds

B, H, D = 2, 2, 128
Q_LEN = KV_LEN = 512
SM_SCALE = 1.0 / math.sqrt(D)

# Forward: q blocks of 128 rows, kv blocks of 256 walked in two steps of 128.
FWD_BLOCKS = fa.BlockSizes(block_q=128, block_k_major=256, block_k=128, block_b=1)


def _qkv():
  q = sds((B, H, Q_LEN, D), bf16)
  kv = sds((B, H, KV_LEN, D), bf16)
  return q, kv, kv


def _fwd(causal, segment_ids):
  def fn(q, k, v, *seg):
    ids = fa.SegmentIds(*seg) if seg else None
    return fa.flash_attention(q, k, v, segment_ids=ids, causal=causal,
                              sm_scale=SM_SCALE, block_sizes=FWD_BLOCKS)

  args = _qkv()
  if segment_ids:
    args = (*args, sds((B, Q_LEN), i32), sds((B, KV_LEN), i32))
  return fn, args


@register
def ops_flash_attention_fwd():
  """flash_attention forward, not causal, no bias or segment ids: grid
  (2, 2, 4, 2), m/l/acc scratch, the unrolled two-step loop over the kv block
  with the online-softmax update, output at the last kv block."""
  return _fwd(causal=False, segment_ids=False)


@register
def ops_flash_attention_fwd_causal():
  """flash_attention forward with causal=True: the kv index maps select block
  0 for blocks above the diagonal, the body runs under `below_or_on_diag`,
  and each step masks with iota row/column ids."""
  return _fwd(causal=True, segment_ids=False)


@register
def ops_flash_attention_fwd_segment_ids():
  """flash_attention forward with SegmentIds (not causal): the q ids are
  broadcast to (b, q_len, 128) and the kv ids to (b, 8, kv_len) outside the
  kernel, passed as two more blocked inputs, and compared per step into the
  mask (a different mask source from causal: int loads, a lane-tiled
  compare against a (1, block_k) row slice of a sublane-padded block)."""
  return _fwd(causal=False, segment_ids=True)


@register
def ops_flash_attention_fwd_single_step():
  """flash_attention forward whose kv block is the whole kv sequence
  (block_k_major = block_k = kv_seq_len = 512): the kernel then takes its
  other body, `_flash_attention_kernel_single_batch_single_step`, a plain
  softmax without scratch or loop. Causal, and block_b = 2, so that the
  kernel's Python loop over the batch rows of the block emits the body for
  batch index 0 and 1."""
  blocks = fa.BlockSizes(block_q=128, block_k_major=KV_LEN, block_k=KV_LEN,
                         block_b=2)

  def fn(q, k, v):
    return fa.flash_attention(q, k, v, causal=True, sm_scale=SM_SCALE,
                              block_sizes=blocks)

  return fn, _qkv()


@register
def ops_flash_attention_fwd_residuals():
  """The forward that flash_attention's VJP runs: save_residuals=True adds
  the l and m outputs (b, h, q_len, 128) f32 written at the last kv block.
  Causal and with an attention bias ab, like the two backward kernels below:
  the three pallas_calls of one backward pass. The bias block's index map is
  the nested select that moves skipped blocks to the next q row."""
  def fn(q, k, v, ab):
    return fa._flash_attention_impl(
        q, k, v, ab, None, True, True, SM_SCALE,
        FWD_BLOCKS.block_b, FWD_BLOCKS.block_q, FWD_BLOCKS.block_k_major,
        FWD_BLOCKS.block_k, False)

  return fn, (*_qkv(), _ab())


def _ab():
  return sds((B, H, Q_LEN, KV_LEN), f32)


def _bwd_args():
  """q, k, v, ab, l, m, do, di as the VJP passes them to the backward."""
  q, k, v = _qkv()
  lm = sds((B, H, Q_LEN), f32)
  return q, k, v, _ab(), lm, lm, sds((B, H, Q_LEN, D), bf16), sds((B, H, Q_LEN), f32)


@register
def ops_flash_attention_bwd_dkv():
  """_flash_attention_bwd_dkv (the backward pallas_call for dk and dv),
  causal, with the attention bias: grid (b, h, kv blocks, q blocks) with
  block_q_major = 256 walked in two q steps of 128, each of which walks the
  256-row kv block in two steps of 128 (nested unrolled loops, four bodies),
  accumulating into dk/dv scratch and storing at the last q block."""
  def fn(q, k, v, ab, l, m, do, di):
    return fa._flash_attention_bwd_dkv(
        q, k, v, ab, None, l, m, do, di,
        block_q_major=256, block_q=128, block_k_major=256, block_k=128,
        sm_scale=SM_SCALE, causal=True, mask_value=fa.DEFAULT_MASK_VALUE)

  return fn, _bwd_args()


@register
def ops_flash_attention_bwd_dq():
  """_flash_attention_bwd_dq (the backward pallas_call for dq), causal, with
  an attention bias so that the kernel also writes ds (the bias gradient),
  including its zeroing for skipped blocks: grid (b, h, q blocks of 128,
  kv blocks of 256), the kv block walked in two unrolled steps of 128."""
  def fn(q, k, v, ab, l, m, do, di):
    return fa._flash_attention_bwd_dq(
        q, k, v, ab, None, l, m, do, di,
        block_q_major=128, block_k_major=256, block_k=128,
        sm_scale=SM_SCALE, causal=True, mask_value=fa.DEFAULT_MASK_VALUE,
        debug=False)

  return fn, _bwd_args()
