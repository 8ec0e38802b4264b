#pragma once
// A game going on phase after phase: the state between phases, and one step from a phase's
// orders to the next phase (DATC 5.B.11 retreats, supply-centre ownership after Fall, the
// adjustments, victory). Phases with nothing to do are skipped, as the rulebook says.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/judge/retreat.hpp"
#include "dipadj/judge/submission.hpp"

namespace dipadj {

class Rulebook;
class Variant;

// Units found on the board that should not be there (4.E.6, "Flying Dutchmen"): `count` of the
// power's units standing in `among` (all of them when the unit is identified; otherwise the
// civil-disorder rules choose). Under 4.E.6 a they are removed before the phase is played; under
// b they play on, are followed as they move, and are removed at the next adjustment phase.
struct FlyingDutchmen {
  PowerId power = kNoPower;
  std::vector<ProvinceId> among;            // units on the board
  std::vector<ProvinceId> among_dislodged;  // candidates dislodged, waiting to retreat (under b)
  std::uint32_t count = 1;
  friend bool operator==(const FlyingDutchmen&, const FlyingDutchmen&) = default;
};

// How a game ended (docs/variant-rules.md, Victory and the end of a game).
enum class GameEnd : unsigned char {
  NotOver,
  Victory,         // a power reached victory_centres (with its victory_lead, if any)
  LastYearLeader,  // the last year was played and the power with the most centres won it (last_year_result)
  LastYearDraw,    // the last year was played and the game was drawn
};
// "victory", "last_year_leader", "last_year_draw" (the files' and JSON's word; "" when not over).
const char* to_string(GameEnd end);
std::optional<GameEnd> parse_game_end(std::string_view text);

struct GameState {
  explicit GameState(std::size_t province_count) : position(province_count), built(province_count, 0) {}

  Phase phase;
  Position position;                   // units on the board and supply-centre owners
  std::vector<DislodgedUnit> dislodged;  // in a retreat phase: the units to retreat
  PowerId winner = kNoPower;           // set once a power has won
  GameEnd ended_by = GameEnd::NotOver;
  // The first adjustment phase of a mobilizing variant (Variant::start_mobilizes): one build each,
  // in a home centre of the power's choice, which then is the only centre it owns.
  bool mobilizing = false;
  // Powers the game master has declared in civil disorder: their orders are not followed, their
  // units hold, they adjust by the civil-disorder rules (4.D.8), and 4.D.9 decides whether
  // others can support them. Sorted; carried from phase to phase.
  std::vector<PowerId> civil_disorder;
  // Perpetual orders (4.E.4 a): repeated in every movement phase for a unit of the power that
  // is given no order, as long as the unit is there. Carried from phase to phase.
  std::vector<SubmittedOrder> perpetual_orders;
  // Build history, per province of a unit on the board: 0 for a unit there since the start (or
  // of unknown age), n for the n-th unit built that is still there; larger is more recent. Kept
  // as units move, retreat and are built, for the "least recently built" rule (4.D.8 f).
  std::vector<std::uint32_t> built;
  std::vector<FlyingDutchmen> flying_dutchmen;
  // Proxies notified to the judge for this phase's orders (4.E.5 a); not carried on.
  std::vector<ProxyGrant> proxies;

  [[nodiscard]] bool over() const { return ended_by != GameEnd::NotOver || winner != kNoPower; }
  [[nodiscard]] bool in_civil_disorder(PowerId power) const;
  friend bool operator==(const GameState&, const GameState&) = default;
};

// What one phase did, for reports and tests.
struct PhaseReport {
  explicit PhaseReport(std::size_t province_count) : movement(province_count) {}

  Phase phase;
  std::vector<OrderOutcome> outcomes;  // one per submitted order
  MovementResult movement;             // the movement phase's details (dislodgements, retreat options)
  std::vector<Unit> disbanded;         // dislodged units lost (no retreat, bounce, no order) and civil-disorder removals
  std::vector<Unit> rebuilt;           // neutral units put back on their empty centres as the centres changed hands
  // Orders the phase followed besides the submitted ones, and how they went.
  std::vector<AddedOrder> added;
};

// The state at the start of the variant.
GameState initial_state(const Variant& variant);

// Adjudicates the state's phase with these orders (as judge/submission.hpp's submit() gives them)
// and returns the state of the next phase that has something to do. Refuses nothing: illegal
// orders are reported in `report.outcomes`.
// Safe to call from several threads at once with a shared variant and rulebook (it makes its own
// MovementAdjudicator); a thread that plays many phases may keep one and give it as `movement`
// (made for this variant and these rules: PhaseWorkspace in game/phase_workspace.hpp keeps it).
GameState play_phase(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                     PhaseReport& report, MovementAdjudicator* movement = nullptr);
// The same, the state of the next phase put in `next` (another object than `state`), whose memory
// is reused: for a caller playing phase after phase (a batch's thread), no state made each time.
void play_phase_into(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                     PhaseReport& report, GameState& next, MovementAdjudicator* movement = nullptr);

// Ends the game if it is over where the centres have just changed hands: victory, or the last year.
void decide_end(const Variant& variant, const Rulebook& rules, GameState& state);
// How the game ended, in words for people: "Germany wins (18 centres)", "drawn after the last year, 1910".
std::string describe_end(const Variant& variant, const GameState& state);

// Whether an adjustment phase would have anything to do (a build that can be made, a removal).
bool adjustments_needed(const Variant& variant, const Rulebook& rules, const Position& position);
// Whether a power has a centre to build in (its build sites, by the build_sites rule): owned by it and empty.
bool has_free_build_site(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power);

}  // namespace dipadj
