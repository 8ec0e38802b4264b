#include "import_names.hpp"

#include "dipadj/text.hpp"

namespace dipadj::import {

// A name as dipadj can write it into an order and read it back (unreadable_name_reason): a ':'
// and a '-' that stands between no two words become spaces; "->" becomes " - ".
std::string readable_name(const std::string& name) {
  std::string out = name;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == ':') out[i] = ' ';
    if (out[i] == '-' && i + 1 < out.size() && out[i + 1] == '>') out[i + 1] = ' ';
  }
  // Dashes at either end of a word run, or doubled, read as move signs: keep those between words.
  std::string kept;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '-') {
      const std::string_view before = std::string_view(kept).substr(0, kept.find_last_not_of(' ') + 1);
      const std::size_t next = out.find_first_not_of(" -", i);
      const bool between = !before.empty() && before.back() != '-' && next != std::string::npos && out[i + 1] != '-';
      kept += between ? '-' : ' ';
      continue;
    }
    kept += out[i];
  }
  return join_words(split_words(kept));
}

// "Bulgaria (east coast)" -> "East Coast"; else from the id.
std::string coast_title(const std::string& coast, const std::string& place_name) {
  const auto open = place_name.find('('), close = place_name.find(')');
  if (open != std::string::npos && close != std::string::npos && close > open + 1) {
    std::string inside = place_name.substr(open + 1, close - open - 1);
    bool start = true;
    for (char& c : inside) {
      if (start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      start = c == ' ';
    }
    return inside;
  }
  return coast;
}

}  // namespace dipadj::import
