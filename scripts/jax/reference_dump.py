"""What scripts/jax/dump_tpu_reference.py and dump_gpu_reference.py share:
faking host devices for the collective kernels, capturing the module text
that JAX hands to a function of its own, and the loop that lowers each
kernel and writes `<out>/<name>.mlir` with a header.

`fake_host_devices` must run before the first `import jax` of the process.
"""

import os
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fake_host_devices(count):
  """Runs JAX on CPU with `count` host devices (unless XLA_FLAGS already
  sets a count), so that shard_map kernels lower without accelerators."""
  flags = os.environ.get("XLA_FLAGS", "")
  if "xla_force_host_platform_device_count" not in flags:
    os.environ["XLA_FLAGS"] = f"{flags} --xla_force_host_platform_device_count={count}".strip()
  os.environ.setdefault("JAX_PLATFORMS", "cpu")


class ModuleCapture:
  """Replaces `owner.attr` (a function whose first argument is an MLIR
  module) by one that records the module's text, without debug locations,
  and then calls the original."""

  def __init__(self, owner, attr):
    self.texts = []
    original = getattr(owner, attr)

    def capturing(module, *args, **kwargs):
      self.texts.append(module.operation.get_asm(enable_debug_info=False))
      return original(module, *args, **kwargs)

    setattr(owner, attr, capturing)

  def run(self, thunk):
    """The module texts captured while `thunk()` runs."""
    self.texts.clear()
    thunk()
    return list(self.texts)


def error_text(e):
  """An exception as one line: its type and the first line of its text."""
  lines = str(e).strip().splitlines()
  return f"{type(e).__name__}: {lines[0] if lines else ''}"


def write_references(names, lower, out_dir, header, what):
  """Lowers each kernel of `names` with `lower(name)` (a list of module
  texts, exactly one expected), writes header(name) + text to
  out_dir(name)/<name>.mlir, reports every kernel and returns the exit
  status (1 if any failed)."""
  import jax
  import jaxlib
  print(f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, "
        f"{len(jax.devices())} {jax.devices()[0].platform} devices")
  failed = []
  for name in names:
    try:
      texts = lower(name)
      if len(texts) != 1:
        raise RuntimeError(f"expected one {what} module, got {len(texts)}")
    except Exception as e:  # report every kernel, fail at the end
      failed.append(name)
      print(f"[{name}] FAIL {error_text(e)}")
      if os.environ.get("PALLAS_DUMP_TRACEBACK"):
        traceback.print_exc()
      continue
    directory = out_dir(name)
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, f"{name}.mlir")
    text = texts[0] if texts[0].endswith("\n") else texts[0] + "\n"
    with open(path, "w") as fh:
      fh.write(header(name) + text)
    print(f"[{name}] OK -> {os.path.relpath(path, ROOT)}")
  if failed:
    print(f"{len(failed)} kernel(s) failed: {', '.join(failed)}")
    return 1
  return 0
