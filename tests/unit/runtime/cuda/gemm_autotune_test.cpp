// The GEMM autotuning cache without a GPU: its line format, reading past corrupt and foreign
// lines, atomic replacement, concurrent writers, and the key's contents.
#include "runtime/cuda/gemm_autotune.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

namespace kiln::cuda {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the test's temporary directory, removed at the end.
class AutotuneTempDir {
 public:
  AutotuneTempDir() {
    path_ = fs::temp_directory_path() /
            ("kiln_gemm_autotune_" + std::to_string(::getpid()) + "_" + std::to_string(next_++));
    fs::remove_all(path_);
  }
  ~AutotuneTempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int next_ = 0;
  fs::path path_;
};

TEST(GemmAutotuneCache, LineRoundTrips) {
  const GemmChoice c{3, 0x0123456789abcdefull, 0.125};
  const std::string line = GemmChoiceCache::format_line("H100 sm_90a | k", c);
  auto parsed = GemmChoiceCache::parse_line(line);
  ASSERT_TRUE(parsed.has_value()) << line;
  EXPECT_EQ(parsed->first, "H100 sm_90a | k");
  EXPECT_EQ(parsed->second, c);
}

TEST(GemmAutotuneCache, MalformedLinesDoNotParse) {
  const std::string good = GemmChoiceCache::format_line("key", GemmChoice{1, 42, 0.5});
  for (const std::string& bad :
       {std::string(""), std::string("garbage"), std::string("kiln-gemm-v0\tkey\t1\t000000000000002a\t0.5"),
        std::string("kiln-gemm-v1\t\t1\t000000000000002a\t0.5"),
        std::string("kiln-gemm-v1\tkey\t-1\t000000000000002a\t0.5"),
        std::string("kiln-gemm-v1\tkey\t1\t2a\t0.5"), std::string("kiln-gemm-v1\tkey\t1\t000000000000002a"),
        std::string("kiln-gemm-v1\tkey\t1\t000000000000002a\tfast"),
        std::string("kiln-gemm-v1\tkey\t99999\t000000000000002a\t0.5"), good.substr(0, good.size() - 4),
        good + "\textra"}) {
    EXPECT_FALSE(GemmChoiceCache::parse_line(bad).has_value()) << bad;
  }
}

TEST(GemmAutotuneCache, MissingFileIsEmpty) {
  AutotuneTempDir dir;
  GemmChoiceCache cache(dir.file("none.txt"));
  EXPECT_TRUE(cache.load().empty());
  EXPECT_FALSE(cache.find("key").has_value());
}

TEST(GemmAutotuneCache, StoreThenFindAcrossInstances) {
  AutotuneTempDir dir;
  const std::string path = dir.file("sub/gemm_autotune.txt");  // the folder is created
  ASSERT_TRUE(GemmChoiceCache(path).store("a", GemmChoice{2, 7, 1.5}).ok());
  ASSERT_TRUE(GemmChoiceCache(path).store("b", GemmChoice{0, 9, 0.25}).ok());
  ASSERT_TRUE(GemmChoiceCache(path).store("a", GemmChoice{5, 8, 1.0}).ok());  // replaced
  GemmChoiceCache again(path);
  auto entries = again.load();
  EXPECT_EQ(entries.size(), 2u);
  EXPECT_EQ(again.find("a"), (GemmChoice{5, 8, 1.0}));
  EXPECT_EQ(again.find("b"), (GemmChoice{0, 9, 0.25}));
  // No temporary file is left beside it.
  int files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path())) ++files, (void)e;
  EXPECT_EQ(files, 1);
}

// Corrupt, truncated and foreign lines are skipped; the good ones around them are read, and a
// store rewrites the file with the good entries only.
TEST(GemmAutotuneCache, CorruptLinesAreIgnoredAndDropped) {
  AutotuneTempDir dir;
  const std::string path = dir.file("gemm_autotune.txt");
  fs::create_directories(fs::path(path).parent_path());
  {
    std::ofstream out(path, std::ios::binary);
    out << "not a cache line\n"
        << GemmChoiceCache::format_line("good", GemmChoice{1, 2, 3}) << "\n"
        << "kiln-gemm-v1\ttruncated\t1\n"
        << std::string("\0\xff\xfe binary", 10) << "\n"
        << GemmChoiceCache::format_line("last", GemmChoice{4, 5, 6}).substr(0, 20);  // no newline
  }
  GemmChoiceCache cache(path);
  auto entries = cache.load();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries.at("good"), (GemmChoice{1, 2, 3}));
  ASSERT_TRUE(cache.store("new", GemmChoice{0, 1, 2}).ok());
  std::ifstream in(path);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    EXPECT_TRUE(GemmChoiceCache::parse_line(line).has_value()) << line;
  }
  EXPECT_EQ(lines, 2);
}

TEST(GemmAutotuneCache, DispatchLineRoundTrips) {
  const DispatchMeasurement m{true, 0.25, 0.125};
  const std::string line = GemmChoiceCache::format_dispatch_line("dev | gemm bf16 m=1", m);
  EXPECT_EQ(line, "kiln-dispatch-v1\tdev | gemm bf16 m=1\tlibrary\t0.25\t0.125");
  auto parsed = GemmChoiceCache::parse_dispatch_line(line);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->first, "dev | gemm bf16 m=1");
  EXPECT_EQ(parsed->second, m);
  for (const char* bad : {"kiln-dispatch-v1\tk\tneither\t1\t2", "kiln-dispatch-v1\tk\tvendor\t1",
                          "kiln-dispatch-v1\t\tvendor\t1\t2", "kiln-dispatch-v1\tk\tvendor\t-1\t2",
                          "kiln-gemm-v1\tk\tvendor\t1\t2"}) {
    EXPECT_FALSE(GemmChoiceCache::parse_dispatch_line(bad).has_value()) << bad;
  }
}

// GEMM choices and dispatch measurements share the file: storing one kind keeps the other's
// lines.
TEST(GemmAutotuneCache, DispatchAndGemmEntriesShareTheFile) {
  AutotuneTempDir dir;
  const GemmChoiceCache cache(dir.file("gemm_autotune.txt"));
  ASSERT_TRUE(cache.store("g", GemmChoice{1, 2, 0.5}).ok());
  ASSERT_TRUE(cache.store_dispatch("d", DispatchMeasurement{false, 0.5, 0.75}).ok());
  ASSERT_TRUE(cache.store("g2", GemmChoice{3, 4, 0.25}).ok());
  EXPECT_EQ(cache.find("g"), (GemmChoice{1, 2, 0.5}));
  EXPECT_EQ(cache.find("g2"), (GemmChoice{3, 4, 0.25}));
  EXPECT_EQ(cache.find_dispatch("d"), (DispatchMeasurement{false, 0.5, 0.75}));
  EXPECT_FALSE(cache.find_dispatch("g").has_value());  // a GEMM line is no dispatch entry
  EXPECT_EQ(cache.load().size(), 2u);
  EXPECT_EQ(cache.load_dispatch().size(), 1u);
  EXPECT_FALSE(cache.store_dispatch("a\tb", DispatchMeasurement{}).ok());
}

TEST(GemmAutotuneCache, KeysWithTabsOrNewlinesAreRefused) {
  AutotuneTempDir dir;
  GemmChoiceCache cache(dir.file("c.txt"));
  EXPECT_FALSE(cache.store("a\tb", GemmChoice{}).ok());
  EXPECT_FALSE(cache.store("a\nb", GemmChoice{}).ok());
  EXPECT_FALSE(cache.store("", GemmChoice{}).ok());
}

// An empty path (KILN_CACHE_DIR=off) remembers nothing and never fails.
TEST(GemmAutotuneCache, EmptyPathRemembersNothing) {
  GemmChoiceCache cache("");
  EXPECT_TRUE(cache.store("a", GemmChoice{1, 1, 1}).ok());
  EXPECT_FALSE(cache.find("a").has_value());
}

// Writers on several threads each replace the whole file: every read in between sees a file of
// whole lines, and the last state holds entries (each writer's own entry at least once seen).
TEST(GemmAutotuneCache, ConcurrentWritersLeaveAWholeFile) {
  AutotuneTempDir dir;
  const std::string path = dir.file("gemm_autotune.txt");
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&, t] {
      GemmChoiceCache cache(path);
      for (int i = 0; i < 25; ++i) {
        ASSERT_TRUE(cache.store("w" + std::to_string(t) + "_" + std::to_string(i),
                                GemmChoice{i % 8, static_cast<uint64_t>(t), 0.5})
                        .ok());
      }
    });
  }
  for (int r = 0; r < 50; ++r) {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) EXPECT_TRUE(GemmChoiceCache::parse_line(line).has_value()) << line;
  }
  for (std::thread& w : writers) w.join();
  auto entries = GemmChoiceCache(path).load();
  EXPECT_FALSE(entries.empty());
  EXPECT_LE(entries.size(), 100u);
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path())) {
    EXPECT_EQ(e.path().filename(), "gemm_autotune.txt") << "a temporary file was left";
  }
}

TEST(GemmAutotuneCache, DefaultPathIsBesideTheKernelCache) {
  const char* old = std::getenv("KILN_CACHE_DIR");
  const std::string saved = old ? old : "";
  ::setenv("KILN_CACHE_DIR", "/tmp/kiln-cache-test", 1);
  EXPECT_EQ(GemmChoiceCache::default_path(), "/tmp/kiln-cache-test/gemm_autotune.txt");
  ::setenv("KILN_CACHE_DIR", "off", 1);
  EXPECT_EQ(GemmChoiceCache::default_path(), "");
  if (old) {
    ::setenv("KILN_CACHE_DIR", saved.c_str(), 1);
  } else {
    ::unsetenv("KILN_CACHE_DIR");
  }
}

// The key names the device, the library and every field of the description.
TEST(GemmAutotuneCache, KeyHoldsDeviceLibraryAndDescription) {
  GemmDesc d;
  d.m = 16, d.n = 4, d.k = 8, d.lda = 16, d.ldb = 8, d.ldc = 16;
  const DeviceProperties h100 = DeviceProperties::h100_sxm();
  const std::string key = gemm_autotune_key(h100, "cuBLASLt 13.0.2", d, 1 << 20);
  EXPECT_NE(key.find(h100.name), std::string::npos) << key;
  EXPECT_NE(key.find("sm_90a"), std::string::npos) << key;
  EXPECT_NE(key.find("cuBLASLt 13.0.2"), std::string::npos) << key;
  EXPECT_NE(key.find("m=16 n=4 k=8"), std::string::npos) << key;
  EXPECT_EQ(key.find('\t'), std::string::npos);
  GemmDesc other = d;
  other.epilogue = GemmEpilogue::kRelu;
  EXPECT_NE(key, gemm_autotune_key(h100, "cuBLASLt 13.0.2", other, 1 << 20));
  other = d;
  other.bias = true;
  EXPECT_NE(key, gemm_autotune_key(h100, "cuBLASLt 13.0.2", other, 1 << 20));
  EXPECT_NE(key, gemm_autotune_key(h100, "cuBLASLt 12.9.1", d, 1 << 20));
  EXPECT_NE(key, gemm_autotune_key(h100, "cuBLASLt 13.0.2", d, 2 << 20));
}

}  // namespace
}  // namespace kiln::cuda
