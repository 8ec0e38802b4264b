#pragma once
// A plugin's rules bound to one variant (RulePlugin::bind): its settings read, its places resolved
// to ids. Shared by every game of the variant, so it keeps no per-game state (per-phase working
// memory lives in the MovementRules its MovementPart makes).
//
// It offers the capabilities it has, each a small interface of its own header; the core asks a
// plugin only through the capabilities it offers, and a plugin implements only those it needs.
// Declare them in the base list of RulesWith, which registers each one:
//
//   class IceRules final : public RulesWith<MovementPart, RetreatPassages> { ... };
#include "dipadj/plugin/border_costs.hpp"
#include "dipadj/plugin/centre_rules.hpp"
#include "dipadj/plugin/movement_part.hpp"
#include "dipadj/plugin/order_syntax.hpp"
#include "dipadj/plugin/order_validation.hpp"
#include "dipadj/plugin/phase_events.hpp"
#include "dipadj/plugin/retreat_passages.hpp"

namespace dipadj {

class RuleExtension {
 public:
  virtual ~RuleExtension() = default;
  RuleExtension(const RuleExtension&) = delete;
  RuleExtension& operator=(const RuleExtension&) = delete;

  // Each capability the rules offer, or null. Fixed once the object is made.
  [[nodiscard]] const OrderSyntax* order_syntax() const { return order_syntax_; }
  [[nodiscard]] const OrderValidation* order_validation() const { return order_validation_; }
  [[nodiscard]] const BorderCosts* border_costs() const { return border_costs_; }
  [[nodiscard]] const MovementPart* movement_part() const { return movement_part_; }
  [[nodiscard]] const RetreatPassages* retreat_passages() const { return retreat_passages_; }
  [[nodiscard]] const CentreRules* centre_rules() const { return centre_rules_; }
  [[nodiscard]] const PhaseEvents* phase_events() const { return phase_events_; }

 protected:
  RuleExtension() = default;
  void offer(const OrderSyntax& capability) { order_syntax_ = &capability; }
  void offer(const OrderValidation& capability) { order_validation_ = &capability; }
  void offer(const BorderCosts& capability) { border_costs_ = &capability; }
  void offer(const MovementPart& capability) { movement_part_ = &capability; }
  void offer(const RetreatPassages& capability) { retreat_passages_ = &capability; }
  void offer(const CentreRules& capability) { centre_rules_ = &capability; }
  void offer(const PhaseEvents& capability) { phase_events_ = &capability; }

 private:
  const OrderSyntax* order_syntax_ = nullptr;
  const OrderValidation* order_validation_ = nullptr;
  const BorderCosts* border_costs_ = nullptr;
  const MovementPart* movement_part_ = nullptr;
  const RetreatPassages* retreat_passages_ = nullptr;
  const CentreRules* centre_rules_ = nullptr;
  const PhaseEvents* phase_events_ = nullptr;
};

// Rules that offer exactly the capabilities they derive from.
template <class... Capabilities>
class RulesWith : public RuleExtension, public Capabilities... {
 protected:
  RulesWith() { (offer(static_cast<const Capabilities&>(*this)), ...); }
};

}  // namespace dipadj
