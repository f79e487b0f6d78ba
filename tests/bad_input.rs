//! Fuzz-style robustness test: mutated pallas programs must never crash
//! stock `mlir-opt` with the plugin loaded. Every run has to end normally
//! with exit code 0, or 1 with an `error:` diagnostic on stderr.
//!
//! Seeds: examples/*.mlir, test/Dialect/Pallas/*.mlir (split at `// -----`,
//! comment lines dropped) and two built-in kernels. The mutations are drawn
//! from a fixed-seed generator, so every run tests the same mutants.
//! Set PALLAS_FUZZ_COUNT to change the number of mutants (default 200) and
//! PALLAS_FUZZ_SEED to explore other ones. Failing mutants are written to
//! target/bad_input/ for reproduction.

mod common;
use common::plugin_path;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";
const TIMEOUT: Duration = Duration::from_secs(60);

const SEED_ADD: &str = r#"pallas.kernel @add grid(8) semantics(parallel)
    ins(%x: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>,
        %y: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
  %b = pallas.load %y[0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
  %c = arith.addf %a, %b : vector<128x128xf32>
  pallas.store %c, %o[0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32>
  pallas.return
}
func.func @host(%x: memref<1024x128xf32>, %y: memref<1024x128xf32>, %o: memref<1024x128xf32>) {
  pallas.call @add(%x, %y, %o) : (memref<1024x128xf32>, memref<1024x128xf32>, memref<1024x128xf32>) -> ()
  return
}
"#;

const SEED_GATHER: &str = r#"pallas.index_map @rows(%i: i32, %j: i32, %ids: memref<4xi32>) -> (i32, i32) {
  %ii = arith.index_cast %i : i32 to index
  %b = memref.load %ids[%ii] : memref<4xi32>
  pallas.yield %b, %j : i32, i32
}
pallas.kernel @gather grid(4, 2) names("i", "j") semantics(parallel, arbitrary)
    prefetch(%ids: memref<4xi32>)
    ins(%x: memref<64x256xf32> block [16, 128] map @rows,
        %v: memref<4x256xf32> block [squeezed, 128] map affine_map<(i, j) -> (i, j)> in vmem buffers 2)
    outs(%o: memref<64x256xf32> block [16, 128] map affine_map<(i, j) -> (i, j)>)
    scratch(%acc: memref<16x128xf32, #pallas.memory_space<vmem>>) {
  %j = pallas.program_id 1
  %n = pallas.num_programs 1
  %a = pallas.load %x[0:16, 0:128] : memref<16x128xf32> -> vector<16x128xf32>
  %r = pallas.load %v[0:128] : memref<128xf32, #pallas.memory_space<vmem>> -> vector<128xf32>
  %rb = vector.broadcast %r : vector<128xf32> to vector<16x128xf32>
  %s = arith.addf %a, %rb : vector<16x128xf32>
  pallas.store %s, %acc[0:16, 0:128] : vector<16x128xf32>, memref<16x128xf32, #pallas.memory_space<vmem>>
  pallas.store %s, %o[0:16, 0:128] : vector<16x128xf32>, memref<16x128xf32>
  pallas.return
}
func.func @host(%ids: memref<4xi32>, %x: memref<64x256xf32>, %v: memref<4x256xf32>, %o: memref<64x256xf32>) {
  pallas.call @gather(%ids, %x, %v, %o) : (memref<4xi32>, memref<64x256xf32>, memref<4x256xf32>, memref<64x256xf32>) -> ()
  return
}
"#;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    files.sort();
    files
}

/// Seed programs: one per `// -----` chunk, comment lines removed.
fn seeds() -> Vec<(String, String)> {
    let mut seeds = vec![
        ("builtin:add".to_string(), SEED_ADD.to_string()),
        ("builtin:gather".to_string(), SEED_GATHER.to_string()),
    ];
    for dir in ["examples", "test/Dialect/Pallas"] {
        for file in mlir_files(&manifest().join(dir)) {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let rel = file
                .strip_prefix(manifest())
                .unwrap_or(&file)
                .display()
                .to_string();
            for (i, chunk) in text.split("// -----").enumerate() {
                let body: String = chunk
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                if body.contains("pallas.") {
                    seeds.push((format!("{rel}#{i}"), body));
                }
            }
        }
    }
    seeds
}

/// Byte ranges of maximal runs of ASCII digits.
fn number_spans(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

fn find_all(s: &str, needle: &str) -> Vec<usize> {
    s.match_indices(needle).map(|(i, _)| i).collect()
}

/// Applies one mutation; returns its description and the mutant, or None
/// when the mutation does not apply to this text.
fn mutate(rng: &mut Rng, text: &str) -> Option<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    match rng.below(10) {
        // Drop a line.
        0 => {
            let i = rng.below(lines.len());
            let mut out = lines.clone();
            out.remove(i);
            Some((format!("drop line {}", i + 1), out.join("\n")))
        }
        // Change a number.
        1 | 2 => {
            let spans = number_spans(text);
            let &(a, b) = spans.get(rng.below(spans.len()))?;
            let repl = *rng.pick(&[
                "0",
                "1",
                "2",
                "3",
                "7",
                "-1",
                "-8",
                "1023",
                "4096",
                "65536",
                "2147483648",
                "9223372036854775807",
                "99999999999999999999999",
                "1.5",
            ]);
            Some((
                format!("number `{}` -> `{repl}` at {a}", &text[a..b]),
                format!("{}{repl}{}", &text[..a], &text[b..]),
            ))
        }
        // Swap a type.
        3 => {
            let types = [
                "f32", "i32", "f16", "bf16", "i1", "i8", "index", "i64", "f64",
            ];
            let from = *rng.pick(&types);
            let hits = find_all(text, from);
            let &at = hits.get(rng.below(hits.len()))?;
            let to = *rng.pick(&types);
            Some((
                format!("type {from} -> {to} at {at}"),
                format!("{}{to}{}", &text[..at], &text[at + from.len()..]),
            ))
        }
        // Change a block dim list.
        4 => {
            let hits = find_all(text, "block [");
            let &at = hits.get(rng.below(hits.len()))?;
            let open = at + "block ".len();
            let close = open + text[open..].find(']')?;
            let dims = [
                "",
                "8",
                "squeezed",
                "0",
                "-1",
                "100000",
                "element(8)",
                "element(4, pad = [1, 1])",
                "bounded(8)",
                "bounded(0)",
                "3",
                "element(8, pad = [-1, 2])",
            ];
            let n = rng.below(5);
            let list: Vec<&str> = (0..n).map(|_| *rng.pick(&dims)).collect();
            let list = list.join(", ");
            Some((
                format!("block dims [{}] -> [{list}]", &text[open + 1..close]),
                format!("{}[{list}]{}", &text[..open], &text[close + 1..]),
            ))
        }
        // Delete an operand (a `%name` use or definition, with its comma).
        5 => {
            let hits = find_all(text, "%");
            let &at = hits.get(rng.below(hits.len()))?;
            let len = text[at + 1..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(text.len() - at - 1);
            let mut end = at + 1 + len;
            if text[end..].starts_with(", ") {
                end += 2;
            }
            Some((
                format!("delete operand `{}`", &text[at..end]),
                format!("{}{}", &text[..at], &text[end..]),
            ))
        }
        // Drop an attribute-like clause of the kernel syntax.
        6 => {
            let clauses = [
                "semantics(",
                "names(",
                "prefetch(",
                "scratch(",
                "aliases(",
                "grid(",
                "ins(",
                "outs(",
                " in vmem",
                " buffers 2",
                " map ",
                "{transpose_rhs}",
            ];
            let clause = *rng.pick(&clauses);
            let &at = find_all(text, clause).first()?;
            let end = if clause.ends_with('(') {
                // up to the matching parenthesis
                let mut depth = 0i32;
                let mut end = None;
                for (i, c) in text[at..].char_indices() {
                    match c {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                end = Some(at + i + 1);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end?
            } else {
                at + clause.len()
            };
            Some((
                format!("drop `{}`", &text[at..end].lines().next().unwrap_or("")),
                format!("{}{}", &text[..at], &text[end..]),
            ))
        }
        // Truncate.
        7 => {
            let mut at = rng.below(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            Some((format!("truncate at byte {at}"), text[..at].to_string()))
        }
        // Duplicate a line (redefinitions, double terminators).
        8 => {
            let i = rng.below(lines.len());
            let mut out = lines.clone();
            out.insert(i, lines[i]);
            Some((format!("duplicate line {}", i + 1), out.join("\n")))
        }
        // Swap two lines (use before def, ops out of their region).
        _ => {
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            let mut out = lines.clone();
            out.swap(i, j);
            Some((
                format!("swap lines {} and {}", i + 1, j + 1),
                out.join("\n"),
            ))
        }
    }
}

struct Outcome {
    code: Option<i32>,
    signal: Option<i32>,
    stderr: String,
    timed_out: bool,
}

fn run_mlir_opt(plugin: &Path, input: &Path, pipeline: Option<&str>) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    let mut cmd = Command::new(MLIR_OPT);
    cmd.arg(format!("--load-dialect-plugin={}", plugin.display()))
        .arg(format!("--load-pass-plugin={}", plugin.display()));
    if let Some(p) = pipeline {
        cmd.arg("-p").arg(p);
    }
    let mut child = cmd
        .arg(input)
        .arg("-o")
        .arg("/dev/null")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mlir-opt");
    let mut stderr_pipe = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr_pipe.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = reader.join().unwrap_or_default();
    match status {
        Some(s) => Outcome {
            code: s.code(),
            signal: s.signal(),
            stderr,
            timed_out: false,
        },
        None => Outcome {
            code: None,
            signal: None,
            stderr,
            timed_out: true,
        },
    }
}

#[test]
fn mutated_inputs_never_crash_mlir_opt() {
    let plugin = plugin_path();
    let count: usize = std::env::var("PALLAS_FUZZ_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed: u64 = std::env::var("PALLAS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng(seed | 1);
    let seeds = seeds();
    // Mutants of valid programs reach the verifiers and the lowering; those
    // of the invalid ones (test/Dialect/Pallas/invalid*.mlir) mostly the
    // parser. Draw 4 in 5 mutants from the valid seeds.
    let valid: Vec<usize> = (0..seeds.len())
        .filter(|&i| {
            let file =
                std::env::temp_dir().join(format!("pallas-seed-{}-{i}.mlir", std::process::id()));
            std::fs::write(&file, &seeds[i].1).expect("write seed");
            let out = run_mlir_opt(&plugin, &file, None);
            let _ = std::fs::remove_file(&file);
            out.code == Some(0)
        })
        .collect();
    assert!(
        !valid.is_empty(),
        "no seed program verifies; the built-in ones should"
    );
    let work = manifest().join("target/bad_input");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("create target/bad_input");

    let (mut ran, mut ok, mut diagnosed, mut attempts) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    while ran < count && attempts < count * 20 {
        attempts += 1;
        let pick = if rng.below(5) < 4 {
            valid[rng.below(valid.len())]
        } else {
            rng.below(seeds.len())
        };
        let (seed_name, text) = &seeds[pick];
        // Mostly one mutation (to reach the verifiers and the lowering),
        // sometimes two or three stacked.
        let mut mutant = text.clone();
        let mut what = Vec::new();
        let n = if rng.below(10) < 6 {
            1
        } else {
            2 + rng.below(2)
        };
        for _ in 0..n {
            if let Some((desc, next)) = mutate(&mut rng, &mutant) {
                what.push(desc);
                mutant = next;
            }
        }
        if what.is_empty() || mutant == *text {
            continue;
        }
        ran += 1;
        let file = work.join(format!("mutant-{ran:04}.mlir"));
        std::fs::write(
            &file,
            format!(
                "// seed: {seed_name}\n// mutations: {}\n{mutant}",
                what.join("; ")
            ),
        )
        .expect("write mutant");
        // Every mutant runs the lowering; every other one also only parses
        // and verifies.
        let mut kept = false;
        for pipeline in [None, Some("builtin.module(convert-pallas-to-scf)")] {
            if pipeline.is_none() && ran % 2 == 1 {
                continue;
            }
            let out = run_mlir_opt(&plugin, &file, pipeline);
            let mode = pipeline.unwrap_or("parse+verify");
            let problem = if out.timed_out {
                Some(format!("timed out after {TIMEOUT:?}"))
            } else if let Some(sig) = out.signal {
                Some(format!("killed by signal {sig}"))
            } else {
                match out.code {
                    Some(0) => {
                        ok += 1;
                        None
                    }
                    Some(1) if out.stderr.contains("error:") => {
                        diagnosed += 1;
                        None
                    }
                    Some(1) => Some("exit code 1 without an `error:` diagnostic".to_string()),
                    other => Some(format!("exit code {other:?}")),
                }
            };
            if let Some(problem) = problem {
                kept = true;
                let tail: String = out
                    .stderr
                    .lines()
                    .rev()
                    .take(6)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join("\n    ");
                failures.push(format!(
                    "{} [{mode}]: {problem}\n    seed {seed_name}; {}\n    {tail}",
                    file.display(),
                    what.join("; ")
                ));
            }
        }
        if !kept {
            let _ = std::fs::remove_file(&file);
        }
    }
    println!(
        "bad_input: {ran} mutants from {} seeds ({} valid); {ok} runs accepted, {diagnosed} diagnosed, {} failed",
        seeds.len(),
        valid.len(),
        failures.len()
    );
    assert!(ran >= count.min(50), "only {ran} mutants could be made");
    assert!(
        failures.is_empty(),
        "{} mlir-opt runs ended badly (mutants kept in {}):\n{}",
        failures.len(),
        work.display(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
