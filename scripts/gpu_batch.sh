#!/usr/bin/env bash
# On the GPU machine, with .carry carried (scripts/bundle_gpu.sh): several tests, benches and
# commands in one call of the device tool, each line of BATCH_FILE one job, in order:
#   tests NAME [FILTER]   kiln_cuda_tests (--gtest_filter=FILTER; default: what
#                         gpu_session.sh tests runs) in $KILN_TEST_SHARDS processes (default 8)
#   bench NAME ARGS...    kiln bench ARGS, its result files in results/NAME of the archive
#   run NAME COMMAND...   any shell command (compute-sanitizer, ncu, a Python script)
# '#' starts a comment. Every job is cut at its limit (KILN_TEST_TIMEOUT, KILN_BENCH_TIMEOUT,
# KILN_RUN_TIMEOUT: seconds, default 300) and at the batch's (KILN_BATCH_LIMIT, default 540,
# under the tool's 600), so what ran comes back: one summary line a job on stdout, its whole
# log in $OUT/logs.tar.xz and bench results in $OUT/results.tar.xz.
#   bash scripts/gpu_batch.sh .carry/batch.txt
set -uo pipefail
batch=$(realpath "$1")
cd "$(dirname "$0")/.."
started=$SECONDS
source scripts/gpu_setup.sh
batch_limit=${KILN_BATCH_LIMIT:-540}
logs=/tmp/kiln-batch/logs
results=/tmp/kiln-batch/results
rm -rf /tmp/kiln-batch && mkdir -p "$logs" "$results"

# limit_for SECONDS: the job's limit, cut to what the batch has left (0: no time left).
limit_for() {
  local left=$((batch_limit - (SECONDS - started)))
  ((left < 5)) && { echo 0; return; }
  ((left < $1)) && { echo "$left"; return; }
  echo "$1"
}

run_tests() {  # NAME [FILTER]
  local name=$1 limit=$2 filter shards=${KILN_TEST_SHARDS:-8} i
  filter=${3:-'-*/KernelCompile.*:*/KernelDefinition.*:KernelRegistry.*:CudaCodegen.*:*/CudaGeneratedCode.*'}
  for ((i = 0; i < shards; ++i)); do
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i timeout "$limit" .bundle/kiln_cuda_tests \
      --gtest_filter="$filter" >"$logs/$name.$i.log" 2>&1 &
  done
  local status=0 job
  for job in $(jobs -p); do wait "$job" || status=1; done
  cat "$logs/$name".*.log >"$logs/$name.log" && rm -f "$logs/$name".*.log
  local passed failed
  passed=$(grep -c '^\[       OK ' "$logs/$name.log")
  failed=$(grep -c '^\[  FAILED  \].*(' "$logs/$name.log")
  echo "   $passed passed, $failed failed"
  grep '^\[  FAILED  \].*(' "$logs/$name.log" | head -20 | sed 's/^/   /'
  grep -h -A3 'Failure$' "$logs/$name.log" | grep -v '^--$' | head -24 | sed 's/^/   | /'
  return $status
}

while read -r kind name rest; do
  [[ -z ${kind:-} || $kind == \#* ]] && continue
  case $kind in
    tests) limit=$(limit_for "${KILN_TEST_TIMEOUT:-300}") ;;
    bench) limit=$(limit_for "${KILN_BENCH_TIMEOUT:-300}") ;;
    run) limit=$(limit_for "${KILN_RUN_TIMEOUT:-300}") ;;
    *) echo "gpu_batch: unknown job '$kind' (tests, bench, run)"; continue ;;
  esac
  if ((limit == 0)); then echo "== $name: skipped (the batch's time is spent)"; continue; fi
  t0=$SECONDS
  case $kind in
    tests) run_tests "$name" "$limit" "$rest" >"$logs/$name.summary"; status=$? ;;
    bench)
      # shellcheck disable=SC2086  # ARGS are words
      timeout "$limit" .bundle/kiln bench $rest --results "$results/$name" >"$logs/$name.log" 2>&1
      status=$?
      tail -n "${KILN_BENCH_TAIL:-12}" "$logs/$name.log" | sed 's/^/   /' >"$logs/$name.summary" ;;
    run)
      timeout "$limit" bash -c "$rest" >"$logs/$name.log" 2>&1
      status=$?
      tail -n "${KILN_RUN_TAIL:-12}" "$logs/$name.log" | sed 's/^/   /' >"$logs/$name.summary" ;;
  esac
  echo "== $name ($kind, $((SECONDS - t0)) s, exit $status$( ((status == 124)) && echo ': cut at its limit'))"
  cat "$logs/$name.summary"
done <"$batch"
tar cJf "$out/logs.tar.xz" -C /tmp/kiln-batch logs
tar cJf "$out/results.tar.xz" -C /tmp/kiln-batch results
echo "gpu_batch: $((SECONDS - started)) s in all"
