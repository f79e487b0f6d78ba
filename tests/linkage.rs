//! The one linking rule of an MLIR plugin: share MLIR's C++ core with the
//! host (`libMLIR.so.22.1` is NEEDED) and carry no private copy of it (no
//! defined `mlir::MLIRContext` symbols), while exporting only our own C API.

mod common;
use common::plugin_path;
use std::process::Command;

/// Runs `tool args... plugin`, falling back to the llvm-22 spelling
/// (`llvm-readelf`, `llvm-nm`) when binutils are absent.
fn tool_output(tool: &str, args: &[&str]) -> String {
    let plugin = plugin_path();
    let candidates = [
        tool.to_string(),
        format!("/usr/lib/llvm-22/bin/llvm-{tool}"),
    ];
    for exe in &candidates {
        if let Ok(out) = Command::new(exe).args(args).arg(&plugin).output() {
            assert!(
                out.status.success(),
                "{exe} {args:?} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return String::from_utf8_lossy(&out.stdout).into_owned();
        }
    }
    panic!("neither {candidates:?} could be run");
}

#[test]
fn links_shared_libmlir() {
    let dynamic = tool_output("readelf", &["-d"]);
    let needed: Vec<&str> = dynamic.lines().filter(|l| l.contains("(NEEDED)")).collect();
    assert!(
        needed.iter().any(|l| l.contains("[libMLIR.so.22.1]")),
        "libMLIR.so.22.1 is not NEEDED:\n{}",
        needed.join("\n")
    );
}

#[test]
fn carries_no_private_mlir_core() {
    let symbols = tool_output("nm", &["-C"]);
    let private: Vec<&str> = symbols
        .lines()
        .filter(|l| {
            // "ADDR T mlir::MLIRContext::..." is an out-of-line definition
            // of the core; local `t` template instantiations from MLIR's
            // headers (getOrLoadDialect<...> lambdas) are expected.
            let mut parts = l.splitn(3, ' ');
            let (_, kind, name) = (parts.next(), parts.next(), parts.next());
            kind == Some("T") && name.is_some_and(|n| n.starts_with("mlir::MLIRContext"))
        })
        .take(10)
        .collect();
    assert!(
        private.is_empty(),
        "the plugin defines MLIRContext itself (a private MLIR core):\n{}",
        private.join("\n")
    );
}

#[test]
fn exports_only_the_rust_c_api() {
    // rustc's version script hides the static C-API archives: clients link
    // those themselves, and two copies of mlirContextCreate never clash.
    let dynsyms = tool_output("nm", &["-D", "--defined-only"]);
    let exported: Vec<&str> = dynsyms
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    for name in [
        "mlirGetDialectPluginInfo",
        "mlirGetPassPluginInfo",
        "mlirGetDialectHandle__pallas__",
        "mlirGetDialectHandle__mosaic_gpu__",
        "pallasRegisterAllDialects",
        "pallasRegisterAllPasses",
        "mlirCreatePallasConvertPallasToScf",
    ] {
        assert!(exported.contains(&name), "{name} is not exported");
    }
    for name in ["mlirContextCreate", "mlirOperationPrint"] {
        assert!(
            !exported.contains(&name),
            "MLIR C API symbol {name} is exported"
        );
    }
}
