#pragma once
// Name handling shared by map loading and order parsing.
#include <string>
#include <string_view>

namespace dipadj {

// The form in which names are compared: lower case, '-' and '_' as spaces, dots dropped,
// runs of spaces collapsed. "St. Petersburg" and "st petersburg" compare equal, as do
// "Mid-Atlantic Ocean" and "mid atlantic ocean".
std::string normalize_name(std::string_view name);

}  // namespace dipadj
