// Plugins' states in game files (`plugin_state: {lua: {held: {bel: {power: France, years: 2}}}}`):
// each plugin's JSON text (Position::plugin_state) written as the value it holds, and read back.
#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

#include "game_state_reading.hpp"

namespace dipadj {
namespace {

using json = nlohmann::ordered_json;

// Deep enough for any table a rule keeps; deeper is a mistake (or a hostile file), not state.
constexpr int kDeepest = 32;
// A plugin's state is a rule's memory (a few entries per province), not a store of data.
constexpr std::size_t kLargestState = 1U << 20U;

// A scalar as YAML means it: true and false, a number when it reads as one, else a string.
json scalar_value(const std::string& text) {
  if (text == "true" || text == "false") return text == "true";
  std::int64_t whole = 0;
  const char* end = text.data() + text.size();
  if (auto [at, error] = std::from_chars(text.data(), end, whole); error == std::errc() && at == end && !text.empty()) return whole;
  double number = 0;
  if (auto [at, error] = std::from_chars(text.data(), end, number); error == std::errc() && at == end && !text.empty() && std::isfinite(number))
    return number;
  return text;
}

bool value_of(DocumentReader& doc, const DocNode& node, int depth, json& out) {
  if (depth > kDeepest) {
    doc.error(node, "a plugin's state is nested more than " + std::to_string(kDeepest) + " deep");
    return false;
  }
  switch (node.kind()) {
    case DocNode::Kind::Missing:
    case DocNode::Kind::Null: out = nullptr; return true;
    case DocNode::Kind::Scalar: out = scalar_value(node.text()); return true;
    case DocNode::Kind::Sequence: out = json::array(); break;
    case DocNode::Kind::Map: out = json::object(); break;
  }
  for (const DocNode& item : node.items()) {
    json value;
    if (!value_of(doc, item, depth + 1, value)) return false;
    if (node.is_sequence()) out.push_back(std::move(value));
    else out[item.key()] = std::move(value);
  }
  return true;
}

}  // namespace

void read_plugin_state(DocumentReader& doc, const DocNode& node, Position& position) {
  if (!node || node.is_null()) return;
  if (!node.is_map()) {
    doc.error(node, "'plugin_state' maps each plugin's name to what it keeps");
    return;
  }
  for (const DocNode& entry : node.items()) {
    json value;
    if (!value_of(doc, entry, 1, value)) continue;
    std::string text = value.is_null() ? std::string() : value.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > kLargestState) {
      doc.key_error(entry, "the state of plugin '" + entry.key() + "' is larger than 1 MiB");
      continue;
    }
    position.set_plugin_state(entry.key(), std::move(text));
  }
}

nlohmann::ordered_json plugin_state_json(const Position& position) {
  json out = json::object();
  for (const auto& [plugin, text] : position.plugin_states()) {
    json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
    // A plugin that kept text that is no JSON gets it back as the string it was.
    out[plugin] = value.is_discarded() ? json(text) : std::move(value);
  }
  return out;
}

}  // namespace dipadj
