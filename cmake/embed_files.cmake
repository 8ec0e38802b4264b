# Writes a C++ source that holds files as byte arrays, for a program that serves them without
# looking for them on the disk (dipadj serve's page). Run as a script:
#   cmake -DOUTPUT=web_assets.cpp -DNAMESPACE=dipadj::cli -DFILES="a|b" -DBASE=dir -P embed_files.cmake
# Each file is served under its path from BASE ("/index.html").
string(REPLACE "|" ";" FILES "${FILES}")
set(entries "")
set(arrays "")
set(index 0)
foreach(file IN LISTS FILES)
  file(READ "${file}" bytes HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${bytes}")
  file(RELATIVE_PATH name "${BASE}" "${file}")
  string(APPEND arrays "const unsigned char kFile${index}[] = {${bytes}0x00};\n")
  file(SIZE "${file}" size)
  string(APPEND entries "    {\"/${name}\", {reinterpret_cast<const char*>(kFile${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.new" "// Made by cmake/embed_files.cmake from the files of web/: do not edit.
#include <map>
#include <string_view>

namespace ${NAMESPACE} {
namespace {
${arrays}}  // namespace

const std::map<std::string_view, std::string_view>& embedded_files() {
  static const std::map<std::string_view, std::string_view> files{
${entries}  };
  return files;
}

}  // namespace ${NAMESPACE}
")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
