#pragma once
// The legend beside a game's board: the phase, each power's units and centres, what each mark
// means, and the orders listed with their results. Private to the core.
#include <cstddef>
#include <string>
#include <vector>

namespace dipadj {

struct GameState;
class Variant;

// The legend as SVG, at the right of the board. `order_lines`: the orders and their results, as
// listed under `orders_heading` (none: a position alone, with no marks for orders either).
// `layout_computed`: the map gave no positions, which the legend says.
std::string game_legend(const Variant& variant, const GameState& state, const std::vector<std::string>* order_lines,
                        const std::string& orders_heading, bool layout_computed);
// The height in pixels the legend may take with `order_lines` lines of orders.
double game_legend_height(const Variant& variant, std::size_t order_lines);

}  // namespace dipadj
