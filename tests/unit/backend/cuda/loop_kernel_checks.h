// What the loop-kernel tests (vector_loop_test.cpp, transpose_tile_test.cpp) check of a small
// program: the CUDA text the code generator writes for it at O2 (no GPU needed), that NVRTC
// compiles it, and, on a GPU, its outputs on random inputs against the interpreter's, with the
// inputs on the device at an aligned address or one element past it (as a caller's pointer
// into a larger buffer may be).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "backend/buffer.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::backend::cuda::testing {

// `text` parsed, verified and optimized at `level` (O2 fuses an element-wise chain into one
// kernel); null after a failed expectation.
inline std::unique_ptr<ir::Module> optimized_module(const std::string& text, int level = 2) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message();
  auto report = passes::optimize(**module, level);
  EXPECT_TRUE(report.ok()) << report.error().message();
  if (!v.ok() || !report.ok()) return nullptr;
  return std::move(*module);
}

// The generated kernels of `module` (after the shared prelude), one module after another.
inline std::string generated_kernels(const ir::Module& module) {
  auto entry = find_entry(module, "");
  EXPECT_TRUE(entry.ok()) << entry.error().message();
  if (!entry.ok()) return "";
  auto p = lower_module(module, **entry, LowerOptions{});
  EXPECT_TRUE(p.ok()) << p.error().message();
  if (!p.ok()) return "";
  std::string text;
  for (const KernelModule& m : p->modules) {
    if (!m.generated) continue;
    const size_t at = m.source.find("#line 1 \"" + m.name + "\"");
    text += at == std::string::npos ? m.source : m.source.substr(at);
  }
  return text;
}

// NVRTC compiles every module of `module` for the target (sm_90a without a GPU).
inline void expect_compiles_with_nvrtc(const ir::Module& module) {
  if (auto v = ::kiln::cuda::nvrtc_version(); !v.ok()) {
    GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  }
  auto exe = compile_cuda(module, {});
  EXPECT_TRUE(exe.ok()) << exe.error().message();
}

// Occurrences of `what` in `text`.
inline int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// `base`'s bytes from `offset` on: a device tensor that starts inside another allocation.
class DeviceView final : public DeviceStorage {
 public:
  DeviceView(std::shared_ptr<const DeviceStorage> base, size_t offset, size_t size)
      : base_(std::move(base)), offset_(offset), size_(size) {}
  std::string_view backend() const override { return base_->backend(); }
  uint64_t address() const override { return base_->address() + offset_; }
  size_t size() const override { return size_; }
  Status read(std::byte* host) const override {
    std::vector<std::byte> all(base_->size());
    KILN_CHECK_OK(base_->read(all.data()));
    std::copy_n(all.begin() + static_cast<std::ptrdiff_t>(offset_), size_, host);
    return ok_status();
  }

 private:
  std::shared_ptr<const DeviceStorage> base_;
  size_t offset_, size_;
};

// `t` in device memory one element past an aligned address (`misaligned`), else where
// to_device puts it.
inline Expected<Buffer> on_device(const CudaExecutable& exe, const interp::Tensor& t,
                                  bool misaligned) {
  const size_t skip = misaligned ? t.element_bytes() : 0;
  const auto elements = static_cast<int64_t>(t.size_bytes() / t.element_bytes());
  std::vector<std::byte> bytes(t.size_bytes() + t.element_bytes());
  std::copy_n(t.raw(), t.size_bytes(), bytes.begin() + static_cast<std::ptrdiff_t>(skip));
  KILN_TRY(Buffer host, Buffer::host_copy(ir::Type::tensor({elements + 1}, t.element()), bytes));
  KILN_TRY(Buffer whole, exe.to_device(host));
  auto view = std::make_shared<DeviceView>(whole.device_storage(), skip, t.size_bytes());
  return Buffer::device_tensor(t.type(), std::move(view));
}

// On a GPU: `module` (optimized) on the cuda backend against the interpreter, on random inputs
// from `seed`, the inputs on the device (misaligned or not).
inline void expect_matches_interpreter_on_gpu(const ir::Module& module, uint64_t seed,
                                              bool misaligned) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  SCOPED_TRACE(std::string(misaligned ? "misaligned" : "aligned") + " inputs, seed " +
               std::to_string(seed));
  auto exe = compile_cuda(module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto inputs = oracle::random_inputs((*exe)->input_types(), seed);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  auto want = oracle::reference_run(module, *inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  std::vector<Buffer> device_inputs;
  for (const interp::Tensor& t : *inputs) {
    auto b = on_device(**exe, t, misaligned);
    ASSERT_TRUE(b.ok()) << b.error().message();
    if (misaligned && t.element_bytes() < 16) {
      ASSERT_NE(b->device_storage()->address() % 16, 0u);
    }
    device_inputs.push_back(std::move(*b));
  }
  auto results = (*exe)->run_on_device(device_inputs);
  ASSERT_TRUE(results.ok()) << results.error().message();
  std::vector<interp::Tensor> got;
  for (const Buffer& b : results->outputs()) {
    auto host = b.to_host();
    ASSERT_TRUE(host.ok()) << host.error().message();
    auto t = interp::Tensor::from_storage(host->type(), host->host_storage());
    ASSERT_TRUE(t.ok()) << t.error().message();
    got.push_back(std::move(*t));
  }
  oracle::CompareReport report = oracle::compare_outputs(got, *want);
  EXPECT_TRUE(report.passed) << report.message();
}

}  // namespace kiln::backend::cuda::testing
