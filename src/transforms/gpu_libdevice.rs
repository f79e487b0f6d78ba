//! `pallas-gpu-link-libdevice`: a `gpu.module` whose kernels call NVIDIA's
//! libdevice (`__nv_exp2f`, `__nv_rsqrtf`, ...: what `convert-gpu-to-nvvm`
//! makes of `math` ops) gets `libdevice.10.bc` in the `link` list of its
//! `#nvvm.target`, so that `gpu-module-to-binary` links it in.
//!
//! Without it the PTX would call functions nobody defines, which ptxas and
//! the driver's JIT reject only when the program runs; and the upstream
//! serializer looks for libdevice only in a CUDA toolkit directory, which
//! this project does not need (the bitcode also ships in the PyPI wheel
//! `nvidia-cuda-nvcc-cu12` that scripts/setup.sh installs). The file is
//! looked for, in order:
//! `$PALLAS_LIBDEVICE` (a file; when set, the only candidate), then
//! `nvvm/libdevice/libdevice.10.bc` under `$CUDA_ROOT`, `$CUDA_HOME`,
//! `$CUDA_PATH`, the directory above `$PTXAS`'s `bin/`, the `nvidia/cuda_nvcc`
//! wheel of `$VIRTUAL_ENV` and of this checkout's `.venv`, and
//! `/usr/local/cuda`. A module that needs it when none is found is an error
//! at the `gpu.module` saying where it looked.

use std::path::{Path, PathBuf};

use melior::ir::operation::{OperationLike, OperationRef};

use crate::ir;
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-gpu-link-libdevice",
    name: "PallasGpuLinkLibdevice",
    description: "Add libdevice.10.bc (found through $PALLAS_LIBDEVICE, $CUDA_ROOT/$CUDA_HOME/$CUDA_PATH, $PTXAS, the nvidia-cuda-nvcc wheel of $VIRTUAL_ENV or ./.venv, /usr/local/cuda) to the #nvvm.target link list of every gpu.module that declares __nv_* functions; an error when it is needed and not found (part of pallas-gpu-to-llvm)",
    anchor: "builtin.module",
    options: &[],
    dialects: &[],
    run,
};

const LIBDEVICE: &str = "nvvm/libdevice/libdevice.10.bc";

/// `site-packages/nvidia/cuda_nvcc` of every python3.* of a venv.
fn wheel_roots(venv: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(venv.join("lib")) else {
        return vec![];
    };
    let mut roots: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("python3"))
        .map(|e| e.path().join("site-packages/nvidia/cuda_nvcc"))
        .collect();
    roots.sort();
    roots
}

/// Where libdevice may be, in the order tried.
fn candidates() -> Vec<PathBuf> {
    if let Some(path) = std::env::var_os("PALLAS_LIBDEVICE").filter(|p| !p.is_empty()) {
        return vec![PathBuf::from(path)];
    }
    let mut roots: Vec<PathBuf> = ["CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"]
        .iter()
        .filter_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .map(PathBuf::from)
        .collect();
    if let Some(ptxas) = std::env::var_os("PTXAS").filter(|p| !p.is_empty()) {
        if let Some(root) = Path::new(&ptxas).parent().and_then(Path::parent) {
            roots.push(root.to_path_buf());
        }
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV").filter(|p| !p.is_empty()) {
        roots.extend(wheel_roots(Path::new(&venv)));
    }
    roots.extend(wheel_roots(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv"),
    ));
    roots.push(PathBuf::from("/usr/local/cuda"));
    roots.into_iter().map(|r| r.join(LIBDEVICE)).collect()
}

fn find_libdevice() -> Result<PathBuf, Vec<PathBuf>> {
    let tried = candidates();
    tried.iter().find(|p| p.is_file()).cloned().ok_or(tried)
}

/// Whether the gpu.module declares (calls) a libdevice function.
fn calls_libdevice(module: &OperationRef) -> Option<String> {
    let mut found = None;
    ir::walk_nested(module, &mut |op| {
        if found.is_none() && ir::op_name_of(&op) == "llvm.func" && ir::body_block(&op).is_none() {
            if let Ok(name) = op.attribute("sym_name") {
                let name = name.to_string();
                let name = name.trim_matches('"');
                if name.starts_with("__nv_") {
                    found = Some(name.to_string());
                }
            }
        }
    });
    found
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut gpu_modules = vec![];
    ir::walk_nested(&module, &mut |op| {
        if ir::op_name_of(&op) == "gpu.module" {
            gpu_modules.push(op);
        }
    });
    let mut found: Option<Result<PathBuf, Vec<PathBuf>>> = None;
    for gm in gpu_modules {
        let Some(function) = calls_libdevice(&gm) else {
            continue;
        };
        if !ir::has_attribute(&gm, "targets") {
            ir::emit_op_error(
                &gm,
                "has no targets: run nvvm-attach-target before pallas-gpu-link-libdevice",
            );
            return Err(());
        }
        let libdevice = match found.get_or_insert_with(find_libdevice) {
            Ok(path) => path.clone(),
            Err(tried) => {
                let tried: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
                ir::emit_op_error(
                    &gm,
                    &format!(
                        "calls the libdevice function {function}, but no libdevice.10.bc was found \
                         (set PALLAS_LIBDEVICE or CUDA_ROOT, or run scripts/setup.sh, which installs \
                         nvidia-cuda-nvcc-cu12); tried: {}",
                        tried.join(", ")
                    ),
                );
                return Err(());
            }
        };
        add_link(&gm, &libdevice)?;
    }
    Ok(())
}

/// Appends `file` to the `link` list of each `#nvvm.target` of `gm`.
fn add_link(gm: &OperationRef, file: &Path) -> Result<(), ()> {
    let Ok(targets) = gm.attribute("targets") else {
        return Err(());
    };
    let text = targets.to_string();
    let quoted = format!("{:?}", file.display().to_string());
    if text.contains(&quoted) {
        return Ok(());
    }
    // Each `#nvvm.target<...>` gets `link = [...]`, or one more entry in it.
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("#nvvm.target<") {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let Some(end) = matching_close(from, "#nvvm.target".len()) else {
            break;
        };
        let body = &from["#nvvm.target<".len()..end];
        let new_body = if let Some(pos) = body.find("link = [") {
            let at = pos + "link = [".len();
            format!("{}{quoted}, {}", &body[..at], &body[at..])
        } else if body.trim().is_empty() {
            format!("link = [{quoted}]")
        } else {
            format!("{body}, link = [{quoted}]")
        };
        out.push_str(&format!("#nvvm.target<{new_body}>"));
        rest = &from[end + 1..];
    }
    out.push_str(rest);
    let Some(attr) = ir::parse_attribute(ir::op_context(gm), &out) else {
        ir::emit_op_error(gm, &format!("cannot add libdevice to the targets {text}"));
        return Err(());
    };
    ir::set_attribute(gm, "targets", attr);
    Ok(())
}

/// The index of the `>` closing the `<` at `open` in `s`.
fn matching_close(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let bytes = s.as_bytes();
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'<' if !in_string => depth += 1,
            b'>' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::matching_close;

    #[test]
    fn finds_the_closing_bracket() {
        let s =
            r#"#nvvm.target<chip = "sm_90a", features = "<x>", flags = {a = array<i32: 1>}>, z"#;
        let end = matching_close(s, "#nvvm.target".len()).unwrap();
        assert_eq!(&s[end + 1..], ", z");
    }
}
