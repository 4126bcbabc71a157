# Run a StableHLO module text on XLA CPU; returns numpy outputs.
import jax, numpy as np
jax.config.update("jax_enable_x64", True)
from jax._src.lib import xla_client as xc
from jax._src.interpreters import mlir as jmlir
from jax._src import compiler
def run(text, *args):
    client = jax.devices('cpu')[0].client
    from jax._src.lib.mlir import ir
    with jmlir.make_ir_context() as ctx:
        m = ir.Module.parse(text)
        opts = xc.CompileOptions()
        exe = client.compile_and_load(str(m), client.devices()[:1], opts)
    bufs = [jax.device_put(a) for a in args]
    out = exe.execute(bufs)
    return [np.asarray(o) for o in out]
