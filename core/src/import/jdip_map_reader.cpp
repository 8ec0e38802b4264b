#include "jdip_map_reader.hpp"

#include <algorithm>

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

bool plausible_id(const std::string& word) {
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
  if (!plausible_id(id)) {
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

// A BORDER on province `id`: a Fall-only freeze becomes the ice tag, a move modifier of -1 a
// difficult border; what dipadj's maps cannot say is noted and left out.
void JdipMapReader::apply_border(const std::string& id, const std::string& name, const XmlElement& border, int line) {
  const std::string season = trimmed_lower(border.attribute("season"));
  const std::string* from = border.attribute("from");
  const std::string* modifier = border.attribute("baseMoveModifier");
  const bool other_conditions = border.attribute("unitTypes") || border.attribute("orderTypes") || border.attribute("year") ||
                                border.attribute("phase");
  const std::string said = "BORDER '" + name + "' (" + border.attribute_or("description", "") + ") on '" + id + "'";
  if (season == "fall" && from == nullptr && modifier == nullptr && !other_conditions) {
    board_.ice.insert(id);
    note(line, said + ": no order into or out of it in Fall: tagged 'ice', for the ice plugin (frozen in Fall and "
                      "for its retreats; its option ice_seasons chooses otherwise)");
    return;
  }
  if (modifier == nullptr || trimmed_lower(modifier) != "-1") {
    note(line, said + ": a condition dipadj's maps do not have (" +
                   (modifier ? "baseMoveModifier " + printable(*modifier) : std::string("season, year, phase, unit or order types")) +
                   "): not carried (docs/importing-maps.md)");
    return;
  }
  if (other_conditions || !season.empty())
    note(line, said + ": its season, year, phase, unit or order types are not carried: the border is difficult always, for every unit");
  std::vector<std::string> sources;
  if (from != nullptr) {
    for (const auto& ref : split_jdip_list(*from))
      if (std::string source = location(ref, file_, border.line); !source.empty()) sources.push_back(source.substr(0, source.find('/')));
  } else {
    for (const auto& abut : board_.places.at(id).abuts) sources.push_back(abut.target.substr(0, abut.target.find('/')));
  }
  mark_difficult(id, said, sources, line);
}

// The borders into `id` (or one of its coasts) from each source province, marked difficult.
void JdipMapReader::mark_difficult(const std::string& id, const std::string& said, const std::vector<std::string>& sources, int line) {
  for (const auto& source : sources) {
    bool marked = false;
    for (auto& [other, coast] : board_.places)
      if (other == id || other.rfind(id + "/", 0) == 0)
        for (auto& abut : coast.abuts)
          if (abut.target.substr(0, abut.target.find('/')) == source) marked = abut.difficult = true;
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
