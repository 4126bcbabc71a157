// `kiln check`: run the test functions of a file written in the check dialect.
#include <iostream>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"
#include "tools/kiln/commands.h"
#include "tools/kiln/read_input.h"

namespace kiln::tools {

namespace {

std::string where(const Location& loc) {
  if (!loc.known()) return "?";
  auto [line, col] = loc.buffer->line_col(loc.offset);
  return loc.buffer->name() + ":" + std::to_string(line);
}

}  // namespace

int run_check(const CheckArgs& args) {
  auto buffer = read_input(args.file);
  if (!buffer.ok()) {
    std::cerr << buffer.error().message() << "\n";
    return 1;
  }
  std::shared_ptr<const SourceBuffer> source = *buffer;
  int passed = 0, failed = 0;
  for (auto [begin, end] : input_chunks(*source, args.split)) {
    auto module = frontend::parse_module(source, begin, end);
    if (!module.ok()) {
      std::cout << "FAIL: " << module.error().message() << "\n";
      ++failed;
      continue;
    }
    if (Status s = ir::verify(**module); !s.ok()) {
      std::cout << "FAIL: " << s.error().message() << "\n";
      ++failed;
      continue;
    }
    interp::Interpreter interpreter(**module);
    const ir::Operation* f = interpreter.entry_function("");
    if (!f) {
      std::cout << "FAIL: " << where(Location{source, begin})
                << ": the chunk has no @main and not exactly one function\n";
      ++failed;
      continue;
    }
    std::string name = f->attr_as<ir::StringAttr>("sym_name")->value;
    auto result = interpreter.run(name, {});
    std::string label = where(f->location()) + " @" + name;
    if (!result.ok()) {
      std::cout << "FAIL: " << label << "\n  " << result.error().message() << "\n";
      ++failed;
    } else if (!interpreter.check_failures.empty()) {
      std::cout << "FAIL: " << label << "\n";
      for (const auto& failure : interpreter.check_failures) {
        std::cout << "  " << format_diagnostic(failure.loc, failure.message) << "\n";
      }
      ++failed;
    } else {
      std::cout << "PASS: " << label << "\n";
      ++passed;
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace kiln::tools
