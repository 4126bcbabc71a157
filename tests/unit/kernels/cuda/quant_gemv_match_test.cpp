// gemv_w4 / gemv_w8's match: the kiln.quant_matmul composites fuse-quant-matmul makes of the
// JAX pattern programs (tests/jax/patterns/quant_matmul_*.mlir, O2) find the kernel of their
// code width with the problem [M, N, K, group]; batches past 16 and operands in other roles
// find none.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "ir/attribute.h"
#include "kernels/cuda/registry.h"
#include "passes/pipeline.h"
#include "tests/unit/test_files.h"

namespace kiln::kernels::quant_gemv_match_test {
namespace {

class QuantGemvMatch : public ::testing::Test {
 protected:
  // The kiln.quant_matmul ops of pattern program `name` optimized at O2.
  std::vector<ir::Operation*> composites_of(const std::string& name) {
    const std::string path =
        kiln::testing::source_dir() + "/tests/jax/patterns/" + name + ".mlir";
    auto m = frontend::parse_module_text(kiln::testing::read_file(path), path);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message());
    if (!m.ok()) return {};
    module_ = std::move(*m);
    auto s = passes::optimize(*module_, 2);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message());
    std::vector<ir::Operation*> out;
    for (const auto& o : module_->lookup_function("main")->region(0).front().operations()) {
      if (o->name() == "kiln.quant_matmul") out.push_back(o.get());
    }
    return out;
  }
  std::unique_ptr<ir::Module> module_;
};

TEST_F(QuantGemvMatch, FourBitCodesFindGemvW4) {
  auto ops = composites_of("quant_matmul_w4");
  ASSERT_EQ(ops.size(), 1u);
  auto found = find_kernels(*ops[0]);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemv_w4");
  EXPECT_EQ(found[0].problem.shape, (Shape{4, 48, 256, 32}));
  EXPECT_EQ(found[0].problem.dtype, ElementType(ElementKind::kBF16));
}

TEST_F(QuantGemvMatch, EightBitCodesFindGemvW8) {
  auto ops = composites_of("quant_matmul_w8_gemv");
  ASSERT_EQ(ops.size(), 1u);
  auto found = find_kernels(*ops[0]);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemv_w8");
  EXPECT_EQ(found[0].problem.shape, (Shape{1, 48, 256, 64}));
  EXPECT_EQ(found[0].problem.dtype, ElementType(ElementKind::kF16));
}

TEST_F(QuantGemvMatch, ProjectionsSharingXEachFindTheKernel) {
  auto ops = composites_of("quant_matmul_w4_shared_x");
  ASSERT_EQ(ops.size(), 2u);
  for (const ir::Operation* op : ops) {
    auto found = find_kernels(*op);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].spec->name, "gemv_w4");
  }
}

TEST_F(QuantGemvMatch, ABatchPastSixteenFindsNone) {
  auto ops = composites_of("quant_matmul_w4_batch32");
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_TRUE(find_kernels(*ops[0]).empty());
}

// The config says which operand is which: scales and zero points swapped are not the
// kernel's argument order, nor is a code width the kernel does not unpack.
TEST_F(QuantGemvMatch, ConfigOfOtherRolesOrWidthFindsNone) {
  auto ops = composites_of("quant_matmul_w4");
  ASSERT_EQ(ops.size(), 1u);
  const auto* config = ops[0]->attr_as<ir::DictionaryAttr>("config");
  ASSERT_NE(config, nullptr);
  // A copy: set_attr below replaces (frees) the attribute `config` points at.
  const ir::DictionaryAttr original = *config;
  auto with = [&](std::string_view name, int64_t value) {
    ir::DictionaryAttr changed = original;
    for (ir::NamedAttribute& e : changed.entries) {
      if (e.name == name) e.value = ir::i64_attr(value);
    }
    return changed;
  };
  ops[0]->set_attr("config", with("scales", 3));
  EXPECT_TRUE(find_kernels(*ops[0]).empty());
  ops[0]->set_attr("config", with("bits", 8));
  EXPECT_TRUE(find_kernels(*ops[0]).empty());
  ops[0]->set_attr("config", original);
  EXPECT_EQ(find_kernels(*ops[0]).size(), 1u);
}

}  // namespace
}  // namespace kiln::kernels::quant_gemv_match_test
