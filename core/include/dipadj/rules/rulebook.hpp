#pragma once
// The rulebook: one object holding every rule choice the adjudicator asks about (the disputed
// issues of DATC chapter 4, and options that plugins add). Nothing reads a scattered flag: the
// solver, the validation and the phase logic ask the rulebook.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dipadj {

struct RuleChoice {
  std::string letter;   // "a", "b", ... as the DATC names them
  std::string name;     // "szykman", a readable name
  std::string meaning;  // one line, after the DATC text
  bool supported = true;  // whether the adjudicator implements it (setting one that is not is an error)
};

struct RuleOption {
  std::string key;    // the YAML key, "convoy_paradox"
  std::string issue;  // "4.A.2" (or a plugin's own reference)
  std::string title;
  std::vector<RuleChoice> choices;
  std::size_t default_choice = 0;  // the DATC's preferred choice for the core options
};

// The core's options, in DATC order; their index in the rulebook is the enum's value.
enum class Rule : std::uint8_t {
  ConvoyDisruption,         // 4.A.1
  ConvoyParadox,            // 4.A.2
  AdjacentConvoy,           // 4.A.3
  SupportCutByConvoyOnItself,  // 4.A.4
  RetreatAfterConvoyAttack, // 4.A.5
  ConvoyPathSpecification,  // 4.A.6
  DislodgedUnitBounce,      // 4.A.7
  MissingCoastTwoPossible,  // 4.B.1
  MissingCoastOnePossible,  // 4.B.2
  ImpossibleCoast,          // 4.B.3
  SupportCoast,             // 4.B.4
  WrongCoastOfUnit,         // 4.B.5
  UnknownCoast,             // 4.B.6
  BuildCoast,               // 4.B.7
  MissingUnitType,          // 4.C.1
  WrongUnitType,            // 4.C.2
  MissingUnitTypeInBuild,   // 4.C.3
  FleetBuildInland,         // 4.C.4
  MissingNationality,       // 4.C.5
  WrongNationality,         // 4.C.6
  OrderSetsDefined,         // 4.D.1
  OrderSetsUndefined,       // 4.D.2
  MultipleOrdersToUnit,     // 4.D.3
  TooManyBuilds,            // 4.D.4
  MultipleBuildsOneArea,    // 4.D.5
  TooManyDisbands,          // 4.D.6
  WaivingBuilds,            // 4.D.7
  CivilDisorderRemoval,     // 4.D.8
  CivilDisorderHoldSupport, // 4.D.9
  IllegalOrders,            // 4.E.1
  PoorlyWrittenOrders,      // 4.E.2
  ImplicitOrders,           // 4.E.3
  PerpetualOrders,          // 4.E.4
  ProxyOrders,              // 4.E.5
  FlyingDutchman,           // 4.E.6
  Count
};

// The core's options with their choices and defaults (core/src/rules/datc_options.cpp).
const std::vector<RuleOption>& core_rule_options();

class Rulebook {
 public:
  Rulebook();  // every core option at the DATC's preferred choice

  // Adds an option (a plugin's); returns its index. The key must be new.
  std::size_t add_option(RuleOption option);
  [[nodiscard]] std::size_t option_count() const { return options_.size(); }
  [[nodiscard]] const RuleOption& option(std::size_t index) const { return options_[index]; }
  [[nodiscard]] std::optional<std::size_t> find_option(std::string_view key) const;
  // The letter of the choice of an option found by key (a plugin's); `if_absent` when the rulebook
  // has no such option (one made from scratch holds only the core's): the option's default.
  [[nodiscard]] std::string_view choice_letter(std::string_view key, std::string_view if_absent) const;

  [[nodiscard]] std::size_t choice(std::size_t index) const { return choices_[index]; }
  // The letter of a core option's choice; the solver asks this in its inner loops, so it is kept
  // ready in a flat array.
  [[nodiscard]] char letter(Rule rule) const { return letters_[static_cast<std::size_t>(rule)]; }
  // Whether a core option is set to the choice with this DATC letter.
  [[nodiscard]] bool is(Rule rule, char choice_letter) const { return letter(rule) == choice_letter; }
  // Where the value came from: "default", or "file:line".
  [[nodiscard]] const std::string& source(std::size_t index) const { return sources_[index]; }

  // Sets an option by its choice's letter or name; the error names the allowed choices.
  std::optional<std::string> set(std::size_t index, std::string_view value, std::string source);

  friend bool operator==(const Rulebook& a, const Rulebook& b) { return a.choices_ == b.choices_; }

 private:
  void remember_letter(std::size_t index);

  std::vector<RuleOption> options_;
  std::vector<std::size_t> choices_;
  std::vector<char> letters_;
  std::vector<std::string> sources_;
};

}  // namespace dipadj
