// The script's hooks as the core's capabilities (lua_rules.hpp). Each call runs inside one
// protected call of the sandbox (HookCall: push the arguments, call, read the answer), so that a
// Lua error anywhere in it comes back as a message, which becomes a RuleScriptError here.
#include "lua_rules.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <lua.hpp>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "dipadj/variant/variant.hpp"
#include "lua_hook_call.hpp"

namespace dipadj::lua {

Diagnostic script_problem(const Script& script, const std::string& message) {
  const std::string& chunk = script.chunk;
  int line = 0;
  std::string text = message;
  if (message.starts_with(chunk + ":")) {
    std::size_t end = chunk.size() + 1;
    while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
    if (end > chunk.size() + 1 && end < message.size() && message[end] == ':' && end - chunk.size() < 10) {
      line = std::stoi(message.substr(chunk.size() + 1, end - chunk.size() - 1));
      text = message.substr(end + 1);
      if (text.starts_with(" ")) text.erase(0, 1);
    }
  }
  return Diagnostic{script.file.string(), line, "lua: " + text};
}


namespace {

// A truth value, or nothing (nil) when the hook may leave the answer to the variant.
class TruthCall final : public HookCall {
 public:
  TruthCall(const LuaRules& rules, Hook hook, ProvinceId centre, PowerId power, bool with_board)
      : HookCall(rules, hook), centre_(centre), power_(power), with_board_(with_board) {}
  std::optional<bool> answer;

 private:
  int push_arguments(lua_State* state) override {
    lua_pushstring(state, rules_.variant().map().province(centre_).id.c_str());
    lua_pushstring(state, rules_.variant().power(power_).name.c_str());
    if (!with_board_) return 2;
    push_board(state);
    return 3;
  }
  void read_answer(lua_State* state) override {
    if (lua_isboolean(state, -1)) answer = lua_toboolean(state, -1) != 0;
    else if (!lua_isnil(state, -1)) answer_error(state, "returned ", lua_pushfstring(state, "a %s, not true, false or nil", luaL_typename(state, -1)));
  }

  ProvinceId centre_;
  PowerId power_;
  bool with_board_;
};

// build_sites(power, board): whether `centre` is among the provinces listed.
class BuildSitesCall final : public HookCall {
 public:
  BuildSitesCall(const LuaRules& rules, ProvinceId centre, PowerId power) : HookCall(rules, Hook::BuildSites), centre_(centre), power_(power) {}
  bool listed = false;

 private:
  int push_arguments(lua_State* state) override {
    lua_pushstring(state, rules_.variant().power(power_).name.c_str());
    push_board(state);
    return 2;
  }
  void read_answer(lua_State* state) override {
    if (!lua_istable(state, -1)) answer_error(state, "returned ", "no list of provinces");
    for_each_item(state, [&] {
      if (province_at(state, -1, "returned") == centre_) listed = true;
    });
  }

  ProvinceId centre_;
  PowerId power_;
};

// A string field of the table on top of the stack, or null.
const char* string_field(lua_State* state, const char* key) {
  lua_getfield(state, -1, key);
  const char* value = lua_type(state, -1) == LUA_TSTRING ? lua_tostring(state, -1) : nullptr;
  lua_pop(state, 1);  // the string stays alive: the table holds it
  return value;
}

class ParseCall final : public HookCall {
 public:
  ParseCall(const LuaRules& rules, std::string_view text, bool retreat_phase)
      : HookCall(rules, Hook::ParseOrder), text_(text), retreat_phase_(retreat_phase) {}
  std::optional<ParsedOrder> answer;

 private:
  int push_arguments(lua_State* state) override {
    lua_pushlstring(state, text_.data(), text_.size());
    lua_pushboolean(state, retreat_phase_ ? 1 : 0);
    return 2;
  }
  void read_answer(lua_State* state) override {
    if (lua_isnil(state, -1)) return;
    if (lua_type(state, -1) == LUA_TSTRING) {
      answer = ParsedOrder{};
      answer->error = lua_tostring(state, -1);
      return;
    }
    if (!lua_istable(state, -1)) answer_error(state, "returned ", "neither nil, a message nor an order table");
    const char* kind = string_field(state, "kind");
    const char* unit = string_field(state, "unit");
    const char* at = string_field(state, "at");
    if (kind == nullptr || at == nullptr) answer_error(state, "returned ", "an order without its 'kind' or 'at' (strings)");
    const std::uint8_t number = rules_.kind_number(kind);
    if (number == 0) answer_error(state, "named ", "more than 255 kinds of order");
    const std::optional<UnitType> type = unit != nullptr ? unit_type_named(unit) : std::nullopt;
    if (unit != nullptr && !type) answer_error(state, "returned ", "a unit type other than \"A\" or \"F\"");
    // No Lua error may be raised from here on: the order has a destructor, which a longjmp would skip.
    Order order;
    order.kind = OrderKind::Hold;
    order.extension_kind = number;
    order.unit.type = type;
    answer = ParsedOrder{};
    // A place the player wrote that is no province is the player's mistake, not the script's.
    if (const auto province = find_province(rules_.variant().map(), at)) {
      order.unit.location = rules_.variant().map().province(*province).location;
      answer->order = order;
    } else {
      answer->error = std::string("no province '") + at + "' on this map";
    }
  }

  std::string_view text_;
  bool retreat_phase_;
};

// propose_orders(unit, board): the texts of the orders proposed for one unit.
class ProposeCall final : public HookCall {
 public:
  ProposeCall(const LuaRules& rules, const Unit& unit) : HookCall(rules, Hook::ProposeOrders), unit_(unit) {}
  std::vector<std::string> texts;

 private:
  int push_arguments(lua_State* state) override {
    push_unit(state, rules_.variant(), unit_);
    push_board(state);
    return 2;
  }
  void read_answer(lua_State* state) override {
    if (lua_isnil(state, -1)) return;
    if (!lua_istable(state, -1)) answer_error(state, "returned ", "neither nil nor a list of order texts");
    for_each_item(state, [&] {
      if (lua_type(state, -1) != LUA_TSTRING) answer_error(state, "returned ", "a proposal that is no order text");
      texts.emplace_back(lua_tostring(state, -1));
    });
  }

  const Unit& unit_;
};

// An order given to the script as a table: order_text(order), validate_order(order, board), forbids(order).
class OrderCall final : public HookCall {
 public:
  OrderCall(const LuaRules& rules, Hook hook, const Order& order, PowerId power)
      : HookCall(rules, hook), order_(order), power_(power) {}
  std::string text;            // order_text
  bool allowed = true;         // validate_order
  bool forbidden = false;      // forbids

 private:
  int push_arguments(lua_State* state) override {
    push_order(state, rules_.variant(), order_, power_, rules_.kind_name(order_));
    if (hook() != Hook::ValidateOrder) return 1;
    push_board(state);
    return 2;
  }
  void read_answer(lua_State* state) override {
    const int type = lua_type(state, -1);
    if (hook() == Hook::OrderText) {
      if (type != LUA_TSTRING) answer_error(state, "returned ", "no text");
      text = lua_tostring(state, -1);
    } else if (hook() == Hook::ValidateOrder) {
      allowed = type == LUA_TNIL || (type == LUA_TBOOLEAN && lua_toboolean(state, -1) != 0);
      if (type != LUA_TNIL && type != LUA_TBOOLEAN && type != LUA_TSTRING) answer_error(state, "returned ", "neither true, false, nil nor a message");
    } else {
      forbidden = type == LUA_TSTRING || (type == LUA_TBOOLEAN && lua_toboolean(state, -1) != 0);
      if (type != LUA_TNIL && type != LUA_TBOOLEAN && type != LUA_TSTRING) answer_error(state, "returned ", "neither true, false, nil nor a message");
    }
  }

  const Order& order_;
  PowerId power_;
};

// A unit that becomes another type after the movement phase.
struct TypeChange {
  ProvinceId province = kNoProvince;
  LocationId location = kNoLocation;
  UnitType type = UnitType::Army;
};

class AfterMovementCall final : public HookCall {
 public:
  AfterMovementCall(const LuaRules& rules, std::span<const SubmittedOrder> orders, std::span<const OrderOutcome> outcomes,
                    const Position& after)
      : HookCall(rules, Hook::AfterMovement), orders_(orders), outcomes_(outcomes), after_(after) {}
  std::vector<TypeChange> changes;

 private:
  int push_arguments(lua_State* state) override {
    push_board(state);
    lua_createtable(state, static_cast<int>(orders_.size()), 0);
    for (std::size_t i = 0; i < orders_.size(); ++i) {
      push_order(state, rules_.variant(), orders_[i].order, orders_[i].power, rules_.kind_name(orders_[i].order));
      lua_pushstring(state, i < outcomes_.size() ? to_string(outcomes_[i].resolution) : "illegal");
      lua_setfield(state, -2, "result");
      lua_rawseti(state, -2, static_cast<lua_Integer>(i + 1));
    }
    return 2;
  }
  void read_answer(lua_State* state) override {
    if (lua_isnil(state, -1)) return;
    if (!lua_istable(state, -1)) answer_error(state, "returned ", "neither nil nor a list of changes");
    for_each_item(state, [&] {
      if (!lua_istable(state, -1)) answer_error(state, "returned ", "a change that is no table {province, type}");
      read_change(state);
    });
  }
  void read_change(lua_State* state) {
    const Map& map = rules_.variant().map();
    lua_getfield(state, -1, "province");
    const ProvinceId province = province_at(state, -1, "changed");
    lua_pop(state, 1);
    const char* type_name = string_field(state, "type");
    const auto type = type_name != nullptr ? unit_type_named(type_name) : std::nullopt;
    if (!type) answer_error(state, "returned ", "a change whose type is not \"A\" or \"F\"");
    if (!after_.unit_in(province).present()) answer_error(state, "changed the unit in ", map.province(province).id.c_str());
    LocationId location = map.province(province).location;
    if (*type == UnitType::Fleet && map.has_coasts(province)) {
      const char* coast = string_field(state, "coast");
      const auto coast_id = coast != nullptr ? map.find_coast(coast) : std::nullopt;
      location = coast_id ? map.coast_location(province, *coast_id) : kNoLocation;
    }
    if (!map.can_hold(*type, location))
      answer_error(state, "returned a unit that cannot stand in ", map.province(province).id.c_str());
    changes.push_back(TypeChange{province, location, *type});
  }

  std::span<const SubmittedOrder> orders_;
  std::span<const OrderOutcome> outcomes_;
  const Position& after_;
};


}  // namespace

LuaRules::LuaRules(const Variant& variant, std::unique_ptr<Sandbox> sandbox, Script script, Reason not_allowed)
    : variant_(variant), sandbox_(std::move(sandbox)), script_(std::move(script)), not_allowed_(not_allowed) {
  view_.variant = &variant_;
  lines_.fill(-1);
}

std::optional<Diagnostic> LuaRules::load(const std::string& text) {
  std::string error;
  const auto open = [](lua_State* state) {
    open_view(state, *static_cast<View*>(lua_touserdata(state, 1)));
    return 0;
  };
  if (!sandbox_->protect(open, &view_, error) || !sandbox_->run(text, script_.chunk, error)) return script_problem(script_, error);
  find_hooks();
  if (const std::string wrong = misdefined_hook(); !wrong.empty()) return Diagnostic{script_.file.string(), 0, "lua: " + wrong};
  offer_defined();
  return std::nullopt;
}

void LuaRules::find_hooks() {
  lua_State* state = sandbox_->state();
  for (std::size_t h = 0; h < kHookNames.size(); ++h) {
    lua_getglobal(state, kHookNames[h]);
    lines_[h] = -1;
    if (lua_isfunction(state, -1)) {
      lua_Debug where{};
      lua_getinfo(state, ">S", &where);  // pops the function
      lines_[h] = std::max(where.linedefined, 0);
    } else {
      lua_pop(state, 1);
    }
  }
}

std::string LuaRules::misdefined_hook() const {
  for (const char* hook : kHookNames) {
    lua_getglobal(sandbox_->state(), hook);
    const bool wrong = !lua_isnil(sandbox_->state(), -1) && !lua_isfunction(sandbox_->state(), -1);
    lua_pop(sandbox_->state(), 1);
    if (wrong) return std::string("'") + hook + "' must be a function";
  }
  if (defines(Hook::HomeCentre) && defines(Hook::BuildSites)) return "define home_centre or build_sites, not both";
  if (defines(Hook::ProposeOrders) && !defines(Hook::ParseOrder)) return "propose_orders needs parse_order, which reads the texts it proposes";
  return {};
}

void LuaRules::offer_defined() {
  if (defines(Hook::HomeCentre) || defines(Hook::BuildSites) || defines(Hook::CentreCounts)) offer(static_cast<const CentreRules&>(*this));
  if (defines(Hook::ParseOrder)) offer(static_cast<const OrderSyntax&>(*this));
  if (defines(Hook::ParseOrder) || defines(Hook::Forbids)) offer(static_cast<const OrderValidation&>(*this));
  if (defines(Hook::AfterMovement) || defines(Hook::AfterOwnership)) offer(static_cast<const PhaseEvents&>(*this));
}

void LuaRules::run(HookCall& call, const Position* position, const Phase* phase) const {
  std::string error;
  bool done = false;
  {
    const std::lock_guard lock(mutex_);
    if (position != nullptr) remember_kept(position->plugin_state(kStateKey));
    view_.position = position;
    view_.phase = phase;
    view_.kept = &kept_;
    done = sandbox_->protect(&HookCall::run, &call, error);
    view_.position = nullptr;
    view_.phase = nullptr;
  }
  if (done) return;
  Diagnostic problem = script_problem(script_, error);
  if (problem.line == 0) problem.line = line_of(call.hook());  // "not enough memory" names no line: the hook's
  throw RuleScriptError(std::move(problem));
}

const char* LuaRules::kind_name(const Order& order) const {
  if (!mine(order) || order.extension_kind == 0 || order.extension_kind > kinds_.size()) return nullptr;
  return kinds_[order.extension_kind - 1U].c_str();
}

std::uint8_t LuaRules::kind_number(std::string_view name) const {
  const auto known = std::find(kinds_.begin(), kinds_.end(), name);
  if (known != kinds_.end()) return static_cast<std::uint8_t>(known - kinds_.begin() + 1);
  if (kinds_.size() >= 255) return 0;
  kinds_.emplace_back(name);
  return static_cast<std::uint8_t>(kinds_.size());
}

bool LuaRules::mine(const Order& order) const {
  const auto& extensions = variant_.extensions();
  return order.extension != 0 && order.extension <= extensions.size() &&
         extensions[order.extension - 1U].rules.get() == static_cast<const RuleExtension*>(this);
}

std::optional<bool> LuaRules::home_centre(ProvinceId centre, PowerId power, const Position& position, const Rulebook& rules) const {
  if (!is_on(rules, kOption)) return std::nullopt;
  if (defines(Hook::HomeCentre)) {
    TruthCall call(*this, Hook::HomeCentre, centre, power, true);
    run(call, &position, nullptr);
    return call.answer;
  }
  if (!defines(Hook::BuildSites)) return std::nullopt;
  BuildSitesCall call(*this, centre, power);
  run(call, &position, nullptr);
  return call.listed;
}

bool LuaRules::centre_counts(ProvinceId centre, PowerId owner, const Rulebook& rules) const {
  if (!defines(Hook::CentreCounts) || !is_on(rules, kOption)) return true;
  TruthCall call(*this, Hook::CentreCounts, centre, owner, false);
  run(call, nullptr, nullptr);
  return call.answer.value_or(true);
}

std::optional<ParsedOrder> LuaRules::parse_order(std::string_view text, const OrderParser& /*core*/, bool retreat_phase) const {
  if (!defines(Hook::ParseOrder)) return std::nullopt;
  ParseCall call(*this, text, retreat_phase);
  run(call, nullptr, nullptr);
  return std::move(call.answer);
}

std::string LuaRules::order_text(const Order& order, const Variant& variant) const {
  if (defines(Hook::OrderText)) {
    OrderCall call(*this, Hook::OrderText, order, kNoPower);
    run(call, nullptr, nullptr);
    return call.text;
  }
  const Map& map = variant.map();
  std::string text = order.unit.type ? (*order.unit.type == UnitType::Army ? "A " : "F ") : "";
  if (order.unit.location != kNoLocation) text += map.location_name(order.unit.location);
  const std::lock_guard lock(mutex_);
  const char* kind = kind_name(order);
  return text + " " + (kind != nullptr ? kind : "?");
}

void LuaRules::propose_orders(const Variant& /*variant*/, const Rulebook& rules, const Position& position, PowerId power,
                              std::vector<Order>& out) const {
  if (!defines(Hook::ProposeOrders) || !is_on(rules, kOption)) return;
  for (std::size_t p = 0; p < position.province_count(); ++p) {
    const Unit& unit = position.unit_in(static_cast<ProvinceId>(p));
    if (!unit.present() || unit.power != power) continue;
    ProposeCall call(*this, unit);
    run(call, &position, nullptr);
    for (const std::string& text : call.texts) {
      ParseCall parse(*this, text, false);
      run(parse, nullptr, nullptr);
      if (!parse.answer || !parse.answer->order)
        throw RuleScriptError(Diagnostic{script_.file.string(), line_of(Hook::ProposeOrders),
                                         "lua: propose_orders proposed '" + text + "', which parse_order does not read as an order of the script's"});
      out.push_back(*parse.answer->order);
    }
  }
}

Reason LuaRules::validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                                         const Order& order, Order& resolved) const {
  if (!is_on(rules, kOption) || order.extension_kind == 0 || order.unit.location == kNoLocation) return Reason::NotThisPhase;
  const Unit& unit = position.unit_in(variant.map().province_of(order.unit.location));
  if (!unit.present()) return Reason::NoSuchUnit;
  if (unit.power != power) return Reason::ForeignUnit;
  if (order.unit.type && *order.unit.type != unit.type) return Reason::WrongUnitType;
  resolved = order;
  resolved.unit = UnitRef{unit.type, unit.location, unit.power};
  if (!defines(Hook::ValidateOrder)) return Reason::None;
  OrderCall call(*this, Hook::ValidateOrder, resolved, power);
  run(call, &position, nullptr);
  return call.allowed ? Reason::None : not_allowed_;
}

Reason LuaRules::forbids(const Variant& /*variant*/, const Rulebook& rules, const Order& resolved) const {
  if (!defines(Hook::Forbids) || !is_on(rules, kOption)) return Reason::None;
  OrderCall call(*this, Hook::Forbids, resolved, resolved.unit.nationality);
  run(call, nullptr, nullptr);
  return call.forbidden ? not_allowed_ : Reason::None;
}

void LuaRules::after_movement(const Variant& variant, const Rulebook& rules, const Phase& phase, const Position& /*before*/,
                              std::span<const SubmittedOrder> orders, std::span<const OrderOutcome> outcomes, Position& after) const {
  if (!defines(Hook::AfterMovement) || !is_on(rules, kOption)) return;
  AfterMovementCall call(*this, orders, outcomes, after);
  run(call, &after, &phase);
  for (const TypeChange& change : call.changes) {
    Unit unit = after.unit_in(change.province);
    after.remove(change.province);
    unit.type = change.type;
    unit.location = change.location;
    after.place(variant.map(), unit);
  }
}

}  // namespace dipadj::lua
