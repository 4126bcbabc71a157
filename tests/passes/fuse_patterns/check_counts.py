#!/usr/bin/env python3
"""Checks the pattern passes against tests/jax/patterns/patterns.json.

For every program whose expected `pattern` is one of --check, runs
`kiln compile FILE --pass=PASSES --stats` and compares the number of that kiln op with the
expected count (count 0: the negatives). With --validate SEED (repeatable) it also runs
`--validate SEED` on every program of the listed folders. Prints each miss; exits 1 on any.
"""
import argparse
import json
import os
import re
import subprocess
import sys


def stats(kiln, path, passes, seeds):
    level = ["-O", passes[1:]] if passes in ("O1", "O2", "O3") else ["--pass=" + passes]
    cmd = [kiln, "compile", path] + level + ["--stats", "-o", os.devnull]
    for seed in seeds or [None]:
        run = cmd + (["--validate", str(seed)] if seed is not None else [])
        out = subprocess.run(run, capture_output=True, text=True)
        if out.returncode != 0:
            return None, out.stderr.strip().splitlines()[-1:]
    counts = {m.group(1): int(m.group(2))
              for m in re.finditer(r"^(kiln\.[a-z_]+): (\d+)$", out.stderr, re.M)}
    return counts, []


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kiln", required=True)
    p.add_argument("--patterns", required=True, help="folder with patterns.json")
    p.add_argument("--passes", required=True, help="NAME,NAME,... or a pipeline: O1, O2, O3")
    p.add_argument("--check", required=True, help="kiln ops to check, comma-separated")
    p.add_argument("--xfail", action="append", default=[],
                   help="a program whose count is known not to hold yet (repeatable); "
                        "it failing is reported, it holding is an error (update the list)")
    p.add_argument("--validate", type=int, action="append", help="seed (repeatable)")
    p.add_argument("--programs", action="append", default=[],
                   help="more folders of .mlir programs to validate (recursively)")
    args = p.parse_args()

    expected = json.load(open(os.path.join(args.patterns, "patterns.json")))
    check = set(args.check.split(","))
    failures, held, total = [], 0, 0
    for name, want in sorted(expected.items()):
        path = os.path.join(args.patterns, name + ".mlir")
        if want["pattern"] not in check and not args.validate:
            continue
        counts, error = stats(args.kiln, path, args.passes, args.validate)
        if counts is None:
            failures.append(f"{name}: kiln compile failed: {' '.join(error)}")
            continue
        if want["pattern"] not in check:
            continue
        total += 1
        got = counts.get(want["pattern"], 0)
        if got == want["count"]:
            held += 1
            if name in args.xfail:
                failures.append(f"{name}: holds now; take it off --xfail")
        elif name in args.xfail:
            print(f"XFAIL {name}: {want['pattern']} {got}, expected {want['count']}")
        else:
            failures.append(f"{name}: {want['pattern']} {got}, expected {want['count']}")
    for folder in args.programs:
        for root, _, files in os.walk(folder):
            for f in sorted(files):
                if f.endswith(".mlir"):
                    counts, error = stats(args.kiln, os.path.join(root, f), args.passes,
                                          args.validate)
                    path = os.path.join(root, f)
                    if counts is None:
                        # A program the interpreter cannot run at all (LAPACK custom calls)
                        # is skipped, not failed: say so.
                        if stats(args.kiln, path, "dce", args.validate)[0] is None:
                            print(f"SKIP {path}: does not run without the passes either")
                        else:
                            failures.append(f"{path}: {' '.join(error)}")
    for line in failures:
        print("MISS " + line)
    print(f"{held} of {total} expectations hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
