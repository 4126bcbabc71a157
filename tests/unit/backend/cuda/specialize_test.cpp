// The cuda backend on dynamic shapes: a static result on a dynamic-shape op lowers like its
// static twin (prepare_module refines a copy first); an entry that takes dynamic shapes
// compiles to a SpecializingExecutable, whose input types keep the `?`, which compiles one
// specialization per signature of input shapes (once, also under concurrent runs), and which
// refuses to be saved. On a GPU, runs on two input shapes match the interpreter's.
#include "backend/cuda/specialize.h"

#include <gtest/gtest.h>

#include <cstring>
#include <thread>

#include "backend/cuda/specializing_executable.h"
#include "frontend/parser.h"
#include "interp/npy.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"
#include "tests/unit/passes/polymorphic_programs.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda {
namespace {

using ::kiln::testing::i32;
using ::kiln::testing::kPolymorphic;

// kPolymorphic and the cuda backend's executable of it (null, failing the test, where it
// does not parse or compile).
struct Polymorphic {
  std::unique_ptr<ir::Module> module;
  std::unique_ptr<Executable> exe;
};

Polymorphic compile_polymorphic() {
  Polymorphic p;
  p.module = testing::parse(kPolymorphic);
  if (!p.module) return p;
  auto exe = CudaBackend().compile(*p.module, {});
  EXPECT_TRUE(exe.ok()) << exe.error().message();
  if (exe.ok()) p.exe = std::move(*exe);
  return p;
}

TEST(CudaSpecialize, StaticResultOfADynamicOpLowersAsItsTwin) {
  testing::Compiled c = testing::compile_text(R"(
func.func @main(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
})");
  ASSERT_TRUE(c.exe);
  EXPECT_EQ(c.exe->program().kernel_count, 1);
}

TEST(CudaSpecialize, AnOpThatDoesNotRefineIsNamedInTheBackendsWords) {
  auto module = testing::parse(R"(
func.func @main(%s: tensor<1xi64>) -> tensor<?xf32> {
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
})");
  ASSERT_NE(module, nullptr);
  auto exe = compile_cuda(*module, {}, {ir::Type::tensor({1}, ir::ElementKind::kSI64)});
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(exe.error().message().find("the cuda backend compiles static shapes only"),
            std::string::npos);
  EXPECT_NE(exe.error().message().find("cannot refine 'stablehlo.dynamic_iota' (its "
                                       "output_shape is not a constant)"),
            std::string::npos)
      << exe.error().message();
}

TEST(CudaSpecialize, DynamicEntryCompilesToASpecializingExecutable) {
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  auto* specializing = dynamic_cast<SpecializingExecutable*>(p.exe.get());
  ASSERT_NE(specializing, nullptr);
  EXPECT_EQ(p.exe->input_types(), std::vector<ir::Type>{i32({ir::kDynamic, 3})});
  EXPECT_EQ(p.exe->output_types(), std::vector<ir::Type>{i32({ir::kDynamic, 3})});
  EXPECT_EQ(specializing->num_specializations(), 0u);
}

TEST(CudaSpecialize, EachSignatureCompilesOnce) {
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  const auto& s = dynamic_cast<const SpecializingExecutable&>(*p.exe);
  auto five = s.specialization({i32({5, 3})});
  ASSERT_TRUE(five.ok()) << five.error().message();
  EXPECT_EQ((*five)->input_types(), std::vector<ir::Type>{i32({5, 3})});
  auto again = s.specialization({i32({5, 3})});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *five);  // cached: the same executable
  auto two = s.specialization({i32({2, 3})});
  ASSERT_TRUE(two.ok());
  EXPECT_NE(*two, *five);
  EXPECT_EQ((*two)->output_types(), std::vector<ir::Type>{i32({2, 3})});
  EXPECT_EQ(s.num_specializations(), 2u);
}

TEST(CudaSpecialize, ConcurrentFirstRunsOfOneShapeShareOneCompile) {
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  const auto& s = dynamic_cast<const SpecializingExecutable&>(*p.exe);
  std::vector<const CudaExecutable*> got(4, nullptr);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < got.size(); ++t) {
    threads.emplace_back([&, t] {
      auto e = s.specialization({i32({7, 3})});
      if (e.ok()) got[t] = *e;
    });
  }
  for (auto& t : threads) t.join();
  for (const CudaExecutable* e : got) {
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e, got.front());
  }
  EXPECT_EQ(s.num_specializations(), 1u);
}

TEST(CudaSpecialize, AnInputThatDoesNotFitIsNamed) {
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  auto e = dynamic_cast<const SpecializingExecutable&>(*p.exe).specialization({i32({5, 4})});
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(e.error().message().find("input 0 is tensor<5x4xi32>"), std::string::npos)
      << e.error().message();
}

TEST(CudaSpecialize, SavingIsRefusedInWords) {
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  Status s = p.exe->save(::testing::TempDir() + "/dynamic.kiln");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(s.error().message().find("takes dynamic shapes (tensor<?x3xi32>)"), std::string::npos)
      << s.error().message();
}

// On a GPU: two input shapes, each against the interpreter on the specialized program,
// exactly (integers).
TEST(CudaSpecialize, RunsOnTwoShapesMatchTheInterpreter) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  Polymorphic p = compile_polymorphic();
  ASSERT_NE(p.exe, nullptr);
  for (int64_t rows : {5, 2, 5}) {
    SCOPED_TRACE(rows);
    auto input = oracle::random_tensor(i32({rows, 3}), static_cast<uint64_t>(rows));
    ASSERT_TRUE(input.ok());
    // The interpreter runs the specialized program (it runs no op of a dynamic result type).
    auto refined = prepare_module(*p.module, *p.module->lookup_function("main"), {input->type()});
    ASSERT_TRUE(refined.ok()) << refined.error().message();
    auto want = oracle::reference_run(*refined->module, {*input});
    ASSERT_TRUE(want.ok()) << want.error().message();
    auto got = p.exe->run(testing::host_buffers_of({*input}));
    ASSERT_TRUE(got.ok()) << got.error().message();
    ASSERT_EQ(got->outputs().size(), 1u);
    auto host = got->outputs().front().to_host();
    ASSERT_TRUE(host.ok());
    ASSERT_EQ(host->type(), i32({rows, 3}));
    ASSERT_EQ(host->host_bytes().size(), want->front().size_bytes());
    EXPECT_EQ(
        std::memcmp(host->host_bytes().data(), want->front().raw(), host->host_bytes().size()), 0);
  }
  EXPECT_EQ(dynamic_cast<const SpecializingExecutable&>(*p.exe).num_specializations(), 2u);
}

// JAX's shape-polymorphic export (tests/jax/export_polymorphic.py): each exported batch size
// specializes and compiles without a GPU; on a GPU, its outputs are JAX's.
TEST(CudaSpecialize, JaxPolymorphicExportRunsAtEachSize) {
  const std::string dir = ::kiln::testing::source_dir() + "/tests/jax/polymorphic/";
  auto module = frontend::parse_module_text(::kiln::testing::read_file(dir + "batch_norm_mlp.mlir"),
                                            "batch_norm_mlp.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = CudaBackend().compile(**module, {.opt_level = 2});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  const auto& s = dynamic_cast<const SpecializingExecutable&>(**exe);
  const bool gpu = ::kiln::cuda::Device::open(0).ok();
  for (int64_t b : {2, 5}) {
    SCOPED_TRACE(b);
    const ir::Type x = ir::Type::tensor({b, 4}, ir::ElementKind::kF32);
    const ir::Type w = ir::Type::tensor({4, 3}, ir::ElementKind::kF32);
    auto specialized = s.specialization({x, w});
    ASSERT_TRUE(specialized.ok()) << specialized.error().message();
    EXPECT_EQ((*specialized)->output_types()[1], ir::Type::tensor({b}, ir::ElementKind::kF32));
    if (!gpu) continue;
    const std::string data = dir + "batch_norm_mlp/" + std::to_string(b) + "/";
    std::vector<interp::Tensor> inputs;
    for (const auto& [file, type] : {std::pair{"in0.npy", x}, std::pair{"in1.npy", w}}) {
      auto t = interp::read_npy(data + file, type);
      ASSERT_TRUE(t.ok());
      inputs.push_back(std::move(*t));
    }
    auto got = (*exe)->run(testing::host_buffers_of(inputs));
    ASSERT_TRUE(got.ok()) << got.error().message();
    std::vector<interp::Tensor> got_tensors, want;
    for (size_t k = 0; k < got->outputs().size(); ++k) {
      auto host = got->outputs()[k].to_host();
      ASSERT_TRUE(host.ok());
      auto t = interp::Tensor::allocate(host->type());
      ASSERT_TRUE(t.ok());
      std::memcpy(t->raw(), host->host_bytes().data(), t->size_bytes());
      auto out = interp::read_npy(data + "out" + std::to_string(k) + ".npy", host->type());
      ASSERT_TRUE(out.ok());
      got_tensors.push_back(std::move(*t));
      want.push_back(std::move(*out));
    }
    oracle::CompareReport r = oracle::compare_outputs(got_tensors, want, oracle::program_tolerance);
    EXPECT_TRUE(r.passed) << r.message();
  }
  if (!gpu) GTEST_SKIP() << "no GPU: compiled each size; the runs need one";
}

}  // namespace
}  // namespace kiln::backend::cuda
