#!/usr/bin/env python3
"""Check .mlir files with the real MLIR parser bundled with jaxlib.

    python3 tests/jax/mlir_roundtrip.py [--exact] [--ops] FILE.mlir [...]
    some-printer | python3 tests/jax/mlir_roundtrip.py -     # read stdin

For every file: parse it with the upstream MLIR parser (with the stablehlo,
chlo, sdy, func, ... dialects that JAX registers; unregistered dialects are
rejected) and run the MLIR verifier. Exits 1 if any file fails, 0 otherwise.

Options:
  --exact  also require that re-printing the parsed module with the official
           printer reproduces the input byte for byte (debug info is printed
           iff the input contains 'loc('). Every file written by
           tests/jax/export.py satisfies this, so it can be used to compare a
           printer's output with MLIR's own.
  --ops    print a histogram of operation names (from the parsed IR, so it
           counts ops only, not attributes such as #stablehlo.gather<...>).
"""

import argparse
import collections
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

from jax._src.interpreters import mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402


def walk(op, counts):
    """Count op names of `op` and everything nested in its regions."""
    counts[op.name] += 1
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                walk(inner.operation, counts)


def check(path, ctx, exact, counts):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    try:
        module = ir.Module.parse(text, context=ctx)
    except Exception as e:  # ir.MLIRError carries the diagnostics
        return f"parse error: {e}"
    if not module.operation.verify():
        return "verifier failed"
    if exact:
        printed = module.operation.get_asm(enable_debug_info="loc(" in text)
        if printed != text:
            a, b = text.splitlines(), printed.splitlines()
            for i, (x, y) in enumerate(zip(a + [""] * len(b), b + [""] * len(a))):
                if x != y:
                    return (f"re-printed text differs at line {i + 1}:\n"
                            f"  input:   {x}\n  printed: {y}")
    walk(module.operation, counts)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", help=".mlir files ('-' for stdin)")
    ap.add_argument("--exact", action="store_true",
                    help="require byte-identical re-printing")
    ap.add_argument("--ops", action="store_true", help="print an op histogram")
    args = ap.parse_args()

    ctx = mlir.make_ir_context()
    counts = collections.Counter()
    failed = 0
    for path in args.files:
        err = check(path, ctx, args.exact, counts)
        if err:
            failed += 1
            print(f"FAIL {path}: {err}")
        else:
            print(f"ok   {path}")
    if args.ops:
        for name, n in sorted(counts.items()):
            print(f"{n:7d} {name}")
    print(f"{len(args.files) - failed}/{len(args.files)} files ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
