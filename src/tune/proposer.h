// What a proposer sees and what it proposes: the seat of the built-in search and of an
// external program (`--proposer CMD`, external_proposer.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/cuda/knobs.h"
#include "support/error.h"
#include "tune/history.h"

namespace kiln::tune {

// A candidate: knob values and, when it changes the code, a new kernel source.
struct Candidate {
  kernels::Config knobs;               // may set only some knobs; the rest from the best kept
  std::optional<std::string> source;  // nullopt: the best kept version's source
};

// Everything a proposer is given for one round.
struct ProposerInput {
  std::string kernel, dtype, shape;
  nlohmann::json spec;     // the kernel's spec in brief: group, summary, impl, dtypes, shapes
  std::string definition;  // its StableHLO definition for this problem
  std::string source;      // the best kept version's full source
  std::string source_hash;  // its hash ("" for the library's default source)
  kernels::Config best_knobs;  // the best kept version's knobs (complete)
  std::vector<kernels::Knob> knobs;  // the declared knobs with their allowed values
  nlohmann::json profile;  // the latest figures (and ncu's metrics where it ran)
  std::string diagnosis;
  std::vector<Attempt> history;  // every attempt at this kernel, dtype and shape
  std::optional<Attempt> last_failure;  // of this round's previous try, when it failed
  uint64_t seed = 1;       // for proposers that draw random numbers
};

class Proposer {
 public:
  virtual ~Proposer() = default;
  // The next candidate, or nullopt when this proposer has nothing new to offer. Errors: the
  // proposer failed (an external program's malformed reply, its timeout).
  virtual Expected<std::optional<Candidate>> propose(const ProposerInput& input) = 0;
  // "search", or the external command (recorded as an attempt's proposer).
  virtual std::string name() const = 0;
};

}  // namespace kiln::tune
