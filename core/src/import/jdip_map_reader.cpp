#include "jdip_map_reader.hpp"
#include "import_names.hpp"

#include <algorithm>
#include <functional>

#include "dipadj/text.hpp"

namespace dipadj::import {
namespace {

constexpr std::string_view kCoastTypes[] = {"nc", "sc", "ec", "wc"};

std::string coast_title(std::string_view coast) {
  if (coast == "nc") return "north coast";
  if (coast == "sc") return "south coast";
  if (coast == "ec") return "east coast";
  return "west coast";
}

bool plausible_jdip_id(const std::string& word) {
  return !word.empty() && word.size() <= 16 &&
         std::all_of(word.begin(), word.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string trimmed_lower(const std::string* text) { return text ? join_words(split_words(ascii_lower(*text))) : std::string(); }

}  // namespace

void LimitedErrors::add(const std::string& file, int line, std::string message) {
  if (errors_.size() < kMaxReported) errors_.push_back(Diagnostic{file, line, std::move(message)});
  else ++left_out_;
}

std::vector<std::string> split_jdip_list(std::string_view text) {
  std::string spaced(text);
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  return split_words(spaced);
}

bool is_jdip_coast_type(std::string_view type) {
  return std::find(std::begin(kCoastTypes), std::end(kCoastTypes), type) != std::end(kCoastTypes);
}

void JdipMapReader::read(const std::filesystem::path& adjacency) {
  file_ = adjacency.string();
  auto root = read_xml_file(adjacency, errors_.list());
  if (!root) return;
  if (root->name != "PROVINCES") {
    error(root->line, "the root element is <" + root->name + ">: not a jDip adjacency file (<PROVINCES>)");
    return;
  }
  adjacency_ = std::move(*root);
  const std::vector<ProvinceElement> provinces = read_elements();
  index_names(provinces);
  for (const auto& province : provinces) read_adjacencies(province);
  note_missing_coasts();
  for (const auto& province : provinces) read_borders(province);
  note_one_way_difficult();
}

// The file's BORDER definitions and PROVINCEs (each a place of the board); other elements noted.
std::vector<JdipMapReader::ProvinceElement> JdipMapReader::read_elements() {
  std::vector<ProvinceElement> provinces;
  for (const auto& element : adjacency_.children) {
    if (element.name == "BORDER_DEFINITIONS") {
      for (const auto* border : children_named(element, "BORDER")) {
        const std::string id = border->attribute_or("id", "");
        if (id.empty()) error(border->line, "a BORDER without id");
        else if (!borders_.emplace(id, border).second) error(border->line, "BORDER '" + printable(id) + "' is defined twice");
      }
    } else if (element.name == "PROVINCE") {
      if (auto id = read_province(element)) provinces.push_back({*id, &element});
    } else {
      note(element.line, "element <" + element.name + "> is none of jDip's map elements: not read");
    }
  }
  return provinces;
}

// jDip names a province in refs, centres and units by any of its names (std_adjacency.xml's refs
// say "nor" for the province whose shortname is "nwy"): each name, the first province's to claim it.
void JdipMapReader::index_names(const std::vector<ProvinceElement>& provinces) {
  for (const auto& province : provinces) names_.emplace(province.id, province.id);
  for (const auto& province : provinces) {
    const Place& place = board_.places.at(province.id);
    for (const auto& alias : place.aliases) {
      const auto [it, added] = names_.emplace(alias, province.id);
      if (!added && it->second != province.id)
        note(province.element->line,
             "the name '" + alias + "' of '" + province.id + "' is also " + it->second + "'s: it stays " + it->second + "'s");
    }
  }
}

std::optional<std::string> JdipMapReader::read_province(const XmlElement& element) {
  const std::string* shortname = element.attribute("shortname");
  const std::string* fullname = element.attribute("fullname");
  if (shortname == nullptr || fullname == nullptr) {
    error(element.line, "a PROVINCE needs both shortname and fullname");
    return std::nullopt;
  }
  const std::string id = ascii_lower(*shortname);
  if (!plausible_jdip_id(id)) {
    error(element.line, "shortname '" + printable(*shortname) + "' is not an id (letters and digits, at most 16)");
    return std::nullopt;
  }
  if (board_.places.count(id)) {
    error(element.line, "province '" + id + "' is given twice");
    return std::nullopt;
  }
  Place& place = board_.places[id];
  place.id = id;
  place.name = *fullname;
  place.named = place.described = {file_, element.line};
  for (const auto* name : children_named(element, "UNIQUENAME"))
    if (const std::string* alias = name->attribute("name"); alias && !alias->empty()) place.aliases.push_back(ascii_lower(*alias));
  if (element.attribute_or("isConvoyableCoast", "false") == "true") board_.convoyable.insert(id);
  return id;
}

std::string JdipMapReader::location(const std::string& ref, const std::string& file, int line) {
  std::string name = ascii_lower(ref), coast;
  // jDip writes a coast "stp-nc", and its parser takes "stp/nc" too (loeb9_tc14fgl_adjacency.xml).
  if (const auto dash = name.find_last_of("-/"); dash != std::string::npos && is_jdip_coast_type(name.substr(dash + 1))) {
    coast = name.substr(dash + 1);
    name.erase(dash);
  }
  const auto it = names_.find(name);
  if (it == names_.end()) {
    errors_.add(file, line, "'" + printable(ref) + "' is no province of " + std::filesystem::path(file_).filename().string());
    return {};
  }
  return coast.empty() ? it->second : it->second + "/" + coast;
}

// A province's ADJACENCY lists: mv (armies), xc (fleets, for a province without coasts), and one
// per coast (nc, sc, ec, wc), which makes the coast a place of its own.
void JdipMapReader::read_adjacencies(const ProvinceElement& province) {
  bool army = false, fleet = false;
  std::set<std::string> coasts;
  for (const auto* adjacency : children_named(*province.element, "ADJACENCY")) {
    const std::string type = trimmed_lower(adjacency->attribute("type"));
    const std::string* refs = adjacency->attribute("refs");
    if (refs == nullptr) {
      error(adjacency->line, "an ADJACENCY without refs");
      continue;
    }
    const bool is_army = type.empty() || type == "mv";
    if (!is_army && type != "xc" && !is_jdip_coast_type(type)) {
      error(adjacency->line, "ADJACENCY type '" + printable(type) + "' is none of jDip's (mv, xc, nc, sc, ec, wc)");
      continue;
    }
    std::string at = province.id;
    if (is_jdip_coast_type(type)) {
      at = add_coast(province.id, type, adjacency->line);
      coasts.insert(type);
    }
    if (is_army) army = true;
    else if (type == "xc") fleet = true;
    for (const auto& ref : split_jdip_list(*refs)) {
      std::string target = location(ref, file_, adjacency->line);
      if (target.empty()) continue;
      if (is_army) {
        board_.places.at(at).abuts.push_back(Abut{target.substr(0, target.find('/')), true, false, false});
        continue;
      }
      if (target.find('/') != std::string::npos) coast_references_.push_back({at, target, adjacency->line});
      board_.places.at(at).abuts.push_back(Abut{target, false, true, false});
    }
  }
  settle_terrain(province.id, province.element->line, army, fleet, coasts);
}

// The coast `type` of `province` as a place of its own ("bul/ec", "Bulgaria (east coast)").
std::string JdipMapReader::add_coast(const std::string& province, const std::string& type, int line) {
  const std::string at = province + "/" + type;
  Place& coast = board_.places[at];
  coast.id = at;
  coast.name = board_.places.at(province).name + " (" + coast_title(type) + ")";
  coast.terrain = Terrain::Coast;
  coast.named = coast.described = {file_, line};
  return at;
}

// What a province is, by the lists it has: water without army borders, land (or coast, with
// fleet borders or coasts) with them, impassable when its only army border is to itself.
void JdipMapReader::settle_terrain(const std::string& id, int line, bool army, bool fleet, const std::set<std::string>& coasts) {
  Place& place = board_.places.at(id);
  if (!army && !fleet && coasts.empty()) {
    error(line, "province '" + id + "' has no ADJACENCY");
  } else if (!army && !coasts.empty()) {
    error(line, "province '" + id + "' has coasts but no army borders (mv): a province with coasts is land; give its mv list (only "
                "itself when no army may enter it)");
  } else if (!army) {
    place.terrain = Terrain::Water;
  } else if (!fleet && coasts.empty() && std::all_of(place.abuts.begin(), place.abuts.end(), [&](const Abut& abut) { return abut.target == id; })) {
    // jDip's impassable province (Switzerland): land whose only army border is to itself.
    place.terrain = Terrain::Shut;
  } else {
    place.terrain = fleet || !coasts.empty() ? Terrain::Coast : Terrain::Land;
    if (fleet && !coasts.empty()) {
      // A fleet stands on one of the coasts, so borders from the province as a whole do not exist.
      std::erase_if(place.abuts, [](const Abut& abut) { return abut.fleet; });
      note(line, "province '" + id + "' has both an xc list and coast lists: the xc list is left out (a fleet there is on one of the coasts)");
    }
  }
}

// Fleet borders to a coast the province does not have. jDip does not check these
// (octarine_adjacency.xml names a coast tit-wc that Tito Desert does not have); nothing can use
// such a border.
void JdipMapReader::note_missing_coasts() {
  for (const auto& reference : coast_references_) {
    if (board_.places.count(reference.target)) continue;
    const std::string province = reference.target.substr(0, reference.target.find('/'));
    note(reference.line, "'" + reference.from + "' borders '" + reference.target + "', but " + province + " has no such coast (no ADJACENCY type=\"" +
                             reference.target.substr(province.size() + 1) + "\"): border left out");
  }
}

void JdipMapReader::read_borders(const ProvinceElement& province) {
  const std::string* names = province.element->attribute("borders");
  if (names == nullptr) return;
  for (const auto& name : split_jdip_list(*names)) {
    const auto it = borders_.find(name);
    if (it == borders_.end()) {
      error(province.element->line, "border '" + printable(name) + "' is not defined in BORDER_DEFINITIONS");
      continue;
    }
    apply_border(province.id, name, *it->second, province.element->line);
  }
}

// A BORDER on province `id`, as jDip reads it (dip.world.Border): it closes the border to a
// crossing when every condition it gives (unit types, order types, seasons, phases, years)
// matches, for units coming from `from` (from any neighbour without it); its baseMoveModifier
// changes the strength of a move from there whatever those conditions. Each part is carried when
// dipadj can say it and noted exactly when not.
void JdipMapReader::apply_border(const std::string& id, const std::string& name, const XmlElement& border, int line) {
  JdipBorder b;
  b.said = "BORDER '" + name + "' (" + border.attribute_or("description", "") + ") on '" + id + "'";
  b.element = &border;
  b.unit_types = split_jdip_list(ascii_lower(border.attribute_or("unitTypes", "")));
  b.seasons = split_jdip_list(ascii_lower(border.attribute_or("season", "")));
  b.other_conditions = border.attribute("orderTypes") || border.attribute("year") || border.attribute("phase");
  b.from = border.attribute("from");
  std::vector<std::string> sources;
  if (b.from != nullptr) {
    for (const auto& ref : split_jdip_list(*b.from))
      if (std::string source = location(ref, file_, border.line); !source.empty()) add_once(sources, source.substr(0, source.find('/')));
  } else {
    for_each_place_of(id, [&](Place& place) {
      for (const auto& abut : place.abuts) add_once(sources, abut.target.substr(0, abut.target.find('/')));
    });
  }
  apply_closure(id, b, sources, line);
  if (const std::string* modifier = border.attribute("baseMoveModifier")) {
    const std::string value = trimmed_lower(modifier);
    if (value == "-1") mark_difficult(id, b.said, sources, line);
    else if (!value.empty() && value != "0")
      note(line, b.said + ": baseMoveModifier " + printable(*modifier) +
                     ": not carried (the difficult-borders plugin takes exactly one strength off a move across): no modifier in the variant");
  }
}

// The conditions under which the border is closed: to some unit types always (their borders
// left out of the map), or in Fall, or in Spring and Fall, to everything (the ice plugin); any
// other closure is noted.
void JdipMapReader::apply_closure(const std::string& id, const JdipBorder& b, const std::vector<std::string>& sources, int line) {
  const bool units = !b.unit_types.empty(), seasons = !b.seasons.empty();
  if (!units && !seasons && !b.other_conditions) return;  // nothing closes it
  if (units && !seasons && !b.other_conditions && close_to_unit_types(id, b, sources, line)) return;
  if (seasons && !units && !b.other_conditions && b.from == nullptr && freeze(id, b, line)) return;
  std::string when;
  for (const char* attribute : {"unitTypes", "orderTypes", "season", "phase", "year"})
    if (const std::string* value = b.element->attribute(attribute))
      when += std::string(when.empty() ? "" : " and ") + attribute + "=\"" + printable(*value) + "\"";
  note(line, b.said + ": jDip closes it when " + when + (b.from ? " for units from '" + printable(*b.from) + "'" : std::string()) +
                 ": not carried (dipadj's maps and plugins have no such condition): in the variant the border is open at all times");
}

// unitTypes alone: the border is closed to those units in every phase and for every order, as a
// border a map does not have. The army or fleet borders between `id` and `sources` are left out,
// both ways (dipadj's borders are two-way). False when a type is none of jDip's.
bool JdipMapReader::close_to_unit_types(const std::string& id, const JdipBorder& b, const std::vector<std::string>& sources, int line) {
  bool army = false, fleet = false, wing = false;
  for (const auto& type : b.unit_types) {
    if (type == "army" || type == "a") army = true;
    else if (type == "fleet" || type == "f") fleet = true;
    else if (type == "wing" || type == "w") wing = true;
    else return false;
  }
  const std::string wings = wing ? " (and to wings, which dipadj does not have)" : "";
  if (!army && !fleet) {
    note(line, b.said + ": closed to wings only: dipadj has no wings: nothing to carry, the border is open to armies and fleets");
    return true;
  }
  const auto closed = [&](const Abut& abut) { return (army && abut.army) || (fleet && abut.fleet); };
  const auto province = [](const std::string& place) { return place.substr(0, place.find('/')); };
  for (const auto& source : sources) {
    // Closed to units coming from `from` only: the way out of `id` stays, a one-way border.
    for_each_place_of(id, [&](Place& place) {
      if (b.from) {
        for (const auto& abut : place.abuts)
          if (closed(abut) && province(abut.target) == source) board_.one_way.push_back({place.id, abut.target, abut.army});
      } else {
        std::erase_if(place.abuts, [&](const Abut& abut) { return closed(abut) && province(abut.target) == source; });
      }
    });
    for_each_place_of(source, [&](Place& place) {
      std::erase_if(place.abuts, [&](const Abut& abut) { return closed(abut) && province(abut.target) == id; });
    });
  }
  const std::string who = army && fleet ? "armies and fleets" : army ? "armies" : "fleets";
  if (b.from)
    note(line, b.said + ": closed to " + who + wings + " coming from '" + join_words(sources) + "': one-way borders from '" + id +
                   "' to them (map.yaml's one_way:)");
  else
    note(line, b.said + ": closed to " + who + wings + ": their borders between '" + id + "' and its neighbours are left out of the map");
  return true;
}

// season alone, for units from anywhere: the province frozen in those seasons, as the ice plugin
// freezes it: Fall (its default) or Spring and Fall (its option ice_seasons spring_and_fall, set
// by the writer when every frozen province is so). False for other seasons (Spring alone).
bool JdipMapReader::freeze(const std::string& id, const JdipBorder& b, int line) {
  bool spring = false, fall = false;
  for (const auto& season : b.seasons) {
    if (season == "spring") spring = true;
    else if (season == "fall" || season == "autumn") fall = true;
    else return false;
  }
  if (!fall) return false;
  board_.ice.insert(id);
  if (spring) {
    board_.ice_all_year.insert(id);
    note(line, b.said + ": no order into or out of it in Spring and Fall: tagged 'ice', for the ice plugin (frozen in both "
                        "seasons and their retreats when every ice sector of the map is: option ice_seasons spring_and_fall)");
    return true;
  }
  note(line, b.said + ": no order into or out of it in Fall: tagged 'ice', for the ice plugin (frozen in Fall and "
                      "for its retreats; its option ice_seasons chooses otherwise)");
  return true;
}

// The province `id` and each of its coasts.
void JdipMapReader::for_each_place_of(const std::string& id, const std::function<void(Place&)>& visit) {
  if (auto it = board_.places.find(id); it != board_.places.end()) visit(it->second);
  for (auto it = board_.places.lower_bound(id + "/"); it != board_.places.end() && it->first.rfind(id + "/", 0) == 0; ++it) visit(it->second);
}

// The borders into `id` (or one of its coasts) from each source province, marked difficult.
void JdipMapReader::mark_difficult(const std::string& id, const std::string& said, const std::vector<std::string>& sources, int line) {
  for (const auto& source : sources) {
    bool marked = false;
    for_each_place_of(id, [&](Place& place) {
      for (auto& abut : place.abuts)
        if (abut.target.substr(0, abut.target.find('/')) == source) marked = abut.difficult = true;
    });
    if (marked) difficult_.insert({source, id});
    else note(line, said + ": '" + id + "' does not border '" + source + "': nothing to tag");
  }
}

void JdipMapReader::note_one_way_difficult() {
  for (const auto& [from, into] : difficult_)
    if (!difficult_.count({into, from}))
      note(board_.places.at(into).described.line,
           "the difficult passable border " + from + " - " + into + " is given for entering " + into +
               " only: tagged 'difficult' both ways (dipadj's difficult borders work both ways)");
}

}  // namespace dipadj::import
