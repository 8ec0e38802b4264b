#include "result_texts.hpp"

#include "dipadj/variant/variant.hpp"

namespace dipadj {

void ResultTexts::use(const std::shared_ptr<const Variant>& variant) {
  if (variant == variant_) return;
  const bool plain = variant != nullptr && variant->names_are_plain();
  if (plain) make_for_one(*variant);
  else order_openings_.clear();
  variant_ = plain ? variant : nullptr;
}

void ResultTexts::make_for_one(const Variant& variant) {
  variant_.reset();
  order_openings_.clear();
  for (std::size_t power = 0; power < variant.power_count(); ++power)
    order_openings_.push_back(R"({"power":")" + variant.power(static_cast<PowerId>(power)).name + R"(","order":")");
}

}  // namespace dipadj
