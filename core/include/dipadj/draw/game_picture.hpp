#pragma once
// A game's phase as an SVG picture (`dipadj draw GAME`), for players and game masters who read a
// board faster than a table: units in their power's colour, supply centres in their owner's, the
// orders drawn the usual way (move arrows, supports as dashed lines to the supported move or
// unit, convoys as dotted lines to the convoyed move, holds as rings) and marked by their result
// (failed and illegal orders crossed, standoffs ringed, dislodged units set aside with their
// retreat options, builds and removals), with the phase's name, a legend and the orders listed.
#include "dipadj/draw/picture.hpp"

namespace dipadj {

struct GameState;
struct PlayedPhase;
class Variant;

// The board before the phase, with its orders and their results.
Picture draw_phase(const PlayedPhase& phase);
// The board after the phase: where the units stand, who owns the centres, and the units
// dislodged with where they may retreat.
Picture draw_after(const PlayedPhase& phase);
// A position alone, with no orders (a game that is over, say).
Picture draw_state(const Variant& variant, const GameState& state);

}  // namespace dipadj
