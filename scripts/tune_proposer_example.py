#!/usr/bin/env python3
"""An example external proposer for `kiln tune --proposer CMD` (src/tune/README.md).

Reads kiln's request (one JSON document) on standard input and answers one JSON document on
standard output: the best attempt's knobs with one knob doubled or halved, picked at random
(seeded by the number of attempts, so a run is reproducible), proposing only configurations
that are not in the request's history ("tried": every attempt's knobs and source hash, whatever
its verdict) and values the knob allows. Answers {"done": true} when no untried move is left.
Standard library only.
"""
import json
import random
import sys


def complete(values, declared):
    """`values` with every declared knob set (the rest at their defaults)."""
    full = dict(values)
    for name, knob in declared.items():
        full.setdefault(name, knob["default"])
    return {name: full[name] for name in sorted(full) if name in declared}


def main():
    request = json.load(sys.stdin)
    declared = {k["name"]: k for k in request["knobs"]}
    knobs = {name: k for name, k in declared.items() if k["values"]}
    top = request.get("top") or []
    best = complete(top[0]["knobs"] if top else request.get("best_knobs") or {}, declared)
    # A knob-only candidate keeps the best version's source: only attempts on that source are
    # the same configuration.
    source_hash = top[0].get("source_hash", "") if top else request.get("source_hash", "")
    tried = [complete(t["knobs"], declared) for t in request.get("tried") or []
             if t.get("source_hash", "") == source_hash]
    failure = request.get("last_failure")
    if failure:  # a real proposer would read failure["detail"]; this one moves elsewhere
        tried.append(complete(failure["knobs"], declared))
    rng = random.Random(request.get("attempts", 0))
    moves = [(name, factor) for name in sorted(knobs) for factor in (2, 0.5)]
    rng.shuffle(moves)
    for name, factor in moves:
        value = best[name] * factor
        if value != int(value) or int(value) not in knobs[name]["values"]:
            continue
        candidate = dict(best, **{name: int(value)})
        if candidate in tried:
            continue
        json.dump({"knobs": {name: int(value)},
                   "note": f"{name} {best[name]} -> {int(value)}"}, sys.stdout)
        return 0
    json.dump({"done": True}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
