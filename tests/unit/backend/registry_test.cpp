// The backend registry: lookup by name, and the error for an unknown name.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend/backend.h"

namespace kiln::backend {
namespace {

TEST(BackendRegistry, FindsCpu) {
  auto cpu = find_backend("cpu");
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  EXPECT_EQ((*cpu)->name(), "cpu");
}

TEST(BackendRegistry, UnknownNameIsNotFoundAndListsTheKnownOnes) {
  auto metal = find_backend("metal");
  ASSERT_FALSE(metal.ok());
  EXPECT_EQ(metal.error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(metal.error().message().rfind("kiln: no backend 'metal'; known backends: ", 0), 0u)
      << metal.error().message();
  EXPECT_NE(metal.error().message().find("cpu"), std::string::npos);
}

TEST(BackendRegistry, NamesAreSortedAndIncludeCpu) {
  std::vector<std::string> names = backend_names();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_NE(std::find(names.begin(), names.end(), "cpu"), names.end());
}

}  // namespace
}  // namespace kiln::backend
