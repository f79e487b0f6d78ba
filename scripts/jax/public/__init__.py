"""JAX builders for the kernels of jax.experimental.pallas.ops.tpu, one
module per kernel family; scripts/jax/tpu_kernels.py imports them all.

Each builder calls the public op (or, where one op runs several pallas_calls,
the internal function that runs exactly one of them) with small shapes and
registers itself with tpu_kernels.register under an `ops_` name.
"""
