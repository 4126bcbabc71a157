#!/usr/bin/env python3
"""Export shape-polymorphic JAX programs (jax.export with symbolic shapes) as StableHLO text
plus reference inputs/outputs at several concrete sizes.

Run from the repository root:

    JAX_PLATFORMS=cpu python3 tests/jax/export_polymorphic.py [--out DIR]

For every program NAME in PROGRAMS this writes, under DIR (default: tests/jax/polymorphic/):

    NAME.mlir                  jax.export.export(jax.jit(f))(*specs).mlir_module(): the
                               entry takes `tensor<?x...>` arguments, checks JAX's
                               @shape_assertion and calls the body with the dimension sizes
    NAME/SIZE/in0.npy ...      inputs for the symbolic dimension = SIZE, random from a seed
    NAME/SIZE/out0.npy ...     JAX's outputs on CPU for them (flattened, jax.tree_util order)

Locations keep their file names relative to the repository root, as export.py does.
Everything is deterministic: each (program, size) has its own numpy Generator seeded with
crc32("NAME/SIZE").
"""

import argparse
import os
import re
import zlib

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
jax.config.update("jax_hlo_source_file_canonicalization_regex",
                  "^" + re.escape(REPO_ROOT + os.sep))


def batch_norm_mlp(x, w):
    """A batch of rows through a layer, centred over the batch, and the rows' positions."""
    h = jnp.tanh(x @ w)
    return h - h.mean(axis=0, keepdims=True), jnp.arange(x.shape[0], dtype=jnp.float32)


# NAME: (function, argument specs with "b" for the symbolic dimension, sizes exported)
PROGRAMS = {
    "batch_norm_mlp": (batch_norm_mlp, [(("b", 4), np.float32), ((4, 3), np.float32)], [2, 5]),
}


def specs(args):
    out = []
    for shape, dtype in args:
        dims = ", ".join(str(d) for d in shape)
        out.append(jax.ShapeDtypeStruct(export.symbolic_shape(dims), dtype))
    return out


def concrete(args, size, rng):
    return [rng.standard_normal([size if d == "b" else d for d in shape]).astype(dtype)
            for shape, dtype in args]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(HERE, "polymorphic"))
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    for name, (f, args, sizes) in PROGRAMS.items():
        exported = export.export(jax.jit(f))(*specs(args))
        with open(os.path.join(out, name + ".mlir"), "w") as file:
            file.write(exported.mlir_module())
        for size in sizes:
            folder = os.path.join(out, name, str(size))
            os.makedirs(folder, exist_ok=True)
            rng = np.random.default_rng(zlib.crc32(f"{name}/{size}".encode()))
            inputs = concrete(args, size, rng)
            outputs = jax.tree_util.tree_leaves(jax.jit(f)(*inputs))
            for i, a in enumerate(inputs):
                np.save(os.path.join(folder, f"in{i}.npy"), a)
            for i, a in enumerate(outputs):
                np.save(os.path.join(folder, f"out{i}.npy"), np.asarray(a))
        print(f"{name}: {len(sizes)} sizes")


if __name__ == "__main__":
    main()
