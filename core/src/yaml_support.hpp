#pragma once
// Small helpers for reading our YAML files with yaml-cpp while collecting diagnostics instead of
// throwing. Private to the core library.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <ios>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "document.hpp"

namespace dipadj::yaml {

inline int line_of(const YAML::Node& node) { return node.Mark().line >= 0 ? node.Mark().line + 1 : 0; }

inline Diagnostic diagnostic(const std::string& file, const YAML::Node& node, std::string message) {
  return Diagnostic{file, line_of(node), std::move(message)};
}

// Input files larger than this are refused before they are read: no file of ours comes near it,
// and a reader should not be made to hold gigabytes.
constexpr std::uintmax_t kMaxFileSize = 64u << 20;

// Why `file` cannot be read as an input file (missing, a directory, a FIFO or device, too
// large), or "" when it can.
// `size_limited` false: for readers that hold only a part of the file at a time (InputStream).
std::string unreadable_reason(const std::filesystem::path& file, bool size_limited = true);

// The whole of an input file, once unreadable_reason() has nothing against it; false, with a
// diagnostic, when it cannot be read: a read error midway is an error, never the end (what was
// read so far might parse, and would be taken for the file). Every reader of an input file goes
// through it. The name "-" is standard input (read to its end, within the same size limit).
bool read_text_file(const std::filesystem::path& file, std::string& out, std::vector<Diagnostic>& errors);

// Parses a file or a string; a syntax error becomes a diagnostic with its line.
bool load_file(const std::string& file, YAML::Node& out, std::vector<Diagnostic>& errors);
bool load_string(const std::string& text, const std::string& name, YAML::Node& out, std::vector<Diagnostic>& errors);

// A parsed YAML node as a document (document.hpp), with its lines; what the readers that serve
// YAML and JSON alike take. A key that is not a scalar becomes the key "".
DocNode to_document(const YAML::Node& node);
// The YAML files those readers read, straight into a document (yaml_document.hpp), with the
// checks of load_file and load_string.
bool load_document(const std::string& file, DocNode& out, std::vector<Diagnostic>& errors);
bool load_document_string(const std::string& text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

void check_keys(const std::string& file, const YAML::Node& map, std::initializer_list<const char*> allowed,
                std::vector<Diagnostic>& errors);
// Whether the file says it is of the expected format (`format: dipadj-map/1`); if not, says so.
bool check_format(const std::string& file, const YAML::Node& root, const std::string& expected,
                  std::vector<Diagnostic>& errors);
std::string get_string(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors,
                       bool required = false);
std::vector<std::string> get_string_list(const std::string& file, const YAML::Node& map, const char* key,
                                         std::vector<Diagnostic>& errors);
bool get_bool(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors);
int get_int(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors);

// The diagnostic for an exception that escaped a read: yaml-cpp's (a value of the wrong kind met
// by a read that did not check it) with the line it names, a file-system or stream error.
Diagnostic exception_diagnostic(const std::string& file, const YAML::Exception& error);
Diagnostic exception_diagnostic(const std::string& file, const std::filesystem::filesystem_error& error);
Diagnostic exception_diagnostic(const std::string& file, const std::ios_base::failure& error);

// The boundary of a reader: runs `read` (which returns Expected<T>) and turns the exceptions above
// into a diagnostic naming `file`, so that none leaves the library.
template <class T, class Read>
Expected<T> guarded(const std::string& file, Read&& read) {
  try {
    return read();
  } catch (const YAML::Exception& e) {
    return std::vector<Diagnostic>{exception_diagnostic(file, e)};
  } catch (const std::filesystem::filesystem_error& e) {
    return std::vector<Diagnostic>{exception_diagnostic(file, e)};
  } catch (const std::ios_base::failure& e) {
    return std::vector<Diagnostic>{exception_diagnostic(file, e)};
  }
}

}  // namespace dipadj::yaml
