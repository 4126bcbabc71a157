// Saved cuda executables: the lowered program of every test program reads back equal; every
// truncation, a wrong magic, format, kiln or CUDA version, a corrupted byte and another GPU
// architecture are errors saying so; the public API and the cpu backend's refusal; on a GPU,
// a loaded executable computes bit for bit what the freshly compiled one does.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <set>

#include "api/impl.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/executable_file.h"
#include "backend/saved_executable.h"
#include "ir/printer.h"
#include "kiln/kiln.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/test_programs.h"

namespace kiln::backend::cuda::executable_file_test {
namespace {

namespace rt = ::kiln::cuda;

// Stand-in cubins (no NVRTC): bytes that differ per module, including NUL and 0xff.
std::vector<rt::Cubin> fake_cubins(const LoweredProgram& p) {
  std::vector<rt::Cubin> out;
  for (size_t m = 0; m < p.modules.size(); ++m) {
    rt::Cubin c;
    for (size_t i = 0; i < 40 + m; ++i) c.image.push_back(static_cast<char>((i * 37 + m) & 0xff));
    out.push_back(std::move(c));
  }
  return out;
}

Expected<LoweredProgram> lower_at(const ::kiln::Module& module, int level, ::kiln::Module& keep) {
  keep = module;
  if (level != 0) {
    KILN_TRY(keep, ::kiln::optimize(module, level));
  }
  const ir::Module& ir = *keep.impl().module;
  KILN_TRY(const ir::Operation* entry, find_entry(ir, ""));
  return lower_module(ir, *entry, LowerOptions{});
}

std::string entry_name(const ir::Module& module) {
  Expected<const ir::Operation*> e = find_entry(module, "");
  return e.ok() ? (*e)->attr_as<ir::StringAttr>("sym_name")->value : "";
}

// Saves `p` over `module`, reads it back over the same module (equal, HostCheckSteps on the
// same ops) and over its printed text parsed again (as load_executable does: the same bytes
// when saved again). Returns "" or what differed.
std::string round_trip(const LoweredProgram& p, const ::kiln::Module& module) {
  const ir::Module& ir = *module.impl().module;
  const std::string entry = entry_name(ir);
  const std::vector<rt::Cubin> cubins = fake_cubins(p);
  Expected<std::string> bytes = encode_cuda_payload(p, cubins, "sm_90a", ir);
  if (!bytes.ok()) return "encode: " + bytes.error().message();
  Expected<CudaPayload> back = decode_cuda_payload(*bytes, ir, entry, "t.kiln");
  if (!back.ok()) return "decode: " + back.error().message();
  if (!(back->program == p)) return "the program read back differs";
  if (back->arch != "sm_90a" || back->cubins.size() != cubins.size()) return "arch or cubins";
  for (size_t i = 0; i < cubins.size(); ++i) {
    if (back->cubins[i].image != cubins[i].image) return "cubin " + std::to_string(i) + " differs";
  }
  ir::PrintOptions print;
  print.locations = true;
  Expected<::kiln::Module> reparsed = ::kiln::load_text(ir::print_module(ir, print), "t.kiln");
  if (!reparsed.ok()) return "the saved program does not parse: " + reparsed.error().message();
  const ir::Module& again = *reparsed->impl().module;
  Expected<CudaPayload> over_text = decode_cuda_payload(*bytes, again, entry, "t.kiln");
  if (!over_text.ok()) return "decode over the saved text: " + over_text.error().message();
  Expected<std::string> resaved = encode_cuda_payload(over_text->program, over_text->cubins,
                                                      over_text->arch, again);
  if (!resaved.ok()) return "encode over the saved text: " + resaved.error().message();
  if (*resaved != *bytes) return "saved again over the saved text, the bytes differ";
  return "";
}

class SavedProgram : public ::testing::TestWithParam<std::string> {};

// Every chunk of the file that lowers (at O0 and O2) reads back equal, field by field.
TEST_P(SavedProgram, ReadsBackEqual) {
  int lowered = 0;
  for (const testing::Chunk& c : testing::read_chunks(GetParam())) {
    if (!c.module) continue;
    for (int level : testing::kLevels) {
      ::kiln::Module keep = *c.module;
      Expected<LoweredProgram> p = lower_at(*c.module, level, keep);
      if (!p.ok()) continue;  // what the backend lacks: CudaCodegen's tests tell
      ++lowered;
      const std::string failure = round_trip(*p, keep);
      EXPECT_EQ(failure, "") << c.where << " O" << level;
    }
  }
  if (lowered == 0) GTEST_SKIP() << "no chunk of this file lowers for the cuda backend";
}

INSTANTIATE_TEST_SUITE_P(Programs, SavedProgram, ::testing::ValuesIn(testing::program_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return ::kiln::testing::test_name(info.param);
                         });

// The kinds of step (Step's alternatives, by index) in `p` and the programs nested in it.
void step_kinds(const Program& p, std::set<size_t>& kinds) {
  for (const Step& s : p.steps) {
    kinds.insert(s.index());
    if (const auto* w = std::get_if<WhileStep>(&s)) {
      step_kinds(*w->cond, kinds);
      step_kinds(*w->body, kinds);
    } else if (const auto* c = std::get_if<CaseStep>(&s)) {
      for (const auto& b : c->branches) step_kinds(*b, kinds);
    } else if (const auto* a = std::get_if<AttentionStep>(&s); a && a->fallback) {
      step_kinds(*a->fallback, kinds);
    } else if (const auto* g = std::get_if<GridStep>(&s)) {
      for (const auto& p : g->processes) step_kinds(*p, kinds);
    }
  }
}

// The programs SavedProgram reads back hold every kind of step between them (so that test
// covers each kind's fields).
TEST(SavedExecutableFile, TheTestProgramsHoldEveryKindOfStep) {
  std::set<size_t> kinds;
  for (const std::string& path : testing::program_files()) {
    for (const testing::Chunk& c : testing::read_chunks(path)) {
      if (!c.module) continue;
      for (int level : testing::kLevels) {
        ::kiln::Module keep = *c.module;
        Expected<LoweredProgram> p = lower_at(*c.module, level, keep);
        if (p.ok()) step_kinds(p->main, kinds);
      }
    }
  }
  for (size_t k = 0; k < std::variant_size_v<Step>; ++k) {
    EXPECT_TRUE(kinds.count(k)) << "no test program lowers to a step of kind " << k
                                << " (Step's alternative " << k << ")";
  }
}

// A GEMM, a constant and a loop: a small program of several step kinds.
const char* const kSmall = R"(
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %k = stablehlo.constant dense<0.5> : tensor<8x4xf32>
  %n = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %n, %v = %d) : tensor<i32>, tensor<8x4xf32>
   cond {
    %lim = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %k : tensor<8x4xf32>
    stablehlo.return %i2, %w : tensor<i32>, tensor<8x4xf32>
  }
  return %r#1 : tensor<8x4xf32>
}
)";

struct Small {
  ::kiln::Module module;
  LoweredProgram program;
  std::string payload;
};

Small small() {
  Expected<::kiln::Module> m = ::kiln::load_text(kSmall, "small.mlir");
  EXPECT_TRUE(m.ok()) << m.error().message();
  const ir::Module& ir = *m->impl().module;
  Expected<LoweredProgram> p = lower_module(ir, **find_entry(ir, ""), LowerOptions{});
  EXPECT_TRUE(p.ok()) << p.error().message();
  Expected<std::string> bytes = encode_cuda_payload(*p, fake_cubins(*p), "sm_90a", ir);
  EXPECT_TRUE(bytes.ok()) << bytes.error().message();
  return {*m, std::move(*p), std::move(*bytes)};
}

// A ragged bf16 dot on the library's gemm (the dispatch forced): TMA descriptors over an
// input and over the padded scratch copies (KernelArg::kTensorMap).
struct LibraryGemm {
  ::kiln::Module module;
  LoweredProgram program;
};

LibraryGemm library_gemm() {
  Expected<::kiln::Module> m = ::kiln::load_text(
      "func.func @main(%a: tensor<130x33xbf16>, %b: tensor<33x64xbf16>) -> tensor<130x64xbf16> {\n"
      "  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<130x33xbf16>, "
      "tensor<33x64xbf16>) -> tensor<130x64xbf16>\n"
      "  return %c : tensor<130x64xbf16>\n}\n",
      "gemm.mlir");
  EXPECT_TRUE(m.ok()) << m.error().message();
  const ir::Module& ir = *m->impl().module;
  LowerOptions options;
  options.dispatch = DispatchMode::kLibrary;
  Expected<LoweredProgram> p = lower_module(ir, **find_entry(ir, ""), options);
  EXPECT_TRUE(p.ok()) << p.error().message();
  return {*m, p.ok() ? std::move(*p) : LoweredProgram{}};
}

// The first tensor-map argument of `p`'s main program, or null.
KernelArg* first_tensor_map(LoweredProgram& p) {
  for (Step& s : p.main.steps) {
    if (auto* k = std::get_if<KernelStep>(&s)) {
      for (KernelArg& a : k->args) {
        if (a.kind == KernelArg::Kind::kTensorMap) return &a;
      }
    }
  }
  return nullptr;
}

TEST(SavedExecutableFile, TensorMapArgumentsReadBackEqual) {
  LibraryGemm g = library_gemm();
  int maps = 0;
  for (const Step& s : g.program.main.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) {
      for (const KernelArg& a : k->args) maps += a.kind == KernelArg::Kind::kTensorMap ? 1 : 0;
    }
  }
  EXPECT_EQ(maps, 3);  // A, B, and C for the epilogue's TMA stores
  EXPECT_EQ(round_trip(g.program, g.module), "");
}

// A descriptor whose view reaches past its buffer (a corrupt file) or breaks the driver's
// rules is refused on load, saying which.
TEST(SavedExecutableFile, ABadTensorMapIsRefused) {
  LibraryGemm g = library_gemm();
  const ir::Module& ir = *g.module.impl().module;
  auto refused = [&](LoweredProgram p, const std::string& what) {
    Expected<std::string> bytes = encode_cuda_payload(p, fake_cubins(p), "sm_90a", ir);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message();
    Expected<CudaPayload> back = decode_cuda_payload(*bytes, ir, "main", "t.kiln");
    ASSERT_FALSE(back.ok()) << what;
    EXPECT_NE(back.error().message().find(what), std::string::npos) << back.error().message();
  };
  LoweredProgram past = g.program;
  ASSERT_NE(first_tensor_map(past), nullptr);
  first_tensor_map(past)->map.dims.back() += 1;  // one more batch than the buffer holds
  refused(past, "a tensor map spanning");
  LoweredProgram unaligned = g.program;
  first_tensor_map(unaligned)->map.strides[0] += 2;
  refused(unaligned, "is not a multiple of 16");
}

SavedExecutable envelope(const std::string& payload) {
  return SavedExecutable{"cuda", kiln_version(), "main", kSmall, payload, "t.kiln"};
}

TEST(SavedExecutableFile, EnvelopeReadsBackEqual) {
  const SavedExecutable saved = envelope(std::string("pay\0load", 8));
  Expected<SavedExecutable> back = decode_saved_executable(encode_saved_executable(saved), "t.kiln");
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->backend, "cuda");
  EXPECT_EQ(back->kiln_version, kiln_version());
  EXPECT_EQ(back->entry, "main");
  EXPECT_EQ(back->program_text, kSmall);
  EXPECT_EQ(back->payload, std::string("pay\0load", 8));
}

TEST(SavedExecutableFile, EveryTruncationIsAnError) {
  const std::string bytes = encode_saved_executable(envelope(small().payload));
  for (size_t n = 0; n < bytes.size(); ++n) {
    Expected<SavedExecutable> back = decode_saved_executable(bytes.substr(0, n), "t.kiln");
    ASSERT_FALSE(back.ok()) << "cut at " << n;
    const std::string& m = back.error().message();
    EXPECT_TRUE(m.find("truncated") != std::string::npos ||
                (n == 0 && m.find("not a saved kiln executable") != std::string::npos))
        << n << ": " << m;
  }
}

TEST(SavedExecutableFile, EveryTruncatedPayloadIsAnError) {
  const Small s = small();
  const ir::Module& ir = *s.module.impl().module;
  for (size_t n = 0; n < s.payload.size(); ++n) {
    Expected<CudaPayload> back = decode_cuda_payload(std::string_view(s.payload).substr(0, n), ir,
                                                     "main", "t.kiln");
    ASSERT_FALSE(back.ok()) << "cut at " << n;
    EXPECT_NE(back.error().message().find("kiln: t.kiln: truncated at byte"), std::string::npos)
        << n << ": " << back.error().message();
  }
  EXPECT_TRUE(decode_cuda_payload(s.payload, ir, "main", "t.kiln").ok());
}

TEST(SavedExecutableFile, WrongMagicIsNotAnExecutable) {
  std::string bytes = encode_saved_executable(envelope("x"));
  bytes[1] = 'k';
  Expected<SavedExecutable> back = decode_saved_executable(bytes, "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().message(),
            "kiln: t.kiln: not a saved kiln executable (it does not start with kiln's magic "
            "bytes)");
  Expected<SavedExecutable> text = decode_saved_executable("func.func @main() {}", "f.mlir");
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().message().find("not a saved kiln executable"), std::string::npos);
}

TEST(SavedExecutableFile, AnotherFormatVersionIsNamed) {
  std::string bytes = encode_saved_executable(envelope("x"));
  const uint32_t other = kSavedExecutableFormat + 1;
  std::memcpy(bytes.data() + 8, &other, sizeof other);
  Expected<SavedExecutable> back = decode_saved_executable(bytes, "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().message().find(fmt::format(
                "saved in executable format version {}; this kiln ({}) reads version {}", other,
                kiln_version(), kSavedExecutableFormat)),
            std::string::npos)
      << back.error().message();
}

TEST(SavedExecutableFile, AnotherKilnVersionIsNamed) {
  SavedExecutable saved = envelope("x");
  saved.kiln_version = "9.9.9";
  Expected<SavedExecutable> back = decode_saved_executable(encode_saved_executable(saved), "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().message(),
            fmt::format("kiln: t.kiln: saved by kiln 9.9.9; this is kiln {}: compile the program "
                        "again with this kiln",
                        kiln_version()));
}

TEST(SavedExecutableFile, AFlippedByteIsCorruption) {
  std::string bytes = encode_saved_executable(envelope(small().payload));
  bytes[bytes.size() / 2] ^= 0x10;
  Expected<SavedExecutable> back = decode_saved_executable(bytes, "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().message(),
            "kiln: t.kiln: corrupted: its checksum does not match its bytes");
}

TEST(SavedExecutableFile, BytesPastTheEndAreRefused) {
  std::string bytes = encode_saved_executable(envelope("x")) + "z";
  Expected<SavedExecutable> back = decode_saved_executable(bytes, "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().message().find("bytes after its end"), std::string::npos)
      << back.error().message();
}

TEST(SavedExecutableFile, AnotherCudaVersionIsNamed) {
  const Small s = small();
  std::string payload = s.payload;
  // The payload opens with the architecture (u64 length, bytes), then the CUDA version.
  const int32_t other = 11020;
  std::memcpy(payload.data() + 8 + std::strlen("sm_90a"), &other, sizeof other);
  Expected<CudaPayload> back =
      decode_cuda_payload(payload, *s.module.impl().module, "main", "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().message(),
            fmt::format("kiln: t.kiln: built with CUDA 11.2; this kiln was built with CUDA {}: "
                        "compile the program again with this kiln",
                        cuda_version_name(CUDA_VERSION)));
}

TEST(SavedExecutableFile, AnotherArchitectureIsNamed) {
  const Small s = small();
  Expected<std::unique_ptr<CudaExecutable>> exe =
      load_cuda_executable(envelope(s.payload), *s.module.impl().module, "sm_80");
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.error().message(),
            "kiln: t.kiln: built for sm_90a; this machine's GPU is sm_80 (compile the program "
            "again on it)");
  EXPECT_TRUE(load_cuda_executable(envelope(s.payload), *s.module.impl().module, "sm_90a").ok());
  EXPECT_TRUE(load_cuda_executable(envelope(s.payload), *s.module.impl().module, "").ok());
}

TEST(SavedExecutableFile, AProgramOfOtherTypesDoesNotMatch) {
  const Small s = small();
  Expected<::kiln::Module> other = ::kiln::load_text(
      "func.func @main(%a: tensor<8x16xf16>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {\n"
      "  %c = stablehlo.constant dense<0.0> : tensor<8x4xf32>\n"
      "  return %c : tensor<8x4xf32>\n}\n",
      "other.mlir");
  ASSERT_TRUE(other.ok()) << other.error().message();
  Expected<CudaPayload> back =
      decode_cuda_payload(s.payload, *other->impl().module, "main", "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().message(),
            "kiln: t.kiln: the saved program does not match its steps: @main takes "
            "(tensor<8x16xf16>, tensor<16x4xf32>) where the steps take (tensor<8x16xf32>, "
            "tensor<16x4xf32>)");
  Expected<CudaPayload> no_entry =
      decode_cuda_payload(s.payload, *other->impl().module, "forward", "t.kiln");
  ASSERT_FALSE(no_entry.ok());
  EXPECT_NE(no_entry.error().message().find("it has no function @forward"), std::string::npos);
}

// A step naming an op of the module by its place: a module whose op there is another one is
// refused, naming the op.
TEST(SavedExecutableFile, AHostCheckOnAnotherOpIsRefused) {
  const char* const kCheck = R"(
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = stablehlo.exponential %a : tensor<4xf32>
  check.expect_almost_eq_const %e, dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  return %e : tensor<4xf32>
}
)";
  Expected<::kiln::Module> m = ::kiln::load_text(kCheck, "check.mlir");
  ASSERT_TRUE(m.ok()) << m.error().message();
  const ir::Module& ir = *m->impl().module;
  Expected<LoweredProgram> p = lower_module(ir, **find_entry(ir, ""), LowerOptions{});
  ASSERT_TRUE(p.ok()) << p.error().message();
  Expected<std::string> bytes = encode_cuda_payload(*p, fake_cubins(*p), "sm_90a", ir);
  ASSERT_TRUE(bytes.ok()) << bytes.error().message();
  EXPECT_EQ(round_trip(*p, *m), "");
  std::string swapped = kCheck;
  swapped.replace(swapped.find("stablehlo.exponential"), 21, "stablehlo.log");
  swapped.replace(swapped.find("check.expect_almost_eq_const"), 28, "check.expect_eq_const");
  Expected<::kiln::Module> other = ::kiln::load_text(swapped, "other.mlir");
  ASSERT_TRUE(other.ok()) << other.error().message();
  Expected<CudaPayload> back = decode_cuda_payload(*bytes, *other->impl().module, "main", "t.kiln");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().message().find("has no 'check.expect_almost_eq_const' as its op #"),
            std::string::npos)
      << back.error().message();
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("kiln_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

TEST(SavedExecutableFile, TheCpuBackendSaysItCannotSave) {
  Expected<::kiln::Module> m = ::kiln::load_text(kSmall, "small.mlir");
  ASSERT_TRUE(m.ok());
  Expected<::kiln::Executable> exe = ::kiln::compile(*m, {.backend = "cpu"});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  const std::string path = temp_path("cpu.kiln");
  Status saved = exe->save(path);
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(saved.error().message().find("cannot save an executable"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(path));
  // A file naming the cpu backend: its load says the backend cannot.
  SavedExecutable cpu = envelope("x");
  cpu.backend = "cpu";
  ASSERT_TRUE(write_file_bytes(path, encode_saved_executable(cpu)).ok());
  Expected<::kiln::Executable> loaded = ::kiln::load_executable(path);
  std::filesystem::remove(path);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message(),
            "kiln: " + path + ": the cpu backend cannot load a saved executable");
}

// Through the public API with NVRTC's cubins (no GPU needed): the file holds what the
// compiled executable holds, and its program.
TEST(SavedExecutableFile, TheApiSavesAndLoadsACompiledExecutable) {
  Expected<::kiln::Module> m = ::kiln::load_text(kSmall, "small.mlir");
  ASSERT_TRUE(m.ok());
  Expected<::kiln::Executable> exe = ::kiln::compile(*m, {.backend = "cuda"});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  const std::string path = temp_path("small.kiln");
  ASSERT_TRUE(exe->save(path).ok());
  EXPECT_TRUE(::kiln::is_saved_executable(path));
  Expected<::kiln::Executable> loaded = ::kiln::load_executable(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message();
  EXPECT_EQ(loaded->backend(), "cuda");
  EXPECT_EQ(loaded->entry(), "main");
  EXPECT_EQ(loaded->input_types(), exe->input_types());
  EXPECT_EQ(loaded->module().print(), exe->module().print());
  const auto& want = dynamic_cast<const CudaExecutable&>(api::ExecutableAccess::executable(*exe));
  const auto& got = dynamic_cast<const CudaExecutable&>(api::ExecutableAccess::executable(*loaded));
  EXPECT_EQ(got.arch(), want.arch());
  ASSERT_EQ(got.cubins().size(), want.cubins().size());
  for (size_t i = 0; i < want.cubins().size(); ++i) {
    EXPECT_EQ(got.cubins()[i].image, want.cubins()[i].image) << "cubin " << i;
  }
  // The loaded executable's program runs over the reparsed module: equal but for that.
  Expected<std::string> a = encode_cuda_payload(want.program(), want.cubins(), want.arch(),
                                                *exe->module().impl().module);
  Expected<std::string> b = encode_cuda_payload(got.program(), got.cubins(), got.arch(),
                                                *loaded->module().impl().module);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(*a == *b);
}

// An executable compiled for a grid loads as one for the same grid (LoweredProgram's grid).
TEST(SavedExecutableFile, AGridExecutableKeepsItsGrid) {
  Expected<::kiln::Module> m = ::kiln::load_text(R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %0, %p : tensor<4xf32>, tensor<ui32>
}
)", "grid.mlir");
  ASSERT_TRUE(m.ok());
  Expected<::kiln::Executable> exe =
      ::kiln::compile(*m, {.backend = "cuda", .num_replicas = 2, .num_partitions = 3});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  const std::string path = temp_path("grid.kiln");
  ASSERT_TRUE(exe->save(path).ok());
  Expected<::kiln::Executable> loaded = ::kiln::load_executable(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message();
  EXPECT_EQ(loaded->num_processes(), 6);
  const auto& got = dynamic_cast<const CudaExecutable&>(api::ExecutableAccess::executable(*loaded));
  EXPECT_EQ(got.num_replicas(), 2);
  EXPECT_EQ(got.num_partitions(), 3);
}

TEST(SavedExecutableFile, AMissingFileIsNotFound) {
  Expected<::kiln::Executable> loaded = ::kiln::load_executable("/nonexistent/x.kiln");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().kind(), ErrorKind::kNotFound);
  EXPECT_NE(loaded.error().message().find("cannot open /nonexistent/x.kiln"), std::string::npos);
  EXPECT_FALSE(::kiln::is_saved_executable("/nonexistent/x.kiln"));
}

// On a GPU: compiled, saved, loaded and run, each program gives bit for bit what the freshly
// compiled executable gives on the same random inputs (the same cubins, plans and arena).
class SavedExecutableGpu : public ::testing::TestWithParam<std::string> {};

TEST_P(SavedExecutableGpu, RunsBitForBitAsCompiled) {
  if (Expected<rt::Device> d = rt::Device::open(0); !d.ok()) {
    GTEST_SKIP() << "no GPU: " << d.error().message();
  }
  const std::string file = ::kiln::testing::source_dir() + "/" + GetParam();
  Expected<::kiln::Module> m = ::kiln::load_file(file);
  ASSERT_TRUE(m.ok()) << m.error().message();
  Expected<::kiln::Executable> fresh = ::kiln::compile(*m, {.backend = "cuda"});
  ASSERT_TRUE(fresh.ok()) << fresh.error().message();
  const std::string path = temp_path(std::filesystem::path(file).stem().string() + ".kiln");
  ASSERT_TRUE(fresh->save(path).ok());
  Expected<::kiln::Executable> loaded = ::kiln::load_executable(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message();
  for (uint64_t seed : {7u, 8u}) {
    Expected<std::vector<::kiln::Value>> inputs = fresh->random_inputs(seed);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    Expected<::kiln::RunResult> want = fresh->run(*inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    Expected<::kiln::RunResult> got = loaded->run(*inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    ASSERT_EQ(got->outputs().size(), want->outputs().size());
    for (size_t i = 0; i < want->outputs().size(); ++i) {
      const auto a = got->outputs()[i].bytes(), b = want->outputs()[i].bytes();
      ASSERT_EQ(a.size(), b.size()) << "output " << i;
      EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size()), 0)
          << "output " << i << " (seed " << seed << ") differs";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, SavedExecutableGpu,
                         ::testing::Values("tests/jax/programs/mlp.mlir",
                                           "tests/jax/programs/while_loop.mlir",
                                           "tests/jax/programs/control_flow.mlir",
                                           "tests/jax/programs/attention.mlir",
                                           "tests/jax/programs/bf16_attention.mlir",
                                           "tests/jax/programs/attention_grad.mlir",
                                           "tests/jax/programs/causal_attention_grad.mlir"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return std::filesystem::path(info.param).stem().string();
                         });

}  // namespace
}  // namespace kiln::backend::cuda::executable_file_test
