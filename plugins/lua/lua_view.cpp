// The script's read-only view of the variant and the board (lua_view.hpp). Every function here
// runs inside a protected call of the sandbox: a Lua error (a bad argument, the memory limit)
// jumps back to it with longjmp, so no C++ object with a destructor may be alive across a call
// that can raise one (each look-up by name returns before its error is raised).
#include "lua_view.hpp"

#include <lua.hpp>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "lua_state.hpp"

namespace dipadj::lua {

namespace {

constexpr const char* kBoardKey = "dipadj.board";  // the board table's key in the registry

View& view_of(lua_State* state) { return *static_cast<View*>(lua_touserdata(state, lua_upvalueindex(1))); }

const Variant& variant_of(lua_State* state) { return *view_of(state).variant; }

// The board of the hook being called, or an error when none is (a board kept past its call).
const Position& position_of(lua_State* state) {
  const Position* position = view_of(state).position;
  if (position == nullptr) luaL_error(state, "the board is read only during the call that was given it");
  return *position;
}

ProvinceId province_argument(lua_State* state, int index) {
  std::size_t size = 0;
  const char* name = luaL_checklstring(state, index, &size);
  const auto province = find_province(variant_of(state).map(), std::string_view(name, size));
  if (!province) luaL_error(state, "no province '%s' on this map", name);
  return *province;
}

void push_province(lua_State* state, const Map& map, ProvinceId province) { lua_pushstring(state, map.province(province).id.c_str()); }

void push_power(lua_State* state, const Variant& variant, PowerId power) {
  if (power == kNoPower || power >= variant.power_count()) lua_pushnil(state);
  else lua_pushstring(state, variant.power(power).name.c_str());
}

const char* type_letter(UnitType type) { return type == UnitType::Army ? "A" : "F"; }

// A unit type argument: "A", "F", or nil/none for either.
std::optional<UnitType> type_argument(lua_State* state, int index) {
  if (lua_isnoneornil(state, index)) return std::nullopt;
  const char* name = luaL_checkstring(state, index);
  const auto type = unit_type_named(name);
  if (!type) luaL_error(state, "no unit type '%s' (\"A\" or \"F\")", name);
  return type;
}

// --- map ----------------------------------------------------------------------------------------

int map_provinces(lua_State* state) {
  const Map& map = variant_of(state).map();
  lua_createtable(state, static_cast<int>(map.province_count()), 0);
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    push_province(state, map, static_cast<ProvinceId>(p));
    lua_rawseti(state, -2, static_cast<lua_Integer>(p + 1));
  }
  return 1;
}

int map_name(lua_State* state) {
  lua_pushstring(state, variant_of(state).map().province(province_argument(state, 1)).name.c_str());
  return 1;
}

int map_kind(lua_State* state) {
  const ProvinceKind kind = variant_of(state).map().province(province_argument(state, 1)).kind;
  lua_pushstring(state, kind == ProvinceKind::Land ? "land" : kind == ProvinceKind::Coastal ? "coast" : "sea");
  return 1;
}

int map_is_centre(lua_State* state) {
  lua_pushboolean(state, variant_of(state).map().province(province_argument(state, 1)).supply_centre ? 1 : 0);
  return 1;
}

bool adjacent(const Map& map, ProvinceId from, ProvinceId to, std::optional<UnitType> type) {
  const bool army = map.province(from).kind != ProvinceKind::Sea && map.army_adjacent(from, to);
  const bool fleet = map.province(from).kind != ProvinceKind::Land && map.fleet_crosses(from, to);
  if (!type) return army || fleet;
  return *type == UnitType::Army ? army : fleet;
}

int map_adjacent(lua_State* state) {
  const ProvinceId from = province_argument(state, 1), to = province_argument(state, 2);
  lua_pushboolean(state, adjacent(variant_of(state).map(), from, to, type_argument(state, 3)) ? 1 : 0);
  return 1;
}

int map_neighbours(lua_State* state) {
  const ProvinceId from = province_argument(state, 1);
  const std::optional<UnitType> type = type_argument(state, 2);
  const Map& map = variant_of(state).map();
  lua_newtable(state);
  lua_Integer n = 0;
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    if (p == from || !adjacent(map, from, static_cast<ProvinceId>(p), type)) continue;
    push_province(state, map, static_cast<ProvinceId>(p));
    lua_rawseti(state, -2, ++n);
  }
  return 1;
}

int map_coasts(lua_State* state) {
  const Map& map = variant_of(state).map();
  const Province& province = map.province(province_argument(state, 1));
  lua_createtable(state, static_cast<int>(province.coasts.size()), 0);
  lua_Integer n = 0;
  for (const LocationId coast : province.coasts) {
    lua_pushstring(state, map.coast_kinds()[map.location(coast).coast].id.c_str());
    lua_rawseti(state, -2, ++n);
  }
  return 1;
}

// home_centres(power): the variant's list of the power's home centres.
int home_centres(lua_State* state) {
  const Variant& variant = variant_of(state);
  const char* name = luaL_checkstring(state, 1);
  const auto power = variant.find_power(name);
  if (!power) luaL_error(state, "no power '%s' in this variant", name);
  lua_newtable(state);
  lua_Integer n = 0;
  for (const ProvinceId centre : variant.power(*power).home_centres) {
    push_province(state, variant.map(), centre);
    lua_rawseti(state, -2, ++n);
  }
  return 1;
}

int map_tagged(lua_State* state) {
  const ProvinceId province = province_argument(state, 1);
  const char* tag = luaL_checkstring(state, 2);
  lua_pushboolean(state, variant_of(state).map().has_tag(province, tag) ? 1 : 0);
  return 1;
}

int map_border_tagged(lua_State* state) {
  const ProvinceId a = province_argument(state, 1), b = province_argument(state, 2);
  const char* tag = luaL_checkstring(state, 3);
  lua_pushboolean(state, variant_of(state).map().border_has_tag(a, b, tag) ? 1 : 0);
  return 1;
}

// --- board --------------------------------------------------------------------------------------

int board_owner(lua_State* state) {
  const ProvinceId province = province_argument(state, 1);
  push_power(state, variant_of(state), position_of(state).owner(province));
  return 1;
}

int board_unit(lua_State* state) {
  const ProvinceId province = province_argument(state, 1);
  const Unit& unit = position_of(state).unit_in(province);
  if (unit.present()) push_unit(state, variant_of(state), unit);
  else lua_pushnil(state);
  return 1;
}

int board_units(lua_State* state) {
  const Position& position = position_of(state);
  lua_newtable(state);
  lua_Integer n = 0;
  for (std::size_t p = 0; p < position.province_count(); ++p) {
    const Unit& unit = position.unit_in(static_cast<ProvinceId>(p));
    if (!unit.present()) continue;
    push_unit(state, variant_of(state), unit);
    lua_rawseti(state, -2, ++n);
  }
  return 1;
}

int board_centres(lua_State* state) {
  const Position& position = position_of(state);
  const Variant& variant = variant_of(state);
  lua_newtable(state);
  for (std::size_t p = 0; p < position.province_count(); ++p) {
    const PowerId owner = position.owner(static_cast<ProvinceId>(p));
    if (owner == kNoPower || owner >= variant.power_count()) continue;
    push_power(state, variant, owner);
    lua_setfield(state, -2, variant.map().province(static_cast<ProvinceId>(p)).id.c_str());
  }
  return 1;
}

int board_phase(lua_State* state) {
  const Phase* phase = view_of(state).phase;
  position_of(state);  // only during a call
  if (phase == nullptr) {
    lua_pushnil(state);
    return 1;
  }
  lua_pushstring(state, phase->season == Season::Spring ? "spring" : phase->season == Season::Fall ? "fall" : "winter");
  lua_pushinteger(state, phase->year);
  lua_pushstring(state, phase->kind == PhaseKind::Movement ? "movement" : phase->kind == PhaseKind::Retreat ? "retreat" : "adjustment");
  return 3;
}

int board_state(lua_State* state) {
  position_of(state);  // only during a call
  const nlohmann::ordered_json* kept = view_of(state).kept;
  if (kept == nullptr) lua_newtable(state);
  else push_state(state, *kept);
  return 1;
}

// Sets the functions into the table on top of the stack, each with the view as its upvalue.
void set_functions(lua_State* state, View& view, const luaL_Reg* functions) {
  for (; functions->name != nullptr; ++functions) {
    lua_pushlightuserdata(state, &view);
    lua_pushcclosure(state, functions->func, 1);
    lua_setfield(state, -2, functions->name);
  }
}

}  // namespace

void open_view(lua_State* state, View& view) {
  static constexpr luaL_Reg kMap[] = {{"provinces", map_provinces}, {"name", map_name},           {"kind", map_kind},
                                      {"is_centre", map_is_centre}, {"adjacent", map_adjacent},   {"neighbours", map_neighbours},
                                      {"tagged", map_tagged},       {"border_tagged", map_border_tagged}, {"coasts", map_coasts},
                                      {nullptr, nullptr}};
  static constexpr luaL_Reg kBoard[] = {{"owner", board_owner},     {"unit", board_unit},   {"units", board_units},
                                        {"centres", board_centres}, {"phase", board_phase}, {"state", board_state},
                                        {nullptr, nullptr}};
  lua_newtable(state);
  set_functions(state, view, kMap);
  lua_setglobal(state, "map");
  const Variant& variant = *view.variant;
  lua_createtable(state, static_cast<int>(variant.power_count()), 0);
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    push_power(state, variant, static_cast<PowerId>(p));
    lua_rawseti(state, -2, static_cast<lua_Integer>(p + 1));
  }
  lua_setglobal(state, "powers");
  lua_pushlightuserdata(state, &view);
  lua_pushcclosure(state, home_centres, 1);
  lua_setglobal(state, "home_centres");
  lua_newtable(state);
  set_functions(state, view, kBoard);
  lua_setfield(state, LUA_REGISTRYINDEX, kBoardKey);
}

void push_board(lua_State* state) { lua_getfield(state, LUA_REGISTRYINDEX, kBoardKey); }

void push_unit(lua_State* state, const Variant& variant, const Unit& unit) {
  const Map& map = variant.map();
  lua_createtable(state, 0, 4);
  lua_pushstring(state, type_letter(unit.type));
  lua_setfield(state, -2, "type");
  push_power(state, variant, unit.power);
  lua_setfield(state, -2, "power");
  push_province(state, map, map.province_of(unit.location));
  lua_setfield(state, -2, "province");
  if (const CoastId coast = map.location(unit.location).coast; coast != kNoCoast && coast < map.coast_kinds().size()) {
    lua_pushstring(state, map.coast_kinds()[coast].id.c_str());
    lua_setfield(state, -2, "coast");
  }
}

namespace {

const char* kind_name(OrderKind kind) {
  switch (kind) {
    case OrderKind::Hold: return "hold";
    case OrderKind::Move: return "move";
    case OrderKind::Support: return "support";
    case OrderKind::Convoy: return "convoy";
    case OrderKind::Retreat: return "retreat";
    case OrderKind::Disband: return "disband";
    case OrderKind::Build: return "build";
    case OrderKind::Remove: return "remove";
    case OrderKind::Waive: return "waive";
    case OrderKind::Proxy: return "proxy";
    case OrderKind::Special: return "special";
  }
  return "special";
}

// A unit an order names, as a table {type, province, coast}; nothing is pushed for no unit.
bool push_unit_ref(lua_State* state, const Map& map, const UnitRef& unit) {
  if (unit.location == kNoLocation || unit.location >= map.location_count()) return false;
  lua_createtable(state, 0, 3);
  if (unit.type) {
    lua_pushstring(state, type_letter(*unit.type));
    lua_setfield(state, -2, "type");
  }
  push_province(state, map, map.province_of(unit.location));
  lua_setfield(state, -2, "province");
  if (const CoastId coast = map.location(unit.location).coast; coast != kNoCoast && coast < map.coast_kinds().size()) {
    lua_pushstring(state, map.coast_kinds()[coast].id.c_str());
    lua_setfield(state, -2, "coast");
  }
  return true;
}

}  // namespace

void push_order(lua_State* state, const Variant& variant, const Order& order, PowerId power, const char* script_kind) {
  const Map& map = variant.map();
  lua_createtable(state, 0, 7);
  lua_pushstring(state, script_kind != nullptr ? script_kind : kind_name(order.kind));
  lua_setfield(state, -2, "kind");
  push_power(state, variant, power);
  lua_setfield(state, -2, "power");
  if (push_unit_ref(state, map, order.unit)) lua_setfield(state, -2, "unit");
  if (order.target != kNoLocation && order.target < map.location_count()) {
    push_province(state, map, map.province_of(order.target));
    lua_setfield(state, -2, "target");
    if (const CoastId coast = map.location(order.target).coast; coast != kNoCoast && coast < map.coast_kinds().size()) {
      lua_pushstring(state, map.coast_kinds()[coast].id.c_str());
      lua_setfield(state, -2, "target_coast");
    }
  }
  if (push_unit_ref(state, map, order.other)) lua_setfield(state, -2, "other");
  lua_pushboolean(state, order.via_convoy ? 1 : 0);
  lua_setfield(state, -2, "via_convoy");
}

std::optional<ProvinceId> find_province(const Map& map, std::string_view name) {
  if (name.size() > 64) return std::nullopt;
  const NameKey key(name);
  return map.find_province(key.view());
}

std::optional<UnitType> unit_type_named(std::string_view name) {
  if (name == "A" || name == "a") return UnitType::Army;
  if (name == "F" || name == "f") return UnitType::Fleet;
  return std::nullopt;
}

}  // namespace dipadj::lua
