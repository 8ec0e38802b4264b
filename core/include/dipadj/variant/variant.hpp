#pragma once
// A variant is a bundle: a map, its powers, its starting position and its victory condition.
//
// Threads: a loaded variant (shared_ptr<const Variant>) is immutable, and so are its Map, its
// Rulebook and its plugins' bound rules; any number of threads may read and adjudicate with one
// at once. What is not shared: a MovementAdjudicator (one per thread) and the GameState and
// results each caller owns.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/board/calendar.hpp"
#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

class RuleExtension;

// A plugin the variant uses, bound to it.
struct VariantExtension {
  std::string plugin;                          // its name, "suez-canal"
  std::shared_ptr<const RuleExtension> rules;  // keeps the plugin's library loaded
};

struct Power {
  std::string name;       // "England"
  std::string adjective;  // "English"
  std::vector<std::string> aliases;
  std::vector<ProvinceId> home_centres;
  // Where it may build under `build_sites: listed_sites`; empty: its home centres.
  std::vector<ProvinceId> build_sites;
};

// The picture a variant draws its map on (`artwork: map.svg`, docs/map-format.md): an SVG file in
// the variant's folder with one shape per province.
struct VariantArtwork {
  std::string file;      // its path, checked at load to be a file in the variant's folder
  std::string named_at;  // "variants/x/variant.yaml:7": where the variant names it, for warnings
};

class Variant {
 public:
  Variant(std::string name, std::string title, std::shared_ptr<const Map> map, std::vector<Power> powers);

  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] const std::string& title() const { return title_; }
  [[nodiscard]] const Map& map() const { return *map_; }
  [[nodiscard]] const std::shared_ptr<const Map>& shared_map() const { return map_; }
  [[nodiscard]] std::size_t power_count() const { return powers_.size(); }
  // A power, or for kNeutral the owner of the neutral units, named "Neutral" (no home centres).
  [[nodiscard]] const Power& power(PowerId id) const { return id == kNeutral ? neutral_ : powers_[id]; }
  // Whether the map's names and the powers' names and adjectives are all plain text
  // (is_plain_text in text.hpp): a writer may copy them into JSON unchecked.
  [[nodiscard]] bool names_are_plain() const { return names_are_plain_; }
  // By name, adjective or alias, any case.
  [[nodiscard]] std::optional<PowerId> find_power(std::string_view name) const;
  // The same, the powers' own names tried from `likely` on first: a reader of a list of powers in
  // the variant's order, giving the power after the last it found, finds each at the first try,
  // inline.
  [[nodiscard]] std::optional<PowerId> find_power(std::string_view name, std::size_t likely) const {
    if (likely < powers_.size() && same_text(name, powers_[likely].name) && own_name_finds_[likely] != kNoPower)
      return own_name_finds_[likely];
    return find_power_from(name, likely);
  }
  // The most words of a power's name, adjective or alias that starts with this (normalized) word;
  // 0 when none does: a reader tries only the lengths a power's name can have.
  [[nodiscard]] std::size_t power_name_words_from(std::string_view first_word) const;

  [[nodiscard]] int victory_centres() const { return victory_centres_; }
  void set_victory_centres(int centres) { victory_centres_ = centres; }
  [[nodiscard]] const Phase& start_phase() const { return start_phase_; }
  // The seasons, years and phase names (`calendar:`; the Standard game's by default): the phase
  // after a phase, and every phase the variant's games read and write.
  [[nodiscard]] const Calendar& calendar() const { return calendar_; }
  void set_calendar(Calendar calendar) { calendar_ = std::move(calendar); }
  [[nodiscard]] std::string phase_name(const Phase& phase) const { return calendar_.write(phase); }
  [[nodiscard]] const Position& start_position() const { return *start_position_; }
  void set_start(Phase phase, Position position);
  // A first adjustment phase of free builds (DPjudge's MOBILIZE; `start: {mobilize: true}`): each
  // power builds one unit in a home centre of its choice, which then is the only centre it owns.
  [[nodiscard]] bool start_mobilizes() const { return start_mobilizes_; }
  // Whether a game at this phase mobilizes: the variant's first phase, when its start does (a
  // game, record or case file read there, unless it says otherwise).
  [[nodiscard]] bool mobilizes_in(const Phase& phase) const { return start_mobilizes_ && phase == start_phase_; }
  void set_start_mobilizes(bool mobilizes) { start_mobilizes_ = mobilizes; }
  // The variant's rule options: the defaults with the variant's own `rules:` applied.
  [[nodiscard]] const Rulebook& rules() const { return rules_; }
  void set_rules(Rulebook rules) { rules_ = std::move(rules); }
  // The variant's artwork; none: its map is drawn as provinces joined by borders.
  [[nodiscard]] const std::optional<VariantArtwork>& artwork() const { return artwork_; }
  void set_artwork(VariantArtwork artwork) { artwork_ = std::move(artwork); }

  // The plugins the variant names, in the order it names them.
  [[nodiscard]] const std::vector<VariantExtension>& extensions() const { return extensions_; }
  void add_extension(VariantExtension extension) { extensions_.push_back(std::move(extension)); }
  // Whether a supply centre counts for its owner (plugins may say not), and how many of a
  // power's centres count: what builds and victory go by.
  [[nodiscard]] bool centre_counts(ProvinceId centre, PowerId owner, const Rulebook& rules) const;
  // The reasons its plugins added (RulePlugin::reasons()), from kFirstVariantReason up.
  // add_reasons: a code already there keeps its value; false when there is no room (127 at most).
  bool add_reasons(const std::vector<ReasonText>& reasons);
  [[nodiscard]] std::optional<Reason> find_reason(std::string_view code) const;
  // The reason's text: a core reason's (describe), or one of the variant's; "?" for neither.
  [[nodiscard]] std::string_view reason_text(Reason reason) const;
  // Its stable code for programs: a core reason's (reason_code), or the plugin's ("frozen").
  [[nodiscard]] std::string_view reason_code(Reason reason) const;
  [[nodiscard]] std::size_t counted_centres(const Position& position, PowerId power, const Rulebook& rules) const;
  // The centres that are home to a power: its listed home centres, unless a plugin decides (the
  // build-anywhere plugin: every owned centre and only they).
  [[nodiscard]] bool is_home_centre(ProvinceId centre, PowerId power, const Position& position, const Rulebook& rules) const;
  [[nodiscard]] std::vector<ProvinceId> home_centres(PowerId power, const Position& position, const Rulebook& rules) const;
  // Where the power may build, by the `build_sites` rule (a build also needs the centre owned and
  // empty): its home centres, any power's home centre it owns, any centre it owns, or its listed sites.
  [[nodiscard]] bool is_build_site(ProvinceId centre, PowerId power, const Position& position, const Rulebook& rules) const;
  [[nodiscard]] std::vector<ProvinceId> build_sites(PowerId power, const Position& position, const Rulebook& rules) const;
  // The centres civil-disorder distances are counted from, by the `civil_disorder_centres` rule.
  [[nodiscard]] std::vector<ProvinceId> civil_disorder_centres(PowerId power, const Position& position, const Rulebook& rules) const;

 private:
  [[nodiscard]] bool is_any_power_home_centre(ProvinceId centre) const;
  [[nodiscard]] std::optional<PowerId> find_normalized_power(std::string_view key) const;

  std::string name_, title_;
  std::shared_ptr<const Map> map_;
  std::vector<Power> powers_;
  // Every name, adjective and alias of the powers, normalized, with its power: find_power's keys,
  // made once (a batch looks powers up for every line).
  std::vector<std::pair<std::string, PowerId>> power_keys_;
  std::vector<std::pair<std::string, std::size_t>> power_first_words_;  // first word, most words
  // The lengths of those first words: most words an order starts with ("A", "F") are of no such
  // length.
  WordLengths power_first_word_lengths_;
  int victory_centres_ = 0;
  Phase start_phase_{};
  std::optional<Position> start_position_;
  Rulebook rules_;
  std::vector<VariantExtension> extensions_;
  std::vector<ReasonText> reasons_;  // the plugins': reasons_[r - kFirstVariantReason]
  bool start_mobilizes_ = false;
  // Last, so that the members before it keep their places for plugins built before it came.
  Calendar calendar_;
  // What power(kNeutral) gives: the owner of the neutral units, a power of no map and no centres.
  Power neutral_{"Neutral", "Neutral", {}, {}, {}};
  std::optional<VariantArtwork> artwork_;
  bool names_are_plain_ = false;
  std::vector<PowerId> own_name_finds_;  // per power: what find_power gives for its name
  [[nodiscard]] std::optional<PowerId> find_power_from(std::string_view name, std::size_t likely) const;
};

}  // namespace dipadj
