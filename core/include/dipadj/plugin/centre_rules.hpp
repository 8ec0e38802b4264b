#pragma once
// Capability: which supply centres are home and which count. The core asks for builds, for the
// civil-disorder distances and for victory; the first plugin with this capability that answers
// home_centre() decides, and a centre counts only when every such plugin lets it.
#include <optional>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Position;
class Rulebook;

class CentreRules {
 public:
  // Whether a centre is home to a power, when the plugin replaces the variant's list of home
  // centres: with builds allowed anywhere, the owned centres and only they (DATC 11.A). Nothing:
  // the variant's list decides.
  [[nodiscard]] virtual std::optional<bool> home_centre(ProvinceId /*centre*/, PowerId /*power*/,
                                                        const Position& /*position*/, const Rulebook& /*rules*/) const {
    return std::nullopt;
  }
  // Whether a supply centre counts for the power that owns it, for builds and for victory.
  [[nodiscard]] virtual bool centre_counts(ProvinceId /*centre*/, PowerId /*owner*/, const Rulebook& /*rules*/) const {
    return true;
  }

 protected:
  ~CentreRules() = default;
};

}  // namespace dipadj
