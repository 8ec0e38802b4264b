#include "jdip_reader.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>

#include "dipadj/text.hpp"
#include "source_folder.hpp"
#include "xml_document.hpp"

namespace dipadj::import {
namespace {

constexpr std::string_view kCoastTypes[] = {"nc", "sc", "ec", "wc"};

bool is_coast_type(std::string_view type) { return std::find(std::begin(kCoastTypes), std::end(kCoastTypes), type) != std::end(kCoastTypes); }

std::string coast_title(std::string_view coast) {
  if (coast == "nc") return "north coast";
  if (coast == "sc") return "south coast";
  if (coast == "ec") return "east coast";
  return "west coast";
}

bool plausible_id(const std::string& word) {
  return !word.empty() && word.size() <= 16 &&
         std::all_of(word.begin(), word.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// jDip's lists ("bul-sc ank smy", "Britain, UK") split at white space and commas.
std::vector<std::string> split_list(std::string_view text) {
  std::string spaced(text);
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  return split_words(spaced);
}

std::string trimmed_lower(const std::string* text) { return text ? join_words(split_words(ascii_lower(*text))) : std::string(); }

std::vector<const XmlElement*> children_named(const XmlElement& element, std::string_view name) {
  std::vector<const XmlElement*> out;
  for (const auto& child : element.children)
    if (child.name == name) out.push_back(&child);
  return out;
}

// A province's ADJACENCY elements, read in a second pass once every province is known.
struct ProvinceElement {
  std::string id;
  const XmlElement* element;
};

// A fleet border to a coast ("bul-sc"), checked once every province's coasts are known.
struct CoastReference {
  std::string from, target;
  int line;
};

class JdipReader {
 public:
  explicit JdipReader(std::vector<Diagnostic>& errors) : errors_(errors) {}

  ImportedBoard read(const std::filesystem::path& file, const std::string& wanted) {
    ImportedBoard board = read_board(file, wanted);
    if (errors_left_out_ > 0)
      errors_.push_back(Diagnostic{file.string(), 0, std::to_string(errors_left_out_) + " more problems, left out (the first " +
                                                          std::to_string(kMaxReported) + " are above)"});
    return board;
  }

 private:
  ImportedBoard read_board(const std::filesystem::path& file, const std::string& wanted) {
    variants_file_ = file.string();
    auto root = read_xml_file(file, errors_);
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
    if (!errors_.empty()) return {};
    for (const auto* power : children_named(*variant, "POWER")) read_power(*power);
    for (const auto* options : children_named(*variant, "RULEOPTIONS"))
      for (const auto* option : children_named(*options, "RULEOPTION")) read_rule_option(*option);
    for (const auto* time : children_named(*variant, "STARTINGTIME")) read_starting_time(*time);
    for (const auto* conditions : children_named(*variant, "VICTORYCONDITIONS")) read_victory(*conditions);
    read_supply_centres(*variant);
    for (const auto* unit : children_named(*variant, "INITIALSTATE")) read_unit(*unit);
    if (!errors_.empty()) return {};
    return std::move(board_);
  }

  void error(const std::string& file, int line, std::string message) {
    if (errors_.size() < kMaxReported) errors_.push_back(Diagnostic{file, line, std::move(message)});
    else ++errors_left_out_;
  }
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
        std::vector<std::string> names_of = split_list(v->attribute_or("aliases", ""));
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
    adjacency_file_ = adjacency.string();
    board_.choices.push_back("its map: " + adjacency.filename().string());
    auto root = read_xml_file(adjacency, errors_);
    if (!root) return;
    if (root->name != "PROVINCES") {
      error(adjacency_file_, root->line, "the root element is <" + root->name + ">: not a jDip adjacency file (<PROVINCES>)");
      return;
    }
    adjacency_ = std::move(*root);
    std::vector<ProvinceElement> provinces;
    for (const auto& element : adjacency_.children) {
      if (element.name == "BORDER_DEFINITIONS") {
        for (const auto* border : children_named(element, "BORDER")) {
          const std::string id = border->attribute_or("id", "");
          if (id.empty()) error(adjacency_file_, border->line, "a BORDER without id");
          else if (!borders_.emplace(id, border).second) error(adjacency_file_, border->line, "BORDER '" + printable(id) + "' is defined twice");
        }
      } else if (element.name == "PROVINCE") {
        if (auto id = read_province(element)) provinces.push_back({*id, &element});
      } else {
        note(adjacency_file_, element.line, "element <" + element.name + "> is none of jDip's map elements: not read");
      }
    }
    // jDip names a province in refs, centres and units by any of its names (std_adjacency.xml's
    // refs say "nor" for the province whose shortname is "nwy").
    for (const auto& province : provinces) names_.emplace(province.id, province.id);
    for (const auto& province : provinces) {
      const Place& place = board_.places.at(province.id);
      for (const auto& alias : place.aliases) {
        const auto [it, added] = names_.emplace(alias, province.id);
        if (!added && it->second != province.id)
          note(adjacency_file_, province.element->line,
               "the name '" + alias + "' of '" + province.id + "' is also " + it->second + "'s: it stays " + it->second + "'s");
      }
    }
    for (const auto& province : provinces) read_adjacencies(province);
    // jDip does not check these (octarine_adjacency.xml names a coast tit-wc that Tito Desert does
    // not have); nothing can use such a border.
    for (const auto& reference : coast_references_) {
      if (board_.places.count(reference.target)) continue;
      const std::string province = reference.target.substr(0, reference.target.find('/'));
      note(adjacency_file_, reference.line,
           "'" + reference.from + "' borders '" + reference.target + "', but " + province + " has no such coast (no ADJACENCY type=\"" +
               reference.target.substr(province.size() + 1) + "\"): border left out");
    }
    for (const auto& province : provinces) read_borders(province);
    for (const auto& [from, into] : difficult_)
      if (!difficult_.count({into, from}))
        note(adjacency_file_, board_.places.at(into).described.line,
             "the difficult passable border " + from + " - " + into + " is given for entering " + into +
                 " only: tagged 'difficult' both ways (dipadj's difficult borders work both ways)");
  }

  std::optional<std::string> read_province(const XmlElement& element) {
    const std::string* shortname = element.attribute("shortname");
    const std::string* fullname = element.attribute("fullname");
    if (shortname == nullptr || fullname == nullptr) {
      error(adjacency_file_, element.line, "a PROVINCE needs both shortname and fullname");
      return std::nullopt;
    }
    const std::string id = ascii_lower(*shortname);
    if (!plausible_id(id)) {
      error(adjacency_file_, element.line, "shortname '" + printable(*shortname) + "' is not an id (letters and digits, at most 16)");
      return std::nullopt;
    }
    if (board_.places.count(id)) {
      error(adjacency_file_, element.line, "province '" + id + "' is given twice");
      return std::nullopt;
    }
    Place& place = board_.places[id];
    place.id = id;
    place.name = *fullname;
    place.named = place.described = {adjacency_file_, element.line};
    for (const auto* name : children_named(element, "UNIQUENAME"))
      if (const std::string* alias = name->attribute("name"); alias && !alias->empty()) place.aliases.push_back(ascii_lower(*alias));
    if (element.attribute_or("isConvoyableCoast", "false") == "true") board_.convoyable.insert(id);
    return id;
  }

  // "bul-sc" or "bul/sc" -> "bul/sc", "ANK" -> "ank", "nor" -> "nwy" (a name of nwy); empty (with an error in
  // `file`) when no province has that name.
  std::string location(const std::string& ref, const std::string& file, int line) {
    std::string name = ascii_lower(ref), coast;
    // jDip writes a coast "stp-nc", and its parser takes "stp/nc" too (loeb9_tc14fgl_adjacency.xml).
    if (const auto dash = name.find_last_of("-/"); dash != std::string::npos && is_coast_type(name.substr(dash + 1))) {
      coast = name.substr(dash + 1);
      name.erase(dash);
    }
    const auto it = names_.find(name);
    if (it == names_.end()) {
      error(file, line, "'" + printable(ref) + "' is no province of " + std::filesystem::path(adjacency_file_).filename().string());
      return {};
    }
    return coast.empty() ? it->second : it->second + "/" + coast;
  }

  void read_adjacencies(const ProvinceElement& province) {
    bool army = false, fleet = false;
    std::set<std::string> coasts;
    const int line = province.element->line;
    for (const auto* adjacency : children_named(*province.element, "ADJACENCY")) {
      const std::string type = trimmed_lower(adjacency->attribute("type"));
      const std::string* refs = adjacency->attribute("refs");
      if (refs == nullptr) {
        error(adjacency_file_, adjacency->line, "an ADJACENCY without refs");
        continue;
      }
      const bool is_army = type.empty() || type == "mv";
      if (!is_army && type != "xc" && !is_coast_type(type)) {
        error(adjacency_file_, adjacency->line, "ADJACENCY type '" + printable(type) + "' is none of jDip's (mv, xc, nc, sc, ec, wc)");
        continue;
      }
      std::string at = province.id;
      if (is_coast_type(type)) {
        at += "/" + type;
        Place& coast = board_.places[at];
        coast.id = at;
        coast.name = board_.places.at(province.id).name + " (" + coast_title(type) + ")";
        coast.terrain = Terrain::Coast;
        coast.named = coast.described = {adjacency_file_, adjacency->line};
        coasts.insert(type);
      }
      if (is_army) army = true;
      else if (type == "xc") fleet = true;
      for (const auto& ref : split_list(*refs)) {
        std::string target = location(ref, adjacency_file_, adjacency->line);
        if (target.empty()) continue;
        if (is_army) {
          board_.places.at(at).abuts.push_back(Abut{target.substr(0, target.find('/')), true, false, false});
          continue;
        }
        if (target.find('/') != std::string::npos) coast_references_.push_back({at, target, adjacency->line});
        board_.places.at(at).abuts.push_back(Abut{target, false, true, false});
      }
    }
    Place& place = board_.places.at(province.id);
    if (!army && !fleet && coasts.empty()) {
      error(adjacency_file_, line, "province '" + province.id + "' has no ADJACENCY");
    } else if (!army && !coasts.empty()) {
      error(adjacency_file_, line,
            "province '" + province.id + "' has coasts but no army borders (mv): a province with coasts is land; give its mv list (only "
            "itself when no army may enter it)");
    } else if (!army) {
      place.terrain = Terrain::Water;
    } else if (!fleet && coasts.empty() && std::all_of(place.abuts.begin(), place.abuts.end(), [&](const Abut& abut) { return abut.target == province.id; })) {
      // jDip's impassable province (Switzerland): land whose only army border is to itself.
      place.terrain = Terrain::Shut;
    } else {
      place.terrain = fleet || !coasts.empty() ? Terrain::Coast : Terrain::Land;
      if (fleet && !coasts.empty()) {
        // A fleet stands on one of the coasts, so borders from the province as a whole do not exist.
        std::erase_if(place.abuts, [](const Abut& abut) { return abut.fleet; });
        note(adjacency_file_, line, "province '" + province.id + "' has both an xc list and coast lists: the xc list is left out (a fleet there is on one of the coasts)");
      }
    }
  }

  void read_borders(const ProvinceElement& province) {
    const std::string* names = province.element->attribute("borders");
    if (names == nullptr) return;
    for (const auto& name : split_list(*names)) {
      const auto it = borders_.find(name);
      if (it == borders_.end()) {
        error(adjacency_file_, province.element->line, "border '" + printable(name) + "' is not defined in BORDER_DEFINITIONS");
        continue;
      }
      apply_border(province.id, name, *it->second, province.element->line);
    }
  }

  void apply_border(const std::string& id, const std::string& name, const XmlElement& border, int line) {
    const std::string season = trimmed_lower(border.attribute("season"));
    const std::string* from = border.attribute("from");
    const std::string* modifier = border.attribute("baseMoveModifier");
    const bool other_conditions = border.attribute("unitTypes") || border.attribute("orderTypes") || border.attribute("year") ||
                                  border.attribute("phase");
    const std::string said = "BORDER '" + name + "' (" + border.attribute_or("description", "") + ") on '" + id + "'";
    if (season == "fall" && from == nullptr && modifier == nullptr && !other_conditions) {
      board_.ice.insert(id);
      note(adjacency_file_, line, said + ": no order into or out of it in Fall: tagged 'ice', for the ice plugin (frozen in Fall and "
                                         "for its retreats; its option ice_seasons chooses otherwise)");
      return;
    }
    if (modifier == nullptr || trimmed_lower(modifier) != "-1") {
      note(adjacency_file_, line, said + ": a condition dipadj's maps do not have (" +
                                      (modifier ? "baseMoveModifier " + printable(*modifier) : std::string("season, year, phase, unit or order types")) +
                                      "): not carried (docs/importing-maps.md)");
      return;
    }
    if (other_conditions || !season.empty())
      note(adjacency_file_, line, said + ": its season, year, phase, unit or order types are not carried: the border is difficult always, for every unit");
    Place& place = board_.places.at(id);
    std::vector<std::string> sources;
    if (from != nullptr) {
      for (const auto& ref : split_list(*from))
        if (std::string source = location(ref, adjacency_file_, border.line); !source.empty()) sources.push_back(source.substr(0, source.find('/')));
    } else {
      for (const auto& abut : place.abuts) sources.push_back(abut.target.substr(0, abut.target.find('/')));
    }
    for (const auto& source : sources) {
      bool marked = false;
      for (auto& [other, coast] : board_.places)
        if (other == id || other.rfind(id + "/", 0) == 0)
          for (auto& abut : coast.abuts)
            if (abut.target.substr(0, abut.target.find('/')) == source) marked = abut.difficult = true;
      if (marked) difficult_.insert({source, id});
      else note(adjacency_file_, line, said + ": '" + id + "' does not border '" + source + "': nothing to tag");
    }
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
    power.aliases = split_list(element.attribute_or("altnames", ""));
    power.line = {variants_file_, element.line};
    if (element.attribute_or("active", "true") == "false")
      note(variants_file_, element.line, "power '" + *name + "' is inactive (active=\"false\"): imported as a power (dipadj has no inactive powers; one that gives no orders holds)");
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
    const std::string why = name == "OPTION_WINGS" ? "dipadj has no wing units" : "a jDip rule option the import does not carry";
    note(variants_file_, element.line, "RULEOPTION " + printable(name) + " = " + printable(value) + ": " + why + " (docs/importing-maps.md)");
  }

  void read_starting_time(const XmlElement& element) {
    const std::string turn = element.attribute_or("turn", "");
    const auto words = split_list(ascii_lower(turn));
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
      } else {
        note(variants_file_, condition.line, condition.name + " " + printable(value) +
                                                 ": not carried (a dipadj game ends when a power has its victory_centres)");
      }
    }
  }

  void read_supply_centres(const XmlElement& variant) {
    std::map<std::string, std::string> owners;
    bool owners_differ = false;
    for (const auto* centre : children_named(variant, "SUPPLYCENTER")) {
      const std::string id = location(centre->attribute_or("province", ""), variants_file_, centre->line);
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
    const std::string province = location(element.attribute_or("province", ""), variants_file_, element.line);
    if (province.empty()) return;
    const std::string type = ascii_lower(element.attribute_or("unit", ""));
    const std::string coast = ascii_lower(element.attribute_or("unitcoast", ""));
    ImportedPower* power = power_named(element.attribute_or("power", ""));
    if (power == nullptr) {
      error(variants_file_, element.line, "INITIALSTATE power '" + printable(element.attribute_or("power", "")) + "' is none of the variant's POWERs");
      return;
    }
    if (type == "wing") {
      note(variants_file_, element.line, "a wing in " + province + ": dipadj has no wing units: left out");
      return;
    }
    if (type != "army" && type != "fleet") {
      error(variants_file_, element.line, "INITIALSTATE unit '" + printable(type) + "' is none of army, fleet, wing");
      return;
    }
    std::string at = province;
    if (is_coast_type(coast)) at += "/" + coast;
    else if (!coast.empty() && coast != "mv" && coast != "xc" && coast != "none") error(variants_file_, element.line, "unitcoast '" + printable(coast) + "' is no coast");
    if (!board_.places.count(at) || province.find('/') != std::string::npos) {
      error(variants_file_, element.line, "INITIALSTATE place '" + printable(at) + "' is not on the map");
      return;
    }
    power->units.emplace_back(type == "army" ? 'A' : 'F', at);
  }

  std::vector<Diagnostic>& errors_;
  std::size_t errors_left_out_ = 0;  // past kMaxReported
  ImportedBoard board_;
  std::string variants_file_, adjacency_file_;
  XmlElement adjacency_;  // the map's tree, kept while borders_ points into it
  std::map<std::string, const XmlElement*> borders_;
  std::map<std::string, std::string> names_;  // every name of a province, lower case -> its id
  std::unordered_map<std::string, std::size_t> power_keys_;  // every name of a power, normalized -> its index
  std::vector<CoastReference> coast_references_;
  std::set<std::pair<std::string, std::string>> difficult_;  // (from, into) as the source gives them
};

}  // namespace

ImportedBoard read_jdip_variant(const std::filesystem::path& variants_xml, const std::string& variant, std::vector<Diagnostic>& errors) {
  return JdipReader(errors).read(variants_xml, variant);
}

}  // namespace dipadj::import
