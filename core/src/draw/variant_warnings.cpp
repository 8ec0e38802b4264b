#include "dipadj/draw/variant_warnings.hpp"

#include "dipadj/diagnostic.hpp"
#include "dipadj/draw/artwork.hpp"
#include "dipadj/geo/map_checks.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

std::vector<std::string> variant_warnings(const Variant& variant, const std::string& named) {
  std::vector<std::string> warnings;
  for (const auto& warning : one_way_warnings(variant.map())) warnings.push_back(Diagnostic{named, 0, warning}.to_string());
  for (auto& warning : artwork_warnings(variant)) warnings.push_back(std::move(warning));
  return warnings;
}

}  // namespace dipadj
