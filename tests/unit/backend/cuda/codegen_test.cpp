// The cuda backend's code generator on every test program in the repository, without a GPU:
// each check-dialect chunk and JAX export, at O0 and O2, lowers or names what the backend
// lacks; the generated CUDA of the check-dialect files and the JAX patterns compiles with
// NVRTC; the number of programs that lower does not fall below a floor. Prints the coverage:
// what is missing, most often met first.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <set>
#include <span>

#include "api/impl.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "backend/cuda/specialize.h"
#include "kernels/cuda/sources.h"
#include "oracle/random.h"
#include "runtime/cuda/nvrtc.h"
#include "tests/unit/backend/cuda/test_programs.h"

namespace kiln::backend::cuda {
namespace {

using testing::Chunk;
using testing::kLevels;

// (chunk, level) pairs that lower today (see the survey's summary; 2,691 of 2,770 on
// 2026-11-26, with the benchmark programs, fft (zero lengths too), cholesky, triangular_solve,
// chlo.ragged_dot (mixed element types too), chlo.scan, quantized types, tokens, tuples,
// collectives (on process grids: interpreter.run_parallel, send / recv), batch norms and
// dynamic shapes specialized by refine-shapes): a change that makes programs stop lowering
// fails here. Raise it as the backend grows.
constexpr int64_t kLoweredFloor = 2691;

// What a lowered program refers to (HostCheckStep): the optimised module, and the copy
// refined to static shapes where the program has dynamic ones.
struct Kept {
  ::kiln::Module module;
  std::shared_ptr<const ir::Module> refined;
  bool dynamic_entry = false;  // specialized to random_input_type's shapes
};

// `module` after the pipeline at `level`, lowered for the cuda backend; `keep` holds what the
// program refers to.
Expected<LoweredProgram> lower_for_cuda_at(const ::kiln::Module& module, int level, Kept& keep) {
  keep.module = module;
  if (level != 0) {
    KILN_TRY(keep.module, ::kiln::optimize(module, level));
  }
  const ir::Module& ir = *keep.module.impl().module;
  KILN_TRY(const ir::Operation* entry, find_entry(ir, ""));
  // As compile_cuda: dynamic shapes refined first (the refined copy kept with the program); an
  // entry of dynamic argument types specialized to the shapes `kiln run --random-inputs` gives.
  std::vector<ir::Type> inputs;
  keep.dynamic_entry = !takes_static_inputs(*entry);
  if (keep.dynamic_entry) {
    for (const ir::Type& t :
         entry->attr_as<ir::TypeAttr>("function_type")->type.function_inputs()) {
      inputs.push_back(oracle::random_input_type(t));
    }
  }
  KILN_TRY(PreparedModule prepared, prepare_module(ir, *entry, inputs));
  KILN_TRY(LoweredProgram program, lower_module(*prepared.module, *prepared.entry, LowerOptions{}));
  keep.refined = std::move(prepared.owned);
  return program;
}

// What every chunk of every program file gave, at each level.
struct Survey {
  struct Group {
    int64_t lowered = 0, unimplemented = 0, failed = 0;
    // Entries of dynamic argument types whose program contradicts the survey's input shapes
    // (a `?` that the program's static types say is 2, where random inputs give it 4): an
    // invalid_argument, as a run on such inputs gets.
    int64_t unfit = 0;
  };
  Group check_dialect, jax;  // tests/e2e and tests/ops; tests/jax
  int64_t not_programs = 0;
  testing::MissingTally missing;        // by op (or feature)
  testing::MissingTally element_types;  // the element types the generated code lacks
  std::vector<std::string> failures;    // "WHERE O2: message"
  double seconds = 0;

  int64_t lowered() const { return check_dialect.lowered + jax.lowered; }
};

void survey_file(const std::string& path, Survey& s) {
  Survey::Group& g = path.find("/tests/jax/") != std::string::npos ? s.jax : s.check_dialect;
  for (const Chunk& c : testing::read_chunks(path)) {
    if (!c.module) {
      ++s.not_programs;
      continue;
    }
    for (int level : kLevels) {
      std::string where = fmt::format("{} O{}", c.where, level);
      Kept keep{*c.module, nullptr};
      Expected<LoweredProgram> p = lower_for_cuda_at(*c.module, level, keep);
      if (p.ok()) {
        ++g.lowered;
      } else if (keep.dynamic_entry && p.error().kind() == ErrorKind::kInvalidArgument) {
        ++g.unfit;
      } else if (auto m = testing::missing_feature(p.error())) {
        ++g.unimplemented;
        s.missing.add(m->what, m->why.empty() ? where : where + ": " + m->why);
        std::string type = testing::missing_element_type(m->why.empty() ? m->what : m->why);
        if (!type.empty()) s.element_types.add(type, where + " " + m->what);
      } else {
        ++g.failed;
        s.failures.push_back(where + ": " + p.error().message());
      }
    }
  }
}

const Survey& survey() {
  static const Survey s = [] {
    Survey s;
    auto start = std::chrono::steady_clock::now();
    for (const std::string& path : testing::program_files()) survey_file(path, s);
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s;
  }();
  return s;
}

std::string coverage_group_line(const char* name, const Survey::Group& g) {
  return fmt::format(
      "  {}: {} of {} lower, {} unimplemented, {} failed, {} dynamic entries whose program "
      "does not fit the random inputs' shapes\n",
      name, g.lowered, g.lowered + g.unimplemented + g.failed + g.unfit, g.unimplemented, g.failed,
      g.unfit);
}

void print_missing_tally(const char* title, const testing::MissingTally& t) {
  if (t.entries.empty()) return;
  std::cout << title << "\n";
  for (const auto& [what, e] : t.by_count()) {
    std::cout << fmt::format("  {:5}  {}  (first: {})\n", e.count, what, e.first);
  }
}

void print_coverage(const Survey& s) {
  std::cout << fmt::format(
      "cuda codegen coverage, every program at O0 and O2: {} lower ({} chunks are not "
      "programs; {:.1f} s)\n",
      s.lowered(), s.not_programs, s.seconds);
  std::cout << coverage_group_line("check-dialect chunks", s.check_dialect)
            << coverage_group_line("JAX exports", s.jax);
  print_missing_tally("unimplemented, most often met first:", s.missing);
  print_missing_tally("element types the generated code does not hold:", s.element_types);
}

// Lowering either succeeds or fails with an unimplemented error naming the op (or the
// feature) the backend lacks; an internal error, a crash or any other kind is a bug.
TEST(CudaCodegen, EveryProgramLowersOrNamesWhatItLacks) {
  const Survey& s = survey();
  print_coverage(s);
  for (const std::string& f : s.failures) ADD_FAILURE() << f;
}

TEST(CudaCodegen, CoverageDoesNotFallBelowTheFloor) {
  const Survey& s = survey();
  EXPECT_GE(s.lowered(), kLoweredFloor)
      << "fewer programs lower for the cuda backend than before; see the coverage summary of "
         "CudaCodegen.EveryProgramLowersOrNamesWhatItLacks";
}

// The code generator's output for several programs, to compile as one CUDA source so that
// NVRTC parses the shared prelude once: each module's kernels in a namespace of their own
// (every program names its kernels k0, k1, ...), without extern "C" (C linkage ignores
// namespaces).
struct GeneratedCode {
  struct Part {
    std::string where;  // "FILE:LINE O2"
    std::string body;
  };
  std::string prelude;
  std::vector<Part> parts;  // one per program
  // Hand-written modules, compiled alone; a library kernel's with its own options.
  std::set<std::pair<std::string, std::vector<std::string>>> library;
  int modules = 0;

  void add(const LoweredProgram& p, const std::string& where) {
    Part part{where, ""};
    for (const KernelModule& m : p.modules) {
      if (!m.generated || m.source.compare(0, prelude.size(), prelude) != 0) {
        library.insert({m.source, m.library ? m.options : std::vector<std::string>{}});
        continue;
      }
      std::string body = m.source.substr(prelude.size());
      for (size_t at; (at = body.find("extern \"C\" ")) != std::string::npos;) body.erase(at, 11);
      part.body += fmt::format("namespace m{} {{\n{}\n}}\n", modules++, body);
    }
    if (!part.body.empty()) parts.push_back(std::move(part));
  }
};

// `options`: a library module's own; none: the cuda backend's for its own code
// (cuda_backend.cpp).
Status nvrtc_compile_sm90a(std::string name, std::string source,
                           std::vector<std::string> options = {}) {
  ::kiln::cuda::CompileRequest request;
  request.name = std::move(name);
  request.source = std::move(source);
  request.arch = "sm_90a";
  request.options = options.empty() ? generated_code_options() : std::move(options);
  KILN_TRY(auto cubin, ::kiln::cuda::compile(request));
  (void)cubin;
  return ok_status();
}

// Every program of `files` that lowers at `levels`, its generated code compiled with NVRTC
// for sm_90a in one request; where that fails, each program alone, to name the ones at fault.
void expect_generated_code_compiles(const std::string& name, const std::vector<std::string>& files,
                                    std::span<const int> levels) {
  if (auto v = ::kiln::cuda::nvrtc_version(); !v.ok()) {
    GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  }
  Expected<std::string> prelude = kernels::header_source("ops/scalar.cuh");
  ASSERT_TRUE(prelude.ok()) << prelude.error().message();
  GeneratedCode code;
  code.prelude = *prelude;
  for (const std::string& path : files) {
    for (const Chunk& c : testing::read_chunks(path)) {
      if (!c.module) continue;
      for (int level : levels) {
        Kept keep{*c.module, nullptr};
        Expected<LoweredProgram> p = lower_for_cuda_at(*c.module, level, keep);
        if (p.ok()) code.add(*p, fmt::format("{} O{}", c.where, level));
      }
    }
  }
  if (!code.parts.empty()) {
    std::string all = code.prelude;
    for (const GeneratedCode::Part& part : code.parts) all += part.body;
    if (Status s = nvrtc_compile_sm90a(name, std::move(all)); !s.ok()) {
      int at_fault = 0;
      for (const GeneratedCode::Part& part : code.parts) {
        if (Status one = nvrtc_compile_sm90a(name, code.prelude + part.body); !one.ok()) {
          ++at_fault;
          ADD_FAILURE() << part.where << ": " << one.error().message();
        }
      }
      if (at_fault == 0) ADD_FAILURE() << "the programs together: " << s.error().message();
    }
  }
  for (const auto& [source, options] : code.library) {
    Status s = nvrtc_compile_sm90a(name + "_library", source, options);
    EXPECT_TRUE(s.ok()) << s.error().message();
  }
}

class CudaGeneratedCode : public ::testing::TestWithParam<std::string> {};

// The check-dialect files (every op's tests, so every rule of the code generator meets
// NVRTC): each file's programs at O0 and O2.
TEST_P(CudaGeneratedCode, CompilesWithNvrtc) {
  expect_generated_code_compiles(::kiln::testing::test_name(GetParam()), {GetParam()}, kLevels);
}

INSTANTIATE_TEST_SUITE_P(Programs, CudaGeneratedCode,
                         ::testing::ValuesIn(::kiln::testing::mlir_files({"tests/e2e",
                                                                          "tests/ops"})),
                         [](const auto& info) { return ::kiln::testing::test_name(info.param); });

// The JAX patterns (the fusions real models give) at O2, in one request. The JAX programs
// lower to the same rules many times over: `kiln compile --backend cuda` compiles them where
// asked.
TEST(CudaCodegen, JaxPatternsCompileWithNvrtc) {
  const int o2[] = {2};
  expect_generated_code_compiles("jax_patterns",
                                 ::kiln::testing::mlir_files({"tests/jax/patterns"}), o2);
}

}  // namespace
}  // namespace kiln::backend::cuda
