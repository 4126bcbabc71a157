# Runs a StableHLO module text on XLA CPU with numpy inputs; prints outputs.
import sys, numpy as np, jax
jax.config.update('jax_enable_x64', True)
from jax._src import xla_bridge as xb
from jax._src.lib import xla_client as xc
def run(text, *args):
    b = xb.get_backend('cpu')
    opts = xc.CompileOptions()
    try:
        exe = b.compile_and_load(text, xc.DeviceList(tuple(b.devices()[:1])), opts)
    except Exception as e:
        exe = b.compile_and_load(text.encode(), xc.DeviceList(tuple(b.devices()[:1])), opts)
    bufs = [jax.device_put(a) for a in args]
    outs = exe.execute(bufs)
    return [np.asarray(o) for o in outs]
