#!/usr/bin/env python3
"""Compile time of kiln: the optimizer's pipeline, or (--cuda) the whole compile for the GPU.

Default: runs `kiln compile -O<level> --stats PROGRAM -o /dev/null` REPEAT times per program,
pinned to one core (taskset -c CORE), and reports the median of the pipeline's own time (the
`total:` line of --stats: every pass, parsing and printing excluded) with the slowest pass, and
the kernels the result has.

--cuda: for every program (tests/jax/programs/*.mlir by default), `kiln compile PROGRAM
--backend cuda -O2 --stats` with an empty kernel cache (a fresh KILN_CACHE_DIR: cold), then
again on the cache it filled (warm), REPEAT times each (median; not pinned: the NVRTC workers
run in parallel). Columns: the modules, the NVRTC calls (modules the cache missed), the passes,
the lowering (with preparing the module), the modules' compile (NVRTC or the cache), the
compiler's own total (passes + lowering + modules) and the CPU time of the whole process and
its NVRTC workers (steadier than wall times on a loaded machine), cold, then the warm total.
A benchmark, not a test: nothing fails on a slow run.

    python3 bench/compile/run.py [--kiln build/dev/kiln] [--repeat 21] [--core 0]
                                 [--levels 2,3] [PROGRAM.mlir ...]
    python3 bench/compile/run.py --cuda [--kiln build/dev/kiln] [--repeat 3] [PROGRAM.mlir ...]
"""

import argparse
import glob
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PROGRAMS = ["tests/jax/programs/gpt2.mlir", "tests/jax/programs/train_step_adam.mlir",
                    "tests/jax/programs/resnet.mlir", "tests/jax/programs/transformer_block.mlir",
                    "bench/interp/gpt2_block.mlir"]


def one_run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    total = float(re.search(r"^total: ([0-9.]+) ms", out, re.M).group(1))
    passes = [(m.group(1), float(m.group(2)))
              for m in re.finditer(r"^pass (\S+): ([0-9.]+) ms", out, re.M)]
    kernels = int(re.search(r"^kernels: (\d+)", out, re.M).group(1))
    return total, passes, kernels


def cuda_run(cmd, cache):
    """One `kiln compile --backend cuda --stats` on the kernel cache `cache`: its figures."""
    env = dict(os.environ, KILN_CACHE_DIR=cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stderr
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = 1000 * (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    passes = float(re.search(r"^total: ([0-9.]+) ms", out, re.M).group(1))
    compiled = re.search(r"in (\d+) modules,.* in ([0-9.]+) ms$", out, re.M)
    phases = re.search(r"^cuda: lowering ([0-9.]+) ms, modules ([0-9.]+) ms \((\d+) NVRTC", out,
                       re.M)
    return {"modules": int(compiled.group(1)), "calls": int(phases.group(3)), "passes": passes,
            "lowering": float(phases.group(1)), "nvrtc": float(phases.group(2)),
            "total": passes + float(compiled.group(2)), "cpu": cpu}


def cuda_table(args):
    programs = args.programs or sorted(glob.glob(os.path.join(ROOT, "tests/jax/programs/*.mlir")))
    print("| program | modules | NVRTC calls | passes ms | lowering ms | NVRTC ms | total ms | "
          "CPU ms | warm total ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    sums = [0.0, 0.0, 0.0]
    for program in programs:
        path = program if os.path.isabs(program) else os.path.join(ROOT, program)
        cmd = [args.kiln, "compile", path, "--backend", "cuda", "-O2", "--stats", "-o", os.devnull]
        cold, warm = [], []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as cache:
                cold.append(cuda_run(cmd, cache))
                warm.append(cuda_run(cmd, cache))
        med = {k: statistics.median(r[k] for r in cold) for k in cold[0]}
        warm_total = statistics.median(r["total"] for r in warm)
        sums[0] += med["total"]
        sums[1] += med["cpu"]
        sums[2] += warm_total
        print("| %s | %d | %d | %.1f | %.1f | %.1f | %.1f | %.0f | %.1f |" % (
            os.path.splitext(os.path.basename(path))[0], med["modules"], med["calls"],
            med["passes"], med["lowering"], med["nvrtc"], med["total"], med["cpu"], warm_total))
        sys.stdout.flush()
    print("| sum | | | | | | %.1f | %.0f | %.1f |" % tuple(sums))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--kiln", default=os.path.join(ROOT, "build/dev/kiln"))
    ap.add_argument("--repeat", type=int, help="runs per program (21; --cuda 3)")
    ap.add_argument("--core", default="0")
    ap.add_argument("--levels", default="2,3")
    ap.add_argument("--cuda", action="store_true",
                    help="cold and warm compiles for the GPU, phase by phase")
    args = ap.parse_args()
    if args.cuda:
        args.repeat = args.repeat or 3
        return cuda_table(args)
    args.repeat = args.repeat or 21
    args.programs = args.programs or DEFAULT_PROGRAMS
    pin = ["taskset", "-c", args.core] if shutil.which("taskset") else []
    print("| program | level | pipeline ms (median of %d, one core) | slowest pass | kernels |"
          % args.repeat)
    print("|---|---|---|---|---|")
    for program in args.programs:
        path = program if os.path.isabs(program) else os.path.join(ROOT, program)
        for level in args.levels.split(","):
            cmd = pin + [args.kiln, "compile", "-O" + level, "--stats", path, "-o", os.devnull]
            runs = [one_run(cmd) for _ in range(args.repeat)]
            median = statistics.median(r[0] for r in runs)
            by_pass = {}
            for _, passes, _ in runs:
                for i, (name, ms) in enumerate(passes):
                    by_pass.setdefault((i, name), []).append(ms)
            slow_key = max(by_pass, key=lambda k: statistics.median(by_pass[k]))
            slow = "%s %.2f ms" % (slow_key[1], statistics.median(by_pass[slow_key]))
            print("| %s | O%s | %.2f | %s | %d |" % (os.path.relpath(path, ROOT), level, median,
                                                    slow, runs[0][2]))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
