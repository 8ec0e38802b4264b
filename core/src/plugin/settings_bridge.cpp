#include "settings_bridge.hpp"

#include <yaml-cpp/yaml.h>

#include <cstdio>

namespace dipadj {
namespace {

// A document as flow-style YAML text in which every value and every key starts on the line it
// has in its file, newlines put before it as needed: the yaml-cpp nodes parsed from the text
// carry those lines (their marks), which is all a plugin reads of where a value was. A node
// whose line is before the text's current one cannot be placed so: that is a copy an alias made
// of an earlier part of the file. A null stands in for it, and it is parsed on its own and
// grafted in after (`grafts`). Every scalar is written in double quotes, so each reads as the text
// it was, a plain `yes` or `1e3` too (yaml-cpp converts a scalar's text; only its tag, which no
// plugin asks for, tells quoted from plain).
class PlacedText {
 public:
  struct Graft {
    std::vector<std::size_t> path;  // the position of each item on the way down from the root
    const DocNode* node;
  };

  explicit PlacedText(const DocNode& root) {
    std::vector<std::size_t> path;
    write(root, path);
  }

  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] const std::vector<Graft>& grafts() const { return grafts_; }

 private:
  void write(const DocNode& node, std::vector<std::size_t>& path) {
    if (node.line() < line_ && !path.empty()) {
      text_ += '~';
      grafts_.push_back(Graft{path, &node});
      return;
    }
    move_to(node.line());
    switch (node.kind()) {
      case DocNode::Kind::Scalar: quote(node.text()); break;
      case DocNode::Kind::Sequence:
        text_ += '[';
        for (std::size_t k = 0; k < node.size(); ++k) {
          if (k != 0) text_ += ", ";
          path.push_back(k);
          write(node.items()[k], path);
          path.pop_back();
        }
        text_ += ']';
        break;
      case DocNode::Kind::Map:
        text_ += '{';
        for (std::size_t k = 0; k < node.size(); ++k) {
          const DocNode& value = node.items()[k];
          if (k != 0) text_ += ", ";
          move_to(value.key_line());
          // An explicit key ("? "): yaml-cpp takes no plain key over 1,024 characters.
          text_ += "? ";
          write_key(value);
          text_ += ": ";
          path.push_back(k);
          write(value, path);
          path.pop_back();
        }
        text_ += '}';
        break;
      case DocNode::Kind::Null:
      case DocNode::Kind::Missing: text_ += '~'; break;
    }
  }

  // A key as it was: text, a null, or (what a document keeps of a list or a mapping as a key) an
  // empty one of the kind.
  void write_key(const DocNode& value) {
    switch (value.key_kind()) {
      case DocNode::Kind::Null: text_ += '~'; break;
      case DocNode::Kind::Sequence: text_ += "[]"; break;
      case DocNode::Kind::Map: text_ += "{}"; break;
      case DocNode::Kind::Scalar:
      case DocNode::Kind::Missing: quote(value.key()); break;
    }
  }

  void move_to(int line) {
    for (; line_ < line; ++line_) text_ += '\n';
  }

  // In double quotes, where every character can be written escaped: control characters, and the
  // characters YAML takes for line breaks (which would move the lines after them).
  void quote(const std::string& value) {
    text_ += '"';
    for (std::size_t i = 0; i < value.size(); ++i) {
      const auto c = static_cast<unsigned char>(value[i]);
      const auto next = [&](std::size_t k) { return i + k < value.size() ? static_cast<unsigned char>(value[i + k]) : 0; };
      if (c == '"' || c == '\\') {
        text_ += '\\';
        text_ += static_cast<char>(c);
      } else if (c < 0x20 || c == 0x7f) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
        text_ += escaped;
      } else if (c == 0xc2 && next(1) == 0x85) {  // U+0085, next line
        text_ += "\\N";
        i += 1;
      } else if (c == 0xe2 && next(1) == 0x80 && (next(2) == 0xa8 || next(2) == 0xa9)) {  // U+2028, U+2029
        text_ += next(2) == 0xa8 ? "\\L" : "\\P";
        i += 2;
      } else if (c == 0xef && next(1) == 0xbb && next(2) == 0xbf) {  // U+FEFF, a byte order mark
        text_ += "\\uFEFF";
        i += 2;
      } else {
        text_ += static_cast<char>(c);
      }
    }
    text_ += '"';
  }

  std::string text_;
  int line_ = 1;  // the line the text has reached
  std::vector<Graft> grafts_;
};

// The item at `position` of a list, or the value at `position` of a mapping: a handle on the
// node in the tree, not a copy of it.
YAML::Node item_at(const YAML::Node& node, std::size_t position) {
  std::size_t k = 0;
  for (auto it = node.begin(); it != node.end(); ++it, ++k)
    if (k == position) return node.IsMap() ? YAML::Node(it->second) : YAML::Node(*it);
  return YAML::Node();
}

YAML::Node yaml_node(const DocNode& document) {
  const PlacedText placed(document);
  YAML::Node root = YAML::Load(placed.text());
  for (const PlacedText::Graft& graft : placed.grafts()) {
    YAML::Node at(root);
    for (std::size_t position : graft.path) at.reset(item_at(at, position));
    // Assigning to a handle on a node of the tree makes that node the grafted one.
    at = yaml_node(*graft.node);
  }
  return root;
}

// What yaml-cpp throws when a plugin reads a value as a kind it is not, as a problem at the
// value's line (the entry's, for a value that is not there), in the words the core used when it
// read those nodes itself.
Diagnostic exception_diagnostic(const std::string& file, int entry_line, const YAML::Exception& error) {
  const int line = error.mark.is_null() ? entry_line : error.mark.line + 1;
  const std::string subscript = "operator[] call on a scalar (key: ";
  std::string message;
  if (error.msg.starts_with(subscript) && error.msg.ends_with(")"))
    message = "expected a mapping (with the key " + error.msg.substr(subscript.size(), error.msg.size() - subscript.size() - 1) +
              ") here, found a single value";
  else if (error.msg.starts_with("bad conversion"))
    message = "expected a single value here, found a mapping or a list";
  else
    message = "a value of the wrong kind here (" + error.msg + ")";
  return Diagnostic{file, line, message};
}

}  // namespace

Diagnostic PluginSettings::problem(const YAML::Node& at, const std::string& message) const {
  const int at_line = at.IsDefined() && at.Mark().line >= 0 ? at.Mark().line + 1 : line;
  return Diagnostic{file, at_line, std::string(plugin) + ": " + message};
}

bool PluginSettings::expect_none(std::vector<Diagnostic>& problems) const {
  if (node.IsNull() || (node.IsMap() && node.size() == 0)) return true;
  problems.push_back(problem(node, "takes no settings"));
  return false;
}

PluginSettingsBridge::PluginSettingsBridge(const DocNode& settings, std::string file, int entry_line, std::string plugin)
    : node_(std::make_unique<YAML::Node>(settings ? yaml_node(settings) : YAML::Node(YAML::NodeType::Null))),
      file_(std::move(file)),
      line_(entry_line),
      plugin_(std::move(plugin)) {}

PluginSettingsBridge::PluginSettingsBridge(PluginSettingsBridge&&) noexcept = default;
PluginSettingsBridge& PluginSettingsBridge::operator=(PluginSettingsBridge&&) noexcept = default;
PluginSettingsBridge::~PluginSettingsBridge() = default;

PluginSettings PluginSettingsBridge::settings() const { return PluginSettings{*node_, file_, line_, plugin_}; }

bool PluginSettingsBridge::build_map(const RulePlugin& plugin, BuiltBoard& board, std::vector<Diagnostic>& problems) const {
  try {
    const MapBuilding* builder = plugin.map_building();
    if (builder == nullptr) {
      problems.push_back(Diagnostic{file_, line_, "plugin '" + plugin_ + "' builds no map"});
      return false;
    }
    return builder->build_map(settings(), board, problems);
  } catch (const YAML::Exception& e) {
    problems.push_back(exception_diagnostic(file_, line_, e));
    return false;
  }
}

void PluginSettingsBridge::edit_map(const RulePlugin& plugin, MapSpec& map, std::vector<Diagnostic>& problems) const {
  try {
    if (const MapEditing* editor = plugin.map_editing()) editor->edit_map(map, settings(), problems);
  } catch (const YAML::Exception& e) {
    problems.push_back(exception_diagnostic(file_, line_, e));
  }
}

std::unique_ptr<RuleExtension> PluginSettingsBridge::bind(const RulePlugin& plugin, const Variant& variant,
                                                          std::vector<Diagnostic>& problems) const {
  try {
    return plugin.bind(variant, settings(), problems);
  } catch (const YAML::Exception& e) {
    problems.push_back(exception_diagnostic(file_, line_, e));
    return nullptr;
  }
}

}  // namespace dipadj
