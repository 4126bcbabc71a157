#!/usr/bin/env bash
# The kiln command line's contract: --version, --help, `-` for standard input, exit status 1
# with a located error on bad input, print's output parsing back, and kiln run's outputs (of
# every process on a grid), kiln bench's and kiln tune's argument errors, kiln tune --history,
# kiln report's page and errors.
# Usage: cli_test.sh KILN SOURCE_DIR
set -uo pipefail
kiln=$1
src=$2
fail() { echo "FAIL: $*"; exit 1; }
"$kiln" --version | grep -q '^kiln [0-9]' || fail "--version"
"$kiln" --help | grep -q 'print' || fail "--help lists print"
"$kiln" print "$src/examples/mlp.mlir" > /tmp/kiln_cli_$$.mlir || fail "print example"
"$kiln" print - < /tmp/kiln_cli_$$.mlir > /tmp/kiln_cli2_$$.mlir || fail "print from stdin"
cmp -s /tmp/kiln_cli_$$.mlir /tmp/kiln_cli2_$$.mlir || fail "print is not a fixed point"
rm -f /tmp/kiln_cli_$$.mlir /tmp/kiln_cli2_$$.mlir
err=$("$kiln" print "$src/tests/bad/undefined_value.mlir" 2>&1 >/dev/null); status=$?
[[ $status -eq 1 ]] || fail "bad input exits 1 (got $status)"
[[ $err == *"undefined_value.mlir:3:10: error: use of undeclared SSA value"* ]] || fail "located error: $err"
[[ $err == *"^"* ]] || fail "caret in: $err"
err=$("$kiln" print /nonexistent.mlir 2>&1); [[ $err == *"cannot open /nonexistent.mlir"* ]] || fail "missing file"
printf 'func.func @main() -> () {\n  return\n}\n// -----\nfunc.func @main() -> () {\n  return\n}\n' |
  "$kiln" print --split-input-file - | grep -c 'func.func' | grep -q 2 || fail "--split-input-file"
# kiln run: outputs, and clear errors naming the argument or function.
ex="$src/examples/mlp"
inputs=()
for i in 0 1 2 3 4 5 6; do inputs+=(--input "$ex/in$i.npy"); done
out=$(mktemp -d)
"$kiln" run "$src/examples/mlp.mlir" "${inputs[@]}" --out "$out" >/dev/null || fail "run example"
[[ -s $out/out0.npy ]] || fail "run writes out0.npy"
json=$("$kiln" run "$src/examples/mlp.mlir" "${inputs[@]}" --time --iters 2 --json) || fail "run --json"
[[ $json == *'"time_ms"'* && $json == *'"median"'* ]] || fail "run --json has the timing: $json"
timing=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 3 --time --iters 2 --backend cpu) || fail "random inputs"
[[ $timing =~ ^time:\ median\ [0-9.]+\ ms,\ min\ [0-9.]+\ ms,\ max\ [0-9.]+\ ms,\ n\ 2$ ]] || fail "time line: $timing"
err=$("$kiln" run "$src/examples/mlp.mlir" --input "$ex/in0.npy" 2>&1); [[ $? -eq 1 && $err == *"takes 7 arguments but 1 --input"* ]] || fail "input count: $err"
swapped=("${inputs[@]}"); swapped[1]="$ex/in1.npy"
err=$("$kiln" run "$src/examples/mlp.mlir" "${swapped[@]}" 2>&1); [[ $? -eq 1 && $err == *"argument 0 (tensor<16x32xf32>)"* && $err == *"shape (32,)"* ]] || fail "input shape: $err"
err=$("$kiln" run "$src/examples/mlp.mlir" --entry nowhere --random-inputs 1 2>&1); [[ $? -eq 1 && $err == *"no function @nowhere"* ]] || fail "missing entry: $err"
printf 'func.func @main() -> tensor<100000000000xf32> {\n  %%0 = stablehlo.constant dense<1.0> : tensor<100000000000xf32>\n  return %%0 : tensor<100000000000xf32>\n}\n' > "$out/huge.mlir"
err=$("$kiln" run "$out/huge.mlir" --backend cpu 2>&1); [[ $? -eq 1 && $err == *"too large to allocate"* ]] || fail "huge tensor: $err"
# The cuda backend compiles it (a kernel writes the splat; no GPU needed) and, on a GPU, fails
# to allocate its 400 GB in words; without one, says so.
"$kiln" compile --backend cuda "$out/huge.mlir" -o "$out/huge.kiln" 2>/dev/null || fail "compile a huge splat for cuda"
err=$("$kiln" run "$out/huge.kiln" 2>&1); status=$?
[[ $status -eq 1 && ($err == *"allocating 400000000000 bytes"* || $err == *"GPU"* || $err == *"CUDA"*) ]] ||
  fail "a huge splat on the cuda backend: $status $err"
# Files: a directory, a file past the 1 GiB program limit (sparse, so the test writes nothing),
# a device that never ends; an .npy input longer than its type allows.
err=$("$kiln" print "$src/examples" 2>&1); [[ $? -eq 1 && $err == *"examples is a directory"* ]] || fail "print DIR: $err"
err=$("$kiln" run "$src/examples" 2>&1); [[ $? -eq 1 && $err == *"examples is a directory"* ]] || fail "run DIR: $err"
big=$(mktemp); truncate -s $(( (1 << 30) + 1 )) "$big"
err=$("$kiln" print "$big" 2>&1); [[ $? -eq 1 && $err == *"input too large (more than 1 GiB)"* ]] || fail "huge file: $err"
rm -f "$big"
err=$("$kiln" run "$src/examples/mlp.mlir" --input /dev/zero "${inputs[@]:2}" 2>&1)
[[ $? -eq 1 && $err == *"/dev/zero: input too large"* ]] || fail "npy from /dev/zero: $err"
err=$("$kiln" run "$src/examples/mlp.mlir" --input "$src/examples" "${inputs[@]:2}" 2>&1)
[[ $? -eq 1 && $err == *"is a directory"* ]] || fail "npy DIR: $err"
# Numbers out of range are errors in words, each naming its flag.
expect_flag_error() {  # FLAG VALUE WORDS
  local err
  err=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 1 "$1" "$2" 2>&1)
  [[ $? -ne 0 && $err == *"$1"* && $err == *"$3"* && $err != *"e+308"* ]] || fail "$1 $2: $err"
}
expect_flag_error --iters 0 "must be a whole number from 1 to 1000000 (got '0')"
expect_flag_error --iters -3 "must be a whole number from 1 to 1000000"
expect_flag_error --iters 2.5 "must be a whole number from 1 to 1000000"
expect_flag_error --warmup -1 "must be a whole number from 0 to 1000000"
expect_flag_error --num-replicas 0 "must be a whole number from 1 to 1024 (got '0')"
expect_flag_error --num-replicas -2 "must be a whole number from 1 to 1024"
expect_flag_error --num-replicas 4000000 "must be a whole number from 1 to 1024"
expect_flag_error --num-partitions 1025 "must be a whole number from 1 to 1024 (got '1025')"
expect_flag_error --num-partitions x "must be a whole number from 1 to 1024"
expect_flag_error --random-inputs -1 "must be a whole number from 0 to 18446744073709551615"
expect_flag_error --timeout 0 "must be a number of seconds above 0"
expect_flag_error --timeout nan "must be a number of seconds above 0"
expect_flag_error --out "" "must name a folder, not an empty string"
err=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 1 --backend cpu --num-replicas 64 --num-partitions 64 2>&1)
[[ $? -eq 1 && $err == *"simulates at most 1024 processes"* ]] || fail "grid of 4096: $err"
# --timeout stops a while loop that never ends, with a located message and exit status 1.
cat > "$out/forever.mlir" <<'EOF'
func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %zero) : tensor<i64>
    cond {
      %t = stablehlo.compare EQ, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %n = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %n : tensor<i64>
    }
  return %r : tensor<i64>
}
EOF
start=$SECONDS
err=$("$kiln" run "$out/forever.mlir" --backend cpu --timeout 0.5 2>&1); status=$?
[[ $status -eq 1 && $err == *"forever.mlir:3:"*"run stopped: it took longer than its time limit of 0.5 s"* ]] ||
  fail "--timeout: $status $err"
(( SECONDS - start < 30 )) || fail "--timeout 0.5 took $((SECONDS - start)) s"
# The cuda backend cannot stop a device loop: it refuses a time limit in words (no GPU needed).
err=$("$kiln" run "$out/forever.mlir" --backend cuda --timeout 0.5 2>&1); status=$?
[[ $status -eq 1 && ($err == *"cannot stop a running program"* || $err == *"without CUDA"*) ]] ||
  fail "--timeout on cuda: $status $err"
# kiln run on a 2x2 process grid: process 0's outputs in DIR, every process k's in DIR/p<k>.
cat > "$out/grid.mlir" <<'EOF'
func.func @main() -> (tensor<2xf32>, tensor<ui32>, tensor<ui32>) {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %sum = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %replica = stablehlo.replica_id : tensor<ui32>
  %partition = stablehlo.partition_id : tensor<ui32>
  func.return %sum, %replica, %partition : tensor<2xf32>, tensor<ui32>, tensor<ui32>
}
EOF
printed=$("$kiln" run "$out/grid.mlir" --backend cpu --num-replicas 2 --num-partitions 2 --out "$out/grid" --print) || fail "run on a grid"
for k in 0 1 2 3; do
  for i in 0 1 2; do [[ -s $out/grid/p$k/out$i.npy ]] || fail "grid run writes p$k/out$i.npy"; done
done
for i in 0 1 2; do cmp -s "$out/grid/out$i.npy" "$out/grid/p0/out$i.npy" || fail "out$i.npy is process 0's"; done
cmp -s "$out/grid/p0/out2.npy" "$out/grid/p1/out2.npy" && fail "p1/out2.npy holds process 1's partition id"
cmp -s "$out/grid/p1/out1.npy" "$out/grid/p2/out1.npy" && fail "p2/out1.npy holds process 2's replica id"
[[ $printed == *"p0/out0 = dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>"* &&
   $printed == *"p2/out1 = dense<1> : tensor<ui32>"* && $printed == *"p2/out2 = dense<0> : tensor<ui32>"* &&
   $printed == *"p3/out1 = dense<1> : tensor<ui32>"* && $printed == *"p3/out2 = dense<1> : tensor<ui32>"* ]] ||
  fail "grid --print labels each process's outputs: $printed"
# The same grid on the cuda backend (each process on its own device state): on a GPU, every
# process's outputs equal the cpu backend's; without one, an error in words.
err=$("$kiln" run "$out/grid.mlir" --backend cuda --num-replicas 2 --num-partitions 2 --out "$out/grid_cuda" 2>&1); status=$?
if [[ $status -eq 0 ]]; then
  for k in 0 1 2 3; do
    for i in 0 1 2; do
      cmp -s "$out/grid/p$k/out$i.npy" "$out/grid_cuda/p$k/out$i.npy" || fail "cuda grid p$k/out$i.npy differs from cpu's"
    done
  done
else
  [[ $status -eq 1 && ($err == *"GPU"* || $err == *"CUDA"*) ]] || fail "grid on cuda without a GPU: $status $err"
fi
rm -rf "$out"
# kiln run --validate compares with the cpu backend (the interpreter); --profile is the cuda
# backend's: an error in words elsewhere, and without a GPU (or CUDA), never a crash.
validated=$("$kiln" run "$src/examples/mlp.mlir" "${inputs[@]}" --backend cpu --validate) || fail "run --validate"
[[ $validated == *"validate against cpu: outputs match"* ]] || fail "--validate line: $validated"
json=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 5 --backend cpu --validate --json) || fail "run --validate --json"
[[ $json == *'"validate":{"message":"outputs match'* && $json == *'"passed":true'* ]] || fail "--validate json: $json"
# --validate=all: every fusion's output too (the cpu backend against itself here; the GPU suite
# runs it on the cuda backend).
all=$("$kiln" run "$src/tests/jax/programs/gpt2_block.mlir" --random-inputs 2 --backend cpu --validate=all) ||
  fail "run --validate=all"
[[ $all == *"validate every fusion: all "*" fusion outputs match"* ]] || fail "--validate=all line: $all"
err=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 2 --validate=some 2>&1) && fail "--validate=some ran"
[[ $err == *"--validate: some not in {outputs,all}"* ]] || fail "--validate=some: $err"
err=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 1 --backend cpu --profile 2>&1)
[[ $? -eq 1 && $err == *"kiln run --profile: profiling is for the cuda backend (cpu was asked for)"* ]] || fail "--profile on cpu: $err"
err=$("$kiln" run "$src/examples/mlp.mlir" --random-inputs 1 --backend cuda --profile 2>&1); status=$?
if [[ $status -eq 0 ]]; then
  [[ $err == *"profile: "*" steps, "* && $err == *"total: "* ]] || fail "--profile on a GPU: $err"
else
  [[ $status -eq 1 && $err == "kiln run --profile: "* && ($err == *"no GPU"* || $err == *"without CUDA"*) ]] ||
    fail "--profile without a GPU: $status $err"
fi
# kiln bench: the kernel list and the argument errors come before any GPU is needed.
if "$kiln" bench --list >/dev/null 2>&1; then
  "$kiln" bench --list | grep -q '^softmax ' || fail "bench --list names softmax"
  err=$("$kiln" bench exp,no_such_kernel 2>&1)
  [[ $? -eq 2 && $err == *"no_such_kernel"* ]] || fail "bench names the unknown kernel: $err"
  err=$("$kiln" bench --program /no/such/program.mlir 2>&1)
  [[ $? -eq 2 && $err == *"/no/such/program.mlir"* ]] || fail "bench --program names a missing file: $err"
  err=$("$kiln" bench exp,log --knob unroll=1,x 2>&1)
  [[ $? -eq 2 && $err == *"bad --knob 'unroll=1,x'"* ]] || fail "bench names the bad knob: $err"
  # kiln tune: names checked first; timing needs a GPU; --history works anywhere.
  err=$("$kiln" tune softmax,no_such_kernel 2>&1)
  [[ $? -eq 2 && $err == *"no kernel named 'no_such_kernel'"* ]] || fail "tune names the unknown kernel: $err"
  err=$("$kiln" tune 2>&1)
  [[ $? -eq 2 && $err == *"give kernel names"* ]] || fail "tune without names: $err"
  err=$("$kiln" tune softmax --rounds 0 2>&1)
  [[ $? -ne 0 && $err == *"--rounds"* ]] || fail "tune --rounds 0: $err"
  err=$("$kiln" tune softmax --start tuned 2>&1)
  [[ $? -ne 0 && $err == *"--start"* ]] || fail "tune --start tuned: $err"
  # kiln tune --new: the spec is derived (and its errors given) before any GPU work.
  err=$("$kiln" tune --new fma 2>&1)
  [[ $? -eq 2 && $err == *"--new NAME needs --definition"* ]] || fail "tune --new without a definition: $err"
  err=$("$kiln" tune --new fma --definition /no/such/def.mlir 2>&1)
  [[ $? -eq 2 && $err == *"cannot read the definition '/no/such/def.mlir'"* ]] || fail "tune --new, missing file: $err"
  def=$(mktemp --suffix=.mlir)
  cat > "$def" <<'MLIR'
func.func @main(%a: tensor<{D0}x{T}>, %b: tensor<{D0}x{T}>) -> tensor<{D0}x{T}> {
  %0 = stablehlo.multiply %a, %b : tensor<{D0}x{T}>
  return %0 : tensor<{D0}x{T}>
}
MLIR
  err=$("$kiln" tune --new exp --definition "$def" --shape 4096 2>&1)
  [[ $? -eq 2 && $err == *"kernel library has a kernel of that name"* ]] || fail "tune --new exp: $err"
  err=$("$kiln" tune --new mymul --definition "$def" 2>&1)
  [[ $? -eq 2 && $err == *"give the bench shape with --shape"* ]] || fail "tune --new without --shape: $err"
  if ! "$kiln" run "$src/examples/mlp.mlir" --random-inputs 1 --backend cuda >/dev/null 2>&1; then
    err=$("$kiln" tune softmax --results "$(mktemp -d)" 2>&1)
    [[ $? -eq 2 && $err == *"timing needs a GPU"* && $err == *"--history"* ]] || fail "tune without a GPU: $err"
    err=$("$kiln" tune --new mymul --definition "$def" --shape 4096 --dtype bf16 --results "$(mktemp -d)" 2>&1)
    [[ $? -eq 2 && $err == *"timing needs a GPU"* ]] || fail "tune --new without a GPU: $err"
  fi
  rm -f "$def"
  hist=$(mktemp -d)
  err=$("$kiln" tune --history softmax --results "$hist" --gpu some-gpu 2>&1)
  [[ $? -eq 2 && $err == *"no history at"* ]] || fail "tune --history of nothing: $err"
  mkdir -p "$hist/tune/test-gpu"
  line='{"round": R, "time": "2026-11-27T01:00:00Z", "kernel": "softmax", "gpu": "Test GPU", "arch": "sm_90", "dtype": "bf16", "shape": "4096x4096", "knobs": {"block": B}, "source": null, "source_hash": "", "proposer": "search", "median_ms": MS, "noise": 0.01, "gbps": 1, "tflops": 0, "roof_fraction": 0.5, "baseline": {"name": "cudnn", "median_ms": 0.2}, "verdict": "V", "detail": "", "diagnosis": ""}'
  for r in "0 256 0.300 kept" "1 128 0.100 slower" "2 512 0.250 kept" "3 64 0.050 failed-check"; do
    set -- $r
    l=${line/R/$1}; l=${l/B/$2}; l=${l/MS/$3}; echo "${l/\"V\"/\"$4\"}"
  done > "$hist/tune/test-gpu/softmax.jsonl"
  out=$("$kiln" tune --history softmax --results "$hist" --top 1 2>&1) || fail "tune --history: $out"
  [[ $out == *"softmax on test-gpu: 4 attempts, 1 kept shown"* && $out == *"0.2500"* && $out == *"block=512"* && $out != *"0.3000"* ]] ||
    fail "tune --history --top 1: $out"
  mkdir -p "$hist/tune/other-gpu"
  err=$("$kiln" tune --history softmax --results "$hist" 2>&1)
  [[ $? -eq 2 && $err == *"pick one with --gpu"* && $err == *"other-gpu, test-gpu"* ]] || fail "tune --history of two GPUs: $err"
  echo '{"round": 1}' >> "$hist/tune/test-gpu/softmax.jsonl"
  err=$("$kiln" tune --history softmax --results "$hist" --gpu test-gpu 2>&1)
  [[ $? -eq 2 && $err == *"softmax.jsonl:5: error: missing \"kernel\""* ]] || fail "tune --history of a bad line: $err"
  rm -rf "$hist"
fi
# kiln compile: the optimized module parses back and runs to the same outputs; clear errors.
opt=$(mktemp -d)
"$kiln" compile "$src/examples/mlp.mlir" -o "$opt/mlp.mlir" || fail "compile example"
"$kiln" print "$opt/mlp.mlir" >/dev/null || fail "the optimized module parses and verifies"
grep -q 'kiln\.\(fusion\|gemm\)' "$opt/mlp.mlir" || fail "O2 forms fusions or patterns"
"$kiln" run "$opt/mlp.mlir" "${inputs[@]}" -O0 --out "$opt/a" >/dev/null || fail "run the optimized module"
"$kiln" run "$src/examples/mlp.mlir" "${inputs[@]}" -O0 --out "$opt/b" >/dev/null || fail "run as written"
[[ -s $opt/a/out0.npy && -s $opt/b/out0.npy ]] || fail "compile: outputs written"
[[ $("$kiln" compile --list-passes) == *$'\nfuse-loops\t'* ]] || fail "--list-passes"
stats=$("$kiln" compile -O3 --stats "$src/examples/mlp.mlir" 2>&1 >/dev/null) || fail "--stats"
[[ $stats == *"kernels: "* && $stats == *"peak memory: "* && $stats == *"pass dce: "* ]] || fail "stats: $stats"
err=$("$kiln" compile --validate 4 "$src/examples/mlp.mlir" -o /dev/null 2>&1); [[ $err == "validate: outputs match"* ]] || fail "--validate: $err"
err=$("$kiln" compile --print-after dce "$src/examples/mlp.mlir" -o /dev/null 2>&1); [[ $err == *"IR Dump After dce"* ]] || fail "--print-after"
err=$("$kiln" compile --pass=nonesuch "$src/examples/mlp.mlir" 2>&1); [[ $? -eq 1 && $err == *"no pass named 'nonesuch'"* ]] || fail "unknown pass: $err"
err=$("$kiln" compile -O5 "$src/examples/mlp.mlir" 2>&1); [[ $? -ne 0 && $err == *"from 0 to 3"* ]] || fail "bad level: $err"
err=$("$kiln" compile "$src/tests/bad/undefined_value.mlir" 2>&1); [[ $? -eq 1 && $err == *"undefined_value.mlir:3:10: error"* ]] || fail "compile of bad input: $err"
# kiln compile --backend cuda -o FILE saves the executable (no GPU needed); kiln run FILE loads
# it by its magic bytes and runs it (on a GPU; without one, an error in words); a truncated file
# and flags that need the program text are refused in words.
if "$kiln" compile "$src/examples/mlp.mlir" --backend cuda -o "$opt/mlp.kiln" 2>"$opt/err"; then
  [[ $(head -c 8 "$opt/mlp.kiln" | tail -c 7) == "KILNEXE" ]] || fail "the saved executable's magic"
  grep -q "saved to $opt/mlp.kiln" "$opt/err" || fail "compile -o says where: $(cat "$opt/err")"
  out=$("$kiln" run "$opt/mlp.kiln" "${inputs[@]}" --print 2>&1); status=$?
  if [[ $status -eq 0 ]]; then
    [[ $out == *"out0 = "* ]] || fail "run a saved executable: $out"
    validated=$("$kiln" run "$opt/mlp.kiln" --random-inputs 2 --validate) || fail "--validate a saved executable"
    [[ $validated == *"validate against cpu: outputs match"* ]] || fail "--validate line: $validated"
  else
    [[ $status -eq 1 && $out == *"cuda"* && $out != *"not a saved"* ]] || fail "a saved executable without a GPU: $out"
  fi
  err=$("$kiln" run "$opt/mlp.kiln" --random-inputs 1 --backend cpu 2>&1)
  [[ $? -eq 1 && $err == *"was compiled for the cuda backend; --backend cpu needs the program's .mlir text"* ]] ||
    fail "--backend on a saved executable: $err"
  err=$("$kiln" run "$opt/mlp.kiln" --random-inputs 1 --entry other 2>&1)
  [[ $? -eq 1 && $err == *"runs @main; --entry other needs the program's .mlir text"* ]] || fail "--entry: $err"
  head -c 100 "$opt/mlp.kiln" > "$opt/cut.kiln"
  err=$("$kiln" run "$opt/cut.kiln" --random-inputs 1 2>&1)
  [[ $? -eq 1 && $err == *"kiln: $opt/cut.kiln: truncated: 100 of its "*" bytes"* ]] || fail "truncated: $err"
  err=$("$kiln" compile "$src/examples/mlp.mlir" --split-input-file --backend cuda -o "$opt/x.kiln" 2>&1)
  [[ $? -eq 0 ]] || fail "one chunk with --split-input-file saves: $err"
  "$kiln" compile "$src/examples/mlp.mlir" --backend cuda --emit=cuda -o "$opt/mlp.cu" 2>/dev/null || fail "--emit=cuda -o"
  grep -q "module" "$opt/mlp.cu" || fail "--emit=cuda -o writes CUDA C++"
  # An entry of dynamic shapes (JAX's jax.export with a symbolic batch) compiles at run time,
  # once per signature of input shapes: compile says so, and refuses to save it in words.
  poly="$src/tests/jax/polymorphic/batch_norm_mlp.mlir"
  err=$("$kiln" compile "$poly" --backend cuda 2>&1 >/dev/null)
  [[ $? -eq 0 && $err == *"@main takes dynamic shapes (tensor<?x4xf32>, tensor<4x3xf32>); it is specialized"* ]] ||
    fail "compile a dynamic entry: $err"
  err=$("$kiln" compile "$poly" --backend cuda -o "$opt/poly.kiln" 2>&1)
  [[ $? -eq 1 && $err == *"cannot save @main: it takes dynamic shapes"* ]] || fail "save a dynamic entry: $err"
else
  grep -q "without CUDA" "$opt/err" || fail "compile --backend cuda -o: $(cat "$opt/err")"
fi
rm -rf "$opt"
# kiln report: the fixture's page, an empty folder's page, a malformed history named by line.
rep=$(mktemp -d)
msg=$("$kiln" report --results "$src/tests/report/results" -o "$rep/r.html" 2>&1) || fail "report: $msg"
[[ $msg == *"2 GPUs, 6 leaderboard rows, 3 tune curves"* ]] || fail "report summary: $msg"
grep -q '<td class="time">0.0625</td>' "$rep/r.html" || fail "report holds the gemv_t time"
"$kiln" report --results "$rep/none" -o - | grep -q "Nothing measured yet" || fail "report of nothing"
mkdir -p "$rep/bad/tune/g" && printf '{"round": 0}\nnot json\n' > "$rep/bad/tune/g/k.jsonl"
err=$("$kiln" report --results "$rep/bad" -o "$rep/bad.html" 2>&1)
[[ $? -eq 1 && $err == *"$rep/bad/tune/g/k.jsonl:1: error: missing string 'kernel'"* ]] || fail "report names the bad line: $err"
[[ ! -e $rep/bad.html ]] || fail "report wrote a page for bad input"
rm -rf "$rep"
echo "cli: all checks passed"
