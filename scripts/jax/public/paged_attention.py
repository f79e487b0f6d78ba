"""jax.experimental.pallas.ops.tpu paged attention kernels: `paged_attention`
(both kernels it can launch) and `ragged_paged_attention`.

Each public op issues exactly one pallas_call (the reshapes and dtype casts
around it are plain XLA), so each builder calls the op itself.
"""

from jax.experimental.pallas.ops.tpu.paged_attention import paged_attention
from jax.experimental.pallas.ops.tpu.ragged_paged_attention import ragged_paged_attention

import sc_kernels
from tpu_kernels import bf16, i32, register, sds


def _paged(inline_seq_dim):
  # 8 q heads per kv head: a multiple of 8, so q keeps its dtype and its
  # (None, 8, 128) block instead of the f32 (None, groups, None, 128) form.
  batch, q_heads, kv_heads, head_dim = 2, 16, 2, 128
  # bf16 pages of 16 tokens (one bf16 (16, 128) tile each), 4 per sequence.
  pages, page_size, pages_per_seq = 8, 16, 4

  def fn(q, k_pages, v_pages, lengths, page_indices):
    return paged_attention(q, k_pages, v_pages, lengths, page_indices,
                           pages_per_compute_block=2,
                           inline_seq_dim=inline_seq_dim)

  kv = sds((kv_heads, pages, page_size, head_dim), bf16)
  return fn, (sds((batch, q_heads, head_dim), bf16), kv, kv,
              sds((batch,), i32), sds((batch, pages_per_seq), i32))


@register
def ops_paged_attention():
  """paged_attention.paged_attention in its default form (inline_seq_dim=True:
  kernel paged_flash_attention_kernel_inline_seq_dim, a fori_loop over the
  compute blocks with a trip count read from the lengths). bf16 q and K/V
  pages (not quantized), 2 pages per compute block (so each block is several
  DMAs into a double-buffered VMEM scratch), megacore_mode=None, no soft cap:
  the configuration a single-core decode step uses."""
  return _paged(True)


@register
def ops_paged_attention_seq_grid():
  """paged_attention.paged_attention with inline_seq_dim=False (kernel
  paged_flash_attention_kernel: the compute blocks are a 4th grid axis, no
  loop); otherwise as ops_paged_attention."""
  return _paged(False)


@register
def ops_ragged_paged_attention():
  """ragged_paged_attention.ragged_paged_attention: mixed prefill/decode over
  a paged KV cache whose K and V heads are interleaved in one page array.
  bf16 q and KV; 4 combined KV heads (2 kv heads, 2 q heads each), so the
  kernel reads K and V of a head with a bf16 -> uint32 ref bitcast and a
  stride-2 load (the path with tpu.strided_load); 2 sequences of up to 4
  pages of 16 tokens, 2 pages per KV block, 8 queries per q block (2 q
  blocks), the default sm_scale and mask value, no sliding window or soft
  cap.

  Its lowering reads the TPU generation (the floor divisions of iotas by
  the q heads per kv head go through lax.sign, whose rule asks tpu_info),
  which a CPU-only host does not have: the builder fakes a TPU v5p with sc_kernels.fake_chip.
  The patch stays for the rest of the process; no other TensorCore lowering
  consults the chip (they would fail without it), so later kernels are
  lowered as before."""
  sc_kernels.fake_chip()
  num_tokens, q_heads, combined_kv_heads, head_dim = 16, 4, 4, 128
  pages, page_size, max_seqs, pages_per_seq = 8, 16, 2, 4

  def fn(q, kv_pages, kv_lens, page_indices, cu_q_lens, num_seqs):
    return ragged_paged_attention(q, kv_pages, kv_lens, page_indices, cu_q_lens,
                                  num_seqs, num_kv_pages_per_block=2,
                                  num_queries_per_block=8)

  return fn, (sds((num_tokens, q_heads, head_dim), bf16),
              sds((pages, page_size, combined_kv_heads, head_dim), bf16),
              sds((max_seqs,), i32), sds((max_seqs, pages_per_seq), i32),
              sds((max_seqs + 1,), i32), sds((1,), i32))
