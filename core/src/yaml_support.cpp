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

bool load_document(const std::string& file, DocNode& out, std::vector<Diagnostic>& errors) {
  std::string text;
  return read_text_file(file, text, errors) && load_document_string(text, file, out, errors);
}

bool load_document_string(const std::string& text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors) {
  std::istringstream in(text);
  return read_document(in, name, out, errors);
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
