// The built-in proposer: a search over a kernel's declared knobs that never proposes a
// configuration already in the history: every configuration in turn when the space is small,
// else an evolutionary search mutating the best kept configurations with a seeded RNG.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "tune/proposer.h"

namespace kiln::tune {

// Spaces of at most this many configurations are searched exhaustively.
inline constexpr uint64_t kExhaustiveSpace = 64;

// The number of configurations of `knobs` (saturating at UINT64_MAX).
uint64_t space_size(const std::vector<kernels::Knob>& knobs);

// "block=256 unroll=2|<source hash>": what makes two attempts the same configuration.
std::string configuration_key(const kernels::Config& knobs, const std::string& source_hash);

class SearchProposer : public Proposer {
 public:
  // Candidates keep the best kept version's source; only knobs change.
  Expected<std::optional<Candidate>> propose(const ProposerInput& input) override;
  std::string name() const override { return "search"; }
};

}  // namespace kiln::tune
