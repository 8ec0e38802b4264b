// Where a power may build, and what civil-disorder distances are counted from: the `build_sites`
// and `civil_disorder_centres` rules (docs/variant-rules.md), two settings a variant or a game
// chooses apart (the build-anywhere plugin decided both at once).
#include <algorithm>

#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

bool listed(const std::vector<ProvinceId>& centres, ProvinceId centre) {
  return std::find(centres.begin(), centres.end(), centre) != centres.end();
}

}  // namespace

bool Variant::is_any_power_home_centre(ProvinceId centre) const {
  return std::any_of(powers_.begin(), powers_.end(), [&](const Power& power) { return listed(power.home_centres, centre); });
}

bool Variant::is_build_site(ProvinceId centre, PowerId power, const Position& position, const Rulebook& rules) const {
  switch (rules.get<BuildSites>()) {
    case BuildSites::OwnHomeCentres:
      return is_home_centre(centre, power, position, rules);
    case BuildSites::AnyHomeCentre:
      return is_any_power_home_centre(centre) || is_home_centre(centre, power, position, rules);
    case BuildSites::OwnedCentres:
      return map_->province(centre).supply_centre;
    case BuildSites::ListedSites:
      if (powers_[power].build_sites.empty()) return is_home_centre(centre, power, position, rules);
      return listed(powers_[power].build_sites, centre);
  }
  return false;
}

std::vector<ProvinceId> Variant::build_sites(PowerId power, const Position& position, const Rulebook& rules) const {
  const auto choice = rules.get<BuildSites>();
  if (choice == BuildSites::OwnHomeCentres || (choice == BuildSites::ListedSites && powers_[power].build_sites.empty()))
    return home_centres(power, position, rules);
  if (choice == BuildSites::ListedSites) return powers_[power].build_sites;
  // Any home centre, or any centre: of those the power owns (all of them would be everywhere).
  std::vector<ProvinceId> out = position.owned_centres(power);
  std::erase_if(out, [&](ProvinceId centre) { return !is_build_site(centre, power, position, rules); });
  return out;
}

std::vector<ProvinceId> Variant::civil_disorder_centres(PowerId power, const Position& position, const Rulebook& rules) const {
  switch (rules.get<CivilDisorderCentres>()) {
    case CivilDisorderCentres::HomeCentres:
      return home_centres(power, position, rules);
    case CivilDisorderCentres::BuildSites:
      return build_sites(power, position, rules);
    case CivilDisorderCentres::OwnedCentres:
      break;
  }
  return position.owned_centres(power);
}

}  // namespace dipadj
