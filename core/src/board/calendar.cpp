#include "dipadj/board/calendar.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <span>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

constexpr std::string_view kSeasonSlot = "{season}", kYearSlot = "{year}", kKindSlot = "{kind}";

constexpr std::array<std::string_view, 3> kMovementWords = {"movement", "moves", "move"};
constexpr std::array<std::string_view, 2> kRetreatWords = {"retreats", "retreat"};
constexpr std::array<std::string_view, 4> kAdjustmentWords = {"adjustments", "adjustment", "builds", "build"};

std::span<const std::string_view> words_of(PhaseKind kind) {
  switch (kind) {
    case PhaseKind::Movement: return kMovementWords;
    case PhaseKind::Retreat: return kRetreatWords;
    case PhaseKind::Adjustment: return kAdjustmentWords;
  }
  return {};
}

std::string_view written_kind(PhaseKind kind) {
  switch (kind) {
    case PhaseKind::Movement: return "Movement";
    case PhaseKind::Retreat: return "Retreats";
    case PhaseKind::Adjustment: return "Adjustments";
  }
  return "?";
}

// The form phases are compared in: ASCII letters in small letters, each run of white space one
// space, none at the ends. Other bytes stay as they are: a sign or a dot in a year must not vanish.
std::string plain_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

enum class NameSlot : unsigned char { Season, Year, Kind };

// A phase name's format read in turn: `text(from, size)` for each run of text between slots (a
// '{' that starts no slot is text), `slot(NameSlot)` for each slot. A run at a time: a byte at a
// time, with three slots tried at each, cost 500 instructions a name.
template <class Text, class Slot>
void read_name_format(std::string_view format, Text text, Slot slot) {
  for (std::size_t i = 0; i < format.size();) {
    const std::size_t at = std::min(format.find('{', i), format.size());
    if (at > i) text(i, at - i);
    if (at == format.size()) break;
    const std::string_view rest = format.substr(at);
    if (rest.starts_with(kSeasonSlot)) slot(NameSlot::Season), i = at + kSeasonSlot.size();
    else if (rest.starts_with(kYearSlot)) slot(NameSlot::Year), i = at + kYearSlot.size();
    else if (rest.starts_with(kKindSlot)) slot(NameSlot::Kind), i = at + kKindSlot.size();
    else text(at, 1), i = at + 1;
  }
}

// The phase name with its slots filled, appended to `out`.
void fill_into(std::string& out, std::string_view format, std::string_view season, std::string_view year, std::string_view kind) {
  out.reserve(out.size() + format.size() + season.size() + year.size() + kind.size());
  read_name_format(
      format, [&](std::size_t from, std::size_t size) { out.append(format.substr(from, size)); },
      [&](NameSlot slot) { out += slot == NameSlot::Season ? season : slot == NameSlot::Year ? year : kind; });
}

std::string fill(std::string_view format, std::string_view season, std::string_view year, std::string_view kind) {
  std::string out;
  fill_into(out, format, season, year, kind);
  return out;
}

// The phase name without the kind, when it ends with it ("{season} {year}"); empty otherwise.
std::string name_without_kind(std::string_view format) {
  std::string_view trimmed = format.substr(0, format.find_last_not_of(' ') + 1);
  if (!trimmed.ends_with(kKindSlot)) return {};
  trimmed.remove_suffix(kKindSlot.size());
  return std::string(trimmed);
}

bool ends_year(const CalendarSpec& spec, std::size_t season) {
  return spec.seasons[season].ends_year || season + 1 == spec.seasons.size();
}

PhaseKind first_kind(const CalendarSeason& season) { return season.movement ? PhaseKind::Movement : PhaseKind::Adjustment; }

CalendarSpec standard_spec() {
  CalendarSpec spec;
  spec.seasons = {CalendarSeason{"Spring", {}, true, false, false}, CalendarSeason{"Fall", {"Autumn"}, true, false, false},
                  CalendarSeason{"Winter", {}, false, true, true}};
  return spec;
}

void check_phase_name(const std::string& format, std::vector<CalendarProblem>& out) {
  const auto problem = [&](std::string message) { out.push_back(CalendarProblem{std::move(message), std::nullopt, "phase_name"}); };
  if (count_of(format, kYearSlot) != 1) problem("'phase_name' must have {year} once");
  if (count_of(format, kKindSlot) != 1) problem("'phase_name' must have {kind} once: the movement, retreat and adjustment phases are told apart by it");
  if (count_of(format, kSeasonSlot) > 1) problem("'phase_name' has {season} more than once");
  std::string rest = fill(format, "", "", "");
  if (const auto open = rest.find('{'); open != std::string::npos && rest.find('}', open) != std::string::npos)
    problem("'phase_name' has an unknown part '" + rest.substr(open, rest.find('}', open) - open + 1) +
            "' (it may have {season}, {year} and {kind})");
}

void check_seasons(const CalendarSpec& spec, std::vector<CalendarProblem>& out) {
  const auto& seasons = spec.seasons;
  const bool named = spec.phase_name.find(kSeasonSlot) != std::string::npos;
  for (std::size_t i = 0; i < seasons.size(); ++i) {
    const CalendarSeason& s = seasons[i];
    if (named && plain_text(s.name).empty()) out.push_back({"a season needs a name (phase_name writes {season})", i, ""});
    if (!s.movement && !s.adjustments) out.push_back({"a season needs movement or adjustments", i, ""});
    const CalendarSeason& before = seasons[(i + seasons.size() - 1) % seasons.size()];
    if (!s.movement && s.adjustments && (!before.movement || before.adjustments) && seasons.size() > 1)
      out.push_back({"a season of adjustments only must come right after a season of movement without adjustments: "
                     "two adjustment phases would follow each other",
                     i, ""});
  }
  if (std::none_of(seasons.begin(), seasons.end(), [](const CalendarSeason& s) { return s.movement; }))
    out.push_back({"no season has movement: nothing would ever move (a calendar needs a movement season)", std::nullopt, "seasons"});
  if (std::none_of(seasons.begin(), seasons.end(), [](const CalendarSeason& s) { return s.adjustments; }))
    out.push_back({"no season has adjustments: supply centres would never change hands, nobody could build or win",
                   std::nullopt, "seasons"});
}

// Every phase of one cycle of seasons is written and read back as itself: names that two
// phases would share (two seasons of one year named alike, or no {season} with two seasons in
// a year) are refused here, whatever made them alike.
void check_round_trip(const CalendarSpec& spec, std::vector<CalendarProblem>& out) {
  const Calendar calendar(spec);
  Phase phase{Season{}, spec.first_year, first_kind(spec.seasons.front())};
  for (std::size_t i = 0; i < spec.seasons.size(); ++i, phase = calendar.next_season(phase)) {
    const CalendarSeason& s = spec.seasons[i];
    std::vector<PhaseKind> kinds;
    if (s.movement) kinds = {PhaseKind::Movement, PhaseKind::Retreat};
    if (s.adjustments) kinds.push_back(PhaseKind::Adjustment);
    for (PhaseKind kind : kinds) {
      const Phase p{phase.season, phase.year, kind};
      const std::string text = calendar.write(p);
      const auto back = calendar.read(text);
      if (!back) out.push_back({"the phase '" + text + "' cannot be read back", i, "phase_name"});
      else if (!(*back == p))
        out.push_back({"the phase '" + text + "' reads back as another (" + spec.seasons[static_cast<std::size_t>(back->season)].name +
                           "): two phases are written alike",
                       i, "phase_name"});
    }
  }
}

}  // namespace

std::optional<PhaseKind> phase_kind_from_word(std::string_view word) {
  const std::string plain = plain_text(word);
  for (PhaseKind kind : {PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment})
    for (std::string_view known : words_of(kind))
      if (plain == known) return kind;
  return std::nullopt;
}

std::vector<CalendarProblem> calendar_problems(const CalendarSpec& spec) {
  std::vector<CalendarProblem> out;
  if (spec.seasons.empty()) out.push_back({"a calendar needs at least one season", std::nullopt, "seasons"});
  if (spec.seasons.size() > kMaxSeasons)
    out.push_back({std::to_string(spec.seasons.size()) + " seasons: a calendar has at most " + std::to_string(kMaxSeasons), std::nullopt, "seasons"});
  if (spec.year_step < 1 || spec.year_step > kMaxYearStep)
    out.push_back({"'year_step' is " + std::to_string(spec.year_step) + ": it must be from 1 to " + std::to_string(kMaxYearStep) +
                       (spec.year_step == 0 ? " (with 0 the years would never go on)" : ""),
                   std::nullopt, "year_step"});
  if (spec.first_year < kMinYear || spec.first_year > kMaxYear)
    out.push_back({"'first_year' must be from " + std::to_string(kMinYear) + " to " + std::to_string(kMaxYear), std::nullopt, "first_year"});
  check_phase_name(spec.phase_name, out);
  if (!out.empty()) return out;
  check_seasons(spec, out);
  if (out.empty()) check_round_trip(spec, out);
  return out;
}

Calendar::Calendar() : Calendar(standard_spec()) { example_base_ = 1901; }

Calendar::Calendar(CalendarSpec spec) : spec_(std::move(spec)), example_base_(spec_.first_year) {
  // The format read as fill_into reads it; runs of text side by side one part.
  const auto add_text = [&](std::size_t from, std::size_t size) {
    if (!name_parts_.empty() && name_parts_.back().what == NamePart::What::Text &&
        name_parts_.back().from + name_parts_.back().size == from)
      name_parts_.back().size += size;
    else name_parts_.push_back(NamePart{NamePart::What::Text, from, size});
  };
  const auto add_slot = [&](NameSlot slot) {
    using What = NamePart::What;
    name_parts_.push_back(NamePart{slot == NameSlot::Season ? What::Season : slot == NameSlot::Year ? What::Year : What::Kind});
  };
  read_name_format(spec_.phase_name, add_text, add_slot);
  std::size_t year = 0;
  for (std::size_t i = 0; i < spec_.seasons.size(); ++i) {
    year_of_season_.push_back(year);
    if (ends_year(spec_, i)) ++year;
  }
  cycle_years_ = std::max<std::size_t>(year, 1);
  names_are_plain_ = is_plain_text(spec_.phase_name) &&
                     std::all_of(spec_.seasons.begin(), spec_.seasons.end(), [](const CalendarSeason& s) { return is_plain_text(s.name); });
}

const Calendar& standard_calendar() {
  static const Calendar standard;
  return standard;
}

std::optional<Season> Calendar::find_season(std::string_view name) const {
  const std::string wanted = plain_text(name);
  for (std::size_t i = 0; i < spec_.seasons.size(); ++i) {
    const CalendarSeason& s = spec_.seasons[i];
    if (plain_text(s.name) == wanted) return static_cast<Season>(i);
    for (const auto& alias : s.aliases)
      if (plain_text(alias) == wanted) return static_cast<Season>(i);
  }
  return std::nullopt;
}

Phase Calendar::first_phase() const { return Phase{Season{}, spec_.first_year, first_kind(spec_.seasons.front())}; }

bool Calendar::year_on_calendar(int year) const {
  return year >= spec_.first_year && year <= kMaxYear && (year - spec_.first_year) % spec_.year_step == 0;
}

std::size_t Calendar::cycle_year(int year) const {
  return static_cast<std::size_t>((year - spec_.first_year) / spec_.year_step) % cycle_years_;
}

bool Calendar::has(const Phase& phase) const {
  const auto index = static_cast<std::size_t>(phase.season);
  if (index >= spec_.seasons.size() || !year_on_calendar(phase.year)) return false;
  const CalendarSeason& s = spec_.seasons[index];
  if (phase.kind == PhaseKind::Adjustment ? !s.adjustments : !s.movement) return false;
  return cycle_year(phase.year) == year_of_season_[index];
}

Phase Calendar::next_season(const Phase& phase) const {
  const auto index = static_cast<std::size_t>(phase.season) % spec_.seasons.size();
  const std::size_t next = (index + 1) % spec_.seasons.size();
  const int year = phase.year + (ends_year(spec_, index) ? spec_.year_step : 0);
  return Phase{static_cast<Season>(next), year, first_kind(spec_.seasons[next])};
}

std::optional<Phase> Calendar::adjustment_after(const Phase& phase) const {
  const auto index = static_cast<std::size_t>(phase.season) % spec_.seasons.size();
  if (spec_.seasons[index].adjustments) return Phase{phase.season, phase.year, PhaseKind::Adjustment};
  const Phase next = next_season(phase);
  if (next.kind == PhaseKind::Adjustment) return next;
  return std::nullopt;
}

std::string Calendar::write(const Phase& phase) const {
  std::string out;
  write_into(out, phase);
  return out;
}

void Calendar::write_into(std::string& out, const Phase& phase) const {
  const auto index = static_cast<std::size_t>(phase.season);
  std::array<char, 16> year{};  // a year's digits, made without a string (two names a batch line)
  const std::string_view year_text(year.data(), static_cast<std::size_t>(std::to_chars(year.data(), year.data() + year.size(), phase.year).ptr - year.data()));
  if (index >= spec_.seasons.size()) {
    fill_into(out, spec_.phase_name, "Season " + std::to_string(index + 1), year_text, written_kind(phase.kind));
    return;
  }
  const std::string_view season = spec_.seasons[index].name, kind = written_kind(phase.kind);
  const auto text_of = [&](const NamePart& part) -> std::string_view {
    switch (part.what) {
      case NamePart::What::Text: return std::string_view(spec_.phase_name).substr(part.from, part.size);
      case NamePart::What::Season: return season;
      case NamePart::What::Year: return year_text;
      case NamePart::What::Kind: return kind;
    }
    return {};
  };
  std::size_t size = 0;
  for (const NamePart& part : name_parts_) size += text_of(part).size();
  std::size_t at = out.size();
  out.resize(at + size);
  for (const NamePart& part : name_parts_) {
    const std::string_view text = text_of(part);
    std::memcpy(out.data() + at, text.data(), text.size());
    at += text.size();
  }
}

std::optional<Phase> Calendar::read_in_year(std::string_view plain, int year, std::string_view year_text) const {
  const std::string short_name = name_without_kind(spec_.phase_name);
  const bool named = spec_.phase_name.find(kSeasonSlot) != std::string::npos;
  // Only the names and words in the text are tried: a game file's phase is read without writing
  // every phase the year could have.
  for (std::size_t i = 0; i < spec_.seasons.size(); ++i) {
    if (year_of_season_[i] != cycle_year(year)) continue;
    const CalendarSeason& s = spec_.seasons[i];
    std::vector<PhaseKind> kinds;
    if (s.movement) kinds = {PhaseKind::Movement, PhaseKind::Retreat};
    if (s.adjustments) kinds.push_back(PhaseKind::Adjustment);
    std::vector<std::string_view> names{s.name};
    names.insert(names.end(), s.aliases.begin(), s.aliases.end());
    for (std::string_view name : names) {
      if (named && plain.find(plain_text(name)) == std::string_view::npos) continue;
      if (!short_name.empty() && plain_text(fill(short_name, name, year_text, "")) == plain)
        return Phase{static_cast<Season>(i), year, first_kind(s)};
      for (PhaseKind kind : kinds)
        for (std::string_view word : words_of(kind))
          if (plain.find(word) != std::string_view::npos && plain_text(fill(spec_.phase_name, name, year_text, word)) == plain) return Phase{static_cast<Season>(i), year, kind};
    }
  }
  return std::nullopt;
}

std::optional<Phase> Calendar::read(std::string_view text) const {
  const std::string plain = plain_text(text);
  // Each number in the text may be the year; the others are part of a season's name.
  for (std::size_t begin = 0; begin < plain.size(); ++begin) {
    if (plain[begin] < '0' || plain[begin] > '9' || (begin > 0 && plain[begin - 1] >= '0' && plain[begin - 1] <= '9')) continue;
    std::size_t end = begin;
    while (end < plain.size() && plain[end] >= '0' && plain[end] <= '9') ++end;
    if (end - begin > 7) continue;  // not so many digits that the number leaves the range
    int year = 0;
    std::from_chars(plain.data() + begin, plain.data() + end, year);
    const bool signed_year = begin > 0 && plain[begin - 1] == '-';
    if (signed_year && year_on_calendar(-year))
      if (auto phase = read_in_year(plain, -year, std::string_view(plain).substr(begin - 1, end - begin + 1))) return phase;
    if (year_on_calendar(year))
      if (auto phase = read_in_year(plain, year, std::string_view(plain).substr(begin, end - begin))) return phase;
  }
  return std::nullopt;
}

int Calendar::example_year(std::size_t season) const {
  int year = spec_.first_year;
  if (example_base_ > year) year += (example_base_ - year + spec_.year_step - 1) / spec_.year_step * spec_.year_step;
  while (cycle_year(year) != year_of_season_[season]) year += spec_.year_step;
  return year;
}

std::string Calendar::phase_name_help() const {
  std::size_t first_movement = spec_.seasons.size(), last_movement = 0;
  for (std::size_t i = 0; i < spec_.seasons.size(); ++i)
    if (spec_.seasons[i].movement) first_movement = std::min(first_movement, i), last_movement = i;
  std::string out = "e.g. ";
  if (first_movement < spec_.seasons.size()) {
    out += "'" + write(Phase{static_cast<Season>(first_movement), example_year(first_movement), PhaseKind::Movement}) + "', '" +
           write(Phase{static_cast<Season>(last_movement), example_year(last_movement), PhaseKind::Retreat}) + "'; ";
  }
  out += "years from " + std::to_string(spec_.first_year) + " to " + std::to_string(kMaxYear);
  if (spec_.year_step != 1) out += " in steps of " + std::to_string(spec_.year_step);
  return out;
}

std::string to_string(const Phase& phase, const Calendar& calendar) { return calendar.write(phase); }

std::optional<Phase> parse_phase(std::string_view text, const Calendar& calendar) { return calendar.read(text); }

}  // namespace dipadj
