// The external proposer (`kiln tune --proposer CMD`): kiln writes one JSON document on CMD's
// standard input and reads one JSON document from its standard output (the contract is in
// README.md, "The external proposer"); the seat of a language-model agent or any program.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tune/proposer.h"

namespace kiln::tune {

// The document written on the proposer's standard input.
nlohmann::json proposer_request(const ProposerInput& input);

// A reply read back: {"knobs": {...}} and/or {"source": "..."}, or {"done": true} when the
// proposer has nothing more to offer (nullopt). Knobs must be declared ones with allowed
// values. Errors say in words what is malformed.
Expected<std::optional<Candidate>> parse_proposer_reply(std::string_view reply,
                                                        const std::vector<kernels::Knob>& knobs);

class ExternalProposer : public Proposer {
 public:
  ExternalProposer(std::string command, double timeout_s)
      : command_(std::move(command)), timeout_s_(timeout_s) {}
  // Errors: the command failed to start, exited non-zero, timed out or replied malformed;
  // each message begins "proposer 'CMD': ".
  Expected<std::optional<Candidate>> propose(const ProposerInput& input) override;
  std::string name() const override { return command_; }

 private:
  std::string command_;
  double timeout_s_;
};

}  // namespace kiln::tune
