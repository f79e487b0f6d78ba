//! Builds the C++ half of the plugin: ODS code generation with mlir-tblgen,
//! the thin C++ shims (dialect, pass class, conversion driver), bindgen
//! bindings for `include/pallas-mlir-c/Bridge.h`, and the link set-up for a
//! plugin that shares `libMLIR.so` with `mlir-opt` (see docs/toolchain in
//! README): libMLIR dynamic, only the C-API archives static.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// C-API archives linked statically. mlir-opt does not carry the C API and
/// libMLIR.so does not export it, so the plugin brings the ones it calls.
const CAPI_ARCHIVES: &[&str] = &[
    "MLIRCAPIIR",
    "MLIRCAPITransforms",
    "MLIRCAPIInterfaces",
    "MLIRCAPIArith",
    "MLIRCAPIFunc",
    "MLIRCAPISCF",
    "MLIRCAPIMemRef",
    "MLIRCAPIMath",
    "MLIRCAPIVector",
    "MLIRCAPIControlFlow",
    "MLIRCAPILLVM",
    "MLIRCAPIGPU",
    "MLIRCAPINVVM",
];

/// The ODS dialects: (root .td under include/, output directory and file
/// prefix under OUT_DIR/gen). C++ includes them as `<dir>/<Prefix>Ops.h.inc`.
const DIALECTS: &[(&str, &str, &str)] = &[
    ("pallas/Dialect/Pallas/Pallas.td", "pallas", "Pallas"),
    ("pallas/Dialect/TPU/TPU.td", "tpu", "TPU"),
    (
        "pallas/Dialect/MosaicGPU/MosaicGPU.td",
        "mosaic_gpu",
        "MosaicGPU",
    ),
];

/// Attribute interfaces: (.td under include/ that defines them, output
/// directory, file prefix). mlir-tblgen emits only the interfaces of its main
/// file, so they are generated from the defining file itself, as
/// `<dir>/<Prefix>AttrInterfaces.{h,cpp}.inc`.
const ATTR_INTERFACES: &[(&str, &str, &str)] = &[(
    "pallas/Dialect/MosaicGPU/MosaicGPUAttrs.td",
    "mosaic_gpu",
    "MosaicGPU",
)];

/// mlir-tblgen generators and the file each writes, after the prefix.
const TBLGEN_OUTPUTS: &[(&str, &str)] = &[
    ("--gen-dialect-decls", "Dialect.h.inc"),
    ("--gen-dialect-defs", "Dialect.cpp.inc"),
    ("--gen-op-decls", "Ops.h.inc"),
    ("--gen-op-defs", "Ops.cpp.inc"),
    ("--gen-attrdef-decls", "Attrs.h.inc"),
    ("--gen-attrdef-defs", "Attrs.cpp.inc"),
    ("--gen-typedef-decls", "Types.h.inc"),
    ("--gen-typedef-defs", "Types.cpp.inc"),
    ("--gen-enum-decls", "Enums.h.inc"),
    ("--gen-enum-defs", "Enums.cpp.inc"),
];

fn llvm_prefix() -> PathBuf {
    env::var("MLIR_SYS_220_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("/usr/lib/llvm-22"))
}

fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    if !out.status.success() {
        panic!(
            "{cmd:?} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn main() {
    let prefix = llvm_prefix();
    let llvm_include = prefix.join("include");
    let llvm_lib = prefix.join("lib");
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let include = manifest.join("include");

    println!("cargo:rerun-if-changed=include");
    println!("cargo:rerun-if-changed=src/cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    // 1. ODS -> C++.
    let gen_dir = out_dir.join("gen");
    let tblgen = prefix.join("bin/mlir-tblgen");
    for (td, dir, file_prefix) in DIALECTS {
        let dest = gen_dir.join(dir);
        fs::create_dir_all(&dest).unwrap();
        for (flag, file) in TBLGEN_OUTPUTS {
            run(Command::new(&tblgen)
                .arg(flag)
                .arg("-I")
                .arg(&include)
                .arg("-I")
                .arg(&llvm_include)
                .arg(include.join(td))
                .arg("-o")
                .arg(dest.join(format!("{file_prefix}{file}"))));
        }
    }

    for (td, dir, file_prefix) in ATTR_INTERFACES {
        for (flag, file) in [
            ("--gen-attr-interface-decls", "AttrInterfaces.h.inc"),
            ("--gen-attr-interface-defs", "AttrInterfaces.cpp.inc"),
        ] {
            run(Command::new(&tblgen)
                .arg(flag)
                .arg("-I")
                .arg(&include)
                .arg("-I")
                .arg(&llvm_include)
                .arg(include.join(td))
                .arg("-o")
                .arg(gen_dir.join(dir).join(format!("{file_prefix}{file}"))));
        }
    }

    // 2. The C++ shims.
    let cxxflags = run(Command::new(prefix.join("bin/llvm-config")).arg("--cxxflags"));
    // libMLIR.so is built with clang: TypeIDs of templates (op traits such as
    // SymbolTable) are keyed by the compiler's spelling of the type name, so
    // the shims must be compiled by the same compiler to agree with mlir-opt.
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .compiler(prefix.join("bin/clang++"))
        .include(&include)
        .include(&gen_dir)
        .include(manifest.join("src/cpp"))
        .include(&llvm_include)
        .define("NDEBUG", None)
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .warnings(false);
    for flag in cxxflags.split_whitespace() {
        if flag.starts_with("-I") || flag.starts_with("-O") || flag == "-g" {
            continue;
        }
        build.flag(flag);
    }
    let mut opt_main = build.clone();
    build
        .file("src/cpp/PallasDialect.cpp")
        .file("src/cpp/TPUDialect.cpp")
        .file("src/cpp/MosaicGPUDialect.cpp")
        .file("src/cpp/Passes.cpp")
        .file("src/cpp/Conversion.cpp")
        .compile("pallas_mlir_cpp");
    // The mlir-opt driver only goes into the pallas-opt binary.
    opt_main
        .file("src/cpp/OptMain.cpp")
        .cargo_metadata(false)
        .compile("pallas_opt_main");
    println!(
        "cargo:rustc-link-arg-bins={}",
        out_dir.join("libpallas_opt_main.a").display()
    );

    // 3. Linking against MLIR 22.
    println!("cargo:rustc-link-search=native={}", llvm_lib.display());
    for archive in CAPI_ARCHIVES {
        println!("cargo:rustc-link-lib=static={archive}");
    }
    println!("cargo:rustc-link-lib=dylib=MLIR");
    println!("cargo:rustc-link-lib=dylib=LLVM-22");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", llvm_lib.display());
    // mlir-sys in shared mode asks for libMLIR-C, which Debian does not ship:
    // an empty archive satisfies it (the C API comes from the archives above).
    write_empty_archive(&out_dir.join("libMLIR-C.a"));
    println!("cargo:rustc-link-search=native={}", out_dir.display());

    // 4. Rust bindings for the bridge.
    let bindings = bindgen::Builder::default()
        .header(include.join("pallas-mlir-c/Bridge.h").to_string_lossy())
        .clang_arg(format!("-I{}", include.display()))
        .clang_arg(format!("-I{}", llvm_include.display()))
        .allowlist_function("pallas.*")
        .allowlist_function("mlirGetDialectHandle__pallas_impl__")
        .allowlist_function("mlirGetDialectHandle__tpu_impl__")
        .allowlist_function("mlirGetDialectHandle__mosaic_gpu_impl__")
        .allowlist_function("mosaicGpu[A-Z].*")
        .allowlist_type("MosaicGpu.*")
        .allowlist_var("MosaicGpu.*")
        .allowlist_function("tpu[A-Z].*")
        .allowlist_type("Pallas.*")
        .allowlist_var("Pallas.*")
        .allowlist_type("Tpu.*")
        .allowlist_var("Tpu.*")
        .blocklist_type("Mlir.*")
        .raw_line("use mlir_sys::*;")
        .prepend_enum_name(false)
        .layout_tests(false)
        .generate()
        .expect("bindgen on Bridge.h");
    bindings
        .write_to_file(out_dir.join("bridge.rs"))
        .expect("write bridge.rs");
}

fn write_empty_archive(path: &Path) {
    fs::write(path, b"!<arch>\n").expect("write empty archive");
}
