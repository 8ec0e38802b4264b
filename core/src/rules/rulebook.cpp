#include "dipadj/rules/rulebook.hpp"

#include <charconv>

#include "dipadj/text.hpp"

namespace dipadj {

namespace {

const std::shared_ptr<const std::vector<RuleOption>>& shared_core_options() {
  static const auto options = std::make_shared<const std::vector<RuleOption>>(core_rule_options());
  return options;
}

std::optional<int> decode(const NumberRange& range, std::size_t stored) {
  if (range.may_be_none && stored == 0) return std::nullopt;
  return static_cast<int>(static_cast<long long>(range.min) + static_cast<long long>(stored) - (range.may_be_none ? 1 : 0));
}

}  // namespace

Rulebook::Rulebook() : options_(shared_core_options()), sources_(std::make_shared<std::vector<std::string>>()) {
  choices_.reserve(options_->size());
  sources_->reserve(options_->size());
  for (std::size_t index = 0; index < options_->size(); ++index) {
    choices_.push_back((*options_)[index].default_choice);
    sources_->emplace_back("default");
    if (index < core_choices_.size()) core_choices_[index] = static_cast<std::uint8_t>(choices_[index]);
  }
}

std::size_t Rulebook::add_option(RuleOption option) {
  choices_.push_back(option.default_choice);
  own_sources().emplace_back("default");
  auto options = std::make_shared<std::vector<RuleOption>>(*options_);
  options->push_back(std::move(option));
  options_ = std::move(options);
  const std::size_t index = options_->size() - 1;
  if (index < core_choices_.size()) core_choices_[index] = static_cast<std::uint8_t>(choices_[index]);
  return index;
}

void Rulebook::set_choice(std::size_t index, std::size_t choice, std::string source) {
  choices_[index] = choice;
  if (index < core_choices_.size()) core_choices_[index] = static_cast<std::uint8_t>(choice);
  own_sources()[index] = std::move(source);
}

std::vector<std::string>& Rulebook::own_sources() {
  // Shared with another copy: this one's own list first. (A count that drops to one meanwhile
  // only costs a copy; none can rise from one, as no other copy holds the list.)
  if (!sources_) sources_ = std::make_shared<std::vector<std::string>>(choices_.size(), "default");  // moved from
  else if (sources_.use_count() > 1) sources_ = std::make_shared<std::vector<std::string>>(*sources_);
  return *sources_;
}

std::string_view Rulebook::choice_name(std::string_view key, std::string_view if_absent) const {
  const auto index = find_option(key);
  if (!index) return if_absent;
  if ((*options_)[*index].number) return if_absent;  // a number has no choice name
  return (*options_)[*index].choices[choices_[*index]].name;
}

std::size_t number_index(const NumberRange& range, std::optional<int> value) {
  if (!value) return 0;
  return static_cast<std::size_t>(static_cast<long long>(*value) - range.min) + (range.may_be_none ? 1U : 0U);
}

std::string default_value_name(const RuleOption& option) {
  if (!option.number) return option.choices[option.default_choice].name;
  const auto value = decode(*option.number, option.default_choice);
  return value ? std::to_string(*value) : "none";
}

std::optional<int> Rulebook::number(std::size_t index) const {
  const RuleOption& option = (*options_)[index];
  if (!option.number) return std::nullopt;
  return decode(*option.number, choices_[index]);
}

std::string Rulebook::value_name(std::size_t index) const {
  const RuleOption& option = (*options_)[index];
  if (!option.number) return option.choices[choices_[index]].name;
  const auto value = number(index);
  return value ? std::to_string(*value) : "none";
}

bool Rulebook::set_number(std::size_t index, std::optional<int> value, std::string source) {
  const RuleOption& option = (*options_)[index];
  if (!option.number || (!value && !option.number->may_be_none)) return false;
  if (value && (*value < option.number->min || *value > option.number->max)) return false;
  set_choice(index, number_index(*option.number, value), std::move(source));
  return true;
}

std::optional<std::size_t> Rulebook::find_option(std::string_view key) const {
  for (std::size_t i = 0; i < options_->size(); ++i)
    if ((*options_)[i].key == key) return i;
  return std::nullopt;
}

std::optional<std::string> Rulebook::set(std::size_t index, std::string_view value, std::string source) {
  const RuleOption& option = (*options_)[index];
  if (option.number) return set_number_from_text(index, value, std::move(source));
  const std::string wanted = normalize_name(value);
  for (std::size_t c = 0; c < option.choices.size(); ++c) {
    if (normalize_name(option.choices[c].letter) == wanted || normalize_name(option.choices[c].name) == wanted) {
      if (!option.choices[c].supported)
        return "choice " + option.choices[c].letter + " (" + option.choices[c].name + ") of " + option.key + " (DATC " +
               option.issue + ") is not supported by this adjudicator yet";
      set_choice(index, c, std::move(source));
      return std::nullopt;
    }
  }
  std::string allowed;
  std::vector<std::string> names;
  for (const auto& choice : option.choices) {
    allowed += (allowed.empty() ? "" : ", ") + choice.letter + " (" + choice.name + ")";
    names.push_back(choice.name);
  }
  const std::string hint = did_you_mean(value, names);
  return "'" + std::string(value) + "' is not a choice of " + option.key + " (DATC " + option.issue + "); " +
         (hint.empty() ? "" : hint + " ") + "allowed: " + allowed;
}

std::optional<std::string> Rulebook::set_number_from_text(std::size_t index, std::string_view value, std::string source) {
  const RuleOption& option = (*options_)[index];
  const NumberRange& range = *option.number;
  const std::string allowed = "a whole number from " + std::to_string(range.min) + " to " + std::to_string(range.max) +
                              (range.may_be_none ? ", or none" : "");
  if (range.may_be_none && normalize_name(value) == "none") {
    set_number(index, std::nullopt, std::move(source));
    return std::nullopt;
  }
  int number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc{} || end != value.data() + value.size() || !set_number(index, number, std::move(source)))
    return "'" + std::string(value) + "' is not a value of " + option.key + ": " + allowed;
  return std::nullopt;
}

}  // namespace dipadj
