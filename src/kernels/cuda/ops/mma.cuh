// Warp-level tensor-core pieces for sm_80+ (used on sm_90a too): mma.sync m16n8k16 with 16-bit
// inputs and f32 accumulators, ldmatrix (plain and .trans) fragment loads from shared memory,
// cp.async 16-byte copies (zero-filling past a tensor's end), and the packing of f32 pairs
// into the 16-bit A operand. Fragment layouts follow the PTX ISA ("Matrix Fragments for
// mma.m16n8k16 with floating point type"): with g = lane / 4 and t = lane % 4,
//   A (16x16, row-major) a0 {row g, cols 2t, 2t+1}, a1 {row g+8, same cols},
//                        a2 {row g, cols 2t+8, 2t+9}, a3 {row g+8, cols 2t+8, 2t+9};
//   B (16x8, "col")      b0 {rows 2t, 2t+1, col g}, b1 {rows 2t+8, 2t+9, col g};
//   C (16x8, f32)        c0, c1 {row g, cols 2t, 2t+1}, c2, c3 {row g+8, cols 2t, 2t+1}.
#pragma once

// d += a * b for one 16x8x16 tile: a 4 registers, b 2, d 4 floats (layouts above).
template <class E>
__device__ __forceinline__ void mma_16816(float (&d)[4], const unsigned (&a)[4],
                                          const unsigned (&b)[2]);
template <>
__device__ __forceinline__ void mma_16816<bf16_t>(float (&d)[4], const unsigned (&a)[4],
                                                  const unsigned (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
template <>
__device__ __forceinline__ void mma_16816<half_t>(float (&d)[4], const unsigned (&a)[4],
                                                  const unsigned (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// The 32-bit shared-state-space address of a shared-memory pointer.
__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Four 8x8 16-bit matrices: lanes 8i..8i+7 give the row addresses (16 bytes each) of matrix i,
// and register i of lane l gets row l/4, elements 2(l%4) and 2(l%4)+1 of matrix i.
__device__ __forceinline__ void ldmatrix_x4(unsigned (&r)[4], unsigned address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(address));
}
// As ldmatrix_x4, each matrix transposed: register i of lane l gets column l/4, rows 2(l%4)
// and 2(l%4)+1 of matrix i (the B operand from a row-major [k][n] tile).
__device__ __forceinline__ void ldmatrix_x4_trans(unsigned (&r)[4], unsigned address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(address));
}

// Copies 16 bytes from global `src` to shared `dst` asynchronously (cached in L2 only), or
// writes 16 zero bytes when `valid` is false (src is then not read, but must be a valid
// address expression). Both 16-byte aligned.
__device__ __forceinline__ void cp_async_16(unsigned dst, const void* src, bool valid) {
  const int bytes = valid ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(bytes));
}
// Closes the group of the cp.async issued since the last commit.
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;"); }
// Waits until at most `kPending` committed groups are still in flight (this thread's copies).
// A memory clobber: plain reads of the copied shared memory stay after it.
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
}

// Two floats rounded to the 16-bit type, packed as one register (lo: the first element).
template <class E>
__device__ __forceinline__ unsigned pack_pair(float lo, float hi) {
  const E a = from_float<E>(lo), b = from_float<E>(hi);
  return static_cast<unsigned>(a.bits) | (static_cast<unsigned>(b.bits) << 16);
}
