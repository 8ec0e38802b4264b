#include <algorithm>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/variant/variant.hpp"
#include "suez_canal.hpp"

namespace dipadj::suez {

// The permission is settled by the orders alone (DATC 7, additional assumptions): only one fleet
// can get it. An explicit permission for a fleet going through denies every implicit one; two or
// more explicit permissions for different fleets, or two implicit candidates, leave none.
void CanalMovement::prepare(MovementBoard& board) {
  const Map& map = board.variant().map();
  const Position& before = board.before();
  movers_.clear();
  used_permission_.clear();
  permitted_ = kNoProvince;
  for (ProvinceId end : canal_.ends) {
    const Order* order = board.order_of(end);
    if (order == nullptr || order->kind != OrderKind::Move || order->target == kNoLocation) continue;
    if (before.unit_in(end).type != UnitType::Fleet || !canal_.crosses(end, map.province_of(order->target))) continue;
    movers_.push_back(end);
    board.claim_passage(end);
  }
  const Unit& keeper = before.unit_in(canal_.keeper);
  if (movers_.empty() || !keeper.present()) return;

  // Explicit permissions (validation made sure the keeper's power gave them) that match a move.
  std::vector<ProvinceId> explicitly;
  for (std::size_t i : board.own_orders()) {
    const Order& permission = board.orders()[i].order;
    const ProvinceId fleet = map.province_of(permission.other.location);
    const Order* move = board.order_of(fleet);
    const bool matches = std::find(movers_.begin(), movers_.end(), fleet) != movers_.end() && move != nullptr &&
                         map.province_of(move->target) == map.province_of(permission.target);
    if (!matches) continue;
    used_permission_.push_back(i);
    if (std::find(explicitly.begin(), explicitly.end(), fleet) == explicitly.end()) explicitly.push_back(fleet);
  }
  if (!explicitly.empty()) {
    if (explicitly.size() == 1) permitted_ = explicitly.front();
    else used_permission_.clear();
    return;
  }
  // Implicit: the keeper's own fleet, when it is the only one of them going through.
  std::vector<ProvinceId> own;
  for (ProvinceId fleet : movers_)
    if (before.unit_in(fleet).power == keeper.power) own.push_back(fleet);
  if (own.size() == 1) permitted_ = own.front();
}

// Open to the permitted fleet while the keeper stays (holds, or fails to move) and is not
// dislodged. These are core decisions: a cycle through them is a paradox for the backup rule.
bool CanalMovement::path(MovementBoard& board, ProvinceId mover) {
  if (mover != permitted_) return false;
  const Order* keeper_order = board.order_of(canal_.keeper);
  if (keeper_order != nullptr && keeper_order->kind == OrderKind::Move && board.moves(canal_.keeper)) return false;
  return !board.dislodged(canal_.keeper);
}

OrderOutcome CanalMovement::outcome(MovementBoard& board, std::size_t order_index) {
  const bool used = std::find(used_permission_.begin(), used_permission_.end(), order_index) != used_permission_.end() &&
                    permitted_ != kNoProvince && board.moves(permitted_);
  if (used) return OrderOutcome{};
  return OrderOutcome{Resolution::Fails, reasons_.permission_not_used, kNoProvince};
}

}  // namespace dipadj::suez
