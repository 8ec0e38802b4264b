#include "dipadj/variant/variant.hpp"

#include <algorithm>

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

Variant::Variant(std::string name, std::string title, std::shared_ptr<const Map> map, std::vector<Power> powers)
    : name_(std::move(name)), title_(std::move(title)), map_(std::move(map)), powers_(std::move(powers)) {
  // In the order find_power used to try them: a power's name, adjective, then aliases, power by power.
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    const Power& p = powers_[i];
    const auto id = static_cast<PowerId>(i);
    power_keys_.emplace_back(normalize_name(p.name), id);
    power_keys_.emplace_back(normalize_name(p.adjective), id);
    for (const auto& alias : p.aliases) power_keys_.emplace_back(normalize_name(alias), id);
  }
  names_are_plain_ = map_ != nullptr && map_->names_are_plain() && std::ranges::all_of(powers_, [](const Power& p) {
                       return is_plain_text(p.name) && is_plain_text(p.adjective);
                     });
  // What find_power gives for each power's own name, so that a name written just so is found
  // without normalizing it (a batch line names each power two or three times).
  for (const Power& p : powers_) own_name_finds_.push_back(find_normalized_power(normalize_name(p.name)).value_or(kNoPower));
  for (const auto& [key, id] : power_keys_) {
    const std::string first = key.substr(0, key.find(' '));
    const auto words = static_cast<std::size_t>(std::count(key.begin(), key.end(), ' ')) + 1;
    auto known = std::find_if(power_first_words_.begin(), power_first_words_.end(), [&](const auto& e) { return e.first == first; });
    if (known == power_first_words_.end()) power_first_words_.emplace_back(first, words);
    else known->second = std::max(known->second, words);
    power_first_word_lengths_.add(first.size());
  }
}

std::size_t Variant::power_name_words_from(std::string_view first_word) const {
  if (!power_first_word_lengths_.may_have(first_word.size())) return 0;
  for (const auto& [first, words] : power_first_words_)
    if (same_text(first, first_word)) return words;
  return 0;
}

std::optional<PowerId> Variant::find_power(std::string_view name) const { return find_power_from(name, 0); }

std::optional<PowerId> Variant::find_power_from(std::string_view name, std::size_t likely) const {
  // A power's own name, as written, finds what its normalized key finds (own_name_finds_): which
  // power is tried first changes nothing found.
  const std::size_t count = powers_.size();
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = likely + k < count ? likely + k : likely + k - count;
    if (same_text(name, powers_[i].name) && own_name_finds_[i] != kNoPower) return own_name_finds_[i];
  }
  const NameKey key(name);
  return find_normalized_power(key.view());
}

std::optional<PowerId> Variant::find_normalized_power(std::string_view key) const {
  for (const auto& [known, id] : power_keys_)
    if (known == key) return id;
  return std::nullopt;
}

bool Variant::centre_counts(ProvinceId centre, PowerId owner, const Rulebook& rules) const {
  for (const auto& extension : extensions_)
    if (const CentreRules* centres = extension.rules->centre_rules(); centres && !centres->centre_counts(centre, owner, rules))
      return false;
  return true;
}

std::size_t Variant::counted_centres(const Position& position, PowerId power, const Rulebook& rules) const {
  if (extensions_.empty()) return position.centre_count(power);
  std::size_t count = 0;
  for (std::size_t p = 0; p < map_->province_count(); ++p) {
    const auto centre = static_cast<ProvinceId>(p);
    if (position.owner(centre) == power && centre_counts(centre, power, rules)) ++count;
  }
  return count;
}

bool Variant::is_home_centre(ProvinceId centre, PowerId power, const Position& position, const Rulebook& rules) const {
  for (const auto& extension : extensions_) {
    const CentreRules* centres = extension.rules->centre_rules();
    if (centres == nullptr) continue;
    if (const auto says = centres->home_centre(centre, power, position, rules)) return *says;
  }
  const auto& listed = powers_[power].home_centres;
  return std::find(listed.begin(), listed.end(), centre) != listed.end();
}

std::vector<ProvinceId> Variant::home_centres(PowerId power, const Position& position, const Rulebook& rules) const {
  if (extensions_.empty()) return powers_[power].home_centres;
  std::vector<ProvinceId> out;
  for (std::size_t p = 0; p < map_->province_count(); ++p) {
    const auto centre = static_cast<ProvinceId>(p);
    if (map_->province(centre).supply_centre && is_home_centre(centre, power, position, rules)) out.push_back(centre);
  }
  return out;
}

void Variant::set_start(Phase phase, Position position) {
  start_phase_ = phase;
  start_position_.emplace(std::move(position));
}

bool Variant::add_reasons(const std::vector<ReasonText>& reasons) {
  for (const ReasonText& reason : reasons) {
    if (find_reason(reason.code)) continue;
    if (reasons_.size() >= 0xFFu - kFirstVariantReason) return false;
    reasons_.push_back(reason);
  }
  return true;
}

std::optional<Reason> Variant::find_reason(std::string_view code) const {
  for (std::size_t i = 0; i < reasons_.size(); ++i)
    if (reasons_[i].code == code) return static_cast<Reason>(kFirstVariantReason + i);
  return std::nullopt;
}

std::string_view Variant::reason_code(Reason reason) const {
  if (!is_variant_reason(reason)) return dipadj::reason_code(reason);
  const std::size_t index = static_cast<std::uint8_t>(reason) - kFirstVariantReason;
  return index < reasons_.size() ? std::string_view(reasons_[index].code) : std::string_view("unknown");
}

std::string_view Variant::reason_text(Reason reason) const {
  if (!is_variant_reason(reason)) return describe(reason);
  const std::size_t index = static_cast<std::uint8_t>(reason) - kFirstVariantReason;
  return index < reasons_.size() ? std::string_view(reasons_[index].text) : std::string_view("?");
}

}  // namespace dipadj
