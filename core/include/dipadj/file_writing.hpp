#pragma once
// Writing an output file so that it is either wholly the old one or wholly the new one: the text
// goes to a temporary file beside it, is flushed to the disk, and is renamed over the file. A
// write that fails midway (a full disk, a crash) leaves the old file as it was.
#include <filesystem>
#include <string>
#include <string_view>

namespace dipadj {

// "" on success; otherwise why the file could not be written (the old file, if any, is intact and
// no temporary file is left behind). Refuses to replace anything that is not a regular file (a
// device such as /dev/full, a directory). A symbolic link is followed: the file it points to is
// replaced and the link kept. The temporary file is named ".NAME.dipadj-tmp-XXXXXX" and locked
// while it is written; those of NAME that an interrupted write left (unlocked, unchanged for a
// minute) are removed by the next write of NAME.
std::string write_file_atomically(const std::filesystem::path& file, std::string_view text);

}  // namespace dipadj
