// The variant calendar (dipadj/board/calendar.hpp, docs/variant-rules.md): phase names written
// and read back, the phase after a phase, years that step by 5, start at 0 or before, one season
// a year; bad calendars refused by `dipadj validate` with the file and line; a game of the
// calendar cases' variant (variants/two-marches) through game files, JSON and pictures.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "dipadj/board/calendar.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::Calendar;
using dipadj::CalendarSeason;
using dipadj::CalendarSpec;
using dipadj::Phase;
using dipadj::PhaseKind;
using dipadj::Season;
using dipadj::testing::run_cli;

const fs::path kTwoMarches = fs::path(DIPADJ_DATC_DIR).parent_path() / "variants" / "two-marches";

Season season(std::size_t index) { return static_cast<Season>(index); }

CalendarSeason movement(std::string name, bool ends_year = false) { return CalendarSeason{std::move(name), {}, true, false, ends_year}; }
CalendarSeason movement_and_adjustments(std::string name) { return CalendarSeason{std::move(name), {}, true, true, false}; }
CalendarSeason adjustments(std::string name) { return CalendarSeason{std::move(name), {}, false, true, false}; }

// Hundred's years: one season a year, 1425, 1430, ..., adjustments every year.
CalendarSpec one_season_by_five() {
  CalendarSpec spec;
  spec.seasons = {movement_and_adjustments("Year")};
  spec.first_year = 1425;
  spec.year_step = 5;
  spec.phase_name = "{year} {kind}";
  return spec;
}

// The Two Marches calendar: one season a year by five, adjustments every other season.
CalendarSpec every_other_season() {
  CalendarSpec spec = one_season_by_five();
  spec.seasons = {movement("Campaign", true), movement_and_adjustments("Campaign")};
  return spec;
}

// Years from -2 (2 BC as a count of years, through 0), three seasons.
CalendarSpec from_before_zero() {
  CalendarSpec spec;
  spec.seasons = {movement("Spring"), movement("Summer"), adjustments("Winter")};
  spec.first_year = -2;
  return spec;
}

// godip's and jDip's classical phases: the adjustments in Fall, no Winter.
CalendarSpec fall_adjustments() {
  CalendarSpec spec;
  spec.seasons = {movement("Spring"), movement_and_adjustments("Fall")};
  return spec;
}

std::string problems_of(const CalendarSpec& spec) {
  std::string out;
  for (const auto& problem : dipadj::calendar_problems(spec)) out += problem.message + "\n";
  return out;
}

// A phase's name from the format taken apart once (Calendar::write_into): each slot filled, the
// text around the slots, braces that start no slot and slots side by side kept as written, the
// name appended to what the string holds.
TEST(Calendar, WritesAPhaseNameFromItsFormatAsWritten) {
  CalendarSpec spec = from_before_zero();
  spec.phase_name = "{{season}} {year}{kind} {moon {kind";
  const Calendar calendar(spec);
  std::string out = "name: ";
  calendar.write_into(out, Phase{season(1), 1903, PhaseKind::Retreat});
  EXPECT_EQ(out, "name: {Summer} 1903Retreats {moon {kind");
  spec.phase_name = "{kind}";
  EXPECT_EQ(Calendar(spec).write(Phase{season(2), -1, PhaseKind::Adjustment}), "Adjustments");
  spec.phase_name = "Year {year}: {season} ({kind})";
  EXPECT_EQ(Calendar(spec).write(Phase{season(0), -2, PhaseKind::Movement}), "Year -2: Spring (Movement)");
  EXPECT_EQ(dipadj::standard_calendar().write(Phase{season(1), 1911, PhaseKind::Movement}), "Fall 1911 Movement");
}

// Whether every name a calendar writes is plain printable ASCII (a JSON writer then copies it
// unchecked): its format's texts and its seasons' names decide.
TEST(Calendar, KnowsWhetherItsNamesArePlainText) {
  EXPECT_TRUE(dipadj::standard_calendar().names_are_plain());
  CalendarSpec spec = from_before_zero();
  EXPECT_TRUE(Calendar(spec).names_are_plain());
  spec.seasons[1].name = "\xC3\xA9t\xC3\xA9";  // "été"
  EXPECT_FALSE(Calendar(spec).names_are_plain());
  spec = from_before_zero();
  spec.phase_name = "{season} \"{year}\"";
  EXPECT_FALSE(Calendar(spec).names_are_plain());
  spec.phase_name = "{season}\t{year}";
  EXPECT_FALSE(Calendar(spec).names_are_plain());
}

TEST(Calendar, StandardNamesAsBefore) {
  const Calendar& standard = dipadj::standard_calendar();
  EXPECT_EQ(standard.write(Phase{Season::Spring, 1901, PhaseKind::Movement}), "Spring 1901 Movement");
  EXPECT_EQ(standard.write(Phase{Season::Fall, 1905, PhaseKind::Retreat}), "Fall 1905 Retreats");
  EXPECT_EQ(standard.write(Phase{Season::Winter, 1901, PhaseKind::Adjustment}), "Winter 1901 Adjustments");
  EXPECT_EQ(standard.read("autumn 1901"), (Phase{Season::Fall, 1901, PhaseKind::Movement}));
  EXPECT_EQ(standard.read("WINTER 1901"), (Phase{Season::Winter, 1901, PhaseKind::Adjustment}));
  EXPECT_EQ(standard.read("Fall  1901\tRetreat"), (Phase{Season::Fall, 1901, PhaseKind::Retreat}));
  EXPECT_EQ(standard.read("Winter 1901 Builds"), (Phase{Season::Winter, 1901, PhaseKind::Adjustment}));
  for (const char* text : {"Spring 0 Movement", "Spring -1 Movement", "Spring +1901 Movement", "Spring 1901 Adjustments",
                           "Winter 1901 Movement", "Summer 1901 Movement", "Spring 1901 Movement now", "Spring 1000001 Movement"})
    EXPECT_FALSE(standard.read(text)) << text;
  EXPECT_EQ(standard.phase_name_help(), "e.g. 'Spring 1901 Movement', 'Fall 1901 Retreats'; years from 1 to 1000000");
}

TEST(Calendar, StandardPhaseAfter) {
  const Calendar& standard = dipadj::standard_calendar();
  const Phase spring{Season::Spring, 1901, PhaseKind::Movement}, fall{Season::Fall, 1901, PhaseKind::Movement};
  EXPECT_EQ(standard.next_season(spring), fall);
  EXPECT_FALSE(standard.adjustment_after(spring));
  EXPECT_EQ(standard.adjustment_after(Phase{Season::Fall, 1901, PhaseKind::Retreat}), (Phase{Season::Winter, 1901, PhaseKind::Adjustment}));
  EXPECT_EQ(standard.next_season(Phase{Season::Winter, 1901, PhaseKind::Adjustment}), (Phase{Season::Spring, 1902, PhaseKind::Movement}));
}

TEST(Calendar, OneSeasonAYearByFive) {
  ASSERT_EQ(problems_of(one_season_by_five()), "");
  const Calendar calendar(one_season_by_five());
  EXPECT_EQ(calendar.write(calendar.first_phase()), "1425 Movement");
  EXPECT_EQ(calendar.read("1430 adjustments"), (Phase{season(0), 1430, PhaseKind::Adjustment}));
  EXPECT_EQ(calendar.read("1430"), (Phase{season(0), 1430, PhaseKind::Movement}));
  for (const char* text : {"1427 Movement", "1420 Movement", "Year 1425 Movement", "142 Movement"}) EXPECT_FALSE(calendar.read(text)) << text;
  const Phase first{season(0), 1425, PhaseKind::Movement};
  EXPECT_EQ(calendar.adjustment_after(first), (Phase{season(0), 1425, PhaseKind::Adjustment}));
  EXPECT_EQ(calendar.next_season(Phase{season(0), 1425, PhaseKind::Adjustment}), (Phase{season(0), 1430, PhaseKind::Movement}));
  EXPECT_EQ(calendar.phase_name_help(), "e.g. '1425 Movement', '1425 Retreats'; years from 1425 to 1000000 in steps of 5");
}

TEST(Calendar, AdjustmentsEveryOtherSeason) {
  ASSERT_EQ(problems_of(every_other_season()), "");
  const Calendar calendar(every_other_season());
  EXPECT_TRUE(calendar.has(Phase{season(0), 1425, PhaseKind::Movement}));
  EXPECT_FALSE(calendar.has(Phase{season(1), 1425, PhaseKind::Movement}));
  EXPECT_FALSE(calendar.has(Phase{season(0), 1430, PhaseKind::Movement}));
  EXPECT_FALSE(calendar.has(Phase{season(0), 1435, PhaseKind::Adjustment}));
  EXPECT_EQ(calendar.read("1430 Movement"), (Phase{season(1), 1430, PhaseKind::Movement}));
  EXPECT_EQ(calendar.read("1435 Retreats"), (Phase{season(0), 1435, PhaseKind::Retreat}));
  EXPECT_FALSE(calendar.read("1435 Adjustments"));
  EXPECT_FALSE(calendar.adjustment_after(Phase{season(0), 1425, PhaseKind::Retreat}));
  EXPECT_EQ(calendar.next_season(Phase{season(0), 1425, PhaseKind::Retreat}), (Phase{season(1), 1430, PhaseKind::Movement}));
  EXPECT_EQ(calendar.adjustment_after(Phase{season(1), 1430, PhaseKind::Movement}), (Phase{season(1), 1430, PhaseKind::Adjustment}));
  EXPECT_EQ(calendar.next_season(Phase{season(1), 1430, PhaseKind::Adjustment}), (Phase{season(0), 1435, PhaseKind::Movement}));
}

TEST(Calendar, AdjustmentsInFallAsGodipHasThem) {
  ASSERT_EQ(problems_of(fall_adjustments()), "");
  const Calendar calendar(fall_adjustments());
  EXPECT_EQ(calendar.read("Fall 1901 Adjustments"), (Phase{Season::Fall, 1901, PhaseKind::Adjustment}));
  EXPECT_FALSE(calendar.adjustment_after(Phase{Season::Spring, 1901, PhaseKind::Movement}));
  EXPECT_EQ(calendar.adjustment_after(Phase{Season::Fall, 1901, PhaseKind::Retreat}), (Phase{Season::Fall, 1901, PhaseKind::Adjustment}));
  EXPECT_EQ(calendar.next_season(Phase{Season::Fall, 1901, PhaseKind::Adjustment}), (Phase{Season::Spring, 1902, PhaseKind::Movement}));
}

TEST(Calendar, YearZeroAndBefore) {
  ASSERT_EQ(problems_of(from_before_zero()), "");
  const Calendar calendar(from_before_zero());
  EXPECT_EQ(calendar.read("Spring -2 Movement"), (Phase{season(0), -2, PhaseKind::Movement}));
  EXPECT_EQ(calendar.read("summer 0 retreats"), (Phase{season(1), 0, PhaseKind::Retreat}));
  EXPECT_EQ(calendar.write(Phase{season(2), -1, PhaseKind::Adjustment}), "Winter -1 Adjustments");
  EXPECT_EQ(calendar.next_season(Phase{season(2), -1, PhaseKind::Adjustment}), (Phase{season(0), 0, PhaseKind::Movement}));
  EXPECT_FALSE(calendar.read("Spring -3 Movement"));  // before the first year
  EXPECT_FALSE(calendar.read("Spring --2 Movement"));
  EXPECT_FALSE(calendar.read("Spring 2- Movement"));
}

// Every phase of many years, in each calendar, reads back as itself and is on the calendar.
TEST(Calendar, PhaseNamesRoundTrip) {
  for (const CalendarSpec& spec : {CalendarSpec(dipadj::standard_calendar().spec()), one_season_by_five(), every_other_season(), from_before_zero(),
                               fall_adjustments()}) {
    const Calendar calendar(spec);
    Phase phase = calendar.first_phase();
    for (int season_count = 0; season_count < 40; ++season_count) {
      std::vector<Phase> phases;
      if (calendar.season(phase.season).movement)
        phases = {Phase{phase.season, phase.year, PhaseKind::Movement}, Phase{phase.season, phase.year, PhaseKind::Retreat}};
      if (calendar.season(phase.season).adjustments) phases.push_back(Phase{phase.season, phase.year, PhaseKind::Adjustment});
      for (const Phase& p : phases) {
        EXPECT_TRUE(calendar.has(p)) << calendar.write(p);
        EXPECT_EQ(calendar.read(calendar.write(p)), p) << calendar.write(p);
      }
      phase = calendar.next_season(phase);
    }
  }
}

TEST(Calendar, ProblemsOfBadCalendars) {
  CalendarSpec no_movement = from_before_zero();
  no_movement.seasons = {adjustments("Winter")};
  EXPECT_NE(problems_of(no_movement).find("no season has movement"), std::string::npos) << problems_of(no_movement);
  CalendarSpec step_zero = one_season_by_five();
  step_zero.year_step = 0;
  EXPECT_NE(problems_of(step_zero).find("'year_step' is 0"), std::string::npos) << problems_of(step_zero);
  CalendarSpec unknown_part = one_season_by_five();
  unknown_part.phase_name = "{year} {kind} {moon}";
  EXPECT_NE(problems_of(unknown_part).find("unknown part '{moon}'"), std::string::npos) << problems_of(unknown_part);
  CalendarSpec no_kind = one_season_by_five();
  no_kind.phase_name = "{season} {year}";
  EXPECT_NE(problems_of(no_kind).find("{kind} once"), std::string::npos) << problems_of(no_kind);
  CalendarSpec two_adjustments = from_before_zero();
  two_adjustments.seasons = {movement_and_adjustments("Spring"), adjustments("Winter")};
  EXPECT_NE(problems_of(two_adjustments).find("two adjustment phases would follow each other"), std::string::npos);
  CalendarSpec alike = from_before_zero();
  alike.phase_name = "{year} {kind}";  // Spring and Summer of one year would be written alike
  EXPECT_NE(problems_of(alike).find("two phases are written alike"), std::string::npos) << problems_of(alike);
  CalendarSpec no_adjustments = from_before_zero();
  no_adjustments.seasons = {movement("Spring"), movement("Fall")};
  EXPECT_NE(problems_of(no_adjustments).find("no season has adjustments"), std::string::npos) << problems_of(no_adjustments);
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

// A variant of the Two Marches map with this calendar (the `calendar:` key on line 5).
std::string validate_with_calendar(const dipadj::testing::ScratchDirectory& scratch, const std::string& calendar) {
  fs::copy_file(kTwoMarches / "map.yaml", scratch.path / "map.yaml", fs::copy_options::overwrite_existing);
  write_text(scratch.path / "variant.yaml", "format: dipadj-variant/1\nname: bad-calendar\nmap: map.yaml\nvictory_centres: 3\ncalendar:\n" +
                                                calendar +
                                                "powers:\n  - {name: North, home_centres: [nor]}\n  - {name: South, home_centres: [sou]}\n"
                                                "start:\n  units: {North: [A Northmark], South: [A Southmark]}\n");
  const auto run = run_cli("validate '" + scratch.path.string() + "'");
  EXPECT_NE(run.exit_code, 0) << run.output;
  return run.output;
}

TEST(Calendar, ValidateNamesTheLineOfABadCalendar) {
  dipadj::testing::ScratchDirectory scratch;
  std::string out = validate_with_calendar(scratch, "  seasons:\n    - {name: Winter, phases: [adjustments]}\n");
  EXPECT_NE(out.find("variant.yaml:6: no season has movement"), std::string::npos) << out;
  out = validate_with_calendar(scratch, "  seasons:\n    - name: Spring\n      phases: [movement, retreats, march]\n");
  EXPECT_NE(out.find("variant.yaml:8: unknown phase kind 'march'"), std::string::npos) << out;
  out = validate_with_calendar(scratch, "  year_step: 0\n  seasons:\n    - {name: Year, phases: [movement, retreats, adjustments]}\n");
  EXPECT_NE(out.find("variant.yaml:6: 'year_step' is 0"), std::string::npos) << out;
  out = validate_with_calendar(scratch, "  seasons:\n    - {name: Spring, phases: [retreats, movement]}\n");
  EXPECT_NE(out.find("variant.yaml:7: a season's phases are"), std::string::npos) << out;
}

// A game of the Two Marches through game files: the phase names in the JSON results, in the next
// game file (read back with --next again), across the year, and in the pictures' titles.
TEST(Calendar, GameFilesJsonAndPicturesUseTheVariantsNames) {
  dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml", "format: dipadj-game/1\nvariant: '" + kTwoMarches.string() +
                                             "'\nphase: 1430 Movement\nunits: {North: [A Midland], South: [A Eastmoor]}\n"
                                             "supply_centres: {North: [Northmark], South: [Southmark]}\n"
                                             "orders: {North: [A Midland Hold], South: [A Eastmoor Hold]}\n");
  auto run = run_cli("adjudicate game.yaml --json --next next.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto results = nlohmann::json::parse(run.output);
  EXPECT_EQ(results["phase"], "1430 Movement");
  EXPECT_EQ(results["next_phase"], "1430 Adjustments");
  EXPECT_NE(read_text(scratch.path / "next.yaml").find("phase: 1430 Adjustments"), std::string::npos) << read_text(scratch.path / "next.yaml");

  run = run_cli("adjudicate next.yaml --next third.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("1430 Adjustments"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Next phase: 1435 Movement"), std::string::npos) << run.output;
  EXPECT_NE(read_text(scratch.path / "third.yaml").find("phase: 1435 Movement"), std::string::npos);
  EXPECT_EQ(run_cli("adjudicate third.yaml", scratch.path.string()).exit_code, 0);

  ASSERT_EQ(run_cli("draw game.yaml -o before.svg", scratch.path.string()).exit_code, 0);
  EXPECT_NE(read_text(scratch.path / "before.svg").find(": 1430 Movement"), std::string::npos);
  ASSERT_EQ(run_cli("draw game.yaml --after -o after.svg", scratch.path.string()).exit_code, 0);
  EXPECT_NE(read_text(scratch.path / "after.svg").find("after 1430 Movement (next: 1430 Adjustments)"), std::string::npos);
}

TEST(Calendar, AGameFileInAPhaseTheCalendarHasNotIsRefused) {
  dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml", "format: dipadj-game/1\nvariant: '" + kTwoMarches.string() + "'\nphase: 1427 Movement\n");
  const auto run = run_cli("adjudicate game.yaml", scratch.path.string());
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("game.yaml:3: cannot read the phase (e.g. '1425 Movement', '1430 Retreats'; years from 1425 to 1000000 in steps of 5)"),
            std::string::npos)
      << run.output;
}

// jDip's case format reads the phase in the variant's calendar too ("1430, Movement").
TEST(Calendar, JdipCasesReadTheVariantsPhases) {
  dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "cases.txt",
             "VARIANT_ALL two-marches\nCASE calendar.jdip A five-year step\nPRESTATE_SETPHASE 1430, Movement\nPRESTATE\n"
             "\tNorth: A Midland\nORDERS\n\tNorth: A Midland - Eastmoor\nPOSTSTATE\n\tNorth: A Eastmoor\nEND\n"
             "CASE calendar.jdip.2 Not a year of the calendar\nPRESTATE_SETPHASE 1431, Movement\nPRESTATE\n"
             "\tNorth: A Midland\nORDERS\n\tNorth: A Midland H\nPOSTSTATE\n\tNorth: A Midland\nEND\n");
  const auto run = run_cli("datc cases.txt", scratch.path.string());
  EXPECT_NE(run.output.find("calendar.jdip pass"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("cannot read the phase '1431, Movement'"), std::string::npos) << run.output;
}

}  // namespace
