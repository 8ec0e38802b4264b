#pragma once
// DPjudge's first phase (a map's BEGIN line) and game-year flow (its FLOW lines: seasons with
// their phases, NEWYEAR steps between years, IFYEARDIV conditions on the seasons that follow) as
// the variant's start and calendar (docs/variant-rules.md, Calendar). Private to the core.
#include <optional>
#include <string>
#include <vector>

#include "imported_board.hpp"

namespace dipadj::import {

// The first phase as a BEGIN line gives it: its season word as written ("SPRING", "A.D."), its
// year and its phase word ("MOVEMENT").
struct FlowStart {
  std::string season;
  long year = 0;
  std::string kind;
};

// "BEGIN SPRING 1901 MOVEMENT", "BEGIN A.D. 1425 MOVEMENT": the first phase, in `begin` (year 0
// when dipadj cannot play it: no year, or B.C.) and as the Standard calendar writes it in
// board.start_phase; a note when it cannot be played.
void read_begin_line(const std::vector<std::string>& words, const SourceLine& at, FlowStart& begin, ImportedBoard& board);

// The FLOW items (given at `at`) as board.calendar, and the start phase in its names, when the flow
// is not the Standard game's and dipadj's calendar can say it; otherwise a note at `at`.
void carry_flow(const std::vector<std::string>& flow, const SourceLine& at, const FlowStart& begin, ImportedBoard& board);

// The calendar that the FLOW items (as DPjudge splits them: "NEWYEAR:5", "A.D.:MOVEMENT,RETREATS",
// "IFYEARDIV:10") make from the first phase on. Nothing when the flow is the Standard game's
// (`why` left empty) or when dipadj's calendar cannot say it (`why` says what).
std::optional<ImportedCalendar> calendar_from_flow(const std::vector<std::string>& flow, const FlowStart& start, std::string& why);

}  // namespace dipadj::import
