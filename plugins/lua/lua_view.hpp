#pragma once
// What a variant's script sees (plugins/lua): read-only functions over the map, the powers and the
// board a hook was given, and orders as plain tables. Provinces are their short names ("lon"),
// powers their names ("England"), unit types "A" and "F".
//
//   map.provinces()              every province's short name
//   map.name(p), map.kind(p)     full name; "land", "coast" or "sea"
//   map.is_centre(p)             whether p is a supply centre
//   map.adjacent(a, b, type)     whether a unit of the type ("A", "F"; nil: either) may move a -> b
//   map.neighbours(p, type)      the provinces a unit of the type in p reaches
//   map.coasts(p)                the coasts of a province with several ("nc", "sc"), else {}
//   map.tagged(p, tag), map.border_tagged(a, b, tag)   the map's tags
//   powers                       the powers' names, in the variant's order
//   home_centres(power)          the variant's list of the power's home centres
//   board.owner(p)               the owner of a centre, or nil
//   board.unit(p)                {type, power, province, coast} or nil; board.units() all of them
//   board.centres()              {province = owner} for every owned centre
//   board.phase()                season, year, kind ("movement", "retreat", "adjustment"), or nil
//   board.state()                a fresh copy of the table the script keeps in this game ({} when
//                                none): what its after_ownership last answered (lua_state.hpp)
//
// A board function called outside the hook that was given the board (a board kept in a global and
// used later) is an error, never a read of freed memory. A name the map lacks is an error at the
// script's line.
#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string_view>

#include "dipadj/board/phase.hpp"
#include "dipadj/geo/ids.hpp"

struct lua_State;

namespace dipadj {
class Map;
class Position;
class Variant;
struct Order;
struct Unit;
}  // namespace dipadj

namespace dipadj::lua {

// The variant always; the board and phase of the hook being called, null between calls.
struct View {
  const Variant* variant = nullptr;
  const Position* position = nullptr;
  const Phase* phase = nullptr;
  const nlohmann::ordered_json* kept = nullptr;  // the state the board keeps for the script
};

// Defines `map`, `powers` and the board table (kept in the registry) over `view`, which must
// outlive the state. Runs inside a protected call.
void open_view(lua_State* state, View& view);
// Pushes the board table.
void push_board(lua_State* state);
// Pushes an order as a table: {kind, power, unit = {type, province, coast}, target, target_coast,
// other = {type, province}, via_convoy}, `kind` the script's own kind name for its orders.
void push_order(lua_State* state, const Variant& variant, const Order& order, PowerId power, const char* script_kind);
// Pushes a unit as a table {type, power, province, coast}.
void push_unit(lua_State* state, const Variant& variant, const Unit& unit);
// The province a string names (its short name, full name or alias, in any case), if any.
std::optional<ProvinceId> find_province(const Map& map, std::string_view name);
// "A" or "F" as a unit type.
std::optional<UnitType> unit_type_named(std::string_view name);

}  // namespace dipadj::lua
