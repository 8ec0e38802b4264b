#include "order_members_memo.hpp"

namespace dipadj {

void OrderMembersMemo::use(std::shared_ptr<const Variant> variant) {
  if (variant == variant_) return;
  table_.clear();
  variant_ = std::move(variant);
}

const std::string* OrderMembersMemo::find(std::string_view written, const Order& order) const {
  const auto known = table_.find(written);
  return known != table_.end() && known->second.order == order ? &known->second.json : nullptr;
}

void OrderMembersMemo::remember(std::string_view written, const Order& order, std::string_view members) {
  auto known = table_.find(written);
  if (known == table_.end()) {
    if (table_.size() >= kMostTexts) table_.clear();
    known = table_.emplace(std::string(written), Members{}).first;
  }
  known->second.order = order;
  known->second.json.assign(members);
}

}  // namespace dipadj
