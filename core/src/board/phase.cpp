#include "dipadj/board/phase.hpp"

#include <sstream>

#include "dipadj/text.hpp"

namespace dipadj {

std::optional<Phase> parse_phase(std::string_view text) {
  // Words split at white space only: a sign or a dot in the year must not vanish ("-1" is no year).
  std::istringstream in{ascii_lower(text)};
  std::string season, year, kind;
  if (!(in >> season >> year)) return std::nullopt;
  in >> kind;
  std::string rest;
  if (in >> rest) return std::nullopt;
  Phase phase;
  if (season == "spring") phase.season = Season::Spring;
  else if (season == "fall" || season == "autumn") phase.season = Season::Fall;
  else if (season == "winter") phase.season = Season::Winter;
  else return std::nullopt;
  // Digits only (no sign), and not so many that the number leaves the range.
  if (year.empty() || year.size() > 7 || year.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  phase.year = std::stoi(year);
  if (phase.year < 1 || phase.year > kMaxYear) return std::nullopt;
  if (kind.empty()) kind = phase.season == Season::Winter ? "adjustments" : "movement";
  if (kind == "movement" || kind == "moves" || kind == "move") phase.kind = PhaseKind::Movement;
  else if (kind == "retreat" || kind == "retreats") phase.kind = PhaseKind::Retreat;
  else if (kind == "adjustment" || kind == "adjustments" || kind == "builds" || kind == "build") phase.kind = PhaseKind::Adjustment;
  else return std::nullopt;
  if ((phase.season == Season::Winter) != (phase.kind == PhaseKind::Adjustment)) return std::nullopt;
  return phase;
}

std::string to_string(const Phase& phase) {
  static constexpr const char* kSeasons[] = {"Spring", "Fall", "Winter"};
  static constexpr const char* kKinds[] = {"Movement", "Retreats", "Adjustments"};
  return std::string(kSeasons[static_cast<int>(phase.season)]) + " " + std::to_string(phase.year) + " " +
         kKinds[static_cast<int>(phase.kind)];
}

}  // namespace dipadj
