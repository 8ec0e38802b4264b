#include "dipadj/rules/rulebook.hpp"

#include "dipadj/text.hpp"

namespace dipadj {

namespace {

const std::shared_ptr<const std::vector<RuleOption>>& shared_core_options() {
  static const auto options = std::make_shared<const std::vector<RuleOption>>(core_rule_options());
  return options;
}

}  // namespace

Rulebook::Rulebook() : options_(shared_core_options()) {
  for (std::size_t index = 0; index < options_->size(); ++index) {
    choices_.push_back((*options_)[index].default_choice);
    sources_.emplace_back("default");
    if (index < core_choices_.size()) core_choices_[index] = static_cast<std::uint8_t>(choices_[index]);
  }
}

std::size_t Rulebook::add_option(RuleOption option) {
  choices_.push_back(option.default_choice);
  sources_.emplace_back("default");
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
  sources_[index] = std::move(source);
}

std::string_view Rulebook::choice_name(std::string_view key, std::string_view if_absent) const {
  const auto index = find_option(key);
  if (!index) return if_absent;
  return (*options_)[*index].choices[choices_[*index]].name;
}

std::optional<std::size_t> Rulebook::find_option(std::string_view key) const {
  for (std::size_t i = 0; i < options_->size(); ++i)
    if ((*options_)[i].key == key) return i;
  return std::nullopt;
}

std::optional<std::string> Rulebook::set(std::size_t index, std::string_view value, std::string source) {
  const RuleOption& option = (*options_)[index];
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

}  // namespace dipadj
