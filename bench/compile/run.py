#!/usr/bin/env python3
"""Compile time of kiln's optimizer: the O2 (and O3) pipeline on the largest programs.

Runs `kiln compile -O<level> --stats PROGRAM -o /dev/null` REPEAT times per program, pinned to
one core (taskset -c CORE), and reports the median of the pipeline's own time (the `total:`
line of --stats: every pass, parsing and printing excluded) with the slowest pass, and the
kernels the result has. A benchmark, not a test: nothing fails on a slow run.

    python3 bench/compile/run.py [--kiln build/dev/kiln] [--repeat 21] [--core 0]
                                 [--levels 2,3] [PROGRAM.mlir ...]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*", default=DEFAULT_PROGRAMS)
    ap.add_argument("--kiln", default=os.path.join(ROOT, "build/dev/kiln"))
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--core", default="0")
    ap.add_argument("--levels", default="2,3")
    args = ap.parse_args()
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
