// How a game ends: a power with the victory centres (and the lead, if the rules ask one), or the
// last year played out (docs/variant-rules.md, Victory and the end of a game). Checked where the
// supply centres change hands, before the adjustment phase that follows.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "dipadj/game/game.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

struct EndWord {
  GameEnd end;
  const char* word;
};
constexpr std::array<EndWord, 3> kEndWords{{
    {GameEnd::Victory, "victory"}, {GameEnd::LastYearLeader, "last_year_leader"}, {GameEnd::LastYearDraw, "last_year_draw"}}};

// The victory count: the game's rule when something set it, else the variant's own number (a
// rulebook made from scratch, not from the variant, says nothing of it).
int victory_centres(const Variant& variant, const Rulebook& rules) {
  const auto index = static_cast<std::size_t>(Rule::VictoryCentres);
  if (rules.source(index) == "default") return variant.victory_centres();
  return rules.number(index).value_or(0);
}

// The power with the most centres, and by how many it leads the next (kNoPower when two tie).
std::pair<PowerId, int> leader(const std::vector<int>& centres) {
  PowerId first = kNoPower;
  int most = -1, second = -1;
  for (std::size_t p = 0; p < centres.size(); ++p) {
    if (centres[p] > most) {
      second = most;
      most = centres[p];
      first = static_cast<PowerId>(p);
    } else if (centres[p] > second) {
      second = centres[p];
    }
  }
  if (most == second) return {kNoPower, 0};
  return {first, most - std::max(second, 0)};
}

}  // namespace

const char* to_string(GameEnd end) {
  for (const auto& [value, word] : kEndWords)
    if (value == end) return word;
  return "";
}

std::optional<GameEnd> parse_game_end(std::string_view text) {
  for (const auto& [value, word] : kEndWords)
    if (text == word) return value;
  return std::nullopt;
}

void decide_end(const Variant& variant, const Rulebook& rules, GameState& state) {
  std::vector<int> centres(variant.power_count());
  for (std::size_t p = 0; p < centres.size(); ++p)
    centres[p] = static_cast<int>(variant.counted_centres(state.position, static_cast<PowerId>(p), rules));
  const auto [first, lead] = leader(centres);
  const int needed = victory_centres(variant, rules);
  const int lead_needed = rules.number(Rule::VictoryLead).value_or(0);  // none: no lead needed
  // A win needs the count (when there is one) and the lead (when one is asked); two powers with
  // the count and equal centres lead nobody, and play on.
  if ((needed > 0 || lead_needed > 0) && first != kNoPower && (needed == 0 || centres[first] >= needed) && lead >= lead_needed) {
    state.winner = first;
    state.ended_by = GameEnd::Victory;
    return;
  }
  const auto last_year = rules.number(Rule::LastYear);
  if (!last_year || state.phase.year < *last_year) return;
  if (rules.is(LastYearResult::LeaderWins) && first != kNoPower) {
    state.winner = first;
    state.ended_by = GameEnd::LastYearLeader;
  } else {
    state.ended_by = GameEnd::LastYearDraw;
  }
}

std::string describe_end(const Variant& variant, const GameState& state) {
  const std::string won = state.winner != kNoPower ? variant.power(state.winner).name + " wins" : "";
  switch (state.ended_by) {
    case GameEnd::NotOver:
      return won;  // a file that says only who won
    case GameEnd::Victory:
      return won + " (" + std::to_string(state.position.centre_count(state.winner)) + " centres)";
    case GameEnd::LastYearLeader:
      return won + " (the most centres when the last year ended)";
    case GameEnd::LastYearDraw:
      return "the game is drawn (the last year ended)";
  }
  return won;
}

}  // namespace dipadj
