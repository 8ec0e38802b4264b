#include "dipadj/board/phase.hpp"

#include "dipadj/board/calendar.hpp"

namespace dipadj {

std::optional<Phase> parse_phase(std::string_view text) { return standard_calendar().read(text); }

std::string to_string(const Phase& phase) { return standard_calendar().write(phase); }

}  // namespace dipadj
