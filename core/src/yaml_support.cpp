#include "yaml_support.hpp"

#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "dipadj/file_reading.hpp"
#include "dipadj/text.hpp"
#include "input_source.hpp"
#include "yaml_document.hpp"

namespace dipadj::yaml {

std::string unreadable_reason(const std::filesystem::path& file, bool size_limited) {
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) return "cannot read the file: " + ec.message();
  if (!std::filesystem::exists(status)) return "no such file";
  if (std::filesystem::is_directory(status)) return "a directory, not a file";
  if (!std::filesystem::is_regular_file(status)) return "not a regular file (a FIFO, socket or device is not read)";
  if (!size_limited) return "";
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) return "cannot read the file: " + ec.message();
  if (size > kMaxFileSize)
    return "the file is " + std::to_string(size >> 20) + " MB; files over " + std::to_string(kMaxFileSize >> 20) + " MB are refused";
  return "";
}

Diagnostic exception_diagnostic(const std::string& file, const YAML::Exception& error) {
  const int line = error.mark.is_null() ? 0 : error.mark.line + 1;
  // yaml-cpp's words for the two ways a read meets a value of the wrong kind.
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

Diagnostic exception_diagnostic(const std::string& file, const std::filesystem::filesystem_error& error) {
  return Diagnostic{file, 0, "cannot use the path '" + error.path1().string() + "': " + error.code().message()};
}

Diagnostic exception_diagnostic(const std::string& file, const std::ios_base::failure& error) {
  return Diagnostic{file, 0, std::string("cannot read: ") + error.what()};
}

bool read_text_file(const std::filesystem::path& file, std::string& out, std::vector<Diagnostic>& errors) {
  const bool standard_input = file == "-";
  const std::string name = standard_input ? "-" : file.string();
  const std::string what = standard_input ? "standard input" : "the file";
  std::filebuf opened;
  if (!standard_input) {
    if (const std::string why = unreadable_reason(file); !why.empty()) {
      errors.push_back(Diagnostic{name, 0, why});
      return false;
    }
    if (opened.open(file, std::ios::in | std::ios::binary) == nullptr) {
      errors.push_back(Diagnostic{name, 0, "cannot open the file"});
      return false;
    }
  }
  InputSource source(standard_input ? *std::cin.rdbuf() : opened);
  // Read to the end in chunks, the size limit checked as it grows (a file may grow after its size
  // was looked at; standard input has no size to look at).
  std::string text;
  std::array<char, 1 << 16> chunk{};
  for (std::size_t got; (got = source.read(chunk.data(), chunk.size())) > 0;) {
    text.append(chunk.data(), got);
    if (text.size() > kMaxFileSize) {
      errors.push_back(Diagnostic{name, 0, what + " is over " + std::to_string(kMaxFileSize >> 20) + " MB; more is refused"});
      return false;
    }
  }
  if (!source.error().empty()) {
    // The part read is no file: a cut list or mapping can still parse, and would be taken whole.
    errors.push_back(Diagnostic{name, 0, "cannot read " + what + " (after " + std::to_string(text.size()) + " bytes): " + source.error()});
    return false;
  }
  out = std::move(text);
  return true;
}

bool load_file(const std::string& file, YAML::Node& out, std::vector<Diagnostic>& errors) {
  std::string text;
  return read_text_file(file, text, errors) && load_string(text, file, out, errors);
}

bool load_string(const std::string& text, const std::string& name, YAML::Node& out, std::vector<Diagnostic>& errors) {
  try {
    const StructureProblem problem = check_structure(text);
    if (!problem.message.empty()) {
      errors.push_back(Diagnostic{name, problem.line, problem.message});
      return false;
    }
    out = YAML::Load(text);
    return true;
  } catch (const YAML::Exception& e) {
    errors.push_back(parse_failure(name, e));
  }
  return false;
}

DocNode to_document(const YAML::Node& node) {
  const int line = line_of(node);
  switch (node.Type()) {
    case YAML::NodeType::Scalar: {
      DocNode out(DocNode::Kind::Scalar, line);
      out.set_text(node.Scalar());
      return out;
    }
    case YAML::NodeType::Sequence: {
      DocNode out(DocNode::Kind::Sequence, line);
      out.reserve(node.size());
      for (const auto& item : node) out.add(to_document(item));
      return out;
    }
    case YAML::NodeType::Map: {
      DocNode out(DocNode::Kind::Map, line);
      out.reserve(node.size());
      for (const auto& entry : node) {
        DocNode& value = out.add(to_document(entry.second));
        value.set_key(entry.first.IsScalar() ? entry.first.Scalar() : std::string(), line_of(entry.first));
      }
      return out;
    }
    case YAML::NodeType::Null: return DocNode(DocNode::Kind::Null, line);
    case YAML::NodeType::Undefined: break;
  }
  return DocNode();
}

bool load_document(const std::string& file, DocNode& out, std::vector<Diagnostic>& errors) {
  std::string text;
  return read_text_file(file, text, errors) && load_document_string(text, file, out, errors);
}

bool load_document_string(const std::string& text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors) {
  std::istringstream in(text);
  return read_document(in, name, out, errors);
}

void check_keys(const std::string& file, const YAML::Node& map, std::initializer_list<const char*> allowed,
                std::vector<Diagnostic>& errors) {
  if (!map.IsMap()) return;
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      errors.push_back(diagnostic(file, entry.first, "unknown key '" + key + "' (expected one of: " + list + ")"));
    }
  }
}

bool check_format(const std::string& file, const YAML::Node& root, const std::string& expected,
                  std::vector<Diagnostic>& errors) {
  const YAML::Node format = root["format"];
  if (!format) {
    errors.push_back(diagnostic(file, root, "missing 'format: " + expected + "'"));
    return false;
  }
  if (!format.IsScalar() || format.Scalar() != expected) {
    errors.push_back(diagnostic(file, format, doc::wrong_format_message(format.IsScalar() ? &format.Scalar() : nullptr, expected)));
    return false;
  }
  return true;
}

std::string get_string(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors,
                       bool required) {
  const YAML::Node node = map[key];
  if (!node) {
    if (required) errors.push_back(diagnostic(file, map, std::string("missing '") + key + "'"));
    return {};
  }
  if (!node.IsScalar()) {
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be a single value"));
    return {};
  }
  return node.Scalar();
}

std::vector<std::string> get_string_list(const std::string& file, const YAML::Node& map, const char* key,
                                         std::vector<Diagnostic>& errors) {
  std::vector<std::string> out;
  const YAML::Node node = map[key];
  if (!node) return out;
  if (!node.IsSequence()) {
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be a list"));
    return out;
  }
  for (const auto& item : node) {
    if (!item.IsScalar()) errors.push_back(diagnostic(file, item, std::string("entries of '") + key + "' must be text"));
    else out.push_back(item.Scalar());
  }
  return out;
}

bool get_bool(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors) {
  const YAML::Node node = map[key];
  bool value = false;
  if (node && !YAML::convert<bool>::decode(node, value))
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be true or false"));
  return value;
}

int get_int(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors) {
  const YAML::Node node = map[key];
  int value = 0;
  if (node && !YAML::convert<int>::decode(node, value))
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be a whole number"));
  return value;
}

}  // namespace dipadj::yaml

namespace dipadj {

Expected<std::string> read_input_file(const std::filesystem::path& file) {
  std::string text;
  std::vector<Diagnostic> errors;
  if (!yaml::read_text_file(file, text, errors)) return errors;
  return text;
}

}  // namespace dipadj
