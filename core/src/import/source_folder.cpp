#include "source_folder.hpp"

#include <algorithm>

#include "dipadj/text.hpp"

namespace dipadj::import {

SourceFolder::SourceFolder(const std::filesystem::path& first_file) : shown_(first_file.parent_path()) {
  if (shown_.empty()) shown_ = ".";
  std::error_code ec;
  canonical_ = std::filesystem::weakly_canonical(std::filesystem::absolute(shown_, ec), ec);
  if (ec) canonical_ = std::filesystem::absolute(shown_, ec).lexically_normal();
}

std::string SourceFolder::refusal(const std::string& written, const std::filesystem::path& path) const {
  const std::string rule = "a map's parts are read only from inside the folder of the file imported (" + printable(shown_.string()) + ")";
  const std::filesystem::path as_written(written);
  if (as_written.is_absolute() || as_written.has_root_name() || as_written.has_root_directory())
    return rule + ", and this is an absolute path";
  if (std::any_of(as_written.begin(), as_written.end(), [](const std::filesystem::path& part) { return part == ".."; }))
    return rule + ", and '..' leads out of it";
  // A link inside the folder may still lead out of it (an archive may hold one to /etc/passwd).
  std::error_code ec;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  if (ec) return rule + ", and where this leads cannot be told (" + ec.message() + ")";
  const std::filesystem::path inside = resolved.lexically_relative(canonical_);
  if (inside.empty() || *inside.begin() == "..") return rule + ", and this is a link that leads out of it";
  return "";
}

}  // namespace dipadj::import
