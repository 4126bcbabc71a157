# Runs a bundled JAX program through kiln and compares with JAX's saved outputs.
import sys, subprocess, os, glob, json, numpy as np, ml_dtypes, tempfile
name = sys.argv[1]; root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../jax/programs')
d = os.path.join(root, name)
ins = sorted(glob.glob(d + '/in*.npy'), key=lambda p: int(os.path.basename(p)[2:-4]))
outd = tempfile.mkdtemp()
cmd = [os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../build/test/kiln'), 'run', os.path.join(root, name + '.mlir'), '--out', outd]
for i in ins: cmd += ['--input', i]
import time; t = time.time()
r = subprocess.run(cmd, capture_output=True, text=True)
print(name, 'rc', r.returncode, '%.2fs' % (time.time() - t), r.stderr[:400])
man = json.load(open(d + '/manifest.json'))
for i, o in enumerate(sorted(glob.glob(d + '/out*.npy'), key=lambda p: int(os.path.basename(p)[3:-4]))):
    if r.returncode: break
    w = np.load(o); g = np.load(os.path.join(outd, f'out{i}.npy'))
    dt = man['outputs'][i]['dtype'] if 'outputs' in man else None
    if w.dtype.kind == 'V':
        w = w.view(getattr(ml_dtypes, dt) if dt else ml_dtypes.bfloat16); g = g.view(w.dtype)
    if w.dtype.kind in 'fcV' or w.dtype == ml_dtypes.bfloat16:
        err = np.max(np.abs(w.astype(np.complex128) - g.astype(np.complex128))) if w.size else 0
        print(f' out{i} {w.dtype}{w.shape}: max abs err {err:.3g} (max |w| {np.max(np.abs(w.astype(np.complex128))) if w.size else 0:.3g})')
    else:
        print(f' out{i} {w.dtype}{w.shape}: equal={np.array_equal(w, g)}')
