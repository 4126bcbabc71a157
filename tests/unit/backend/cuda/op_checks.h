// The two checks the cuda backend's op tests make of a small program: its generated code
// compiles through NVRTC (no GPU needed), and on a GPU its outputs on random inputs match the
// cpu backend's (integers and the byte float formats exactly, other floats within tolerance).
// Without a GPU the second skips with the reason ("no GPU: ...").
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "interp/tensor.h"
#include "ir/verifier.h"
#include "kiln/kiln.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda::testing {

// A named program of a table-driven op test.
struct OpProgram {
  std::string name;
  std::string text;
};

// `text` parsed and verified (null, failing the test and showing the text, where it does not).
inline std::unique_ptr<ir::Module> parse(const std::string& text, const char* name = "test.mlir") {
  auto module = frontend::parse_module_text(text, name);
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message() << "\n" << text;
  return v.ok() ? std::move(*module) : nullptr;
}

// `module` compiled for the GPU as it is (no optimizer; null, failing the test, where it does
// not compile).
inline std::unique_ptr<CudaExecutable> compile_module(const ir::Module& module,
                                                      const CompileOptions& options = {}) {
  auto exe = compile_cuda(module, options);
  EXPECT_TRUE(exe.ok()) << exe.error().message();
  return exe.ok() ? std::move(*exe) : nullptr;
}

// A program and its executable (either null, the test failed, where the text does not parse
// or compile); the module is the reference the interpreter runs.
struct Compiled {
  std::unique_ptr<ir::Module> module;
  std::unique_ptr<CudaExecutable> exe;
};

inline Compiled compile_text(const std::string& text, const char* name = "test.mlir") {
  Compiled c;
  c.module = parse(text, name);
  if (c.module) c.exe = compile_module(*c.module);
  return c;
}

// Tensors as host buffers, the inputs of CudaExecutable::run and profile (a test failure for
// any that cannot be copied, which is then left out).
inline std::vector<Buffer> host_buffers_of(const std::vector<interp::Tensor>& tensors) {
  std::vector<Buffer> out;
  for (const interp::Tensor& t : tensors) {
    auto b = Buffer::host_copy(t.type(), std::span<const std::byte>(t.raw(), t.size_bytes()));
    EXPECT_TRUE(b.ok()) << b.error().message();
    if (b.ok()) out.push_back(std::move(*b));
  }
  return out;
}

// A run's outputs (host buffers) as tensors, to compare with the interpreter's (a test failure
// for any that cannot be allocated, which is then left out).
inline std::vector<interp::Tensor> tensors_of(const std::vector<Buffer>& outputs) {
  std::vector<interp::Tensor> got;
  for (const Buffer& b : outputs) {
    auto t = interp::Tensor::allocate(b.type());
    EXPECT_TRUE(t.ok());
    if (!t.ok()) continue;
    std::memcpy(t->raw(), b.host_bytes().data(), t->size_bytes());
    got.push_back(std::move(*t));
  }
  return got;
}

// Whether device 0 opens; `why` says why not.
inline bool have_gpu(std::string& why) {
  auto dev = ::kiln::cuda::Device::open(0);
  if (!dev.ok()) why = dev.error().message();
  return dev.ok();
}

// `exe`'s outputs for `inputs`, as tensors (or why it did not run).
inline Expected<std::vector<interp::Tensor>> run_on_cuda(
    const CudaExecutable& exe, const std::vector<interp::Tensor>& inputs) {
  KILN_TRY(RunResults results, exe.run(host_buffers_of(inputs)));
  return tensors_of(results.outputs());
}

// @main of one op `op_line` (its result %r) over `args`.
inline std::string one_op_program(const std::string& args, const std::string& result_type,
                                  const std::string& op_line) {
  return "func.func @main(" + args + ") -> " + result_type + " {\n  " + op_line +
         "\n  return %r : " + result_type + "\n}\n";
}

inline void expect_generated_code_compiles(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  auto exe = compile_cuda(**module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_FALSE((*exe)->program().modules.empty());
}

// The steps of `p` (its main program, and the programs nested in its control flow) that
// launch a library kernel, by the kernel's module name ("softmax.softmax_rows").
inline void library_launches(const LoweredProgram& p, const Program& program,
                      std::vector<std::string>& out) {
  for (const Step& s : program.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) {
      const KernelModule& m = p.modules.at(static_cast<size_t>(k->module));
      if (m.library) out.push_back(m.name);
    } else if (const auto* w = std::get_if<WhileStep>(&s)) {
      library_launches(p, *w->cond, out);
      library_launches(p, *w->body, out);
    } else if (const auto* c = std::get_if<CaseStep>(&s)) {
      for (const auto& b : c->branches) library_launches(p, *b, out);
    }
  }
}

inline std::vector<std::string> library_launches(const LoweredProgram& p) {
  std::vector<std::string> out;
  library_launches(p, p.main, out);
  return out;
}

// `module`'s @main (or its one function) lowered with `options`; no GPU needed.
inline Expected<LoweredProgram> lower_main(const ir::Module& module,
                                           const LowerOptions& options = {}) {
  KILN_TRY(const ir::Operation* entry, find_entry(module, ""));
  return lower_module(module, *entry, options);
}

// The program of `text` (parsed, verified, not optimized) lowered as lower_main does.
inline Expected<LoweredProgram> lower_program_text(const std::string& text,
                                                   const LowerOptions& options = {}) {
  KILN_TRY(auto module, frontend::parse_module_text(text, "test.mlir"));
  KILN_CHECK_OK(ir::verify(*module));
  return lower_main(*module, options);
}

// Each output of `got` against `want`: the same type, the same bytes for all but f32 and
// f64 (16-bit floats too: a caller whose two sides may round differently compares them with a
// tolerance of its own), f32 and f64 within a relative 1e-5 (NaN matching NaN).
inline void expect_same_outputs(const std::vector<::kiln::Value>& got,
                                const std::vector<::kiln::Value>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    SCOPED_TRACE("output " + std::to_string(k));
    ASSERT_EQ(got[k].type_string(), want[k].type_string());
    const std::string element = want[k].tensor_type().element;
    if (element != "f32" && element != "f64") {
      EXPECT_TRUE(got[k].bytes().size() == want[k].bytes().size() &&
                  std::memcmp(got[k].bytes().data(), want[k].bytes().data(), got[k].bytes().size()) == 0)
          << "got " << got[k].to_string() << "\nwant " << want[k].to_string();
      continue;
    }
    const bool wide = element == "f64";
    const size_t n = want[k].bytes().size() / (wide ? sizeof(double) : sizeof(float));
    auto at = [&](const ::kiln::Value& v, size_t i) {
      if (wide) {
        double d;
        std::memcpy(&d, v.bytes().data() + i * sizeof d, sizeof d);
        return d;
      }
      float f;
      std::memcpy(&f, v.bytes().data() + i * sizeof f, sizeof f);
      return static_cast<double>(f);
    };
    for (size_t i = 0; i < n; ++i) {
      const double a = at(got[k], i), b = at(want[k], i);
      if (std::isnan(a) && std::isnan(b)) continue;
      if (a == b) continue;  // infinities
      const double scale = std::max({1.0, std::fabs(a), std::fabs(b)});
      ASSERT_LE(std::fabs(a - b), 1e-5 * scale)
          << "element " << i << "\ngot " << got[k].to_string() << "\nwant " << want[k].to_string();
    }
  }
}

// On a GPU: the cuda backend at O0 and O2 against the cpu backend, on three random inputs.
inline void expect_matches_the_cpu_backend(const std::string& text) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto module = ::kiln::load_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto cpu = ::kiln::compile(*module, {.backend = "cpu", .opt_level = 0});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  for (uint64_t seed : {1u, 2u, 3u}) {
    auto inputs = cpu->random_inputs(seed);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = cpu->run(*inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    for (int level : {0, 2}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", O" + std::to_string(level));
      auto gpu = ::kiln::compile(*module, {.backend = "cuda", .opt_level = level});
      ASSERT_TRUE(gpu.ok()) << gpu.error().message();
      auto got = gpu->run(*inputs);
      ASSERT_TRUE(got.ok()) << got.error().message();
      expect_same_outputs(got->outputs(), want->outputs());
    }
  }
}

}  // namespace kiln::backend::cuda::testing
