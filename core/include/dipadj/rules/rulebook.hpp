#pragma once
// The rulebook: one object holding every rule choice the adjudicator asks about (the disputed
// issues of DATC chapter 4, and options that plugins add). Nothing reads a scattered flag: the
// solver, the validation and the phase logic ask the rulebook.
#include <array>
#include <cstdint>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/rules/rule_choices.hpp"

namespace dipadj {

struct RuleChoice {
  std::string letter;   // "a", "b", ... as the DATC names them
  std::string name;     // "szykman", a readable name
  std::string meaning;  // one line, after the DATC text
  // False for a choice a plugin lists but does not implement yet: setting it is an error, and
  // `dipadj rules --choices` marks it. Every choice of the core's own options is implemented.
  bool supported = true;
};

// An option whose value is a whole number (a variant's `victory_lead: 3`), not a choice.
struct NumberRange {
  int min = 0;
  int max = 0;
  bool may_be_none = false;  // "none" is a value too (no last year)
};

struct RuleOption {
  std::string key;    // the YAML key, "convoy_paradox"
  std::string issue;  // "4.A.2" (or a plugin's own reference)
  std::string title;
  std::vector<RuleChoice> choices;  // empty for a number
  std::size_t default_choice = 0;  // the DATC's preferred choice for the core options; a number's stored value
  std::optional<NumberRange> number = std::nullopt;
};

// A number option's value kept as its choice index (RuleOption::default_choice, Rulebook's
// choices): its distance from the range's start, after "none" when the range has it.
std::size_t number_index(const NumberRange& range, std::optional<int> value);

// An option's default as the files write it: a choice's name, a number, or "none".
std::string default_value_name(const RuleOption& option);

// The core's options with their choices and defaults (core/src/rules/datc_options.cpp).
const std::vector<RuleOption>& core_rule_options();

// A value: copied and changed by whoever needs other rules; a const Rulebook is read by any number
// of threads at once.
class Rulebook {
 public:
  Rulebook();  // every core option at the DATC's preferred choice

  // Adds an option (a plugin's); returns its index. The key must be new.
  std::size_t add_option(RuleOption option);
  [[nodiscard]] std::size_t option_count() const { return options_->size(); }
  [[nodiscard]] const RuleOption& option(std::size_t index) const { return (*options_)[index]; }
  [[nodiscard]] std::optional<std::size_t> find_option(std::string_view key) const;
  // The name of the choice of an option found by key (a plugin's: "on"); `if_absent` when the
  // rulebook has no such option (one made from scratch holds only the core's): the option's default.
  [[nodiscard]] std::string_view choice_name(std::string_view key, std::string_view if_absent) const;

  [[nodiscard]] std::size_t choice(std::size_t index) const { return choices_[index]; }
  // A core option's choice, by type: `rules.get<ConvoyParadox>()`, `rules.is(ConvoyParadox::Szykman)`.
  // The solver asks in its inner loops, so the core's choices are also kept in a flat array.
  template <class Choice>
  [[nodiscard]] Choice get() const {
    return static_cast<Choice>(core_choices_[static_cast<std::size_t>(rule_of(Choice{}))]);
  }
  template <class Choice>
  [[nodiscard]] bool is(Choice choice) const {
    return get<Choice>() == choice;
  }
  // Sets a core option to a choice (the code's own fallbacks: 4.D.8 f falls back on d).
  template <class Choice>
  void set(Choice choice, std::string source) {
    set_choice(static_cast<std::size_t>(rule_of(choice)), static_cast<std::size_t>(choice), std::move(source));
  }
  // A number option's value (nullopt for "none"): `rules.number(Rule::VictoryLead)`.
  [[nodiscard]] std::optional<int> number(std::size_t index) const;
  [[nodiscard]] std::optional<int> number(Rule rule) const { return number(static_cast<std::size_t>(rule)); }
  // The value as the files write it: a choice's name, a number, or "none".
  [[nodiscard]] std::string value_name(std::size_t index) const;
  // Sets a number option (the variant's `victory_centres:`); false when out of its range.
  bool set_number(std::size_t index, std::optional<int> value, std::string source);
  // Where the value came from: "default", or "file:line".
  [[nodiscard]] const std::string& source(std::size_t index) const { return (*sources_)[index]; }

  // Sets an option by its choice's letter or name; the error names the allowed choices.
  std::optional<std::string> set(std::size_t index, std::string_view value, std::string source);

  friend bool operator==(const Rulebook& a, const Rulebook& b) { return a.choices_ == b.choices_; }

 private:
  std::optional<std::string> set_number_from_text(std::size_t index, std::string_view value, std::string source);
  void set_choice(std::size_t index, std::size_t choice, std::string source);

  // The options, shared by copies (a game copies its variant's rulebook; only add_option, when a
  // variant is loaded, makes a list of its own).
  std::shared_ptr<const std::vector<RuleOption>> options_;
  std::vector<std::size_t> choices_;
  std::array<std::uint8_t, static_cast<std::size_t>(Rule::Count)> core_choices_{};
  // Where each choice came from, shared by copies until one of them changes a choice: a game
  // copies its variant's rulebook each time one is read (a batch, tens of thousands a second),
  // and copying forty strings was a good part of reading a game.
  std::shared_ptr<std::vector<std::string>> sources_;
  std::vector<std::string>& own_sources();
};

}  // namespace dipadj
