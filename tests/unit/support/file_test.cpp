// read_file_bounded: whole files, directories, the size limit on files and endless devices.
#include "support/file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace kiln {
namespace {

std::string temp_file(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

TEST(ReadFileBounded, ReadsAWholeFile) {
  std::string path = temp_file("kiln_file_test_whole.txt", std::string("a\0b", 3));
  auto bytes = read_file_bounded(path, 3);
  ASSERT_TRUE(bytes.ok()) << bytes.error().message();
  EXPECT_EQ(*bytes, std::string("a\0b", 3));
  std::remove(path.c_str());
}

TEST(ReadFileBounded, AFileOverTheLimitIsTooLarge) {
  std::string path = temp_file("kiln_file_test_large.txt", "abcd");
  auto bytes = read_file_bounded(path, 3);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(bytes.error().message(), "kiln: " + path + ": input too large (more than 3 bytes)");
  std::remove(path.c_str());
}

TEST(ReadFileBounded, ADirectoryIsAnError) {
  auto bytes = read_file_bounded("/tmp", 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error().message(), "kiln: /tmp is a directory");
}

TEST(ReadFileBounded, AMissingFileIsNotFound) {
  auto bytes = read_file_bounded("/nonexistent/kiln", 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error().kind(), ErrorKind::kNotFound);
}

// A device that never ends is read only up to the limit.
TEST(ReadFileBounded, AnEndlessDeviceStopsAtTheLimit) {
  auto bytes = read_file_bounded("/dev/zero", 3u << 20);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error().message(), "kiln: /dev/zero: input too large (more than 3 MiB)");
}

TEST(FormatBytes, UsesTheLargestExactUnit) {
  EXPECT_EQ(format_bytes(1ull << 30), "1 GiB");
  EXPECT_EQ(format_bytes(1536), "1536 bytes");
  EXPECT_EQ(format_bytes(2048), "2 KiB");
  EXPECT_EQ(format_bytes(7), "7 bytes");
}

}  // namespace
}  // namespace kiln
