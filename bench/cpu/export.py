#!/usr/bin/env python3
"""Writes each program of programs.py as StableHLO text, bench/cpu/programs/NAME.mlir (the
arguments are inputs, so the files stay small; the benchmark runs them on random inputs).

    JAX_PLATFORMS=cpu python3 bench/cpu/export.py
"""
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jax  # noqa: E402
import programs  # noqa: E402

out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")
os.makedirs(out_dir, exist_ok=True)
for name, (fn, _) in programs.PROGRAMS.items():
    text = jax.jit(fn).lower(*programs.arg_specs(name)).as_text()
    with open(os.path.join(out_dir, name + ".mlir"), "w") as fh:
        fh.write(text)
    print(f"{name}: {len(text)} chars")
