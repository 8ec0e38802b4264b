#include "calendar_reading.hpp"

#include <algorithm>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

constexpr const char* kPhasesHelp =
    "a season's phases are [movement, retreats], [movement, retreats, adjustments] or [adjustments]: retreats follow "
    "movement, adjustments come last";

// A season's `phases:` list: the kinds in the order played, each known.
void read_season_phases(DocumentReader& doc, const DocNode& phases, CalendarSeason& season) {
  if (!phases.is_sequence() || phases.size() == 0) {
    doc.error(phases, std::string("'phases' must be a list: ") + kPhasesHelp);
    return;
  }
  std::vector<PhaseKind> kinds;
  for (const DocNode& item : phases.items()) {
    const auto kind = item.is_scalar() ? phase_kind_from_word(item.text()) : std::nullopt;
    if (!kind) {
      doc.error(item, "unknown phase kind '" + printable(item.is_scalar() ? item.text() : std::string()) +
                          "' (movement, retreats or adjustments)");
      return;
    }
    kinds.push_back(*kind);
  }
  using K = PhaseKind;
  const std::vector<std::vector<K>> allowed = {{K::Movement, K::Retreat}, {K::Movement, K::Retreat, K::Adjustment}, {K::Adjustment}};
  if (std::find(allowed.begin(), allowed.end(), kinds) == allowed.end()) {
    doc.error(phases, kPhasesHelp);
    return;
  }
  season.movement = kinds.front() == K::Movement;
  season.adjustments = kinds.back() == K::Adjustment;
}

CalendarSeason read_season(DocumentReader& doc, const DocNode& item, bool last) {
  CalendarSeason season;
  season.movement = false;
  if (!item.is_map()) {
    doc.error(item, "a season must be a mapping {name, phases}");
    return season;
  }
  doc.check_keys(item, {"name", "aliases", "phases", "year_ends"});
  season.name = doc.string(item, "name");
  season.aliases = doc.string_list(item, "aliases");
  if (item["year_ends"]) {
    season.ends_year = doc.boolean(item, "year_ends");
    if (last && !season.ends_year) doc.error(item["year_ends"], "the last season always ends the year");
  }
  if (!item["phases"]) doc.error(item, std::string("missing 'phases' (") + kPhasesHelp + ")");
  else read_season_phases(doc, item["phases"], season);
  return season;
}

}  // namespace

std::optional<Calendar> read_calendar(DocumentReader& doc, const DocNode& node) {
  if (!node) return Calendar();
  if (!node.is_map()) {
    doc.error(node, "'calendar' must be a mapping (seasons, first_year, year_step, phase_name)");
    return std::nullopt;
  }
  const std::size_t errors_before = doc.error_count();
  doc.check_keys(node, {"seasons", "first_year", "year_step", "phase_name"});
  CalendarSpec spec;
  if (node["first_year"]) spec.first_year = doc.integer(node, "first_year");
  if (node["year_step"]) spec.year_step = doc.integer(node, "year_step");
  if (node["phase_name"]) spec.phase_name = doc.string(node, "phase_name");
  const DocNode& seasons = node["seasons"];
  std::vector<int> season_lines;
  if (!seasons.is_sequence() || seasons.size() == 0) {
    doc.error(seasons ? seasons : node, "'seasons' must be a non-empty list of {name, phases}");
  } else if (seasons.size() > kMaxSeasons) {
    doc.error(seasons, std::to_string(seasons.size()) + " seasons: a calendar has at most " + std::to_string(kMaxSeasons));
  } else {
    for (std::size_t i = 0; i < seasons.size(); ++i) {
      spec.seasons.push_back(read_season(doc, seasons.items()[i], i + 1 == seasons.size()));
      season_lines.push_back(seasons.items()[i].line());
    }
  }
  if (doc.error_count() != errors_before) return std::nullopt;
  const std::vector<CalendarProblem> problems = calendar_problems(spec);
  for (const CalendarProblem& problem : problems) {
    if (problem.season) doc.error_at(season_lines[*problem.season], problem.message);
    else if (node[problem.key]) doc.key_error(node[problem.key], problem.message);
    else doc.error(node, problem.message);
  }
  if (!problems.empty()) return std::nullopt;
  return Calendar(std::move(spec));
}

}  // namespace dipadj
