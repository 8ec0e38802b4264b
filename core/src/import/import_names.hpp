#pragma once
// Names of another program's map made names dipadj can write and read back. Private to the core.
#include <algorithm>
#include <string>
#include <vector>

namespace dipadj::import {

// A name as dipadj can write it into an order and read it back (unreadable_name_reason): a ':'
// and a '-' that stands between no two words become spaces; "->" becomes " - ".
std::string readable_name(const std::string& name);
// A coast's title from the name of its place: "Bulgaria (east coast)" -> "East Coast"; else the
// coast's id.
std::string coast_title(const std::string& coast, const std::string& place_name);

// `item` put at the end of `list` unless it is there already.
inline void add_once(std::vector<std::string>& list, const std::string& item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

}  // namespace dipadj::import
