#pragma once
// The folder an import reads from. A map file names its other parts (DPjudge's and MILA's
// USE/MAP, jDip's adjacencyURI); those parts are read only from inside the folder of the file
// given to the import, so that a map downloaded from anywhere cannot make the importer read, and
// quote line by line in its messages, a file elsewhere (/etc/shadow, ../../secret). Private to the
// core.
#include <filesystem>
#include <string>

namespace dipadj::import {

class SourceFolder {
 public:
  // The folder of `first_file`, the file the import was given.
  explicit SourceFolder(const std::filesystem::path& first_file);

  // Why the part `written` (as the naming file wrote it), found at `path`, may not be read: an
  // absolute path, a path with '..', or one that leads out of the folder through a link; "" when
  // it may.
  [[nodiscard]] std::string refusal(const std::string& written, const std::filesystem::path& path) const;

 private:
  std::filesystem::path shown_;      // as the user gave it, for messages
  std::filesystem::path canonical_;  // links resolved, for the comparison
};

}  // namespace dipadj::import
