// The subcommands of the kiln command line, one function each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kiln::tools {

std::string version_string();

struct PrintArgs {
  std::string file;
  bool split = false;
  bool generic = false;
  bool locations = false;
  bool no_verify = false;
};
// Parses, verifies and prints FILE; errors go to stderr. Returns the exit status.
int run_print(const PrintArgs& args);

struct RunArgs {
  std::string program;
  std::string entry;
  std::vector<std::string> inputs;
  std::optional<uint64_t> random_seed;
  std::string out_dir;
  bool print = false;
  std::string backend = "cpu";
  bool time = false;
  int warmup = 3;
  int iters = 10;
  bool json = false;
  // The simulated grid for collectives; 0 means the module's mhlo.num_replicas /
  // mhlo.num_partitions attribute, else 1.
  int64_t num_replicas = 0;
  int64_t num_partitions = 0;
};
// Runs a program's entry function; see README.md for the contract.
int run_run(const RunArgs& args);

struct CheckArgs {
  std::string file;
  bool split = false;
};
// Runs the check-dialect test functions of a file; prints PASS/FAIL per function and
// `N passed, M failed`. Returns 0 only if all passed.
int run_check(const CheckArgs& args);

}  // namespace kiln::tools
