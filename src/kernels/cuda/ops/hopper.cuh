// Hopper (sm_90a) building blocks for tensor-core kernels: TMA descriptors and bulk tensor
// copies (loads, and stores with their bulk async-groups), mbarriers with transaction counts
// and phase parity, proxy fences and named barriers, wgmma on shared-memory descriptors
// (128-byte swizzle; A also from registers), and register reallocation between warpgroups.
// Each function is one PTX instruction or a short loop around one (PTX ISA 8.0+, sections
// "Tensor Copy", "mbarrier", "Asynchronous Warpgroup Level Matrix Multiply-Accumulate").
#pragma once

// A CUtensorMap as the launcher passes it (runtime/cuda/tensor_map.h): 128 opaque bytes,
// 64-byte aligned, taken by a kernel as `const __grid_constant__ TmaDescriptor`.
struct alignas(64) TmaDescriptor {
  u64 opaque[16];
};

namespace hopper {

__device__ __forceinline__ unsigned smem_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// ---- mbarrier: one 8-byte barrier in shared memory, addressed by its shared address.

__device__ __forceinline__ void mbar_init(unsigned bar, unsigned arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(arrivals) : "memory");
}
// Makes the initialised barriers visible to the async proxy (the TMA unit) and other threads;
// a __syncthreads() follows.
__device__ __forceinline__ void mbar_init_fence() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
// One arrival that also expects `bytes` more of transactions in the current phase.
__device__ __forceinline__ void mbar_arrive_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
// Waits until the phase of parity `parity` has completed. A barrier starts in phase 0, so a
// wait for parity 1 returns at once (the phase "before" the first).
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
  unsigned done = 0;
  while (!done) {
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n"
        "}\n"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  }
}

// ---- TMA: a box of a 3-D tensor (coordinates innermost first, in elements) into shared
// memory at `dst`, completing `bytes` of transactions on `bar`. Out-of-range elements are
// written as zeros (the descriptor's fill), and the full box counts.
__device__ __forceinline__ void tma_load_3d(unsigned dst, const TmaDescriptor* map, unsigned bar,
                                            int c0, int c1, int c2) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4, %5}], [%2];" ::"r"(dst),
      "l"(reinterpret_cast<u64>(map)), "r"(bar), "r"(c0), "r"(c1), "r"(c2)
      : "memory");
}
__device__ __forceinline__ void tma_prefetch_descriptor(const TmaDescriptor* map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(reinterpret_cast<u64>(map)) : "memory");
}

// ---- TMA stores: a box of shared memory at `src` (laid out and swizzled as the map says)
// into a 3-D tensor at coordinates innermost first; elements past the tensor's edges are not
// written. The copies a thread issues join its bulk async-group at the next commit, and only
// that thread can wait for them: wait_group_read before its shared memory is written again,
// wait_group before the block exits.
__device__ __forceinline__ void tma_store_3d(const TmaDescriptor* map, unsigned src, int c0,
                                             int c1, int c2) {
  asm volatile(
      "cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];" ::"l"(
          reinterpret_cast<u64>(map)),
      "r"(src), "r"(c0), "r"(c1), "r"(c2)
      : "memory");
}
__device__ __forceinline__ void bulk_commit_group() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
// Waits until at most `kPending` of this thread's committed groups still read shared memory.
template <int kPending>
__device__ __forceinline__ void bulk_wait_group_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(kPending) : "memory");
}
// Waits until at most `kPending` of this thread's committed groups are still in flight.
template <int kPending>
__device__ __forceinline__ void bulk_wait_group() {
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(kPending) : "memory");
}
// Orders this thread's writes to shared memory before the async proxy's reads of it (a TMA
// store issued after a barrier).
__device__ __forceinline__ void fence_proxy_async_shared() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
// A barrier of `threads` threads (a multiple of 32) on hardware barrier `id` (1 to 15; 0 is
// __syncthreads'), such as the 128 of one warpgroup.
__device__ __forceinline__ void named_barrier_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
// Arrives at barrier `id` of `threads` without waiting (the other threads of the count wait in
// named_barrier_sync): a signal from one group of warps to another.
__device__ __forceinline__ void named_barrier_arrive(int id, int threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void st_shared_u32(unsigned address, unsigned value) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(address), "r"(value) : "memory");
}

// ---- Register reallocation between the warpgroups of a block (all warps of a warpgroup
// execute it together; the counts are multiples of 8 from 24 to 256).
template <int kRegisters>
__device__ __forceinline__ void release_registers() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(kRegisters));
}
template <int kRegisters>
__device__ __forceinline__ void claim_registers() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(kRegisters));
}

// ---- wgmma

// A shared-memory matrix descriptor with the 128-byte swizzle: start address, leading and
// stride byte offsets (PTX ISA "Matrix Descriptor Format"; base offset 0, so every swizzle
// atom of 8 rows of 128 bytes must start 1024-byte aligned).
__device__ __forceinline__ u64 smem_descriptor_sw128(unsigned address, unsigned leading,
                                                     unsigned stride) {
  return static_cast<u64>((address >> 4) & 0x3FFF) |
         (static_cast<u64>((leading >> 4) & 0x3FFF) << 16) |
         (static_cast<u64>((stride >> 4) & 0x3FFF) << 32) | (u64{1} << 62);
}

// Orders this warpgroup's register and shared-memory accesses before the wgmma that follow.
__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
// Waits until at most `kPending` committed groups of this warpgroup are still in flight.
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(kPending) : "memory");
}
// Tells the compiler that every accumulator may change here, so that no read or write of
// them moves across a wgmma_wait (the wgmma writes them asynchronously).
template <int kCount>
__device__ __forceinline__ void fence_accumulators(float (&d)[kCount]) {
#pragma unroll
  for (int i = 0; i < kCount; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// The same for registers a wgmma reads asynchronously (A from registers): kept live, and
// unchanged, until a fence after the wgmma_wait that covers it.
template <int kCount>
__device__ __forceinline__ void fence_operands(unsigned (&a)[kCount]) {
#pragma unroll
  for (int i = 0; i < kCount; ++i) asm volatile("" : "+r"(a[i])::"memory");
}

// Operand lists of the accumulator registers: "%0, %1, ..." and "+f"(d[0]), ...
#define KILN_WG_R10(t) \
  "%" #t "0, %" #t "1, %" #t "2, %" #t "3, %" #t "4, %" #t "5, %" #t "6, %" #t "7, %" #t "8, %" #t "9"
#define KILN_WG_R0_31 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, " KILN_WG_R10(1) ", " KILN_WG_R10(2) ", %30, %31"
#define KILN_WG_R0_63                                                                       \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, " KILN_WG_R10(1) ", " KILN_WG_R10(2) ", "        \
  KILN_WG_R10(3) ", " KILN_WG_R10(4) ", " KILN_WG_R10(5) ", %60, %61, %62, %63"
#define KILN_WG_R0_127                                                                      \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, " KILN_WG_R10(1) ", " KILN_WG_R10(2) ", "        \
  KILN_WG_R10(3) ", " KILN_WG_R10(4) ", " KILN_WG_R10(5) ", " KILN_WG_R10(6) ", "            \
  KILN_WG_R10(7) ", " KILN_WG_R10(8) ", " KILN_WG_R10(9) ", " KILN_WG_R10(10) ", "          \
  KILN_WG_R10(11) ", %120, %121, %122, %123, %124, %125, %126, %127"
#define KILN_WG_F8(d, i)                                                                    \
  "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), \
      "+f"(d[i + 6]), "+f"(d[i + 7])
#define KILN_WG_F32(d, i) \
  KILN_WG_F8(d, i), KILN_WG_F8(d, i + 8), KILN_WG_F8(d, i + 16), KILN_WG_F8(d, i + 24)
#define KILN_WG_F64(d, i)                                                                   \
  KILN_WG_F8(d, i), KILN_WG_F8(d, i + 8), KILN_WG_F8(d, i + 16), KILN_WG_F8(d, i + 24),     \
      KILN_WG_F8(d, i + 32), KILN_WG_F8(d, i + 40), KILN_WG_F8(d, i + 48), KILN_WG_F8(d, i + 56)
// D += A B for one m64nNk16 step: A and B from shared memory through descriptors, f32
// accumulators, `kTransB` 1 where B is N-major (stored with N contiguous), 0 where K-major.
// A, B, SCALE, TRANS: the operand numbers after the accumulators.
#define KILN_WG_ASM(SHAPE, TYPE, REGS, A, B, SCALE, TRANS)                                  \
  "{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE ", 0;\n"                                        \
  "wgmma.mma_async.sync.aligned." SHAPE ".f32." TYPE "." TYPE " {" REGS "}, " A ", " B       \
  ", p, 1, 1, 0, " TRANS ";\n}\n"

template <class E>
constexpr bool kIsBf16 = false;
template <>
constexpr bool kIsBf16<bf16_t> = true;

// wgmma m64nNk16 for N = 64, 128 or 256 on 16-bit E (bf16_t or half_t): D += A B, or D = A B
// where `accumulate` is 0 (the scale-d predicate: D is not read).
template <class E, int kN, int kTransB>
__device__ __forceinline__ void wgmma_m64k16(float (&d)[kN / 2], u64 a, u64 b,
                                             int accumulate = 1) {
  static_assert(kN == 64 || kN == 128 || kN == 256, "wgmma_m64k16: N is 64, 128 or 256");
  if constexpr (kN == 64 && kIsBf16<E>) {
    asm volatile(KILN_WG_ASM("m64n64k16", "bf16", KILN_WG_R0_31, "%32", "%33", "%34", "%35")
                 : KILN_WG_F32(d, 0)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  } else if constexpr (kN == 64) {
    asm volatile(KILN_WG_ASM("m64n64k16", "f16", KILN_WG_R0_31, "%32", "%33", "%34", "%35")
                 : KILN_WG_F32(d, 0)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  } else if constexpr (kN == 128 && kIsBf16<E>) {
    asm volatile(KILN_WG_ASM("m64n128k16", "bf16", KILN_WG_R0_63, "%64", "%65", "%66", "%67")
                 : KILN_WG_F64(d, 0)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  } else if constexpr (kN == 128) {
    asm volatile(KILN_WG_ASM("m64n128k16", "f16", KILN_WG_R0_63, "%64", "%65", "%66", "%67")
                 : KILN_WG_F64(d, 0)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  } else if constexpr (kIsBf16<E>) {
    asm volatile(KILN_WG_ASM("m64n256k16", "bf16", KILN_WG_R0_127, "%128", "%129", "%130", "%131")
                 : KILN_WG_F64(d, 0), KILN_WG_F64(d, 64)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  } else {
    asm volatile(KILN_WG_ASM("m64n256k16", "f16", KILN_WG_R0_127, "%128", "%129", "%130", "%131")
                 : KILN_WG_F64(d, 0), KILN_WG_F64(d, 64)
                 : "l"(a), "l"(b), "r"(accumulate), "n"(kTransB));
  }
}

// D += A B for one m64nNk16 step with A from registers (the RS form): each warp of the
// warpgroup holds 16 rows of A as mma.sync's m16n8k16 A fragment (`a`: 4 registers of two
// 16-bit values), B from shared memory through a descriptor as above.
#define KILN_WG_RS_ASM(SHAPE, TYPE, REGS, A, B, SCALE, TRANS)                          \
  "{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE                                            \
  ", 0;\n"                                                                             \
  "wgmma.mma_async.sync.aligned." SHAPE ".f32." TYPE "." TYPE " {" REGS "}, " A ", " B \
  ", p, 1, 1, " TRANS ";\n}\n"
#define KILN_WG_RS_N64(TYPE)                                                                   \
  asm volatile(KILN_WG_RS_ASM("m64n64k16", TYPE, KILN_WG_R0_31, "{%32, %33, %34, %35}", "%36", \
                              "%37", "%38")                                                    \
               : KILN_WG_F32(d, 0)                                                             \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(1), "n"(kTransB))
#define KILN_WG_RS_N128(TYPE)                                                                   \
  asm volatile(KILN_WG_RS_ASM("m64n128k16", TYPE, KILN_WG_R0_63, "{%64, %65, %66, %67}", "%68", \
                              "%69", "%70")                                                     \
               : KILN_WG_F64(d, 0)                                                              \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(1), "n"(kTransB))

// wgmma m64nNk16 for N = 64 or 128 on 16-bit E, A from registers, `kTransB` as above.
template <class E, int kN, int kTransB>
__device__ __forceinline__ void wgmma_m64k16_rs(float (&d)[kN / 2], const unsigned (&a)[4], u64 b) {
  static_assert(kN == 64 || kN == 128, "wgmma_m64k16_rs: N is 64 or 128");
  if constexpr (kN == 64 && kIsBf16<E>) {
    KILN_WG_RS_N64("bf16");
  } else if constexpr (kN == 64) {
    KILN_WG_RS_N64("f16");
  } else if constexpr (kIsBf16<E>) {
    KILN_WG_RS_N128("bf16");
  } else {
    KILN_WG_RS_N128("f16");
  }
}

#undef KILN_WG_RS_N128
#undef KILN_WG_RS_N64
#undef KILN_WG_RS_ASM

// ---- fp8 wgmma. The 8-bit formats the tensor cores take, as a kernel names them.
enum Fp8Kind { kFp8E4M3 = 0, kFp8E5M2 = 1 };

// D += A B for one m64nNk32 step on fp8 operands (A and B in shared memory through
// descriptors, both K-major: PTX allows no transpose for 8-bit types), f32 accumulators.
// A K step of 32 elements is 32 bytes, as for the 16-bit k16 step.
#define KILN_WG_F8_ASM(SHAPE, TA, TB, REGS, A, B, SCALE)                                  \
  "{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE ", 0;\n"                                        \
  "wgmma.mma_async.sync.aligned." SHAPE ".f32." TA "." TB " {" REGS "}, " A ", " B          \
  ", p, 1, 1;\n}\n"
#define KILN_WG_F8_N128(TA, TB)                                                            \
  asm volatile(KILN_WG_F8_ASM("m64n128k32", TA, TB, KILN_WG_R0_63, "%64", "%65", "%66")     \
               : KILN_WG_F64(d, 0)                                                          \
               : "l"(a), "l"(b), "r"(accumulate))
#define KILN_WG_F8_N256(TA, TB)                                                            \
  asm volatile(KILN_WG_F8_ASM("m64n256k32", TA, TB, KILN_WG_R0_127, "%128", "%129", "%130") \
               : KILN_WG_F64(d, 0), KILN_WG_F64(d, 64)                                      \
               : "l"(a), "l"(b), "r"(accumulate))
#define KILN_WG_F8_TYPES(N)                                                                \
  if constexpr (kA == kFp8E4M3 && kB == kFp8E4M3) {                                         \
    KILN_WG_F8_N##N("e4m3", "e4m3");                                                        \
  } else if constexpr (kA == kFp8E4M3) {                                                    \
    KILN_WG_F8_N##N("e4m3", "e5m2");                                                        \
  } else if constexpr (kB == kFp8E4M3) {                                                    \
    KILN_WG_F8_N##N("e5m2", "e4m3");                                                        \
  } else {                                                                                  \
    KILN_WG_F8_N##N("e5m2", "e5m2");                                                        \
  }

// wgmma m64nNk32 for N = 128 or 256, A of format kA and B of format kB (Fp8Kind): D += A B,
// or D = A B where `accumulate` is 0 (the instruction's scale-d predicate: D is not read).
template <int kN, int kA, int kB>
__device__ __forceinline__ void wgmma_m64k32_f8(float (&d)[kN / 2], u64 a, u64 b,
                                                int accumulate = 1) {
  static_assert(kN == 128 || kN == 256, "wgmma_m64k32_f8: N is 128 or 256");
  if constexpr (kN == 128) {
    KILN_WG_F8_TYPES(128)
  } else {
    KILN_WG_F8_TYPES(256)
  }
}

#undef KILN_WG_F8_TYPES
#undef KILN_WG_F8_N256
#undef KILN_WG_F8_N128
#undef KILN_WG_F8_ASM
#undef KILN_WG_ASM
#undef KILN_WG_F64
#undef KILN_WG_F32
#undef KILN_WG_F8
#undef KILN_WG_R0_127
#undef KILN_WG_R0_63
#undef KILN_WG_R0_31
#undef KILN_WG_R10

}  // namespace hopper
