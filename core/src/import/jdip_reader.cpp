#include "jdip_reader.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

#include "dipadj/text.hpp"
#include "jdip_map_reader.hpp"
#include "source_folder.hpp"
#include "xml_document.hpp"

namespace dipadj::import {
namespace {

class JdipReader {
 public:
  explicit JdipReader(std::vector<Diagnostic>& errors) : errors_(errors) {}

  ImportedBoard read(const std::filesystem::path& file, const std::string& wanted) {
    ImportedBoard board = read_board(file, wanted);
    if (errors_.left_out() > 0)
      errors_.list().push_back(Diagnostic{file.string(), 0, std::to_string(errors_.left_out()) + " more problems, left out (the first " +
                                                                 std::to_string(kMaxReported) + " are above)"});
    return board;
  }

 private:
  ImportedBoard read_board(const std::filesystem::path& file, const std::string& wanted) {
    variants_file_ = file.string();
    auto root = read_xml_file(file, errors_.list());
    if (!root) return {};
    if (root->name == "PROVINCES") {
      error(variants_file_, root->line,
            "a jDip adjacency file, which holds no powers: import the variants.xml whose MAP element names it "
            "(--variant NAME chooses among its variants)");
      return {};
    }
    if (root->name != "VARIANTS") {
      error(variants_file_, root->line, "the root element is <" + root->name + ">: not a jDip variants.xml (<VARIANTS>)");
      return {};
    }
    const XmlElement* variant = choose_variant(*root, wanted);
    if (variant == nullptr) return {};
    read_map(*variant, file.parent_path());
    if (errors_.any()) return {};
    read_map_graphic(*root, *variant, file.parent_path());
    for (const auto* power : children_named(*variant, "POWER")) read_power(*power);
    for (const auto* options : children_named(*variant, "RULEOPTIONS"))
      for (const auto* option : children_named(*options, "RULEOPTION")) read_rule_option(*option);
    for (const auto* time : children_named(*variant, "STARTINGTIME")) read_starting_time(*time);
    for (const auto* conditions : children_named(*variant, "VICTORYCONDITIONS")) read_victory(*conditions);
    read_supply_centres(*variant);
    for (const auto* unit : children_named(*variant, "INITIALSTATE")) read_unit(*unit);
    if (errors_.any()) return {};
    return std::move(board_);
  }

  void error(const std::string& file, int line, std::string message) { errors_.add(file, line, std::move(message)); }
  void note(const std::string& file, int line, std::string message) { board_.add_note(Diagnostic{file, line, std::move(message)}); }

  const XmlElement* choose_variant(const XmlElement& root, const std::string& wanted) {
    const auto variants = children_named(root, "VARIANT");
    std::string names;
    for (const auto* v : variants) names += (names.empty() ? "" : ", ") + v->attribute_or("name", "?");
    if (variants.empty()) {
      error(variants_file_, root.line, "no VARIANT element");
      return nullptr;
    }
    if (!wanted.empty()) {
      for (const auto* v : variants) {
        std::vector<std::string> names_of = split_jdip_list(v->attribute_or("aliases", ""));
        names_of.push_back(v->attribute_or("name", ""));
        for (const auto& name : names_of)
          if (normalize_name(name) == normalize_name(wanted)) return chosen(*v, variants.size());
      }
      error(variants_file_, root.line, "no variant named '" + printable(wanted) + "' (the file holds: " + names + ")");
      return nullptr;
    }
    if (variants.size() == 1) return chosen(*variants.front(), 1);
    for (const auto* v : variants)
      if (v->attribute_or("default", "false") == "true") return chosen(*v, variants.size());
    error(variants_file_, root.line,
          "the file holds " + std::to_string(variants.size()) + " variants and marks none default: choose one with --variant (" + names + ")");
    return nullptr;
  }

  const XmlElement* chosen(const XmlElement& variant, std::size_t among) {
    const std::string name = variant.attribute_or("name", "?");
    board_.choices.push_back("jDip variant '" + name + "' of " + std::filesystem::path(variants_file_).filename().string() +
                             (among > 1 ? " (one of " + std::to_string(among) + ")" : std::string()));
    return &variant;
  }

  // The MAP element's adjacency file, once it is known to be a file of the variants.xml's folder.
  void read_map(const XmlElement& variant, const std::filesystem::path& folder) {
    const auto maps = children_named(variant, "MAP");
    const std::string* uri = maps.empty() ? nullptr : maps.front()->attribute("adjacencyURI");
    if (uri == nullptr || uri->empty()) {
      error(variants_file_, maps.empty() ? variant.line : maps.front()->line, "the VARIANT has no MAP element with an adjacencyURI");
      return;
    }
    if (uri->find(':') != std::string::npos) {
      error(variants_file_, maps.front()->line, "adjacencyURI '" + printable(*uri) + "' is not a file beside the variants.xml");
      return;
    }
    const std::filesystem::path adjacency = folder / *uri;
    if (const std::string refused = SourceFolder(variants_file_).refusal(*uri, adjacency); !refused.empty()) {
      error(variants_file_, maps.front()->line, "adjacencyURI '" + printable(*uri) + "': not read: " + refused);
      return;
    }
    board_.choices.push_back("its map: " + adjacency.filename().string());
    map_.read(adjacency);
  }

  // The SVG map the variant shows (its MAP's MAP_GRAPHIC marked default, else its first), found
  // through the MAP_DEFINITION of that id: kept as the artwork when it is a file of the folder.
  // Without it the variant is imported all the same, with a note.
  void read_map_graphic(const XmlElement& root, const XmlElement& variant, const std::filesystem::path& folder) {
    const XmlElement* graphic = nullptr;
    for (const auto* map : children_named(variant, "MAP"))
      for (const auto* candidate : children_named(*map, "MAP_GRAPHIC"))
        if (graphic == nullptr || (candidate->attribute_or("default", "false") == "true" && graphic->attribute_or("default", "false") != "true"))
          graphic = candidate;
    if (graphic == nullptr) return;
    const std::string ref = graphic->attribute_or("ref", "");
    const XmlElement* definition = nullptr;
    for (const auto* candidate : children_named(root, "MAP_DEFINITION"))
      if (candidate->attribute_or("id", "") == ref) definition = candidate;
    const std::string* uri = definition == nullptr ? nullptr : definition->attribute("URI");
    if (uri == nullptr || uri->empty()) {
      note(variants_file_, graphic->line, "MAP_GRAPHIC '" + printable(ref) + "' names no MAP_DEFINITION with a URI: the variant has no artwork");
      return;
    }
    const std::filesystem::path picture = folder / *uri;
    std::string refused = uri->find(':') != std::string::npos ? "not a file beside the variants.xml" : SourceFolder(variants_file_).refusal(*uri, picture);
    std::error_code ec;
    if (refused.empty() && !std::filesystem::is_regular_file(picture, ec)) refused = "no such file";
    if (!refused.empty()) {
      note(variants_file_, definition->line, "the map picture '" + printable(*uri) + "': not kept as the artwork: " + refused);
      return;
    }
    board_.artwork_source = picture;
    board_.choices.push_back("its artwork: " + picture.filename().string() + " (MAP_GRAPHIC '" + ref + "')");
  }

  // The power of that name or alias (the first to claim it); a look-up, so that a file of many
  // powers is read in time proportional to them.
  [[nodiscard]] ImportedPower* power_named(const std::string& written) {
    const auto found = power_keys_.find(normalize_name(written));
    return found == power_keys_.end() ? nullptr : &board_.powers[found->second];
  }

  void read_power(const XmlElement& element) {
    const std::string* name = element.attribute("name");
    if (name == nullptr || name->empty()) {
      error(variants_file_, element.line, "a POWER without name");
      return;
    }
    if (power_named(*name) != nullptr) {
      error(variants_file_, element.line, "power '" + printable(*name) + "' is given twice");
      return;
    }
    ImportedPower power;
    power.name = *name;
    power.adjective = element.attribute_or("adjective", "");
    power.aliases = split_jdip_list(element.attribute_or("altnames", ""));
    power.line = {variants_file_, element.line};
    if (element.attribute_or("active", "true") == "false") {
      // jDip's Standard for five or six players: a power nobody plays, whose units stand on the
      // board, hold and are removed when dislodged. A variant cannot mark a power so; a game does,
      // by civil disorder, which plays it that way.
      note(variants_file_, element.line, "power '" + *name + "' is inactive (active=\"false\"): imported as a power with its units and "
                                         "centres; jDip gives it no orders, its units hold and a dislodged one is removed: a game plays it "
                                         "so when it lists the power under civil_disorder (docs/game-format.md)");
      board_.choices.push_back("inactive in the source (no orders; a game lists it under civil_disorder): " + *name);
    }
    power_keys_.emplace(normalize_name(power.name), board_.powers.size());
    for (const auto& alias : power.aliases) power_keys_.emplace(normalize_name(alias), board_.powers.size());
    board_.powers.push_back(std::move(power));
  }

  void read_rule_option(const XmlElement& element) {
    const std::string name = element.attribute_or("name", "");
    const std::string value = element.attribute_or("value", "");
    if (name == "OPTION_BUILDS" && value == "VALUE_BUILDS_HOME_ONLY") return;
    if (name == "OPTION_WINGS" && value == "VALUE_WINGS_DISABLED") return;
    if (name == "OPTION_BUILDS" && value == "VALUE_BUILDS_ANY_OWNED") {
      board_.rules.emplace_back("BUILD_ANY", SourceLine{variants_file_, element.line});
      return;
    }
    const std::string why = name == "OPTION_WINGS" ? "dipadj has no wing units: not carried; the variant has armies and fleets only "
                                                     "(no wing is built, and its wing units are left out)"
                                                   : "a jDip rule option the import does not carry";
    note(variants_file_, element.line, "RULEOPTION " + printable(name) + " = " + printable(value) + ": " + why + " (docs/importing-maps.md)");
  }

  void read_starting_time(const XmlElement& element) {
    const std::string turn = element.attribute_or("turn", "");
    const auto words = split_jdip_list(ascii_lower(turn));
    int year = 0;
    const bool year_read = words.size() == 3 && std::from_chars(words[1].data(), words[1].data() + words[1].size(), year).ec == std::errc{};
    const std::string season = words.size() == 3 ? words[0] : std::string();
    std::string phase = words.size() == 3 ? words[2] : std::string();
    if (!phase.empty() && phase.back() == 's') phase.pop_back();
    const bool known_season = season == "spring" || season == "fall" || season == "autumn";
    if (!year_read || !known_season || (phase != "movement" && phase != "retreat" && phase != "adjustment")) {
      error(variants_file_, element.line, "STARTINGTIME turn '" + printable(turn) + "' is not 'Season, Year, Phase' (e.g. Spring, 1901, Movement)");
      return;
    }
    if (year <= 0) {
      note(variants_file_, element.line, "STARTINGTIME turn '" + printable(turn) + "': dipadj's years start at 1: the game starts in Spring 1901 Movement");
      return;
    }
    const std::string y = std::to_string(year);
    start_year_ = year;
    if (phase == "adjustment") board_.start_phase = "Winter " + y + " Adjustments";  // jDip adjusts in Fall, dipadj in Winter
    else board_.start_phase = std::string(season == "spring" ? "Spring " : "Fall ") + y + (phase == "retreat" ? " Retreats" : " Movement");
  }

  void read_victory(const XmlElement& conditions) {
    for (const auto& condition : conditions.children) {
      const std::string value = condition.attribute_or("value", "");
      if (condition.name == "WINNING_SUPPLY_CENTERS") {
        int centres = 0;
        if (std::from_chars(value.data(), value.data() + value.size(), centres).ec != std::errc{} || centres <= 0) {
          error(variants_file_, condition.line, "WINNING_SUPPLY_CENTERS value '" + printable(value) + "' is not a positive number");
          continue;
        }
        board_.victory_centres = centres;
      } else if (condition.name == "GAME_LENGTH") {
        read_game_length(condition, value);
      } else {
        note(variants_file_, condition.line, condition.name + " " + printable(value) +
                                                 ": not carried (a dipadj game ends when a power has its victory_centres)");
      }
    }
  }

  // jDip ends a game as a draw after GAME_LENGTH years (0: no limit): dipadj's last_year with
  // last_year_result draw, its default.
  void read_game_length(const XmlElement& condition, const std::string& value) {
    int years = 0;
    if (std::from_chars(value.data(), value.data() + value.size(), years).ec != std::errc{} || years < 0) {
      error(variants_file_, condition.line, "GAME_LENGTH value '" + printable(value) + "' is not a number of years");
      return;
    }
    if (years == 0) return;  // no limit, as dipadj's default
    board_.last_year = start_year_ + years - 1;
    note(variants_file_, condition.line, "GAME_LENGTH " + std::to_string(years) + ": the rule last_year " + std::to_string(*board_.last_year) +
                                             " (the game is drawn when that year ends)");
  }

  void read_supply_centres(const XmlElement& variant) {
    std::map<std::string, std::string> owners;
    bool owners_differ = false;
    for (const auto* centre : children_named(variant, "SUPPLYCENTER")) {
      const std::string id = map_.location(centre->attribute_or("province", ""), variants_file_, centre->line);
      if (id.empty()) continue;
      if (id.find('/') != std::string::npos) {
        error(variants_file_, centre->line, "supply centre '" + id + "' is a coast, not a province");
        continue;
      }
      const std::string home_name = centre->attribute_or("homepower", "none");
      const std::string owner_name = centre->attribute_or("owner", "none");
      ImportedPower* home = ascii_lower(home_name) == "none" ? nullptr : power_named(home_name);
      ImportedPower* owner = ascii_lower(owner_name) == "none" ? nullptr : power_named(owner_name);
      if ((home == nullptr && ascii_lower(home_name) != "none") || (owner == nullptr && ascii_lower(owner_name) != "none")) {
        error(variants_file_, centre->line, "'" + printable(home == nullptr ? home_name : owner_name) + "' is none of the variant's POWERs");
        continue;
      }
      if (home != nullptr) {
        home->home_centres.push_back(id);
      } else {
        if (board_.unowned_centres.empty()) board_.unowned_line = {variants_file_, centre->line};
        board_.unowned_centres.push_back(id);
      }
      if (owner != nullptr) owners[id] = owner->name;
      owners_differ = owners_differ || home != owner;
    }
    if (owners_differ) {
      board_.start_owners = std::move(owners);
      board_.choices.push_back("the first owners of the supply centres are the source's SUPPLYCENTER owners, not the home powers");
    }
  }

  void read_unit(const XmlElement& element) {
    const std::string province = map_.location(element.attribute_or("province", ""), variants_file_, element.line);
    if (province.empty()) return;
    const std::string type = ascii_lower(element.attribute_or("unit", ""));
    const std::string coast = ascii_lower(element.attribute_or("unitcoast", ""));
    ImportedPower* power = power_named(element.attribute_or("power", ""));
    if (power == nullptr) {
      error(variants_file_, element.line, "INITIALSTATE power '" + printable(element.attribute_or("power", "")) + "' is none of the variant's POWERs");
      return;
    }
    if (type == "wing") {
      note(variants_file_, element.line, "a wing of " + power->name + " in " + province + ": dipadj has no wing units: left out (" + power->name +
                                         " starts with one unit fewer)");
      return;
    }
    if (type != "army" && type != "fleet") {
      error(variants_file_, element.line, "INITIALSTATE unit '" + printable(type) + "' is none of army, fleet, wing");
      return;
    }
    std::string at = province;
    if (is_jdip_coast_type(coast)) at += "/" + coast;
    else if (!coast.empty() && coast != "mv" && coast != "xc" && coast != "none") error(variants_file_, element.line, "unitcoast '" + printable(coast) + "' is no coast");
    if (!board_.places.count(at) || province.find('/') != std::string::npos) {
      error(variants_file_, element.line, "INITIALSTATE place '" + printable(at) + "' is not on the map");
      return;
    }
    power->units.emplace_back(type == "army" ? 'A' : 'F', at);
  }

  LimitedErrors errors_;
  ImportedBoard board_;
  JdipMapReader map_{board_, errors_};
  std::string variants_file_;
  int start_year_ = 1901;  // STARTINGTIME's year, read before the victory conditions
  std::unordered_map<std::string, std::size_t> power_keys_;  // every name of a power, normalized -> its index
};

}  // namespace

ImportedBoard read_jdip_variant(const std::filesystem::path& variants_xml, const std::string& variant, std::vector<Diagnostic>& errors) {
  return JdipReader(errors).read(variants_xml, variant);
}

}  // namespace dipadj::import
