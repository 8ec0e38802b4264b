#pragma once
// Names of another program's map made names dipadj can write and read back. Private to the core.
#include <string>

namespace dipadj::import {

// A name as dipadj can write it into an order and read it back (unreadable_name_reason): a ':'
// and a '-' that stands between no two words become spaces; "->" becomes " - ".
std::string readable_name(const std::string& name);
// A coast's title from the name of its place: "Bulgaria (east coast)" -> "East Coast"; else the
// coast's id.
std::string coast_title(const std::string& coast, const std::string& place_name);

}  // namespace dipadj::import
