#pragma once
// The Suez Canal plugin's parts: the canal's places, its rules bound to a variant, and its part
// of the movement phase.
#include <array>
#include <vector>

#include "dipadj/plugin/movement_rules.hpp"
#include "dipadj/plugin/plugin.hpp"

namespace dipadj::suez {

inline constexpr const char* kOption = "suez_canal";
inline constexpr std::uint8_t kPermission = 1;  // the plugin's order kind: "SC F Med - Red Sea"

bool canal_on(const Rulebook& rules);

// The reasons the canal's rules give (RulePlugin::reasons()), as the variant registered them.
struct CanalReasons {
  Reason not_for_this_power;         // a permission given by another power than the keeper's
  Reason permission_for_no_passage;  // a permission for a move that does not cross the canal
  Reason permission_not_used;        // a permission that no fleet used
};
inline const ReasonText kNotForThisPower{"not_for_this_power", "only other powers may give this order"};
inline const ReasonText kPermissionForNoPassage{"permission_for_no_passage", "the permission names no move through the passage"};
inline const ReasonText kPermissionNotUsed{"permission_not_used", "no unit used the permission"};

struct Canal {
  std::array<ProvinceId, 2> ends;  // the two seas it links
  ProvinceId keeper;               // whose unit gives permission

  [[nodiscard]] bool crosses(ProvinceId from, ProvinceId to) const;
};

class CanalRules final : public RulesWith<OrderSyntax, OrderValidation, MovementPart, RetreatPassages> {
 public:
  CanalRules(Canal canal, const Map& map, CanalReasons reasons) : canal_(canal), map_(&map), reasons_(reasons) {}

  [[nodiscard]] std::optional<ParsedOrder> parse_order(std::string_view text, const OrderParser& core,
                                                       bool retreat_phase) const override;
  [[nodiscard]] std::string order_text(const Order& order, const Variant& variant) const override;
  [[nodiscard]] Reason validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position,
                                               PowerId power, const Order& order, Order& resolved) const override;
  [[nodiscard]] std::unique_ptr<MovementRules> movement_rules(const Rulebook& rules) const override;
  void propose_orders(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                      std::vector<Order>& out) const override;
  [[nodiscard]] bool retreat_passage_open(LocationId from, LocationId to, const Rulebook& rules,
                                          Season season) const override;

 private:
  Canal canal_;
  const Map* map_;
  CanalReasons reasons_;
};

// One phase: which fleets go through, which one has the permission, and whether the keeper lets
// it pass (it stays and is not dislodged) -- the PATH decision of the canal move.
class CanalMovement final : public MovementRules {
 public:
  CanalMovement(Canal canal, CanalReasons reasons) : canal_(canal), reasons_(reasons) {}

  void prepare(MovementBoard& board) override;
  bool path(MovementBoard& board, ProvinceId mover) override;
  OrderOutcome outcome(MovementBoard& board, std::size_t order_index) override;

 private:
  Canal canal_;
  CanalReasons reasons_;
  std::vector<ProvinceId> movers_;           // fleets ordered through the canal
  ProvinceId permitted_ = kNoProvince;       // the one fleet with permission, if any
  std::vector<std::size_t> used_permission_; // the explicit permission orders for it
};

}  // namespace dipadj::suez
