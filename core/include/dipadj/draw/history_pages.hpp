#pragma once
// A game history as pictures to look through (dipadj draw HISTORY --all): each phase drawn as
// draw_phase draws it, in a file named by the phase, and a plain HTML page that steps through
// them (buttons, the arrow keys, a slider; no framework, no network).
#include <cstddef>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"

namespace dipadj {

struct HistoryPage {
  std::string title;  // "Spring 1901 Movement"
  std::string file;   // "01-spring-1901-movement.svg", beside the page
};

// The file name of the `index`th phase (from 0), without its extension: its number, so that the
// files sort in the order played, and the phase in small letters ("01-spring-1901-movement").
std::string history_page_file(std::size_t index, const Phase& phase);

// The page that shows `pages` one at a time, titled by the history's file name.
std::string history_index_html(const std::string& history_name, const std::vector<HistoryPage>& pages);

}  // namespace dipadj
