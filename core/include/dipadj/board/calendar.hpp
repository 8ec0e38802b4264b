#pragma once
// A variant's calendar (`calendar:` in variant.yaml, docs/variant-rules.md): the seasons of its
// year and the phases each has, how the years count, and how a phase is written and read back.
// The default is the Standard game's: Spring and Fall with movement and retreats, Winter with
// adjustments, years by one from 1, phases written "Spring 1901 Movement".
//
// A Phase's `season` is the season's index in the calendar's list; the Standard calendar's
// Spring, Fall and Winter are Season::Spring, Season::Fall and Season::Winter.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/board/phase.hpp"

namespace dipadj {

// Bounds that keep a calendar sane: a season is one byte, a year step of more than a millennium
// is no game, and the earliest year mirrors the latest.
inline constexpr std::size_t kMaxSeasons = 16;
inline constexpr int kMaxYearStep = 1000;
inline constexpr int kMinYear = -kMaxYear;

struct CalendarSeason {
  std::string name;                  // "Spring": what {season} writes
  std::vector<std::string> aliases;  // also read: "Autumn" for Fall
  bool movement = true;              // a movement phase, then its retreats
  bool adjustments = false;          // an adjustment phase (after the movement and retreats, if any)
  bool ends_year = false;            // the year steps on after this season (the last one always does)
};

// A calendar as a variant file writes it.
struct CalendarSpec {
  std::vector<CalendarSeason> seasons;
  int first_year = 1;  // the earliest year, and the year the cycle of seasons starts from
  int year_step = 1;
  std::string phase_name = "{season} {year} {kind}";
};

// Why a spec makes no calendar: the message, and the part concerned (a season's index, or the
// spec's key: "seasons", "phase_name").
struct CalendarProblem {
  std::string message;
  std::optional<std::size_t> season;
  std::string key;
};

// The kind of phase a word names: movement (moves, move), retreats (retreat), adjustments
// (adjustment, builds, build), any case.
std::optional<PhaseKind> phase_kind_from_word(std::string_view word);

// Every problem of a spec; a spec without any makes a Calendar.
std::vector<CalendarProblem> calendar_problems(const CalendarSpec& spec);

class Calendar {
 public:
  Calendar();  // the Standard game's
  // `spec` must have no calendar_problems().
  explicit Calendar(CalendarSpec spec);

  [[nodiscard]] std::size_t season_count() const { return spec_.seasons.size(); }
  [[nodiscard]] const CalendarSeason& season(Season season) const { return spec_.seasons[static_cast<std::size_t>(season)]; }
  [[nodiscard]] int first_year() const { return spec_.first_year; }
  [[nodiscard]] int year_step() const { return spec_.year_step; }
  [[nodiscard]] const CalendarSpec& spec() const { return spec_; }
  // The season of this name or alias, any case (for plugins that ask for a season by name).
  [[nodiscard]] std::optional<Season> find_season(std::string_view name) const;

  // The first phase of the first season in the first year: where a game starts when the variant
  // names no start phase of this calendar.
  [[nodiscard]] Phase first_phase() const;
  // Whether the calendar has this phase: its season has that kind of phase, and its year is on
  // the calendar (from first_year to kMaxYear, by year_step) and is one in which that season comes.
  [[nodiscard]] bool has(const Phase& phase) const;
  // The first phase of the season after the phase's (the year stepped on when the phase's season
  // ends it).
  [[nodiscard]] Phase next_season(const Phase& phase) const;
  // The adjustment phase that follows the movement and retreats of the phase's season: the
  // season's own, or that of the next season when it has nothing but adjustments; nothing when
  // a movement season comes next. Supply centres change hands before it (docs/variant-rules.md).
  [[nodiscard]] std::optional<Phase> adjustment_after(const Phase& phase) const;

  [[nodiscard]] std::string write(const Phase& phase) const;
  // The same appended to `out` (a writer of many names reuses one string).
  void write_into(std::string& out, const Phase& phase) const;
  // Whether every name write() gives is plain printable ASCII (text.hpp is_plain_text): its
  // format, seasons and the kinds' words are (a year's digits always are). A writer of JSON then
  // copies a name without looking at it again.
  [[nodiscard]] bool names_are_plain() const { return names_are_plain_; }
  // A phase as write() gives it, in any case and spacing, with the seasons' aliases and the
  // kinds' other words ("Moves", "Retreat", "Builds"); the kind may be left out when the name
  // ends with it (the season's first phase). Nothing unless the calendar has the phase.
  [[nodiscard]] std::optional<Phase> read(std::string_view text) const;
  // How the phases are written, for messages: "e.g. 'Spring 1901 Movement', 'Fall 1901
  // Retreats'; years from 1 to 1000000".
  [[nodiscard]] std::string phase_name_help() const;

 private:
  [[nodiscard]] bool year_on_calendar(int year) const;
  [[nodiscard]] std::size_t cycle_year(int year) const;
  [[nodiscard]] std::optional<Phase> read_in_year(std::string_view plain, int year, std::string_view year_text) const;
  [[nodiscard]] int example_year(std::size_t season) const;

  // The phase name's format, taken apart once: its texts (spans of spec_.phase_name) and slots in
  // turn. A batch line writes two phase names, and finding the slots in the format each time cost
  // 500 instructions a name.
  struct NamePart {
    enum class What : unsigned char { Text, Season, Year, Kind } what;
    std::size_t from = 0, size = 0;  // a text's place in spec_.phase_name
  };
  std::vector<NamePart> name_parts_;
  CalendarSpec spec_;
  std::vector<std::size_t> year_of_season_;  // each season's year within a cycle of seasons
  std::size_t cycle_years_ = 1;
  bool names_are_plain_ = false;
  int example_base_ = 1;  // the year examples start from: 1901 for the Standard game
};

// The Standard game's calendar (made once; immutable).
const Calendar& standard_calendar();

std::string to_string(const Phase& phase, const Calendar& calendar);
std::optional<Phase> parse_phase(std::string_view text, const Calendar& calendar);

}  // namespace dipadj
