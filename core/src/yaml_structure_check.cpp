#include "yaml_structure_check.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <map>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "dipadj/text.hpp"

namespace dipadj::yaml {
namespace {

// Thrown by the event handler to stop the parse at the first problem.
struct Stop {
  StructureProblem problem;
};

class StructureCheck final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor, nullptr); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    leaf(mark, anchor, &value);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto found = size_of_anchor_.find(anchor);
    const std::size_t size = found == size_of_anchor_.end() ? 1 : found->second;
    aliased_ += size;
    if (aliased_ > kMaxAliasedNodes)
      throw Stop{{line_of(mark), "aliases stand for more than " + std::to_string(kMaxAliasedNodes) +
                                     " values in all; write the repeated parts out, or fewer of them"}};
    node_in_parent(mark, nullptr);
    nodes_ += size;
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, false);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, true);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Collection {
    bool mapping;
    YAML::anchor_t anchor;
    std::size_t nodes_before;
    bool next_is_key = true;                 // in a mapping: whether the next node is a key
    std::map<std::string, int> scalar_keys;  // in a mapping: its keys so far and their lines
  };

  static int line_of(const YAML::Mark& mark) { return mark.is_null() ? 0 : mark.line + 1; }

  // Every node, as the key or value of the mapping it is in (keys are checked for repeats).
  void node_in_parent(const YAML::Mark& mark, const std::string* scalar) {
    if (open_.empty() || !open_.back().mapping) return;
    Collection& map = open_.back();
    const bool key = map.next_is_key;
    map.next_is_key = !map.next_is_key;
    if (!key || scalar == nullptr) return;
    const auto [first, added] = map.scalar_keys.emplace(*scalar, line_of(mark));
    if (!added)
      throw Stop{{line_of(mark), "the key '" + printable(*scalar) + "' is given twice in this mapping (first on line " +
                                     std::to_string(first->second) + ")"}};
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string* scalar) {
    node_in_parent(mark, scalar);
    ++nodes_;
    if (anchor != YAML::NullAnchor) size_of_anchor_[anchor] = 1;
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool mapping) {
    node_in_parent(mark, nullptr);
    if (open_.size() >= kMaxNesting)
      throw Stop{{line_of(mark), "lists and mappings nested deeper than " + std::to_string(kMaxNesting) + " levels"}};
    open_.push_back(Collection{mapping, anchor, nodes_, true, {}});
    ++nodes_;
  }
  void close() {
    const Collection& done = open_.back();
    if (done.anchor != YAML::NullAnchor) size_of_anchor_[done.anchor] = nodes_ - done.nodes_before;
    open_.pop_back();
  }

  std::vector<Collection> open_;
  std::unordered_map<YAML::anchor_t, std::size_t> size_of_anchor_;  // nodes an alias of it stands for
  std::size_t nodes_ = 0;    // nodes so far, aliases counted as what they stand for
  std::size_t aliased_ = 0;  // of those, reached through aliases
};

}  // namespace

StructureProblem check_structure(const std::string& text) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  StructureCheck check;
  try {
    parser.HandleNextDocument(check);
  } catch (const Stop& stop) {
    return stop.problem;
  }
  return {};
}

}  // namespace dipadj::yaml
