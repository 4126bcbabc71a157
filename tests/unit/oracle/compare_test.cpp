// The oracle's comparison: tolerances, NaN and infinity rules, exact integers, and the report.
#include "oracle/compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace kiln::oracle {
namespace {

template <class T>
interp::Tensor tensor(std::vector<int64_t> shape, ir::ElementKind kind, std::vector<T> values) {
  auto t = interp::Tensor::allocate(ir::Type::tensor(std::move(shape), kind));
  EXPECT_TRUE(t.ok());
  std::memcpy(t->raw(), values.data(), values.size() * sizeof(T));
  return *t;
}

interp::Tensor f32(std::vector<int64_t> shape, std::vector<float> values) {
  return tensor(std::move(shape), ir::ElementKind::kF32, std::move(values));
}

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(OracleCompare, IdenticalTensorsPass) {
  auto a = f32({3}, {1, 2, 3});
  CompareReport r = compare(a, a, {});
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.elements, 3);
  EXPECT_EQ(r.mismatches, 0);
  EXPECT_EQ(r.output, -1);
}

TEST(OracleCompare, WithinAtolPlusRtolTimesWantPasses) {
  CompareReport r =
      compare(f32({2}, {1.05f, 10.5f}), f32({2}, {1, 10}), {.atol = 0.01, .rtol = 0.05});
  EXPECT_TRUE(r.passed) << r.message();
  EXPECT_NEAR(r.max_abs_error, 0.5, 1e-6);
  EXPECT_NEAR(r.max_rel_error, 0.05, 1e-6);
}

TEST(OracleCompare, ReportsTheWorstElementByMultiIndex) {
  auto want = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  auto got = f32({2, 3}, {1.5f, 2, 3, 4, 7, 6});
  CompareReport r = compare(got, want, {.atol = 0.1});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.mismatches, 2);
  EXPECT_EQ(r.index, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(r.got, "7");
  EXPECT_EQ(r.want, "5");
  EXPECT_EQ(r.message().rfind("out0[1, 1]: got 7, want 5 (2 of 6 elements differ; ", 0), 0u)
      << r.message();
}

TEST(OracleCompare, NanWhereANumberIsWantedIsTheWorst) {
  CompareReport r = compare(f32({3}, {9, 2, kNan}), f32({3}, {1, 2, 3}), {.atol = 0.1});
  EXPECT_EQ(r.mismatches, 2);
  EXPECT_EQ(r.index, std::vector<int64_t>{2});
  EXPECT_EQ(r.got, "nan");
}

TEST(OracleCompare, NanAgainstNanPasses) {
  EXPECT_TRUE(compare(f32({1}, {kNan}), f32({1}, {kNan}), {}).passed);
}

TEST(OracleCompare, InfinitiesMustMatchExactly) {
  EXPECT_TRUE(compare(f32({1}, {kInf}), f32({1}, {kInf}), {}).passed);
  EXPECT_FALSE(compare(f32({1}, {-kInf}), f32({1}, {kInf}), {.atol = 1e30}).passed);
  EXPECT_FALSE(compare(f32({1}, {kInf}), f32({1}, {1e30f}), {.atol = 1e38, .rtol = 1}).passed);
}

TEST(OracleCompare, IntegersCompareExactlyWhateverTheTolerance) {
  auto want = tensor<int32_t>({2}, ir::ElementKind::kSI32, {5, 6});
  auto got = tensor<int32_t>({2}, ir::ElementKind::kSI32, {5, 7});
  CompareReport r = compare(got, want, {.atol = 10, .rtol = 10});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message().rfind("out0[1]: got 7, want 6", 0), 0u) << r.message();
}

TEST(OracleCompare, ComplexNumbersComparePartByPart) {
  auto want = tensor<float>({1}, ir::ElementKind::kComplexF32, {1, 2});
  auto got = tensor<float>({1}, ir::ElementKind::kComplexF32, {1, 2.5f});
  CompareReport r = compare(got, want, {.atol = 0.1});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.got, "(1, 2.5)");
}

TEST(OracleCompare, DifferentTypesFail) {
  CompareReport r = compare(f32({2}, {1, 2}), f32({1}, {1}), {});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message(), "got tensor<2xf32>, want tensor<1xf32>");
}

TEST(OracleCompare, LargeTensorsCountEveryMismatchAndFindTheWorst) {
  const int64_t n = 1 << 20;
  std::vector<float> values(n, 1.0f);
  auto want = f32({n}, values);
  values[70001] = 2.0f;
  values[n / 2 + 1] = 4.0f;
  values[n - 5] = 3.0f;
  CompareReport r = compare(f32({n}, values), want, {.atol = 0.5});
  EXPECT_EQ(r.mismatches, 3);
  EXPECT_EQ(r.index, std::vector<int64_t>{n / 2 + 1});
}

TEST(OracleCompare, OutputsUseTheirElementTypesToleranceAndNameTheFailingOutput) {
  std::vector<interp::Tensor> want = {f32({1}, {1}), f32({1}, {1})};
  std::vector<interp::Tensor> got = {f32({1}, {1.0000001f}), f32({1}, {1.5f})};
  CompareReport r = compare_outputs(got, want);
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.output, 1);
  EXPECT_EQ(r.message().rfind("out1[0]: got 1.5, want 1", 0), 0u) << r.message();
  EXPECT_EQ(compare_outputs(got, {want[0]}).message(), "got 2 outputs, want 1");
}

TEST(OracleTolerance, DefaultsByElementType) {
  EXPECT_EQ(default_tolerance(ir::ElementKind::kF32).rtol, 2e-5);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kF32).atol, 1e-6);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kBF16).rtol, 1.6e-2);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kComplexF64).rtol, 1e-9);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kF8E4M3FN).rtol, 0.13);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kSI32).atol, 0);
  EXPECT_EQ(default_tolerance(ir::ElementKind::kSI32).rtol, 0);
}

}  // namespace
}  // namespace kiln::oracle
