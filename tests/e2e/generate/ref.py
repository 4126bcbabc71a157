M=0xffffffff
def rotl(v,r): return ((v<<r)|(v>>(32-r)))&M
def tf(c, k):
    R=[13,15,26,6,17,29,16,24]
    ks=[k&M, k>>32, 0x1BD11BDA ^ (k&M) ^ (k>>32)]
    x=[((c&M)+ks[0])&M, ((c>>32)+ks[1])&M]
    for b in range(5):
        for r in range(4):
            x[0]=(x[0]+x[1])&M; x[1]=rotl(x[1],R[(b%2)*4+r]); x[1]^=x[0]
        x[0]=(x[0]+ks[(b+1)%3])&M; x[1]=(x[1]+ks[(b+2)%3]+b+1)&M
    return x
def ph(c, k):
    x=[c[0]&M, c[0]>>32, c[1]&M, c[1]>>32]; k0,k1=k&M,k>>32
    for _ in range(10):
        p0=x[0]*0xD2511F53; p1=x[2]*0xCD9E8D57
        x=[(p1>>32)^x[1]^k0, p1&M, (p0>>32)^x[3]^k1, p0&M]
        k0=(k0+0x9E3779B9)&M; k1=(k1+0xBB67AE85)&M
    return x
