// compile_key: one key per program text and per option that changes what is compiled.
#include <gtest/gtest.h>

#include <set>

#include "backend/backend.h"

namespace kiln::backend {
namespace {

constexpr const char* kProgram = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                                 "  return %x : tensor<4xf32>\n}\n";

TEST(CompileKey, IsSixteenHexDigitsAndTheSameForTheSameCompile) {
  const std::string key = compile_key(kProgram, CompileOptions{});
  EXPECT_EQ(key.size(), 16u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos) << key;
  EXPECT_EQ(compile_key(kProgram, CompileOptions{}), key);
}

TEST(CompileKey, EveryOptionThatChangesTheCompileChangesTheKey) {
  std::vector<CompileOptions> variants(7);
  variants[1].entry = "other";
  variants[2].num_replicas = 2;
  variants[3].num_partitions = 2;
  variants[4].opt_level = 2;
  variants[5].autotune = true;
  variants[6].dispatch = "vendor";
  std::set<std::string> keys;
  for (const CompileOptions& o : variants) keys.insert(compile_key(kProgram, o));
  EXPECT_EQ(keys.size(), variants.size());
  // The text too, by one character; the key itself and the time limit do not count.
  EXPECT_FALSE(keys.count(compile_key(std::string(kProgram) + " ", CompileOptions{})));
  CompileOptions same;
  same.key = "anything";
  same.time_limit_seconds = 5;
  EXPECT_EQ(compile_key(kProgram, same), compile_key(kProgram, CompileOptions{}));
}

}  // namespace
}  // namespace kiln::backend
