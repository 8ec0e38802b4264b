#pragma once
// What `dipadj validate` warns of in a variant that loads and plays, and `dipadj serve`'s page
// shows under its problems: one-way borders that trap units (one_way_warnings, named as the
// variant was) and the artwork's missing and extra shapes (artwork_warnings). Each a line of
// text with its file; none for a variant with neither.
#include <string>
#include <vector>

namespace dipadj {

class Variant;

// `named`: how the variant was named (its name, folder or file), for the warnings of its map.
std::vector<std::string> variant_warnings(const Variant& variant, const std::string& named);

}  // namespace dipadj
