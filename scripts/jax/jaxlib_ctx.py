"""jaxlib's MLIR as the JAX evidence harness uses it (verify_tpu.py,
compare_tpu.py): a context holding every dialect jaxlib registers for
lowering plus Mosaic's `tpu` dialect, jaxlib's diagnostics as text, and a
walk over nested ops.

Importing this module imports jax; run it with the venv's python
(scripts/setup-venv.sh).
"""

from jax._src.interpreters import mlir as jmlir
from jax._src.lib import tpu as tpu_lib
from jax._src.lib.mlir import ir

__all__ = ["ir", "make_context", "describe", "walk"]


def make_context(unregistered=False):
  """A fresh jaxlib context with the `tpu` dialect registered; ops of
  unregistered dialects parse only with `unregistered=True`."""
  ctx = jmlir.make_ir_context()
  tpu_lib.register_dialect(ctx)
  ctx.allow_unregistered_dialects = unregistered
  return ctx


def describe(err, notes=True):
  """jaxlib's diagnostics of an MLIRError (or any exception) as text: one
  `location: message` line per error, each followed by its notes (with
  `notes=True`), or all errors on one line joined by `; ` (`notes=False`)."""
  if isinstance(err, ir.MLIRError):
    if not notes:
      return "; ".join(f"{d.location}: {d.message}" for d in err.error_diagnostics) or str(err)
    lines = []
    for d in err.error_diagnostics:
      lines.append(f"{d.location}: {d.message}")
      lines.extend(f"  note: {n.location}: {n.message}" for n in d.notes)
    return "\n".join(lines) or str(err)
  return f"{type(err).__name__}: {err}"


def walk(op):
  """`op` and every op nested in its regions, pre-order. With an explicit
  stack: nesting as deep as MLIR's parser accepts (thousands of levels) is
  past Python's recursion limit."""
  stack = [op]
  while stack:
    op = stack.pop()
    yield op
    children = [child.operation for region in op.regions for block in region.blocks
                for child in block.operations]
    stack.extend(reversed(children))
