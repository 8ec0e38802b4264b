#pragma once
// Reading an input file: its text whole (every reader's way in), YAML text as a document
// (document.hpp, through yaml_document.hpp), and the boundary that turns what a reader lets
// through into a diagnostic. No reader touches yaml-cpp's own nodes. Private to the core library.
#include <cstdint>
#include <filesystem>
#include <ios>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/document.hpp"

namespace dipadj::yaml {

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

// A YAML file or text as a document (yaml_document.hpp: checked for nesting, aliases and repeated
// keys as it is read); a syntax error becomes a diagnostic with its line.
bool load_document(const std::string& file, DocNode& out, std::vector<Diagnostic>& errors);
bool load_document_string(const std::string& text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

// The diagnostic for an exception that escaped a read: a file-system or stream error.
Diagnostic exception_diagnostic(const std::string& file, const std::filesystem::filesystem_error& error);
Diagnostic exception_diagnostic(const std::string& file, const std::ios_base::failure& error);

// The boundary of a reader: runs `read` (which returns Expected<T>) and turns the exceptions above
// into a diagnostic naming `file`, so that none leaves the library.
template <class T, class Read>
Expected<T> guarded(const std::string& file, Read&& read) {
  try {
    return read();
  } catch (const std::filesystem::filesystem_error& e) {
    return std::vector<Diagnostic>{exception_diagnostic(file, e)};
  } catch (const std::ios_base::failure& e) {
    return std::vector<Diagnostic>{exception_diagnostic(file, e)};
  }
}

}  // namespace dipadj::yaml
