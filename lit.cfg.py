# lit configuration for pallas-mlir. Run through `make test` (which builds the
# plugin first) or: lit -sv test/   (after `cargo build`).
import os
import lit.formats

config.name = "pallas-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]

root = os.path.dirname(os.path.abspath(__file__))
config.test_source_root = root
# Only test/ holds tests; everything else at the top level is sources or data.
config.excludes = ["Inputs", "target", "examples", "docs", "bench", "scripts", "src",
                   "include", "tests", ".venv", ".ci", ".git"]
config.test_exec_root = os.path.join(root, "target", "lit")

llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
llvm_lib = os.path.join(os.path.dirname(llvm_bin), "lib")
profile = os.environ.get("PALLAS_PROFILE", "debug")
target_dir = os.path.join(root, "target", profile)
plugin = os.path.join(target_dir, "libpallas_mlir.so")

config.environment["PATH"] = os.pathsep.join([llvm_bin, target_dir, config.environment.get("PATH", os.environ["PATH"])])

# %mlir_opt: stock mlir-opt 22 with the plugin loaded as dialect and pass plugin.
config.substitutions.append(
    ("%mlir_opt", f"{llvm_bin}/mlir-opt --load-dialect-plugin={plugin} --load-pass-plugin={plugin}"))
config.substitutions.append(("%pallas_opt", os.path.join(target_dir, "pallas-opt")))
config.substitutions.append(("%mlir_runner", f"{llvm_bin}/mlir-runner"))
config.substitutions.append(("%llvm_lib", llvm_lib))
config.substitutions.append(("%plugin", plugin))
# %cuda_runtime: our mgpu* runtime (runtime/cuda), for mlir-runner -shared-libs.
config.substitutions.append(("%cuda_runtime", os.path.join(target_dir, "libpallas_cuda_runtime.so")))
# The upstream pipeline that takes convert-pallas-to-scf output to the LLVM dialect
# (one copy: the plugin's named pipeline pallas-cpu-pipeline, which
# scripts/run-examples.sh runs, is convert-pallas-to-scf followed by this file).
with open(os.path.join(root, "scripts", "cpu-pipeline.txt")) as f:
    config.substitutions.append(("%cpu_pipeline", f.read().strip()))
config.substitutions.append(("%runner_libs",
    f"-shared-libs={llvm_lib}/libmlir_c_runner_utils.so,{llvm_lib}/libmlir_runner_utils.so"))

# The GPU path (README "The GPU path"): lit's own python for the numpy-free
# scripts under scripts/gpu, the repository root, the downstream pipeline's
# text (scripts/gpu-pipeline.txt, registered as pallas-gpu-to-llvm) and clang.
import glob
import shutil
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%repo", root))
config.substitutions.append(("%clang", os.path.join(llvm_bin, "clang")))
with open(os.path.join(root, "scripts", "gpu-pipeline.txt")) as f:
    config.substitutions.append(("%gpu_pipeline", f.read().strip()))
# After convert-pallas-to-mosaic-gpu: the passes to the level of jaxlib's
# lower_mgpu_dialect output (the front of convert-pallas-to-nvvm).
with open(os.path.join(root, "scripts", "gpu-from-pallas.txt")) as f:
    config.substitutions.append(("%gpu_from_pallas", f.read().strip()))


def venv_dirs():
    """The venvs to look in: $PALLAS_VENV, then ./.venv."""
    dirs = [os.environ.get("PALLAS_VENV", ""), os.path.join(root, ".venv")]
    return [d for d in dirs if d and os.path.isdir(d)]


# ptxas from the nvidia-cuda-nvcc-cu12 wheel that scripts/setup.sh installs
# (or $PTXAS): feature `ptxas`, substitution %ptxas. Its directory also
# tells pallas-gpu-link-libdevice where libdevice is.
ptxas = os.environ.get("PTXAS") or next(
    (hits[-1] for d in venv_dirs() for hits in
     [sorted(glob.glob(os.path.join(d, "lib", "python3*", "site-packages", "nvidia",
                                    "cuda_nvcc", "bin", "ptxas")))] if hits),
    shutil.which("ptxas"))
if ptxas and os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
    config.environment["PTXAS"] = ptxas

# The venv's python (numpy) for scripts/gpu/make_main.py: feature `venv-python`.
venv_python = next((os.path.join(d, "bin", "python") for d in venv_dirs()
                    if os.access(os.path.join(d, "bin", "python"), os.X_OK)), None)
if venv_python:
    config.available_features.add("venv-python")
    config.substitutions.append(("%venv_python", venv_python))

# An NVIDIA device node: feature `nvidia-gpu` (the skip messages of
# gpu-test/gpu-bench are checked only on machines without one).
if glob.glob("/dev/nvidia[0-9]*"):
    config.available_features.add("nvidia-gpu")

# Triton for the checks of the Triton twins that `make gpu-bench` times
# (scripts/gpu/triton_kernels.py: interpreter and sm_90 compilation, no GPU):
# feature `triton` when the venv's python has it or $PALLAS_TRITON_PATH
# (a `pip install --target` directory) holds it.
triton_path = os.environ.get("PALLAS_TRITON_PATH", "")
triton_dirs = [triton_path] if triton_path else []
if venv_python:
    triton_dirs += glob.glob(os.path.join(os.path.dirname(os.path.dirname(venv_python)),
                                          "lib", "python3*", "site-packages"))
if venv_python and any(os.path.isfile(os.path.join(d, "triton", "__init__.py")) for d in triton_dirs):
    config.available_features.add("triton")
    if triton_path:
        config.environment["PALLAS_TRITON_PATH"] = triton_path
