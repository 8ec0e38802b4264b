#include "map_edits.hpp"

#include <algorithm>
#include <tuple>

namespace dipadj {
namespace {

// A place or a tag as an option, an overlay or a tag entry writes it: its text, and a null as
// "null", which messages then quote (what the reader said when it read yaml-cpp's nodes).
std::string written(const DocNode& node) { return node.is_null() ? "null" : node.text(); }

std::uint64_t army_key(ProvinceId a, ProvinceId b) { return (std::uint64_t{std::min(a, b)} << 16) | std::max(a, b); }
std::uint64_t fleet_key(const MapSpec::Place& a, const MapSpec::Place& b) {
  return (std::uint64_t{a.province} << 40) | (std::uint64_t{a.coast} << 32) | (std::uint64_t{b.province} << 8) | b.coast;
}

}  // namespace

std::optional<MapSpec::Place> PlaceNames::place(DocumentReader& doc, const RawPlace& raw, const std::string& context,
                                                const std::vector<MapSpec::ProvinceSpec>& provinces, bool in_adjacency_list) const {
  std::string name = raw.text, coast;
  if (auto slash = name.find('/'); slash != std::string::npos) {
    coast = name.substr(slash + 1);
    name = name.substr(0, slash);
  }
  auto p = province_ids.find(name);
  if (p == province_ids.end()) {
    doc.error_at(raw.line, context + ": unknown province '" + name + "'" + (in_adjacency_list ? " in adjacency list" : ""));
    return std::nullopt;
  }
  MapSpec::Place out{p->second, kNoCoast};
  if (!coast.empty()) {
    auto c = coast_ids.find(coast);
    const auto& coasts = provinces[p->second].coasts;
    if (c == coast_ids.end() || std::find(coasts.begin(), coasts.end(), c->second) == coasts.end()) {
      doc.error_at(raw.line, context + ": '" + name + "' has no coast '" + coast + "'");
      return std::nullopt;
    }
    out.coast = c->second;
  }
  return out;
}

void BorderIndex::add_army(std::pair<ProvinceId, ProvinceId> edge) { army.insert(army_key(edge.first, edge.second)); }

void BorderIndex::add_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge) {
  fleet.insert(fleet_key(edge.first, edge.second));
  fleet_provinces.insert(army_key(edge.first.province, edge.second.province));
}

void BorderIndex::add_army_one_way(std::pair<ProvinceId, ProvinceId> edge) {
  army_one_way.insert((std::uint64_t{edge.first} << 16) | edge.second);
  one_way_provinces.insert(army_key(edge.first, edge.second));
}

void BorderIndex::add_fleet_one_way(const std::pair<MapSpec::Place, MapSpec::Place>& edge) {
  fleet_one_way.insert(fleet_key(edge.first, edge.second));
  one_way_provinces.insert(army_key(edge.first.province, edge.second.province));
}

bool BorderIndex::has_army(std::pair<ProvinceId, ProvinceId> edge) const { return army.count(army_key(edge.first, edge.second)) != 0; }

bool BorderIndex::has_army_one_way(std::pair<ProvinceId, ProvinceId> edge) const {
  return army_one_way.count((std::uint64_t{edge.first} << 16) | edge.second) != 0;
}

bool BorderIndex::has_fleet_one_way(const std::pair<MapSpec::Place, MapSpec::Place>& edge) const {
  return fleet_one_way.count(fleet_key(edge.first, edge.second)) != 0;
}

bool BorderIndex::has_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge) const {
  return fleet.count(fleet_key(edge.first, edge.second)) != 0;
}

bool BorderIndex::borders(ProvinceId a, ProvinceId b) const {
  const std::uint64_t key = army_key(a, b);
  return army.count(key) != 0 || fleet_provinces.count(key) != 0 || one_way_provinces.count(key) != 0;
}

std::optional<OptionEdits> MapEditor::read(DocumentReader& doc, const std::string& where, const DocNode& body) {
  if (!body.is_map()) {
    doc.error(body, where + " must be a mapping {title, add, remove}");
    return std::nullopt;
  }
  doc.check_keys(body, {"title", "add", "remove", "tags"});
  OptionEdits edits;
  // Removals first: an option may take a border away and give it back another way (two-way made
  // one-way, say), and the additions are checked against the map without what it removes.
  read_borders(doc, body["remove"], where, ListKind::Remove, edits);
  read_borders(doc, body["add"], where, ListKind::Add, edits);
  read_tags(doc, body["tags"], where + ": ", edits);
  return edits;
}

void MapEditor::read_one_way(DocumentReader& doc, const DocNode& list, OptionEdits& edits) {
  read_borders(doc, list, "one_way", ListKind::OneWay, edits);
}

// `add:` or `remove:`, each border {army: [a, b]} or {fleet: [a, b]}, `one_way: true` when it is
// crossed from a to b only; or the map's `one_way:` list, where every border is.
void MapEditor::read_borders(DocumentReader& doc, const DocNode& list, const std::string& where, ListKind kind,
                             OptionEdits& edits) {
  if (!list) return;
  const std::string form = kind == ListKind::OneWay
                               ? "{army: [from, to]} or {fleet: [from, to]}"
                               : "{army: [a, b]} or {fleet: [a, b]} (with one_way: true, crossed from a to b only)";
  if (!list.is_sequence()) {
    doc.error(list, where + ": borders are a list of " + form);
    return;
  }
  for (const DocNode& item : list.items()) {
    const bool marked = kind != ListKind::OneWay && item.is_map() && item["one_way"];
    const std::size_t keys = marked ? 2 : 1;
    const bool army = item.is_map() && item["army"] && item.size() == keys;
    const bool fleet = item.is_map() && item["fleet"] && item.size() == keys;
    const DocNode& ends = item[army ? "army" : "fleet"];
    if ((!army && !fleet) || !ends.is_sequence() || ends.size() != 2) {
      doc.error(item, where + ": a border is " + form);
      continue;
    }
    const bool one_way = kind == ListKind::OneWay || (marked && doc.boolean(item, "one_way"));
    const int line = item.line();
    std::string end_a = written(ends.items()[0]);
    std::string end_b = written(ends.items()[1]);
    auto a = names_.place(doc, RawPlace{end_a, line}, where, spec_.provinces, false);
    auto b = names_.place(doc, RawPlace{end_b, line}, where, spec_.provinces, false);
    if (!a || !b) continue;
    const WrittenBorder border{std::move(end_a), std::move(end_b), *a, *b, line, one_way};
    if (army) read_army_border(doc, where, border, kind != ListKind::Remove, edits);
    else read_fleet_border(doc, where, border, kind != ListKind::Remove, edits);
  }
}

// Whether a one-way border may be added (it is not there in any form, nor the other way round: a
// border crossed both ways is a two-way border) or removed (it is there, this way round).
bool MapEditor::one_way_fits(DocumentReader& doc, const std::string& where, const WrittenBorder& border, const char* kind,
                             bool adding, OneWayState state) {
  const std::string arrow = border.end_a + "->" + border.end_b;
  const std::string two_way = border.end_a + "-" + border.end_b;
  if (adding && state.two_way)
    doc.error_at(border.line, where + ": the one-way " + kind + " border " + arrow + " is also a two-way border (" + two_way +
                                  " in both provinces' lists): a border is crossed one way or both");
  else if (adding && state.same_way)
    doc.error_at(border.line, where + ": the one-way " + kind + " border " + arrow + " is there already");
  else if (adding && state.other_way)
    doc.error_at(border.line, where + ": the one-way " + kind + " border " + arrow + " is also given the other way round: a border " +
                                  "crossed both ways is a two-way border, listed in both provinces' lists");
  else if (!adding && !state.same_way)
    doc.error_at(border.line, where + ": the map has no one-way " + kind + " border " + arrow + " to remove");
  else return true;
  return false;
}
// An army border added or removed: between two provinces that are not seas, which must not
// border already (adding) or must (removing).
void MapEditor::read_army_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding,
                                 OptionEdits& edits) {
  const MapSpec::Place& a = border.a;
  const MapSpec::Place& b = border.b;
  const int line = border.line;
  const auto& pa = spec_.provinces[a.province];
  const auto& pb = spec_.provinces[b.province];
  const std::pair<ProvinceId, ProvinceId> edge{std::min(a.province, b.province), std::max(a.province, b.province)};
  const auto listed = [](const auto& list, const auto& entry) { return std::find(list.begin(), list.end(), entry) != list.end(); };
  // When adding, the borders the same edit removes are gone, and the one-way borders it has
  // already added are there (the map's `one_way:` list is one edit).
  const bool exists = border_index().has_army(edge) && !(adding && listed(edits.remove_army, edge));
  const std::pair<ProvinceId, ProvinceId> ahead{a.province, b.province}, back{b.province, a.province};
  auto one_way = [&](std::pair<ProvinceId, ProvinceId> arrow) {
    return (border_index().has_army_one_way(arrow) && !(adding && listed(edits.remove_army_one_way, arrow))) ||
           listed(edits.add_army_one_way, arrow);
  };
  if (pa.kind == ProvinceKind::Sea || pb.kind == ProvinceKind::Sea || a.province == b.province)
    doc.error_at(line, where + ": no army border can link '" + pa.id + "' and '" + pb.id + "'");
  else if (border.one_way) {
    if (one_way_fits(doc, where, border, "army", adding, {exists, one_way(ahead), one_way(back)}))
      (adding ? edits.add_army_one_way : edits.remove_army_one_way).push_back(ahead);
  } else if (adding && (one_way(ahead) || one_way(back)))
    doc.error_at(line, where + ": the army border " + pa.id + "-" + pb.id + " exists already, one way");
  else if (adding && exists) doc.error_at(line, where + ": the army border " + pa.id + "-" + pb.id + " exists already");
  else if (!adding && !exists) doc.error_at(line, where + ": the map has no army border " + pa.id + "-" + pb.id + " to remove");
  else (adding ? edits.add_army : edits.remove_army).push_back(edge);
}

// A fleet border added or removed: between two places of provinces that are not land, a coast
// named where the province has coasts, which must not border already (adding) or must (removing).
void MapEditor::read_fleet_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding,
                                  OptionEdits& edits) {
  const MapSpec::Place& a = border.a;
  const MapSpec::Place& b = border.b;
  const std::string& end_a = border.end_a;
  const std::string& end_b = border.end_b;
  const int line = border.line;
  const auto& pa = spec_.provinces[a.province];
  const auto& pb = spec_.provinces[b.province];
  auto ordered = std::make_pair(a, b);
  if (std::tie(b.province, b.coast) < std::tie(a.province, a.coast)) ordered = std::make_pair(b, a);
  using Border = std::pair<MapSpec::Place, MapSpec::Place>;
  const auto listed = [](const std::vector<Border>& list, const Border& entry) {
    return std::any_of(list.begin(), list.end(), [&](const Border& e) {
      return std::tie(e.first.province, e.first.coast, e.second.province, e.second.coast) ==
             std::tie(entry.first.province, entry.first.coast, entry.second.province, entry.second.coast);
    });
  };
  // As for armies: what the same edit removes is gone, what it added one way is there.
  const bool exists = border_index().has_fleet(ordered) && !(adding && listed(edits.remove_fleet, ordered));
  const bool coasts_ok = (pa.coasts.empty() || a.coast != kNoCoast) && (pb.coasts.empty() || b.coast != kNoCoast);
  const Border ahead{a, b}, back{b, a};
  auto one_way = [&](const Border& arrow) {
    return (border_index().has_fleet_one_way(arrow) && !(adding && listed(edits.remove_fleet_one_way, arrow))) ||
           listed(edits.add_fleet_one_way, arrow);
  };
  if (pa.kind == ProvinceKind::Land || pb.kind == ProvinceKind::Land || a.province == b.province || !coasts_ok)
    doc.error_at(line, where + ": no fleet border can link '" + end_a + "' and '" + end_b + "'");
  else if (border.one_way) {
    if (one_way_fits(doc, where, border, "fleet", adding, {exists, one_way(ahead), one_way(back)}))
      (adding ? edits.add_fleet_one_way : edits.remove_fleet_one_way).push_back(ahead);
  } else if (adding && (one_way(ahead) || one_way(back)))
    doc.error_at(line, where + ": the fleet border " + end_a + "-" + end_b + " exists already, one way");
  else if (adding && exists)
    doc.error_at(line, where + ": the fleet border " + end_a + "-" + end_b + " exists already");
  else if (!adding && !exists)
    doc.error_at(line, where + ": the map has no fleet border " + end_a + "-" + end_b + " to remove");
  else (adding ? edits.add_fleet : edits.remove_fleet).push_back(ordered);
}

// `tags:` -- marks plugins read: [{province: arc, tags: [ice]}, {border: [nap, sic], tags: [difficult]}].
// A border tag needs a border (on the map, or added by the same option).
void MapEditor::read_tags(DocumentReader& doc, const DocNode& list, const std::string& where, OptionEdits& edits) {
  if (!list) return;
  if (!list.is_sequence()) {
    doc.error(list, where + "'tags' is a list of {province: p, tags: [..]} or {border: [a, b], tags: [..]}");
    return;
  }
  BorderIndex added;  // the borders the same option adds may be tagged too
  for (const auto& edge : edits.add_army) added.add_army(edge);
  for (const auto& edge : edits.add_fleet) added.add_fleet(edge);
  for (const auto& edge : edits.add_army_one_way) added.add_army_one_way(edge);
  for (const auto& edge : edits.add_fleet_one_way) added.add_fleet_one_way(edge);
  for (const DocNode& item : list.items()) {
    const int line = item.line();
    const bool on_province = item.is_map() && item["province"] && item["tags"] && item.size() == 2;
    const bool on_border = item.is_map() && item["border"] && item["tags"] && item.size() == 2 && item["border"].is_sequence() &&
                           item["border"].size() == 2;
    if ((!on_province && !on_border) || !item["tags"].is_sequence()) {
      doc.error_at(line, where + "a tag entry is {province: p, tags: [..]} or {border: [a, b], tags: [..]}");
      continue;
    }
    std::vector<std::string> names;
    for (const DocNode& tag : item["tags"].items()) names.push_back(written(tag));
    if (on_province) {
      auto p = names_.place(doc, RawPlace{written(item["province"]), line}, where + "tag", spec_.provinces, false);
      if (!p) continue;
      for (const auto& tag : names) edits.province_tags.push_back({tag, p->province});
      continue;
    }
    auto a = names_.place(doc, RawPlace{written(item["border"].items()[0]), line}, where + "tag", spec_.provinces, false);
    auto b = names_.place(doc, RawPlace{written(item["border"].items()[1]), line}, where + "tag", spec_.provinces, false);
    if (!a || !b) continue;
    const ProvinceId x = std::min(a->province, b->province), y = std::max(a->province, b->province);
    const bool bordering = border_index().borders(x, y) || added.borders(x, y);
    if (!bordering) {
      doc.error_at(line, where + "no border between '" + spec_.provinces[a->province].id + "' and '" +
                              spec_.provinces[b->province].id + "' to tag");
      continue;
    }
    for (const auto& tag : names) edits.border_tags.push_back({tag, x, y});
  }
}

// The index of spec_'s borders, made when first asked for after they last changed.
const BorderIndex& MapEditor::border_index() {
  if (!borders_) {
    borders_.emplace();
    for (const auto& edge : spec_.army_edges) borders_->add_army(edge);
    for (const auto& edge : spec_.fleet_edges) borders_->add_fleet(edge);
    for (const auto& edge : spec_.one_way_army_edges) borders_->add_army_one_way(edge);
    for (const auto& edge : spec_.one_way_fleet_edges) borders_->add_fleet_one_way(edge);
  }
  return *borders_;
}

void MapEditor::apply(const OptionEdits& edits) {
  // The borders removed, each found by a look-up in one pass over the map's borders.
  BorderIndex removed;
  for (const auto& edge : edits.remove_army) removed.add_army(edge);
  for (const auto& edge : edits.remove_fleet) removed.add_fleet(edge);
  for (const auto& edge : edits.remove_army_one_way) removed.add_army_one_way(edge);
  for (const auto& edge : edits.remove_fleet_one_way) removed.add_fleet_one_way(edge);
  auto replace = [](auto& borders, const auto& added, auto&& is_removed) {
    std::erase_if(borders, is_removed);
    borders.insert(borders.end(), added.begin(), added.end());
  };
  replace(spec_.army_edges, edits.add_army, [&](const auto& e) { return removed.has_army(e); });
  replace(spec_.fleet_edges, edits.add_fleet, [&](const auto& e) { return removed.has_fleet(e); });
  replace(spec_.one_way_army_edges, edits.add_army_one_way, [&](const auto& e) { return removed.has_army_one_way(e); });
  replace(spec_.one_way_fleet_edges, edits.add_fleet_one_way, [&](const auto& e) { return removed.has_fleet_one_way(e); });
  const bool borders_changed = !edits.remove_army.empty() || !edits.add_army.empty() || !edits.remove_fleet.empty() ||
                               !edits.add_fleet.empty() || !edits.add_army_one_way.empty() || !edits.remove_army_one_way.empty() ||
                               !edits.add_fleet_one_way.empty() || !edits.remove_fleet_one_way.empty();
  if (borders_changed) borders_.reset();
  spec_.province_tags.insert(spec_.province_tags.end(), edits.province_tags.begin(), edits.province_tags.end());
  spec_.border_tags.insert(spec_.border_tags.end(), edits.border_tags.begin(), edits.border_tags.end());
}

}  // namespace dipadj
