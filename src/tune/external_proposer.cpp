// The external proposer's protocol.
#include "tune/external_proposer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "support/subprocess.h"

namespace kiln::tune {

namespace {

// The top attempts handed to a proposer.
constexpr size_t kTopAttempts = 8;

// The last `n` characters of `text`, for messages.
std::string tail(const std::string& text, size_t n = 400) {
  return text.size() <= n ? text : "..." + text.substr(text.size() - n);
}

}  // namespace

nlohmann::json proposer_request(const ProposerInput& in) {
  nlohmann::json knobs = nlohmann::json::array();
  for (const auto& k : in.knobs) {
    knobs.push_back({{"name", k.name}, {"values", k.values}, {"default", k.default_value},
                     {"help", k.help}});
  }
  // Sources by hash, so that each top attempt carries its full source (an attempt that only
  // changed knobs records none of its own).
  std::map<std::string, std::string> sources;
  for (const Attempt& a : in.history) {
    if (a.source) sources.emplace(a.source_hash, *a.source);
  }
  nlohmann::json top = nlohmann::json::array();
  for (const Attempt& a : top_kept(in.history, kTopAttempts, in.dtype, in.shape)) {
    nlohmann::json j = attempt_json(a);
    auto s = sources.find(a.source_hash);
    j["source"] = a.source_hash.empty() ? nlohmann::json(in.source_hash.empty() ? in.source : "")
                  : s != sources.end()   ? nlohmann::json(s->second)
                                         : nlohmann::json(nullptr);
    top.push_back(std::move(j));
  }
  nlohmann::json best_knobs = nlohmann::json::object();
  for (const auto& [name, value] : in.best_knobs) best_knobs[name] = value;
  // Every configuration already tried (kiln refuses them again), so that a proposer can
  // propose only new ones.
  nlohmann::json tried = nlohmann::json::array();
  for (const Attempt& a : in.history) {
    nlohmann::json k = nlohmann::json::object();
    for (const auto& [name, value] : a.knobs) k[name] = value;
    tried.push_back({{"knobs", k}, {"source_hash", a.source_hash},
                     {"verdict", verdict_name(a.verdict)}});
  }
  return {{"kernel", in.kernel},
          {"dtype", in.dtype},
          {"shape", in.shape},
          {"spec", in.spec},
          {"definition", in.definition},
          {"source", in.source},
          {"source_hash", in.source_hash},
          {"knobs", knobs},
          {"best_knobs", best_knobs},
          {"profile", in.profile},
          {"diagnosis", in.diagnosis},
          {"top", top},
          {"tried", tried},
          {"attempts", in.history.size()},
          {"last_failure", in.last_failure ? attempt_json(*in.last_failure) : nlohmann::json()}};
}

Expected<std::optional<Candidate>> parse_proposer_reply(std::string_view reply,
                                                        const std::vector<kernels::Knob>& knobs) {
  auto j = nlohmann::json::parse(reply, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    return Error::invalid_argument(fmt::format("reply is not one JSON document: '{}'",
                                               tail(std::string(reply), 200)));
  }
  if (!j.is_object()) return Error::invalid_argument("reply is not a JSON object");
  for (const auto& [key, value] : j.items()) {
    if (key != "knobs" && key != "source" && key != "done" && key != "note") {
      return Error::invalid_argument(fmt::format(
          "reply has an unknown key \"{}\" (expected \"knobs\", \"source\", \"done\", \"note\")",
          key));
    }
  }
  if (j.value("done", false) == true) return std::optional<Candidate>{};
  Candidate c;
  if (auto it = j.find("knobs"); it != j.end()) {
    if (!it->is_object()) return Error::invalid_argument("\"knobs\" is not an object");
    for (const auto& [name, value] : it->items()) {
      auto knob = std::find_if(knobs.begin(), knobs.end(),
                               [&](const kernels::Knob& k) { return k.name == name; });
      if (knob == knobs.end()) {
        return Error::invalid_argument(fmt::format("\"knobs\" names an unknown knob \"{}\"", name));
      }
      if (!value.is_number_integer()) {
        return Error::invalid_argument(fmt::format("knob \"{}\" is not an integer", name));
      }
      if (!knob->allows(value.get<int64_t>())) {
        return Error::invalid_argument(fmt::format("knob \"{}\" does not allow {} (allowed: {})",
                                                   name, value.get<int64_t>(),
                                                   fmt::join(knob->values, ", ")));
      }
      c.knobs.set(name, value.get<int64_t>());
    }
  }
  if (auto it = j.find("source"); it != j.end() && !it->is_null()) {
    if (!it->is_string() || it->get<std::string>().empty()) {
      return Error::invalid_argument("\"source\" is not a non-empty string");
    }
    c.source = it->get<std::string>();
  }
  if (c.knobs.empty() && !c.source) {
    return Error::invalid_argument(
        "reply proposes nothing: give \"knobs\" and/or \"source\", or \"done\": true");
  }
  return std::optional<Candidate>(std::move(c));
}

Expected<std::optional<Candidate>> ExternalProposer::propose(const ProposerInput& input) {
  auto fail = [&](const std::string& why) {
    return Error::invalid_argument(fmt::format("proposer '{}': {}", command_, why));
  };
  KILN_TRY(auto r, run_command(command_, proposer_request(input).dump(), timeout_s_));
  if (r.timed_out) {
    return fail(fmt::format("no reply within {:g} s (killed)", timeout_s_));
  }
  if (r.signal != 0) return fail(fmt::format("killed by signal {}: {}", r.signal, tail(r.err)));
  if (r.exit_status != 0) {
    return fail(fmt::format("exited with status {}: {}", r.exit_status, tail(r.err)));
  }
  auto c = parse_proposer_reply(r.out, input.knobs);
  if (!c.ok()) return fail(c.error().message());
  return c;
}

}  // namespace kiln::tune
