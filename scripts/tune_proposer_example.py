#!/usr/bin/env python3
"""An example external proposer for `kiln tune --proposer CMD` (src/tune/README.md).

Reads kiln's request (one JSON document) on standard input and answers one JSON document on
standard output: the best attempt's knobs with one knob doubled or halved, picked at random
(seeded by the number of attempts, so a run is reproducible), skipping configurations among the
top attempts and values the knob does not allow. Answers {"done": true} when no move is left.
Standard library only.
"""
import json
import random
import sys


def main():
    request = json.load(sys.stdin)
    knobs = {k["name"]: k for k in request["knobs"] if k["values"]}
    top = request.get("top") or []
    best = dict(top[0]["knobs"]) if top else dict(request.get("best_knobs") or {})
    for name, knob in knobs.items():
        best.setdefault(name, knob["default"])
    tried = [t["knobs"] for t in top]
    failure = request.get("last_failure")
    if failure:  # a real proposer would read failure["detail"]; this one moves elsewhere
        tried.append(failure["knobs"])
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
