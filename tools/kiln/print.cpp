// `kiln print`: parse, verify and print a program (each chunk with --split-input-file).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "tools/kiln/commands.h"
#include "tools/kiln/read_input.h"

namespace kiln::tools {

int run_print(const PrintArgs& args) {
  auto buffer = read_input(args.file);
  if (!buffer.ok()) {
    std::cerr << buffer.error().message() << "\n";
    return 1;
  }
  std::shared_ptr<const SourceBuffer> source = *buffer;
  std::vector<std::pair<size_t, size_t>> chunks = input_chunks(*source, args.split);
  ir::PrintOptions options;
  options.generic = args.generic;
  options.locations = args.locations;
  int status = 0;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (i) std::cout << "// -----\n";
    auto module = frontend::parse_module(source, chunks[i].first, chunks[i].second);
    if (!module.ok()) {
      std::cerr << module.error().message() << "\n";
      status = 1;
      continue;
    }
    if (!args.no_verify) {
      Status verified = ir::verify(**module);
      if (!verified.ok()) {
        std::cerr << verified.error().message() << "\n";
        status = 1;
        continue;
      }
    }
    std::cout << ir::print_module(**module, options);
  }
  return status;
}

}  // namespace kiln::tools
