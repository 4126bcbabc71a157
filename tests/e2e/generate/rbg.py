from xla_run import run
import numpy as np, sys
def case(alg, state, shape, dt):
    n = len(state)
    st = f'tensor<{n}xui64>'
    ot = f"tensor<{'x'.join(map(str,shape))+'x' if shape else ''}{dt}>"
    t=f'''func.func @main(%s: {st}) -> ({st}, {ot}) {{
 %a, %b = stablehlo.rng_bit_generator %s, algorithm = {alg} : ({st}) -> ({st}, {ot})
 return %a, %b : {st}, {ot}
}}'''
    return run(t, np.array(state, dtype=np.uint64))
if __name__ == '__main__':
    for alg in ['THREE_FRY','PHILOX','DEFAULT']:
        for st in [[1,2],[1,2,3]]:
            try:
                r = case(alg, st, (5,), 'ui32')
                print(alg, st, r)
            except Exception as e:
                print(alg, st, 'ERR', str(e)[:200])
