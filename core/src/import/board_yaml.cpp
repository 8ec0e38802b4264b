#include "board_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>

#include "dipadj/text.hpp"
#include "import_names.hpp"

namespace dipadj::import {
namespace {

std::string province_of(const std::string& id) { return id.substr(0, id.find('/')); }

std::string coast_of(const std::string& id) {
  const auto slash = id.find('/');
  return slash == std::string::npos ? std::string() : id.substr(slash + 1);
}

struct Province {
  std::string id, name;
  std::vector<std::string> aliases;
  std::string kind;  // land, coastal, sea
  bool centre = false;
  std::vector<std::string> army, fleet;
  std::map<std::string, std::vector<std::string>> coasts;
  std::optional<std::pair<double, double>> at;
  std::map<std::string, std::pair<double, double>> coast_at;
};

class Writer {
 public:
  Writer(ImportedBoard& board, std::string name, std::string source) : board_(board), name_(std::move(name)), source_(std::move(source)) {}

  VariantFiles write() {
    collect_provinces();
    collect_edges();
    make_two_way();
    take_out_one_way();
    return {map_yaml(), variant_yaml()};
  }

 private:
  void note(const SourceLine& at, const std::string& message) { board_.add_note(Diagnostic{at.file, at.line, message}); }

  [[nodiscard]] bool has_coasts(const std::string& province) const {
    auto it = provinces_.find(province);
    return it != provinces_.end() && !it->second.coasts.empty();
  }

  void collect_provinces() {
    for (auto& [id, place] : board_.places) {
      const std::string province = province_of(id);
      if (id != province) continue;
      const auto seasonal = board_.seasonal.find(id);
      if (place.terrain == Terrain::Shut && seasonal != board_.seasonal.end()) {
        // Impassable but water in one season: DPjudge's ice sector (Loeb9's Arctic Ocean). A sea
        // tagged `ice` for the ice plugin, which freezes it in Fall and its retreats.
        place.terrain = Terrain::Water;
        ice_.insert(id);
        note(seasonal->second, "'" + id + "' is impassable but for a season: imported as a sea tagged 'ice' (the ice plugin "
                                         "freezes it in Fall and its retreats; its option ice_seasons chooses otherwise)");
      } else if (seasonal != board_.seasonal.end()) {
        note(seasonal->second, "'" + id + "': terrain that changes with the season, not carried (dipadj's terrain is fixed)");
      }
      if (place.terrain == Terrain::Shut) {
        shut_.insert(id);
        note(place.described, "'" + id + "' is impassable (DPjudge's SHUT, or a jDip province bordering only itself): left out of the map, as the bundled "
                             "maps leave out Switzerland; nothing borders it");
        continue;
      }
      Province out;
      out.id = id;
      out.name = place.name;
      if (!out.name.empty() && !unreadable_name_reason(out.name).empty()) {
        const std::string readable = readable_name(out.name);
        note(place.named, "'" + id + "' is named '" + out.name + "', which an order cannot name (" + unreadable_name_reason(out.name) +
                              "): named '" + (readable.empty() ? id : readable) + "'");
        out.name = readable.empty() ? id : readable;
      }
      if (out.name.empty()) {
        out.name = id;
        note(place.described, "'" + id + "' has no name line: named '" + id + "'");
      }
      out.aliases = place.aliases;
      out.at = place.at;
      bool any_coast = false;
      for (auto& [other, coast] : board_.places)
        if (province_of(other) == id && other != id && coast.terrain) {
          any_coast = true;
          out.coasts[coast_of(other)];
          if (coast.at) out.coast_at[coast_of(other)] = *coast.at;
          coast_names_.emplace(coast_of(other), coast.name);
        }
      if (!place.terrain && !any_coast) {
        note(place.named, "'" + id + "' is named but no line gives its terrain and borders: left out");
        continue;
      }
      out.kind = place.terrain == Terrain::Water ? "sea" : place.terrain == Terrain::Land && !any_coast ? "land" : "coastal";
      if (out.coasts.size() == 1) {  // one coast is no coast choice: the fleet stands on the province
        const std::string only = out.coasts.begin()->first;
        out.coasts.clear();
        single_coast_[id] = only;
      }
      provinces_.emplace(id, std::move(out));
    }
    for (const auto& power : board_.powers)
      for (const auto& centre : power.home_centres) {
        centre_(centre, power.line);
        // A centre home to two powers: the first keeps it (dipadj gives a home centre one power).
        const auto [it, first] = home_of_.emplace(province_of(centre), power.name);
        if (!first && it->second != power.name)
          note(power.line, "'" + centre + "' is a home centre of " + it->second + " too: left to " + it->second);
      }
    for (const auto& centre : board_.unowned_centres) centre_(centre, board_.unowned_line);
    for (const auto& [rule, at] : board_.rules) {
      if (rule == "BUILD_ANY") note(at, "builds in any owned centre (DPjudge's RULE BUILD_ANY, jDip's VALUE_BUILDS_ANY_OWNED): the rules build_sites owned_centres and civil_disorder_centres build_sites (DATC 11.A)");
      else if (rule == "MOBILIZE") note(at, "a first year of free builds (DPjudge's RULE MOBILIZE): start: {mobilize: true}");
      else note(at, "RULE " + rule + ": a DPjudge rule the import does not carry (docs/importing-maps.md)");
    }
    for (const auto& id : board_.ice)
      if (provinces_.count(id)) ice_.insert(id);
    settle_ice_seasons();
    for (const auto& id : board_.convoyable)
      if (auto it = provinces_.find(id); it != provinces_.end() && it->second.kind == "coastal") convoyable_.insert(id);
  }

  // The ice plugin's seasons are one choice for the whole variant: Spring and Fall when the
  // source freezes every ice sector in both, else Fall, with a note on each sector that the
  // source also freezes in Spring.
  void settle_ice_seasons() {
    const bool all_year = !ice_.empty() && std::all_of(ice_.begin(), ice_.end(), [&](const std::string& id) { return board_.ice_all_year.count(id) != 0; });
    if (all_year) {
      ice_all_year_ = true;
      board_.choices.push_back("every ice sector is frozen in Spring and Fall: rule option ice_seasons spring_and_fall");
      return;
    }
    for (const auto& id : ice_)
      if (board_.ice_all_year.count(id))
        note(board_.places.at(id).described, "'" + id + "' is frozen in Spring and Fall in the source, other ice sectors in Fall only: "
                                             "the variant freezes every ice sector in Fall only (the ice plugin's ice_seasons is one "
                                             "choice for the whole variant)");
  }

  void centre_(const std::string& id, const SourceLine& at) {
    auto it = provinces_.find(province_of(id));
    if (it == provinces_.end()) {
      note(at, "supply centre '" + id + "' is no province of the map: left out");
      return;
    }
    it->second.centre = true;
  }

  // A place a fleet can stand on, as dipadj names it: "bul/sc", or "rum"; empty when none.
  [[nodiscard]] std::string fleet_place(const std::string& target) const {
    const std::string province = province_of(target);
    auto it = provinces_.find(province);
    if (it == provinces_.end() || it->second.kind == "land") return {};
    if (it->second.coasts.empty()) return province;
    const std::string coast = coast_of(target);
    return it->second.coasts.count(coast) ? target : std::string();
  }

  void collect_edges() {
    for (auto& [id, place] : board_.places) {
      const std::string province = province_of(id);
      auto self = provinces_.find(province);
      if (self == provinces_.end()) continue;
      const bool coast_line = id != province && !single_coast_.count(province);
      for (const Abut& abut : place.abuts) {
        const std::string target = province_of(abut.target);
        if (target == province || shut_.count(target)) continue;
        auto other = provinces_.find(target);
        if (other == provinces_.end()) {
          note(place.described, "'" + id + "' borders '" + abut.target + "', which is not on the map: border left out");
          continue;
        }
        if (abut.difficult) difficult_.insert({std::min(province, target), std::max(province, target)});
        if (abut.army && !coast_line && self->second.kind != "sea" && other->second.kind != "sea") add_once(self->second.army, target);
        if (!abut.fleet || self->second.kind == "land") continue;
        const std::string to = fleet_place(abut.target);
        if (to.empty()) continue;
        if (!self->second.coasts.empty()) {
          if (coast_line) add_once(self->second.coasts[coast_of(id)], to);
        } else {
          add_once(self->second.fleet, to);
        }
      }
    }
  }

  // The source's own calendar (DPjudge's FLOW), when it has one.
  void write_calendar(YAML::Emitter& out) const {
    if (!board_.calendar) return;
    const ImportedCalendar& calendar = *board_.calendar;
    out << YAML::Key << "calendar" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "first_year" << YAML::Value << calendar.first_year;
    out << YAML::Key << "year_step" << YAML::Value << calendar.year_step;
    out << YAML::Key << "seasons" << YAML::Value << YAML::BeginSeq;
    for (const ImportedSeason& season : calendar.seasons) {
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << season.name;
      out << YAML::Key << "phases" << YAML::Value << YAML::Flow << season.phases;
      if (season.year_ends && &season != &calendar.seasons.back()) out << YAML::Key << "year_ends" << YAML::Value << true;
      out << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap;
  }

  // The variant's rules: the ice's seasons when every ice sector is frozen all year, builds in any
  // owned centre (RULE BUILD_ANY) as the build_sites settings.
  void write_rules(YAML::Emitter& out) const {
    const bool build_anywhere =
        std::any_of(board_.rules.begin(), board_.rules.end(), [](const auto& rule) { return rule.first == "BUILD_ANY"; });
    if (!ice_all_year_ && !build_anywhere && !board_.last_year) return;
    out << YAML::Key << "rules" << YAML::Value << YAML::Flow << YAML::BeginMap;
    if (board_.last_year) out << YAML::Key << "last_year" << YAML::Value << *board_.last_year;
    if (ice_all_year_) out << YAML::Key << "ice_seasons" << YAML::Value << "spring_and_fall";
    if (build_anywhere)
      out << YAML::Key << "build_sites" << YAML::Value << "owned_centres" << YAML::Key << "civil_disorder_centres" << YAML::Value
          << "build_sites";
    out << YAML::EndMap;
  }

  // dipadj wants each border of the lists given from both sides (a one-way border is written
  // under `one_way:`); a border the source gives from one side only, which in the maps imported
  // is nearly always a slip, is made two-way, and said at the line that gives it.
  void make_two_way() {
    struct Missing {
      std::string from, to;  // the border to add: from `from` to `to`
      bool army;
      std::string lister;    // the place whose line gives the other way
    };
    std::vector<Missing> missing;
    for (auto& [id, p] : provinces_) {
      for (const auto& to : p.army) {
        const auto& back = provinces_.at(to).army;
        if (std::find(back.begin(), back.end(), id) == back.end()) missing.push_back({to, id, true, id});
      }
      auto fleet_from = [&](const std::string& from_place, const std::vector<std::string>& list) {
        for (const auto& to : list) {
          const Province& q = provinces_.at(province_of(to));
          const auto& back = q.coasts.empty() ? q.fleet : q.coasts.at(coast_of(to));
          if (std::find(back.begin(), back.end(), from_place) == back.end()) missing.push_back({to, from_place, false, from_place});
        }
      };
      fleet_from(id, p.fleet);
      for (const auto& [coast, list] : p.coasts) fleet_from(id + "/" + coast, list);
    }
    for (const Missing& m : missing) {
      if (is_one_way(m.to, m.from, m.army)) continue;
      Province& q = provinces_.at(province_of(m.from));
      add_once(m.army ? q.army : q.coasts.empty() ? q.fleet : q.coasts.at(coast_of(m.from)), m.to);
      const std::string edge = std::string(m.army ? "army" : "fleet") + " " + m.to + " - " + m.from;
      const auto lister = board_.places.find(m.lister);
      note(lister == board_.places.end() ? SourceLine{} : lister->second.described,
           "the " + edge + " border is given one way only: made two-way");
      board_.choices.push_back("made two-way (given one way only): " + edge);
    }
  }

  [[nodiscard]] bool is_one_way(const std::string& from, const std::string& to, bool army) const {
    return std::any_of(board_.one_way.begin(), board_.one_way.end(),
                       [&](const ImportedBoard::OneWay& b) { return b.from == from && b.to == to && b.army == army; });
  }

  // A border crossed one way only is not in the provinces' lists (which hold two-way borders) but
  // under one_way:.
  void take_out_one_way() {
    for (const auto& border : board_.one_way) {
      const auto from = provinces_.find(province_of(border.from));
      if (from == provinces_.end() || !provinces_.count(province_of(border.to))) continue;
      Province& p = from->second;
      auto& list = border.army ? p.army : p.coasts.empty() ? p.fleet : p.coasts[coast_of(border.from)];
      if (std::erase(list, border.to) > 0) one_way_.push_back(border);
    }
  }

  [[nodiscard]] std::string map_yaml() const {
    YAML::Emitter out;
    out.SetDoublePrecision(10);  // a point's coordinates as written (a tenth of a unit), not as binary doubles print
    out << YAML::Comment("Imported by 'dipadj import' from " + source_ + " (docs/importing-maps.md).");
    for (const auto& choice : board_.choices) out << YAML::Newline << YAML::Comment(choice);
    if (!shut_.empty()) {
      std::string list;
      for (const auto& id : shut_) list += (list.empty() ? "" : ", ") + id;
      out << YAML::Newline << YAML::Comment("Impassable provinces left out (nothing can enter them): " + list);
    }
    out << YAML::BeginMap << YAML::Key << "format" << YAML::Value << "dipadj-map/1";
    if (!coast_names_.empty()) {
      out << YAML::Key << "coasts" << YAML::Value << YAML::BeginMap;
      for (const auto& [coast, place_name] : coast_names_) {
        out << YAML::Key << coast << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value
            << coast_title(coast, place_name) << YAML::EndMap;
      }
      out << YAML::EndMap;
    }
    out << YAML::Key << "provinces" << YAML::Value << YAML::BeginSeq;
    for (const auto& [id, p] : provinces_) {
      out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << id << YAML::Key << "name" << YAML::Value << p.name;
      std::vector<std::string> aliases;
      for (const auto& alias : p.aliases)
        if (unique_name(alias, id)) aliases.push_back(alias);
      if (!aliases.empty()) out << YAML::Key << "aliases" << YAML::Value << YAML::Flow << aliases;
      out << YAML::Key << "kind" << YAML::Value << p.kind;
      if (p.at) out << YAML::Key << "at" << YAML::Value << YAML::Flow << std::vector<double>{p.at->first, p.at->second};
      if (!p.coast_at.empty() && !p.coasts.empty()) {
        out << YAML::Key << "coast_at" << YAML::Value << YAML::Flow << YAML::BeginMap;
        for (const auto& [coast, at] : p.coast_at) out << YAML::Key << coast << YAML::Value << YAML::Flow << std::vector<double>{at.first, at.second};
        out << YAML::EndMap;
      }
      if (p.centre) out << YAML::Key << "supply_centre" << YAML::Value << true;
      if (!p.army.empty()) out << YAML::Key << "army" << YAML::Value << YAML::Flow << p.army;
      if (!p.fleet.empty()) out << YAML::Key << "fleet" << YAML::Value << YAML::Flow << p.fleet;
      if (!p.coasts.empty()) {
        out << YAML::Key << "coasts" << YAML::Value << YAML::BeginMap;
        for (const auto& [coast, list] : p.coasts) out << YAML::Key << coast << YAML::Value << YAML::Flow << list;
        out << YAML::EndMap;
      }
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (!one_way_.empty()) {
      out << YAML::Key << "one_way" << YAML::Value << YAML::BeginSeq;
      for (const auto& border : one_way_)
        out << YAML::Flow << YAML::BeginMap << YAML::Key << (border.army ? "army" : "fleet") << YAML::Value << YAML::Flow
            << std::vector<std::string>{border.from, border.to} << YAML::EndMap;
      out << YAML::EndSeq;
    }
    if (!difficult_.empty() || !ice_.empty() || !convoyable_.empty()) {
      out << YAML::Key << "tags" << YAML::Value << YAML::BeginSeq;
      for (const auto& [tag, ids] : {std::pair{"ice", &ice_}, std::pair{"convoyable", &convoyable_}})
        for (const auto& id : *ids)
          out << YAML::Flow << YAML::BeginMap << YAML::Key << "province" << YAML::Value << id << YAML::Key << "tags" << YAML::Value
              << YAML::Flow << std::vector<std::string>{tag} << YAML::EndMap;
      for (const auto& [a, b] : difficult_)
        out << YAML::Flow << YAML::BeginMap << YAML::Key << "border" << YAML::Value << YAML::Flow << std::vector<std::string>{a, b}
            << YAML::Key << "tags" << YAML::Value << YAML::Flow << std::vector<std::string>{"difficult"} << YAML::EndMap;
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
  }

  // An alias no other province uses as id, name or alias (the loader refuses a name given twice).
  [[nodiscard]] bool unique_name(const std::string& alias, const std::string& owner) const {
    if (!unreadable_name_reason(alias).empty()) return false;  // an order could not name it
    const std::string key = normalize_name(alias);
    // One letter, or a word of orders: an order reader would take it for something else.
    static constexpr std::string_view kOrderWords[] = {"a", "f", "s", "h", "c", "d", "b", "r", "army", "fleet", "hold", "holds",
                                                       "support", "supports", "convoy", "convoys", "move", "moves", "via", "build",
                                                       "disband", "remove", "waive", "retreat", "to", "by", "and"};
    if (key.size() < 2 || std::find(std::begin(kOrderWords), std::end(kOrderWords), key) != std::end(kOrderWords)) return false;
    for (const auto& [id, p] : provinces_) {
      if (normalize_name(id) == key && id != owner) return false;
      if (normalize_name(p.name) == key) return false;
      if (id == owner) continue;
      for (const auto& other : p.aliases)
        if (normalize_name(other) == key) return false;
    }
    return true;
  }

  [[nodiscard]] std::string variant_yaml() const {
    YAML::Emitter out;
    out << YAML::Comment("Imported by 'dipadj import' from " + source_ + " (docs/importing-maps.md).");
    for (const auto& comment : board_.variant_comments) out << YAML::Newline << YAML::Comment(comment);
    std::size_t centres = 0;
    for (const auto& [id, p] : provinces_) centres += p.centre ? 1 : 0;
    out << YAML::BeginMap << YAML::Key << "format" << YAML::Value << "dipadj-variant/1";
    out << YAML::Key << "name" << YAML::Value << name_;
    out << YAML::Key << "title" << YAML::Value << (name_ + " (imported from " + source_ + ")");
    out << YAML::Key << "map" << YAML::Value << "map.yaml";
    if (!board_.artwork.empty()) out << YAML::Key << "artwork" << YAML::Value << board_.artwork;
    if (board_.victory_centres) {
      out << YAML::Key << "victory_centres" << YAML::Value << *board_.victory_centres;
    } else {
      out << YAML::Key << "victory_centres" << YAML::Value << (centres == 0 ? 0 : centres / 2 + 1)
          << YAML::Comment(centres == 0 ? std::string("chosen: no supply centre, so nobody wins")
                                        : "chosen: more than half of the " + std::to_string(centres) + " supply centres");
    }
    write_calendar(out);
    out << YAML::Key << "powers" << YAML::Value << YAML::BeginSeq;
    for (const auto& power : board_.powers) {
      out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << power.name;
      if (!power.adjective.empty() && normalize_name(power.adjective) != normalize_name(power.name))
        out << YAML::Key << "adjective" << YAML::Value << power.adjective;
      if (!power.aliases.empty()) out << YAML::Key << "aliases" << YAML::Value << YAML::Flow << power.aliases;
      std::vector<std::string> homes;
      for (const auto& centre : power.home_centres)
        if (provinces_.count(province_of(centre)) && home_of_.at(province_of(centre)) == power.name) add_once(homes, province_of(centre));
      out << YAML::Key << "home_centres" << YAML::Value << YAML::Flow << homes << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "start" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "phase" << YAML::Value << (board_.start_phase.empty() ? std::string("Spring 1901 Movement") : board_.start_phase);
    if (board_.start_phase.empty()) out << YAML::Comment("chosen: the source gives no BEGIN line");
    if (std::any_of(board_.rules.begin(), board_.rules.end(), [](const auto& rule) { return rule.first == "MOBILIZE"; }))
      out << YAML::Key << "mobilize" << YAML::Value << true;
    out << YAML::Key << "units" << YAML::Value << YAML::BeginMap;
    for (const auto& power : board_.powers) {
      if (power.units.empty()) continue;
      std::vector<std::string> units;
      for (const auto& [type, place] : power.units) units.push_back(std::string(1, type) + " " + place);
      out << YAML::Key << power.name << YAML::Value << YAML::Flow << units;
    }
    out << YAML::EndMap;
    if (board_.start_owners) {
      std::map<std::string, std::vector<std::string>> owned;  // power -> centres
      for (const auto& [centre, power] : *board_.start_owners)
        if (auto it = provinces_.find(province_of(centre)); it != provinces_.end() && it->second.centre) owned[power].push_back(it->first);
      out << YAML::Key << "supply_centres" << YAML::Value << YAML::BeginMap;
      for (const auto& power : board_.powers)
        if (auto it = owned.find(power.name); it != owned.end()) out << YAML::Key << power.name << YAML::Value << YAML::Flow << it->second;
      out << YAML::EndMap;
    }
    out << YAML::EndMap;
    write_rules(out);
    // Rules that need code: the bundled plugins that do what the source's marks and RULE lines say.
    std::vector<std::pair<std::string, std::string>> plugins;  // name, tag setting ("" for none)
    if (!ice_.empty()) plugins.emplace_back("ice", "ice");
    if (!difficult_.empty()) plugins.emplace_back("difficult-borders", "difficult");
    if (!convoyable_.empty()) plugins.emplace_back("convoyable-coasts", "convoyable");
    if (!plugins.empty()) {
      out << YAML::Key << "plugins" << YAML::Value << YAML::BeginSeq;
      for (const auto& [plugin, tag] : plugins) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << plugin;
        if (!tag.empty())
          out << YAML::Key << "settings" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "tag" << YAML::Value << tag
              << YAML::EndMap;
        out << YAML::EndMap;
      }
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
  }

  ImportedBoard& board_;
  std::string name_, source_;
  std::map<std::string, Province> provinces_;
  std::map<std::string, std::string> coast_names_;    // coast id -> a place's name that shows it
  std::map<std::string, std::string> single_coast_;   // province -> its only coast, dropped
  std::set<std::string> shut_;
  std::vector<ImportedBoard::OneWay> one_way_;  // taken out of the lists, written under one_way:
  std::set<std::pair<std::string, std::string>> difficult_;
  std::set<std::string> ice_;
  bool ice_all_year_ = false;  // every ice sector frozen in Spring too: ice_seasons spring_and_fall
  std::set<std::string> convoyable_;
  std::map<std::string, std::string> home_of_;  // home centre -> the power it is home to
};

}  // namespace

VariantFiles write_variant(ImportedBoard& board, const std::string& name, const std::string& source_name) {
  return Writer(board, name, source_name).write();
}

}  // namespace dipadj::import
