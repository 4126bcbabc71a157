// `kiln print`: parse, verify and print a program (each chunk with --split-input-file), through
// the public API.
#include <iostream>

#include "kiln/kiln.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

int run_print(const PrintArgs& args) {
  auto source = Source::read_file(args.file);
  if (!source.ok()) {
    std::cerr << source.error().message() << "\n";
    return 1;
  }
  std::vector<SourceRange> ranges = args.split ? source->chunks() : std::vector{source->whole()};
  PrintOptions options;
  options.generic = args.generic;
  options.locations = args.locations;
  int status = 0;
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (i) std::cout << "// -----\n";
    auto module = source->parse(ranges[i]);
    Status verified = module.ok() && !args.no_verify ? module->verify() : ok_status();
    const Error* error = !module.ok()     ? &module.error()
                         : !verified.ok() ? &verified.error()
                                          : nullptr;
    if (error) {
      std::cerr << error->message() << "\n";
      status = 1;
      continue;
    }
    std::cout << module->print(options);
  }
  return status;
}

}  // namespace kiln::tools
