#include "dpjudge_calendar.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string_view>
#include <utility>

#include "dipadj/text.hpp"

namespace dipadj::import {
namespace {

// One item of DPjudge's flow, in the order its map gives them.
struct FlowItem {
  enum class Kind { NewYear, IfYearDiv, Phase };
  Kind kind = Kind::Phase;
  long step = 1;                    // NewYear: what it adds to the year
  long divisor = 1, remainder = 0;  // IfYearDiv: the seasons after it are played when year % divisor == remainder
  std::string season;               // Phase: the season word as written
  char type = 'M';                  // Phase: M(ovement), R(etreats), A(djustments)
};

// A phase as the flow plays it.
struct FlowPhase {
  std::string season;
  char type = 'M';
  long year = 0;
  bool operator==(const FlowPhase&) const = default;
};

constexpr long kMaxCycleYears = 16;   // a dipadj calendar has at most 16 seasons
constexpr long kYearsPlayed = 3 * kMaxCycleYears + 1;

std::optional<long> whole_number(std::string_view text) {
  long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

FlowItem new_year(long step) {
  FlowItem item;
  item.kind = FlowItem::Kind::NewYear;
  item.step = step;
  return item;
}

std::optional<char> phase_type(std::string_view word) {
  if (word.rfind("MOVE", 0) == 0) return 'M';
  if (word.rfind("RETREAT", 0) == 0) return 'R';
  if (word.rfind("ADJUST", 0) == 0 || word.rfind("BUILD", 0) == 0) return 'A';
  return std::nullopt;
}

// "IFYEARDIV:10" or "IFYEARDIV:4=1".
bool read_year_condition(std::string_view text, FlowItem& item) {
  const auto equals = text.find('=');
  const auto divisor = whole_number(text.substr(0, equals));
  const auto remainder = equals == std::string_view::npos ? std::optional<long>(0) : whole_number(text.substr(equals + 1));
  if (!divisor || !remainder || *divisor <= 0 || *remainder < 0 || *remainder >= *divisor) return false;
  item.divisor = *divisor;
  item.remainder = *remainder;
  return true;
}

// The items of the flow, as DPjudge reads them (a flow with no NEWYEAR begins a year with its
// first item).
std::optional<std::vector<FlowItem>> read_flow(const std::vector<std::string>& flow, std::string& why) {
  std::vector<FlowItem> items;
  for (const std::string& written : flow) {
    const auto colon = written.find(':');
    const std::string season = written.substr(0, colon);
    const std::string_view rest = colon == std::string::npos ? std::string_view() : std::string_view(written).substr(colon + 1);
    FlowItem item;
    if (season == "NEWYEAR") {
      const auto step = rest.empty() ? std::optional<long>(1) : whole_number(rest);
      if (!step || *step <= 0) {
        why = "'FLOW " + written + "': years that do not go forward are not expressible (a dipadj calendar's years grow)";
        return std::nullopt;
      }
      items.push_back(new_year(*step));
      continue;
    }
    if (colon == std::string::npos || rest.empty()) {
      why = "'FLOW " + written + "' is not SEASON:PHASES, NEWYEAR:N or IFYEARDIV:N";
      return std::nullopt;
    }
    if (season == "IFYEARDIV") {
      item.kind = FlowItem::Kind::IfYearDiv;
      if (!read_year_condition(rest, item)) {
        why = "'FLOW " + written + "': the condition is not DIVISOR or DIVISOR=REMAINDER";
        return std::nullopt;
      }
      items.push_back(item);
      continue;
    }
    for (std::size_t from = 0; from <= rest.size();) {
      const auto comma = std::min(rest.find(',', from), rest.size());
      const std::string_view word = rest.substr(from, comma - from);
      const auto type = phase_type(word);
      if (!type) {
        why = "'FLOW " + written + "': the phase '" + std::string(word) + "' has no dipadj counterpart (movement, retreats, adjustments)";
        return std::nullopt;
      }
      items.push_back(FlowItem{FlowItem::Kind::Phase, 1, 1, 0, season, *type});
      from = comma + 1;
    }
  }
  if (std::none_of(items.begin(), items.end(), [](const FlowItem& i) { return i.kind == FlowItem::Kind::NewYear; }))
    items.insert(items.begin(), new_year(1));
  return items;
}

// The phases the flow plays from item `at` in `year` on, for `years` years, DPjudge's way: a
// NEWYEAR adds its step to the year; an IFYEARDIV whose condition fails goes back to the first item.
std::vector<FlowPhase> play_flow(const std::vector<FlowItem>& items, std::size_t at, long year, long years) {
  std::vector<FlowPhase> played;
  std::size_t idle = 0;  // items passed since the last phase: a flow with no phase to reach stops
  for (std::size_t which = at; years > 0 && idle <= 2 * items.size(); which = (which + 1) % items.size()) {
    const FlowItem& item = items[which];
    ++idle;
    if (item.kind == FlowItem::Kind::IfYearDiv) {
      if (((year % item.divisor) + item.divisor) % item.divisor != item.remainder) which = items.size() - 1;
    } else if (item.kind == FlowItem::Kind::NewYear) {
      year += item.step;
      --years;
    } else {
      played.push_back(FlowPhase{item.season, item.type, year});
      idle = 0;
    }
  }
  return played;
}

// "SPRING" -> "Spring"; a word with other than letters ("A.D.") stays as written.
std::string season_name(const std::string& written) {
  if (!std::all_of(written.begin(), written.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) return written;
  std::string name = written;
  for (std::size_t k = 0; k < name.size(); ++k)
    name[k] = static_cast<char>(k == 0 ? std::toupper(static_cast<unsigned char>(name[k])) : std::tolower(static_cast<unsigned char>(name[k])));
  return name;
}

std::string phase_word(char type) { return type == 'M' ? "movement" : type == 'R' ? "retreats" : "adjustments"; }

// One year's phases as the calendar's seasons: the phases of one season word in a row.
bool add_seasons(const std::vector<FlowPhase>& year, std::vector<ImportedSeason>& seasons, std::string& why) {
  for (std::size_t k = 0; k < year.size();) {
    ImportedSeason season{season_name(year[k].season), {}, false};
    std::string types;
    for (; k < year.size() && season_name(year[k].season) == season.name; ++k) {
      types += year[k].type;
      season.phases.push_back(phase_word(year[k].type));
    }
    if (types != "MR" && types != "MRA" && types != "A") {
      why = "the season " + season.name + " has the phases " + types + ": a dipadj season has movement and retreats, those and adjustments, or adjustments only";
      return false;
    }
    seasons.push_back(std::move(season));
  }
  seasons.back().year_ends = true;
  return true;
}

bool is_standard(const ImportedCalendar& calendar) {
  const auto& s = calendar.seasons;
  return calendar.year_step == 1 && s.size() == 3 && s[0].name == "Spring" && s[0].phases.size() == 2 && s[1].name == "Fall" &&
         s[1].phases.size() == 2 && s[2].name == "Winter" && s[2].phases.size() == 1 && s[2].phases[0] == "adjustments";
}

// The years the flow plays, each with its phases; nothing when the years do not step evenly.
std::optional<std::vector<std::vector<FlowPhase>>> years_of(const std::vector<FlowPhase>& played, long& step, std::string& why) {
  std::vector<std::vector<FlowPhase>> years;
  for (const FlowPhase& phase : played) {
    if (years.empty() || years.back().front().year != phase.year) years.emplace_back();
    years.back().push_back(phase);
  }
  if (years.size() < 2) {
    why = "the flow never goes on to another year";
    return std::nullopt;
  }
  step = years[1].front().year - years[0].front().year;
  for (std::size_t k = 1; k < years.size(); ++k)
    if (years[k].front().year - years[k - 1].front().year != step) {
      why = "the years do not go on by one step";
      return std::nullopt;
    }
  return years;
}

// The fewest years after which the seasons repeat.
std::optional<std::size_t> cycle_of(const std::vector<std::vector<FlowPhase>>& years) {
  const auto same_seasons = [](const std::vector<FlowPhase>& a, const std::vector<FlowPhase>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const FlowPhase& x, const FlowPhase& y) { return x.season == y.season && x.type == y.type; });
  };
  for (std::size_t cycle = 1; cycle <= static_cast<std::size_t>(kMaxCycleYears); ++cycle) {
    bool repeats = true;
    for (std::size_t k = cycle; k + 1 < years.size() && repeats; ++k) repeats = same_seasons(years[k], years[k - cycle]);
    if (repeats) return cycle;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ImportedCalendar> calendar_from_flow(const std::vector<std::string>& flow, const FlowStart& start, std::string& why) {
  why.clear();
  if (flow.empty()) return std::nullopt;
  const auto items = read_flow(flow, why);
  if (!items) return std::nullopt;
  const auto type = phase_type(start.kind);
  const auto first = std::find_if(items->begin(), items->end(), [&](const FlowItem& i) {
    return i.kind == FlowItem::Kind::Phase && i.season == start.season && i.type == type.value_or('M');
  });
  if (first == items->end()) {
    why = "the first phase (" + start.season + " " + std::to_string(start.year) + " " + start.kind + ") is not one of the flow's";
    return std::nullopt;
  }
  // The year of the first phase from its beginning: the item after the NEWYEAR before it.
  std::size_t year_begins = static_cast<std::size_t>(first - items->begin());
  while (year_begins > 0 && (*items)[year_begins - 1].kind != FlowItem::Kind::NewYear) --year_begins;
  long step = 1;
  const auto years = years_of(play_flow(*items, year_begins, start.year, kYearsPlayed), step, why);
  if (!years) return std::nullopt;
  const FlowPhase begin{start.season, type.value_or('M'), start.year};
  if (std::find(years->front().begin(), years->front().end(), begin) == years->front().end()) {
    why = "the flow does not play its first phase in the first year";
    return std::nullopt;
  }
  const auto cycle = cycle_of(*years);
  if (!cycle) {
    why = "the seasons do not repeat within " + std::to_string(kMaxCycleYears) + " years";
    return std::nullopt;
  }
  ImportedCalendar calendar;
  calendar.first_year = start.year;
  calendar.year_step = step;
  for (std::size_t k = 0; k < *cycle; ++k)
    if (!add_seasons((*years)[k], calendar.seasons, why)) return std::nullopt;
  if (calendar.seasons.size() > static_cast<std::size_t>(kMaxCycleYears)) {
    why = std::to_string(calendar.seasons.size()) + " seasons in a cycle: a dipadj calendar has at most " + std::to_string(kMaxCycleYears);
    return std::nullopt;
  }
  if (*cycle == 1 && is_standard(calendar)) return std::nullopt;
  std::string kind = phase_word(begin.type);
  kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
  calendar.start_phase = season_name(start.season) + " " + std::to_string(start.year) + " " + kind;
  return calendar;
}

void read_begin_line(const std::vector<std::string>& words, const SourceLine& at, FlowStart& begin, ImportedBoard& board) {
  std::string season = "Spring", year, kind = "Movement";
  bool before_christ = false;
  begin = FlowStart{};
  for (std::size_t k = 1; k < words.size(); ++k) {
    const std::string word = ascii_upper(words[k]);
    if (word == "SPRING" || word == "FALL" || word == "AUTUMN" || word == "WINTER" || word == "SUMMER") season = season_name(word);
    else if (!word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) year = word;
    else if (phase_type(word)) kind = phase_word(*phase_type(word));
    else if (word == "B.C." || word == "BC") before_christ = true;
    if (k == 1) begin.season = word;  // the flow's season word, whatever it is
  }
  if (year.empty() || year.size() > 7 || before_christ) {
    board.add_note(Diagnostic{at.file, at.line, "'" + join_words(words) +
                                                    "': a first phase dipadj cannot play (years count from 1 A.D.): Spring 1901 Movement instead"});
    return;
  }
  begin.year = std::stol(year);
  begin.kind = ascii_upper(kind);
  kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
  if (season == "Summer") season = "Spring";
  if (kind == "Adjustments") season = "Winter";
  board.start_phase = season + " " + std::to_string(begin.year) + " " + kind;
}

void carry_flow(const std::vector<std::string>& flow, const SourceLine& at, const FlowStart& begin, ImportedBoard& board) {
  if (flow.empty()) return;
  std::string why;
  if (begin.year == 0) why = "the first phase is not one dipadj can play";
  std::optional<ImportedCalendar> calendar = why.empty() ? calendar_from_flow(flow, begin, why) : std::nullopt;
  if (!calendar) {
    if (!why.empty()) board.add_note(Diagnostic{at.file, at.line, "FLOW: not carried (" + why + "): the variant has the Standard calendar"});
    return;
  }
  board.start_phase = calendar->start_phase;
  board.calendar = std::move(calendar);
  board.add_note(Diagnostic{at.file, at.line, "FLOW: the variant's calendar (docs/variant-rules.md, Calendar)"});
}

}  // namespace dipadj::import
