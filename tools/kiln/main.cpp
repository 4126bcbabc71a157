// The kiln command line: `kiln print`, `kiln --version`, `kiln --help`.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tools/kiln/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"kiln: a compiler and runtime for StableHLO programs"};
  app.set_version_flag("--version", kiln::tools::version_string());
  app.require_subcommand(0, 1);
  kiln::tools::PrintArgs print_args;
  CLI::App* print = app.add_subcommand("print", "Parse, verify and print a StableHLO program");
  print->add_option("file", print_args.file, "The .mlir file ('-' reads standard input)")
      ->required();
  print->add_flag("--split-input-file", print_args.split,
                  "Treat lines '// -----' as separators between independent modules");
  print->add_flag("--generic", print_args.generic, "Print every op in the generic form");
  print->add_flag("--locations", print_args.locations, "Print loc(...) source locations");
  print->add_flag("--no-verify", print_args.no_verify, "Skip the verifier");
  CLI11_PARSE(app, argc, argv);
  if (*print) return kiln::tools::run_print(print_args);
  std::cout << app.help();
  return 0;
}
