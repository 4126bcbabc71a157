# Compacts `kiln bench --json` on stdin: one line per kernel, dtype and shape, each config as
# its varying knobs (short names + values), median ms and % of copy or x baseline
# (helper colred's measurements; the batch keeps only a job's last 12 lines).
import json, sys
text = sys.stdin.read()
start = min(i for i in (text.find("["), text.find("{")) if i >= 0)
data = json.loads(text[start:])
rows = data if isinstance(data, list) else [data]
varying = set()
for name in {k for r in rows for k in r["knobs"]}:
    if len({r["knobs"].get(name) for r in rows}) > 1:
        varying.add(name)
NAMES = {"block": "b", "blocks_per_sm": "bps", "finish": "f", "row_lanes": "rl", "stream": "st",
         "unroll": "u", "splits": "sp", "col_lanes": "cl"}
def short(name):
    return NAMES.get(name, name)
groups = {}
for r in rows:
    key = (r["kernel"], r["dtype"], "x".join(map(str, r["shape"])))
    groups.setdefault(key, []).append(r)
for (kernel, dtype, shape), rs in groups.items():
    base = ""
    items = []
    for r in rs:
        label = "".join(f"{short(n)}{r['knobs'][n]}" for n in sorted(varying) if n in r["knobs"])
        t = r["time"]["median_ms"]
        extra = f"{100 * r['copy_fraction']:.1f}%"
        for b in r["baselines"]:
            if "time" in b:
                base = f"{b['library']} {b['time']['median_ms']:.4f}"
                extra += f",{b['speedup']:.2f}x"
        items.append(f"{label} {t:.4f}({extra})")
    print(f"{kernel} {dtype} {shape} {base} | " + " ".join(items))
