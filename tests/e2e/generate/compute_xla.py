# Runs a StableHLO module text through XLA CPU (the oracle for icompute's tests).
import sys, numpy as np
from jax._src import xla_bridge
from jax._src.lib import xla_client as xc
import jax
def run(text, *args):
    backend = xla_bridge.get_backend('cpu')
    devs = xc.DeviceList(tuple(backend.devices()[:1]))
    opts = xc.CompileOptions()
    try:
        exe = backend.compile_and_load(text, devs, opts)
    except AttributeError:
        exe = backend.compile(text, devs, opts)
    bufs = [backend.buffer_from_pyval(np.asarray(a), backend.devices()[0]) for a in args]
    out = exe.execute(bufs)
    return [np.asarray(o) for o in out]
if __name__ == '__main__':
    print(run(open(sys.argv[1]).read()))
