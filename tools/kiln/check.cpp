// `kiln check`: run the test functions of a file written in the check dialect, through the
// public API on a backend (the cpu backend unless --backend names another).
#include <iostream>

#include "kiln/kiln.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

// Runs one chunk; prints its PASS or FAIL line(s) and returns whether it passed.
bool check_chunk(const Source& source, SourceRange range, int opt_level, const std::string& backend) {
  auto module = source.parse(range);
  if (!module.ok()) {
    std::cout << "FAIL: " << module.error().message() << "\n";
    return false;
  }
  if (Status s = module->verify(); !s.ok()) {
    std::cout << "FAIL: " << s.error().message() << "\n";
    return false;
  }
  if (!module->entry_function("").ok()) {
    std::cout << "FAIL: " << source.where(range.begin)
              << ": the chunk has no @main and not exactly one function\n";
    return false;
  }
  CompileOptions options;
  options.num_replicas = options.num_partitions = 1;
  options.opt_level = opt_level;
  options.backend = backend;
  auto exe = compile(*module, options);
  if (!exe.ok()) {
    std::cout << "FAIL: " << exe.error().message() << "\n";
    return false;
  }
  std::string label = exe->entry_location() + " @" + exe->entry();
  auto result = exe->run({});
  if (!result.ok()) {
    std::cout << "FAIL: " << label << "\n  " << result.error().message() << "\n";
    return false;
  }
  if (!result->failed_checks.empty()) {
    std::cout << "FAIL: " << label << "\n";
    for (const std::string& failure : result->failed_checks) std::cout << "  " << failure << "\n";
    return false;
  }
  std::cout << "PASS: " << label << "\n";
  return true;
}

}  // namespace

int run_check(const CheckArgs& args) {
  auto source = Source::read_file(args.file);
  if (!source.ok()) {
    std::cerr << source.error().message() << "\n";
    return 1;
  }
  int passed = 0, failed = 0;
  std::vector<SourceRange> ranges = args.split ? source->chunks() : std::vector{source->whole()};
  for (SourceRange range : ranges) {
    if (check_chunk(*source, range, args.opt_level, args.backend)) {
      ++passed;
    } else {
      ++failed;
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace kiln::tools
