#!/usr/bin/env python3
"""Count the kernels XLA launches for programs of export.py: the baseline kiln's fusion is
measured against.

Run from the repository root, on the GPU machine (JAX with CUDA) or on the CPU:

    python3 tests/jax/count_xla_kernels.py [NAME ...] [--platform cuda|cpu]
                                           [--json FILE] [--hlo-dir DIR]
    python3 tests/jax/count_xla_kernels.py --hlo FILE ...   # count saved HLO texts

For each program NAME of export.py's PROGRAMS (default: mlp, transformer_block, gpt2,
conv_net, resnet, train_step, train_step_adam, scan_rnn) this builds the same function
and arguments as export.py (export.build), compiles it with
jax.jit(f).lower(*args).compile(), and reads the optimized HLO (.as_text()).

What counts as a kernel, in the entry computation:

- a `fusion` instruction: one launch (loop, input, output fusions, and on the GPU the
  Triton / cuDNN fusions of kind kCustom);
- a `custom-call` (cuBLAS / cuBLASLt GEMMs, cuDNN convolutions, LAPACK on the CPU): one;
- any other instruction, except the ones that launch nothing: parameter, constant, tuple,
  get-tuple-element, bitcast, and the bookkeeping ops in TRIVIAL below;
- an asynchronous pair (`fusion-start` / `fusion-done`, `copy-start` / `copy-done`) counts
  once, as its `-start` op;
- a `while` is not counted itself: the kernels of its condition and body are counted
  once each (not times the trip count) and reported under "loops" with the trip count
  XLA knows ("known_trip_count"), or null. `conditional` branches and `call`s are
  counted into the total the same way (every branch once).

Prints a JSON object {name: {"kernels": N, "fusions": F, "custom_calls": C, "other": O,
"platform": ..., "device": ..., "fusion_kinds": {kind: n}, "other_ops": {opcode: n},
"loops": [...]}} and then a short table. --hlo counts optimized HLO texts saved before
(by --hlo-dir, or XLA_FLAGS=--xla_dump_to); their platform is "unknown".
"""

import argparse
import json
import os
import re
import sys

# Import jax before export.py: export.py sets JAX_PLATFORMS=cpu when it is unset, which only
# takes effect if jax is not imported yet. Here JAX picks its default platform (the GPU where
# there is one) unless --platform says otherwise.
import jax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export  # noqa: E402

DEFAULT_PROGRAMS = ["mlp", "transformer_block", "gpt2", "conv_net", "resnet", "train_step",
                    "train_step_adam", "scan_rnn"]

# Instructions that launch no kernel.
TRIVIAL = {"parameter", "constant", "tuple", "get-tuple-element", "bitcast",
           "after-all", "add-dependency", "opt-barrier", "partition-id", "replica-id"}
# Instructions whose computations are counted in place of the instruction itself.
CONTROL = {"while", "conditional", "call"}

HEADER = re.compile(r"^(ENTRY\s+)?%([\w.\-]+)\s.*\{\s*$")
INSTRUCTION = re.compile(r"^\s*(ROOT\s+)?%([\w.\-]+)\s*=\s*(.*)$")


def skip_shape(text):
    """The rest of `text` after the leading shape (`f32[2,8]{1,0}`, `(s32[], f32[2])`...)."""
    if text.startswith("("):
        depth = 0
        for i, c in enumerate(text):
            depth += c == "("
            depth -= c == ")"
            if depth == 0:
                return text[i + 1:].lstrip()
        return ""
    return text.split(" ", 1)[1] if " " in text else ""


def parse_hlo(text):
    """{computation name: [(opcode, instruction text)]} and the entry computation's name."""
    comps, entry, current = {}, None, None
    for line in text.splitlines():
        if current is None:
            m = HEADER.match(line)
            if m:
                current = m.group(2)
                comps[current] = []
                if m.group(1):
                    entry = current
            continue
        if line.strip() == "}":
            current = None
            continue
        m = INSTRUCTION.match(line)
        if m:
            rest = skip_shape(m.group(3))
            opcode = re.match(r"[\w\-]+", rest)
            if opcode:
                comps[current].append((opcode.group(0), line))
    if entry is None:
        raise ValueError("no ENTRY computation in the HLO text")
    return comps, entry


def called(line, key):
    """Computation names after `key=` in an instruction (`body=%b`, `branch_computations={%a,
    %b}`)."""
    m = re.search(key + r"=(\{[^}]*\}|%[\w.\-]+)", line)
    return re.findall(r"%([\w.\-]+)", m.group(1)) if m else []


class Counts:
    def __init__(self):
        self.fusions = 0
        self.custom_calls = 0
        self.other = 0
        self.fusion_kinds = {}
        self.other_ops = {}
        self.loops = []

    @property
    def kernels(self):
        return self.fusions + self.custom_calls + self.other


def count_computation(comps, name, counts):
    """Adds the kernels of computation `name` to `counts`; returns how many it added."""
    before = counts.kernels
    for opcode, line in comps[name]:
        if opcode in TRIVIAL or opcode.endswith("-done"):
            continue
        # An asynchronous pair (fusion-start / fusion-done) is one launch, counted at its start.
        opcode = opcode[:-len("-start")] if opcode.endswith("-start") else opcode
        if opcode == "fusion":
            counts.fusions += 1
            kind = re.search(r"kind=(\w+)", line)
            kind = kind.group(1) if kind else "?"
            counts.fusion_kinds[kind] = counts.fusion_kinds.get(kind, 0) + 1
        elif opcode == "custom-call":
            counts.custom_calls += 1
        elif opcode == "while":
            cond = sum(count_computation(comps, c, counts) for c in called(line, "condition"))
            body = sum(count_computation(comps, c, counts) for c in called(line, "body"))
            trip = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', line)
            counts.loops.append({"instruction": INSTRUCTION.match(line).group(2),
                                 "trip_count": int(trip.group(1)) if trip else None,
                                 "body_kernels": body, "condition_kernels": cond})
        elif opcode == "conditional":
            for c in called(line, "branch_computations") + called(line, "true_computation") \
                    + called(line, "false_computation"):
                count_computation(comps, c, counts)
        elif opcode == "call":
            for c in called(line, "to_apply"):
                count_computation(comps, c, counts)
        else:
            counts.other += 1
            counts.other_ops[opcode] = counts.other_ops.get(opcode, 0) + 1
    return counts.kernels - before


def compiled_hlo(name):
    """(optimized HLO text, platform) of export.py's program `name`."""
    opts = export.PROGRAMS[name][1]
    if "platforms" in opts:
        raise ValueError(f"{name} is lowered for {opts['platforms']}; pick a program "
                         "exported for the CPU")
    with jax.enable_x64(opts.get("x64", False)):
        f, args, _ = export.build(name)
        compiled = jax.jit(f).lower(*args).compile()
    return compiled.as_text(), jax.default_backend()


def count_hlo(text, platform, device):
    """The counts of one optimized HLO module text, as the JSON entry of a program."""
    comps, entry = parse_hlo(text)
    counts = Counts()
    count_computation(comps, entry, counts)
    return {"kernels": counts.kernels, "fusions": counts.fusions,
            "custom_calls": counts.custom_calls, "other": counts.other,
            "platform": platform, "device": device,
            "fusion_kinds": dict(sorted(counts.fusion_kinds.items())),
            "other_ops": dict(sorted(counts.other_ops.items())), "loops": counts.loops}


def count_program(name, hlo_dir=None):
    text, platform = compiled_hlo(name)
    if hlo_dir:
        with open(os.path.join(hlo_dir, f"{name}.{platform}.hlo.txt"), "w") as fh:
            fh.write(text)
    return count_hlo(text, platform, jax.devices()[0].device_kind)


def table(results):
    w = max([len("program")] + [len(n) for n in results])
    rows = [f"{'program':{w}s} {'kernels':>7s} {'fusions':>7s} {'custom':>6s} {'other':>5s}  "
            f"{'loops (trip x body+cond)':24s} platform"]
    for name, r in results.items():
        loops = ", ".join(f"{l['trip_count'] or '?'}x{l['body_kernels']}+"
                          f"{l['condition_kernels']}" for l in r["loops"]) or "-"
        rows.append(f"{name:{w}s} {r['kernels']:7d} {r['fusions']:7d} {r['custom_calls']:6d} "
                    f"{r['other']:5d}  {loops:24s} {r['platform']} ({r['device']})")
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="programs of export.py (default: %(default)s)",
                    default=DEFAULT_PROGRAMS)
    ap.add_argument("--hlo", nargs="+", metavar="FILE",
                    help="count these optimized HLO text files instead of compiling")
    ap.add_argument("--platform", help="JAX platform (cuda, cpu); default: JAX's choice")
    ap.add_argument("--json", help="also write the JSON object to this file")
    ap.add_argument("--hlo-dir", help="write each optimized HLO text into this folder")
    args = ap.parse_args()
    if args.hlo:
        results = {}
        for path in args.hlo:
            with open(path) as fh:
                results[os.path.basename(path)] = count_hlo(fh.read(), "unknown", "unknown")
    else:
        if args.platform:
            jax.config.update("jax_platforms", args.platform)
        unknown = [n for n in args.names if n not in export.PROGRAMS]
        if unknown:
            ap.error("unknown programs: " + " ".join(unknown))
        if args.hlo_dir:
            os.makedirs(args.hlo_dir, exist_ok=True)
        results = {name: count_program(name, args.hlo_dir) for name in args.names}
    text = json.dumps(results, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w") as fh:
            fh.write(text + "\n")
    print()
    print(f"jax {jax.__version__}, jaxlib {jax.lib.__version__}")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
