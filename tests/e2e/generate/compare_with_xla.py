# Compares kiln run against XLA CPU on a StableHLO file whose @main takes no arguments.
import sys, subprocess, tempfile, os, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compute_xla import run
import ml_dtypes
KILN = os.environ.get('KILN', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../build/test/kiln'))
def chunks(text):
    return [c for c in text.split('// -----')]
ok = True
for ci, chunk in enumerate(chunks(open(sys.argv[1]).read())):
    try:
        want = run(chunk)
    except Exception as e:
        print(f'chunk {ci}: XLA failed: {str(e)[:300]}'); ok = False; continue
    d = tempfile.mkdtemp()
    p = os.path.join(d, 'p.mlir'); open(p, 'w').write(chunk)
    r = subprocess.run([KILN, 'run', p, '--out', d], capture_output=True, text=True)
    if r.returncode:
        print(f'chunk {ci}: kiln failed: {r.stderr[:500]}'); ok = False; continue
    for i, w in enumerate(want):
        g = np.load(os.path.join(d, f'out{i}.npy'))
        if g.dtype.kind == 'V': g = g.view(w.dtype)
        if w.dtype.kind in 'fc' or w.dtype in (ml_dtypes.bfloat16,):
            wf, gf = w.astype(np.complex128), g.astype(np.complex128)
            same = np.allclose(gf, wf, rtol=float(os.environ.get('RTOL', '1e-5')), atol=1e-6, equal_nan=True)
        else:
            same = np.array_equal(g, w)
        if not same or g.shape != w.shape:
            ok = False
            print(f'chunk {ci} out{i}: MISMATCH\n kiln={g!r}\n xla={w!r}')
        elif os.environ.get('V'):
            print(f'chunk {ci} out{i}: ok {w!r}')
print('ALL OK' if ok else 'FAILURES')
