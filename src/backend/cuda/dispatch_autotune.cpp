// Timing the vendor against the library for one GEMM problem, and keeping the winner.
#include "backend/cuda/dispatch_autotune.h"

#include <fmt/format.h>

#include <random>
#include <vector>

#include "kernels/cuda/plan.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

namespace {

constexpr int kIterations = 10;
constexpr size_t kWorkspaceBytes = 32 << 20;  // the lowering's (lower.cpp)

// A device buffer of `elements` 16-bit values of magnitude [0.5, 1) and random sign: bf16 or
// f16 bit patterns, so that the products neither vanish nor overflow.
Expected<rt::Buffer> random_16bit(const rt::Device& device, int64_t elements, bool bf16,
                                  std::mt19937& gen) {
  std::vector<uint16_t> host(static_cast<size_t>(elements));
  std::uniform_int_distribution<uint32_t> bits(0, bf16 ? 0x7f : 0x3ff);
  for (uint16_t& v : host) {
    const uint32_t sign = gen() & 1 ? 0x8000 : 0;
    v = static_cast<uint16_t>(sign | (bf16 ? 0x3f00 : 0x3800) | bits(gen));
  }
  KILN_TRY(rt::Buffer b, rt::Buffer::allocate(device, std::max<size_t>(host.size() * 2, 2)));
  KILN_CHECK_OK(b.upload(host.data(), host.size() * 2));
  return b;
}

}  // namespace

Expected<rt::DispatchMeasurement> measure_gemm_dispatch(const DotGemm& g,
                                                        const kernels::KernelMatch& library,
                                                        const DispatchProblem& problem,
                                                        const LowerOptions& options) {
  KILN_TRY(rt::Device device, rt::Device::open(0));
  KILN_TRY(rt::Stream stream, rt::Stream::create(device));
  const bool bf16 = problem.dtype.kind() == ir::ElementKind::kBF16;
  std::mt19937 gen(7);
  KILN_TRY(rt::Buffer lhs, random_16bit(device, g.batch * g.m * g.k, bf16, gen));
  KILN_TRY(rt::Buffer rhs, random_16bit(device, g.batch * g.k * g.n, bf16, gen));
  KILN_TRY(rt::Buffer out, rt::Buffer::allocate(device, static_cast<size_t>(g.batch * g.m * g.n * 2)));
  // The vendor, as the GemmStep runs it (one strided call for the batch).
  const rt::GemmDesc desc = gemm_step_desc(g);
  if (g.batch > 1 && desc.batch != g.batch) {
    return Error::unimplemented("cuda: dispatch autotune: a batch past cuBLASLt's 32-bit count");
  }
  KILN_TRY(auto lt, rt::CublasLt::shared());
  KILN_TRY(auto gemm, lt->prepare_gemm(desc, kWorkspaceBytes));
  KILN_TRY(rt::Buffer workspace, rt::Buffer::allocate(device, kWorkspaceBytes));
  // C^T = A B with A the rhs and B the lhs (add_dot_gemm's roles).
  const rt::GemmPointers pointers{reinterpret_cast<void*>(rhs.ptr()),
                                  reinterpret_cast<void*>(lhs.ptr()),
                                  reinterpret_cast<void*>(out.ptr())};
  rt::DispatchMeasurement m;
  KILN_TRY(m.vendor_ms, rt::median_ms(device, stream, kIterations, [&] {
             return gemm->run(pointers, reinterpret_cast<void*>(workspace.ptr()), stream.get());
           }));
  KILN_TRY(rt::PreparedKernel kernel,
           kernels::prepare_kernel(device, *library.spec, library.problem, {}));
  const CUdeviceptr inputs[] = {lhs.ptr(), rhs.ptr()};
  const CUdeviceptr outputs[] = {out.ptr()};
  KILN_TRY(m.library_ms, rt::median_ms(device, stream, kIterations,
                                       [&] { return kernel.launch(stream, inputs, outputs); }));
  KILN_CHECK_OK(stream.synchronize());
  m.library = m.library_ms < m.vendor_ms;
  const rt::GemmChoiceCache cache(options.autotune_cache);
  // A cache that cannot be written costs a later compile a measurement, not this one.
  (void)cache.store_dispatch(dispatch_autotune_key(device.properties(), problem), m);
  return m;
}

}  // namespace kiln::backend::cuda
