// The cases of the jDip/godip plain-text format converted into our test cases: units, owners,
// dislodged units (with their retreats worked out from PRESTATE_RESULTS), orders and what the
// case expects after them.
#include "jdip_case_conversion.hpp"

#include <algorithm>

#include "jdip_leniency.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/judge/retreat.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/rules/rule_choices.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// One case converted: its problems go to `errors`, its warnings to the case file's.
class CaseConversion {
 public:
  CaseConversion(const Variant& variant, const OrderParser& parser, const std::string& file, const RuleOverrides& overrides,
                 std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings, bool& route_warned)
      : variant_(variant), parser_(parser), file_(file), overrides_(overrides), errors_(errors), warnings_(warnings), route_warned_(route_warned) {}

  std::optional<TestCase> convert(const RawCase& r) {
    const std::size_t provinces = variant_.map().province_count();
    TestCase test(provinces);
    test.rules = variant_.rules();
    if (overrides_) {
      for (auto& problem : overrides_(test.rules)) errors_.push_back(std::move(problem));
      test.own_rules = true;
    }
    test.title = r.title;
    test.id = r.title.substr(0, r.title.find(' '));
    test.line = r.line;
    // No PRESTATE_SETPHASE: the variant's first phase, as both runners take it.
    auto phase = r.phase_line == 0 ? std::optional<Phase>(variant_.start_phase()) : read_jdip_phase(r.phase_text, variant_.calendar());
    if (!phase) {
      error(r.phase_line ? r.phase_line : r.line, "cannot read the phase '" + r.phase_text + "'");
      return std::nullopt;
    }
    test.start.phase = *phase;
    place_all(r.prestate, test.start.position);
    for (const auto& entry : r.owners) {
      // Owners are written like units ("France: A Paris"); only the province counts.
      auto unit = unit_line(entry);
      if (unit) test.start.position.set_owner(variant_.map().province_of(unit->location), unit->power);
    }
    std::vector<std::pair<Unit, int>> listed;
    for (const auto& entry : r.dislodged)
      if (auto unit = unit_line(entry)) listed.emplace_back(*unit, entry.second);
    std::optional<std::vector<ResultOrder>> results;
    if (!listed.empty() && !r.results.empty()) results = read_results(r);
    const bool a_move = results && std::any_of(results->begin(), results->end(),
                                               [](const ResultOrder& result) { return result.submitted.order.kind == OrderKind::Move; });
    if (a_move) {
      if (auto derived = dislodged_by_results(*results, test.start.position, listed, *phase, test.rules))
        test.start.dislodged = std::move(*derived);
    } else if (results || r.results.empty()) {
      // Results that name no move (some files list there only the units, as they stood) say
      // nothing of where attackers came from, no more than no results. (Results that cannot be
      // read have been said as problems of the case.)
      for (const auto& [unit, number] : listed)
        test.start.dislodged.push_back(DislodgedUnit{unit, kNoProvince, any_empty_neighbour(unit, test.start.position)});
    }
    CasePhase expect(provinces);
    expect.phase = *phase;
    expect.line = r.line;
    for (const auto& [line, number] : r.orders) {
      std::string why;
      const auto strict = strict_jdip_line(line, variant_, why);
      if (!strict) {
        error(number, "an order line starts with its power ('England: F Lon - Nth'): " + why);
        continue;
      }
      ParsedOrder parsed = parser_.parse(*strict, phase->kind == PhaseKind::Retreat);
      if (parsed.order && !parsed.order->convoy_path.empty()) warn_ignored_route(test.rules, line, number);
      CaseOrder order;
      order.text = line;
      order.line = number;
      order.power = parsed.power;
      if (parsed.order) order.order = std::move(parsed.order);
      else order.parse_error = parsed.error;
      expect.orders.push_back(std::move(order));
    }
    expect.check_units = true;
    if (r.poststate_same) place_all(r.prestate, expect.expect_units);
    else if (r.has_poststate) place_all(r.poststate, expect.expect_units);
    else error(r.line, "the case has neither POSTSTATE nor POSTSTATE_SAME");
    if (phase->kind == PhaseKind::Movement) {
      expect.check_dislodged = true;
      expect.dislodged_with_retreats_only = true;
      for (const auto& entry : r.post_dislodged)
        if (auto unit = unit_line(entry)) expect.expect_dislodged.push_back(*unit);
    }
    test.phases.push_back(std::move(expect));
    return test;
  }


 private:
  void error(int line, const std::string& message) { errors_.push_back(Diagnostic{file_, line, message}); }

  // jDip's explicit convoy ("A lon-nth-bel") is DATC 4.A.6's path specification: followed under
  // its choices b and c, ignored under a. Said once a file when ignored, since jDip follows it.
  void warn_ignored_route(const Rulebook& rules, const std::string& line, int number) {
    if (route_warned_ || !rules.is(ConvoyPathSpecification::Ignored)) return;
    route_warned_ = true;
    warnings_.push_back(Diagnostic{file_, number, "'" + line + "' writes its convoy route, which DATC 4.A.6 a (convoy_path_specification: "
                                                  "ignored, the default) ignores: the army may go another way; jDip follows the route: "
                                                  "--rule convoy_path_specification=optional"});
  }

  // "England: F North Sea" -> the unit and its owner.
  std::optional<Unit> unit_line(const JdipLine& entry) {
    std::string why;
    const auto strict = strict_jdip_line(entry.first, variant_, why);
    if (!strict) {
      error(entry.second, "expected 'Power: A|F Province' but found '" + entry.first + "'");
      return std::nullopt;
    }
    const auto colon = strict->find(':');
    const auto power = variant_.find_power(strict->substr(0, colon));
    auto ref = parser_.parse_unit(trim_jdip_blanks(strict->substr(colon + 1)), why);
    if (!ref) {
      error(entry.second, "'" + entry.first + "': " + why);
      return std::nullopt;
    }
    if (!variant_.map().can_hold(*ref->type, ref->location)) {
      error(entry.second, "'" + entry.first + "': the unit cannot stand there");
      return std::nullopt;
    }
    return Unit{*ref->type, *power, ref->location};
  }

  void place_all(const std::vector<JdipLine>& lines, Position& position) {
    for (const auto& entry : lines) {
      auto unit = unit_line(entry);
      if (!unit) continue;
      if (!position.place(variant_.map(), *unit)) error(entry.second, "two units in one province: '" + entry.first + "'");
    }
  }

  // A line of PRESTATE_RESULTS, read.
  struct ResultOrder {
    SubmittedOrder submitted;
    bool success = false;
    std::string text;  // the line as written
    int line = 0;
  };

  // The lines of PRESTATE_RESULTS, each read once; empty when one cannot be read (said as a
  // problem of the case). A unit without an order ("FAILURE: Austria: A war", as jDip writes a
  // unit that held) holds.
  std::optional<std::vector<ResultOrder>> read_results(const RawCase& r) {
    std::vector<ResultOrder> out;
    bool readable = true;
    for (const auto& [line, number] : r.results) {
      const auto colon = line.find(':');
      const std::string verdict = normalize_name(line.substr(0, colon == std::string::npos ? 0 : colon));
      if (colon == std::string::npos || (verdict != "success" && verdict != "failure")) {
        error(number, "expected 'SUCCESS: <order>' or 'FAILURE: <order>'");
        readable = false;
        continue;
      }
      std::string why;
      const auto strict = strict_jdip_line(trim_jdip_blanks(line.substr(colon + 1)), variant_, why);
      if (!strict) {
        error(number, why);
        readable = false;
        continue;
      }
      ParsedOrder parsed = parser_.parse(*strict);
      if (!parsed.order) {
        const auto unit = unit_line({*strict, number});
        if (!unit) {
          readable = false;
          continue;
        }
        parsed.power = unit->power;
        parsed.order = Order{};
        parsed.order->kind = OrderKind::Hold;
        parsed.order->unit = UnitRef{unit->type, unit->location};
      }
      if (parsed.power == kNoPower) {
        error(number, "'" + line + "': no power before the order");
        readable = false;
        continue;
      }
      out.push_back(ResultOrder{SubmittedOrder{parsed.power, *parsed.order}, verdict == "success", line, number});
    }
    if (!readable) return std::nullopt;
    return out;
  }

  // The movement phase that PRESTATE_RESULTS describes, adjudicated with the variant, its rules
  // and its plugins: the dislodged units' retreat options as the rules give them (DATC 6.H.9: a
  // dislodged unit's failed move leaves no standoff; a disrupted convoy neither; 8.D: no retreat
  // into ice), not guessed from the FAILURE lines. The units before the movement: each unit of
  // the results where its order starts, each other unit of PRESTATE (written before or after the
  // movement: a unit on a province that a successful move ended in, or that an order starts from,
  // is that order's unit) and the dislodged units. Empty when a unit listed dislodged is not
  // dislodged by these orders (said as a problem of the case).
  std::optional<std::vector<DislodgedUnit>> dislodged_by_results(const std::vector<ResultOrder>& results, const Position& board,
                                                                const std::vector<std::pair<Unit, int>>& listed,
                                                                const Phase& retreat_phase, const Rulebook& rules) {
    const Map& map = variant_.map();
    std::vector<SubmittedOrder> orders;
    std::optional<GameState> before = board_before_results(results, board, listed, retreat_phase, orders);
    if (!before) return std::nullopt;
    PhaseReport report(map.province_count());
    play_phase(variant_, rules, *before, orders, report);
    std::vector<DislodgedUnit> out;
    bool all_found = true;
    for (const auto& [unit, number] : listed) {
      const ProvinceId at = map.province_of(unit.location);
      const auto found = std::find_if(report.movement.dislodged.begin(), report.movement.dislodged.end(),
                                      [&](const Dislodgement& d) { return map.province_of(d.unit.location) == at; });
      if (found != report.movement.dislodged.end()) {
        const auto options = report.movement.retreats(*found);
        out.push_back(DislodgedUnit{unit, found->attacker_from, std::vector<LocationId>(options.begin(), options.end())});
      } else if (auto as_written = dislodged_as_written(unit, number, results, board, retreat_phase, rules)) {
        out.push_back(std::move(*as_written));
      } else {
        all_found = false;
      }
    }
    if (!all_found) return std::nullopt;
    return out;
  }

  // The board before the movement of PRESTATE_RESULTS, as dislodged_by_results says, and the
  // results' orders into `orders`. Empty when they cannot be played (said as a problem of the case).
  std::optional<GameState> board_before_results(const std::vector<ResultOrder>& results, const Position& board,
                                                const std::vector<std::pair<Unit, int>>& listed, const Phase& retreat_phase,
                                                std::vector<SubmittedOrder>& orders) {
    const Map& map = variant_.map();
    GameState before(map.province_count());
    before.phase = retreat_phase;
    before.phase.kind = PhaseKind::Movement;
    std::vector<char> ordered(map.province_count(), 0), reached(map.province_count(), 0);
    if (!place_ordered_units(results, before, orders, ordered, reached)) return std::nullopt;
    for (std::size_t q = 0; q < map.province_count(); ++q) {
      const Unit& unit = board.unit_in(static_cast<ProvinceId>(q));
      if (!unit.present() || ordered[q] != 0 || reached[q] != 0) continue;
      before.position.place(map, unit);
    }
    for (const auto& [unit, number] : listed) {
      const ProvinceId at = map.province_of(unit.location);
      if (ordered[at] != 0) continue;
      if (before.position.unit_in(at).present()) {
        error(number, "the dislodged unit shares its province with another unit before the movement of PRESTATE_RESULTS");
        return std::nullopt;
      }
      before.position.place(map, unit);
    }
    return before;
  }

  // Each result's unit where its order starts, and its order into `orders`; per province, whether
  // an order starts there (`ordered`) and whether a successful move ends there (`reached`). False
  // when two results name one unit or a unit cannot stand where it is said to.
  bool place_ordered_units(const std::vector<ResultOrder>& results, GameState& before, std::vector<SubmittedOrder>& orders,
                           std::vector<char>& ordered, std::vector<char>& reached) {
    const Map& map = variant_.map();
    bool readable = true;
    for (const ResultOrder& result : results) {
      const Order& order = result.submitted.order;
      const ProvinceId from = map.province_of(order.unit.location);
      if (ordered[from] != 0) {
        error(result.line, "a second result for the unit in " + map.province(from).name);
        readable = false;
        continue;
      }
      ordered[from] = 1;
      if (result.success && order.kind == OrderKind::Move) reached[map.province_of(order.target)] = 1;
      if (order.unit.type && !before.position.place(map, Unit{*order.unit.type, result.submitted.power, order.unit.location})) {
        error(result.line, "'" + result.text + "': the unit cannot stand there");
        readable = false;
        continue;
      }
      orders.push_back(result.submitted);
    }
    return readable;
  }

  // A listed unit that the results, adjudicated, do not dislodge: the file's own word, as jDip's
  // runner takes it (its 6.H.5 names a support the DATC does not give): dislodged by the
  // successful move into its province, its retreats worked out from the map. Empty (said as a
  // problem of the case) when no successful move of the results goes there.
  std::optional<DislodgedUnit> dislodged_as_written(const Unit& unit, int number, const std::vector<ResultOrder>& results,
                                                    const Position& board, const Phase& retreat_phase, const Rulebook& rules) {
    const Map& map = variant_.map();
    const ProvinceId at = map.province_of(unit.location);
    const auto attack = std::find_if(results.begin(), results.end(), [&](const ResultOrder& r) {
      return r.success && r.submitted.order.kind == OrderKind::Move && r.submitted.order.target != kNoLocation &&
             map.province_of(r.submitted.order.target) == at;
    });
    if (attack == results.end()) {
      error(number, "the orders of PRESTATE_RESULTS, adjudicated, do not dislodge this unit, and no successful move of "
                    "the results goes into its province: its retreats cannot be known");
      return std::nullopt;
    }
    const ProvinceId attacker_from = map.province_of(attack->submitted.order.unit.location);
    // Where the results tried to move and the board after them is empty: a standoff.
    std::vector<ProvinceId> standoffs;
    for (const ResultOrder& r : results)
      if (r.submitted.order.kind == OrderKind::Move && r.submitted.order.target != kNoLocation &&
          !board.unit_in(map.province_of(r.submitted.order.target)).present())
        standoffs.push_back(map.province_of(r.submitted.order.target));
    warnings_.push_back(Diagnostic{file_, number, "the orders of PRESTATE_RESULTS, adjudicated, do not dislodge this unit "
                                                      "(line " + std::to_string(attack->line) + " says '" + attack->text +
                                                      "' succeeds): taken as dislodged from " + map.province(attacker_from).name +
                                                      " as the file says, as jDip's runner does; its retreats worked out from the map"});
    return DislodgedUnit{unit, attacker_from, retreat_options(variant_, rules, retreat_phase.season, board, unit, attacker_from, standoffs)};
  }

  // Without PRESTATE_RESULTS, or with results that name no move, nothing says where the attacker
  // came from: every empty place next to the unit is an option.
  std::vector<LocationId> any_empty_neighbour(const Unit& unit, const Position& board) {
    const Map& map = variant_.map();
    std::vector<LocationId> out;
    const ProvinceId at = map.province_of(unit.location);
    auto consider = [&](LocationId place) {
      if (!board.unit_in(map.province_of(place)).present()) out.push_back(place);
    };
    if (unit.type == UnitType::Army)
      for (ProvinceId q : map.army_neighbours(at)) consider(map.province(q).location);
    else
      for (LocationId place : map.fleet_neighbours(unit.location)) consider(place);
    return out;
  }

  const Variant& variant_;
  const OrderParser& parser_;
  const std::string& file_;
  const RuleOverrides& overrides_;
  std::vector<Diagnostic>& errors_;
  std::vector<Diagnostic>& warnings_;
  bool& route_warned_;  // the file's ignored convoy route said already
};

}  // namespace

std::string trim_jdip_blanks(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

bool JdipCaseConverter::load_variant(const std::string& name, int line, std::vector<Diagnostic>& file_errors) {
  const JdipVariant ours = jdip_variant(name);
  auto variant = find_variant(ours.name, ours.map_options, cache_);
  if (!variant) {
    for (const auto& problem : variant.errors()) file_errors.push_back(problem);
    file_errors.push_back(Diagnostic{file_, line, "cannot load variant '" + name + "'"});
    return false;
  }
  out_.path = file_;
  out_.source = "jDip case format";
  out_.variant = variant.value();
  variant_ = out_.variant.get();
  parser_.emplace(*variant_);
  if (overrides_) {
    // Tried once here, so that a bad override is said once, not once per case.
    Rulebook tried = variant_->rules();
    const std::size_t before = file_errors.size();
    for (auto& problem : overrides_(tried)) file_errors.push_back(std::move(problem));
    if (file_errors.size() != before) return false;
  }
  return true;
}

TestCase JdipCaseConverter::convert(const RawCase& raw, std::vector<Diagnostic>& errors) {
  std::optional<TestCase> test = CaseConversion(*variant_, *parser_, file_, overrides_, errors, out_.warnings, route_warned_).convert(raw);
  if (!test) {
    test.emplace(variant_->map().province_count());
    test->title = raw.title;
    test->id = raw.title.substr(0, raw.title.find(' '));
    test->line = raw.line;
  }
  return std::move(*test);
}

}  // namespace dipadj
