# Summarises `ncu --csv --page raw --metrics gpu__time_duration.sum` on stdin: per kernel name
# and grid, the launches and their median duration in us (helper colred's measurements).
import csv, statistics, sys
rows = [l for l in sys.stdin if l.startswith('"')]
times = {}
for r in csv.DictReader(rows):
    try:
        v = float(r["gpu__time_duration.sum"])
    except (KeyError, ValueError):
        continue
    key = (r["Kernel Name"][:70], r.get("Grid Size", ""), r.get("Block Size", ""))
    times.setdefault(key, []).append(v)
for (name, grid, block), v in times.items():
    print(f"{statistics.median(v) / 1000:9.2f} us x{len(v):3d} grid {grid} block {block} {name}")
