#include "svg_import.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "shape_borders.hpp"
#include "svg_provinces.hpp"

namespace dipadj::import {
namespace {

constexpr double kToleranceShare = 1.0 / 500;  // of the drawing's diagonal, by default
constexpr double kShortestShare = 1.0 / 300;   // a border shorter than this share is a corner

std::string figure(double value) {
  char out[32];
  std::snprintf(out, sizeof out, "%.2f", value);
  return out;
}

std::string coast_words(const std::string& coast) {
  static const std::map<std::string, std::string> kWords = {{"nc", "north coast"}, {"sc", "south coast"}, {"ec", "east coast"}, {"wc", "west coast"}};
  const auto it = kWords.find(coast);
  return it != kWords.end() ? it->second : coast + " coast";
}

std::pair<double, double> rounded(Point p) { return {std::round(p.x * 10) / 10, std::round(p.y * 10) / 10}; }

class DrawingImporter {
 public:
  DrawingImporter(DrawnMap map, std::string file) : map_(std::move(map)), file_(std::move(file)) {
    neighbours_.resize(map_.provinces.size());
    coast_neighbours_.resize(map_.provinces.size());
  }

  DrawingBoard run(const DrawingTolerance& tolerance, std::vector<Diagnostic> notes) {
    for (Diagnostic& note : notes) board_.add_note(std::move(note));
    measure(tolerance);
    place_markers();
    make_bodies();
    find_borders();
    settle_kinds();
    write_places();
    make_powers();
    write_report();
    return DrawingBoard{std::move(board_), std::move(report_)};
  }

 private:
  void note(int line, const std::string& message) { board_.add_note(Diagnostic{file_, line, message}); }
  [[nodiscard]] std::size_t count() const { return map_.provinces.size(); }
  [[nodiscard]] bool sea(std::size_t p) const { return map_.provinces[p].sea; }

  void measure(const DrawingTolerance& tolerance) {
    Point low{1e300, 1e300}, high{-1e300, -1e300};
    for (const DrawnProvince& province : map_.provinces) {
      if (crosses_itself(province.outline))
        note(province.line, "the outline of '" + province.id + "' crosses itself: its borders are found along its outline as drawn, its area may be off");
      for (const auto& ring : province.outline)
        for (const Point& p : ring) low = {std::min(low.x, p.x), std::min(low.y, p.y)}, high = {std::max(high.x, p.x), std::max(high.y, p.y)};
    }
    diagonal_ = low.x <= high.x ? std::hypot(high.x - low.x, high.y - low.y) : 0;
    share_ = tolerance.share.value_or(kToleranceShare);
    tolerance_ = tolerance.units ? *tolerance.units : diagonal_ * share_;
    tolerance_given_ = tolerance.units.has_value();
  }

  // The province a marker names, or the one it lies in (else the nearest within three tolerances);
  // seas only when `seas` is set.
  std::optional<std::size_t> province_of(const DrawnMarker& marker, bool seas) const {
    const std::string id = marker.province;
    std::optional<std::size_t> best;
    double best_distance = 3 * tolerance_;
    for (std::size_t p = 0; p < count(); ++p) {
      if (!id.empty() && (map_.provinces[p].id == id || std::count(map_.provinces[p].aliases.begin(), map_.provinces[p].aliases.end(), id))) return p;
      if (!id.empty() || (!seas && sea(p))) continue;
      if (const double d = distance_to_outline(map_.provinces[p].outline, marker.at); d <= best_distance) best = p, best_distance = d;
    }
    return best;
  }

  void place_markers() {
    for (const DrawnMarker& marker : map_.centres) {
      if (const auto p = province_of(marker, false)) centre_marked_.insert(*p);
      else note(marker.line, "a supply-centre marker lies in no land province: left out");
    }
    for (const DrawnMarker& marker : map_.coasts) {
      const auto p = province_of(marker, false);
      if (!p || marker.coast.empty()) {
        note(marker.line, p ? "a coast marker with an empty data-coast: left out" : "a coast marker lies in no land province: left out");
        continue;
      }
      map_.provinces[*p].coast_markers[marker.coast] = marker.at;
    }
  }

  // One body per province, then one per coast of a province with two coasts or more: its
  // sub-shape, or the stretch of the province's outline nearer its marker than any other.
  void make_bodies() {
    for (std::size_t p = 0; p < count(); ++p) {
      bodies_.push_back(map_.provinces[p].outline);
      group_.push_back(p);
    }
    for (std::size_t p = 0; p < count(); ++p) {
      DrawnProvince& province = map_.provinces[p];
      const bool shapes = province.coast_shapes.size() >= 2;
      if (!shapes && province.coast_markers.size() < 2) {
        if (province.coast_shapes.size() + province.coast_markers.size() == 1)
          note(province.line, "'" + province.id + "' has one coast drawn: one coast is no choice, the province has none");
        continue;
      }
      std::map<std::string, Outline> parts = shapes ? province.coast_shapes : stretches(province);
      for (auto& [coast, outline] : parts) {
        coast_at_[p][coast] = shapes ? inner_point(outline) : province.coast_markers.at(coast);
        coast_bodies_.push_back({p, coast});
        bodies_.push_back(std::move(outline));
        group_.push_back(p);
      }
    }
  }

  // The outline in pieces (a hundredth of the drawing's diagonal at most), each given to the
  // coast whose marker is nearest.
  [[nodiscard]] std::map<std::string, Outline> stretches(const DrawnProvince& province) const {
    std::map<std::string, Outline> out;
    const double step = std::max(diagonal_ / 100, 1e-9);
    for (const auto& ring : province.outline)
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const Point a = ring[i], b = ring[(i + 1) % ring.size()];
        // Not a number where coordinates overflowed to infinity: one piece.
        const double wanted = std::ceil(std::hypot(b.x - a.x, b.y - a.y) / step);
        const int pieces = std::isfinite(wanted) ? static_cast<int>(std::clamp(wanted, 1.0, 200.0)) : 1;
        for (int k = 0; k < pieces; ++k) {
          const auto along = [&](double t) { return Point{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; };
          const Point from = along(static_cast<double>(k) / pieces), to = along(static_cast<double>(k + 1) / pieces);
          const Point middle{(from.x + to.x) / 2, (from.y + to.y) / 2};
          const auto nearest = std::min_element(province.coast_markers.begin(), province.coast_markers.end(), [&](const auto& x, const auto& y) {
            return std::hypot(x.second.x - middle.x, x.second.y - middle.y) < std::hypot(y.second.x - middle.x, y.second.y - middle.y);
          });
          out[nearest->first].push_back({from, to});
        }
      }
    return out;
  }

  void find_borders() {
    // Two outlines meeting at a corner lie within the tolerance of each other for about two
    // tolerances: a border is longer than that.
    const double shortest = std::max(diagonal_ * kShortestShare, 2.5 * tolerance_);
    const BorderSearch search{tolerance_, shortest, tolerance_ * shortest};
    for (const ShapeBorder& border : find_shape_borders(bodies_, group_, search)) {
      const std::size_t a = group_[border.a], b = group_[border.b];
      if (border.a >= count() || border.b >= count()) {
        if (border.a >= count()) coast_neighbours_[a][coast_bodies_[border.a - count()].coast].insert(b);
        if (border.b >= count()) coast_neighbours_[b][coast_bodies_[border.b - count()].coast].insert(a);
        continue;
      }
      neighbours_[a].insert(b);
      neighbours_[b].insert(a);
      const std::string pair = map_.provinces[a].id + "-" + map_.provinces[b].id;
      if (border.overlap > search.overlap) overlaps_.push_back(pair + " (area " + figure(border.overlap) + ")");
      else if (border.gap > tolerance_ / 20) gaps_.push_back(pair + " (" + figure(border.gap) + " apart)");
    }
  }

  void settle_kinds() {
    for (std::size_t p = 0; p < count(); ++p)
      kind_.push_back(sea(p) ? Terrain::Water : std::any_of(neighbours_[p].begin(), neighbours_[p].end(), [&](std::size_t q) { return sea(q); })
                                                    ? Terrain::Coast
                                                    : Terrain::Land);
  }

  // Whether a sea touches both q and what `touching` lists (the neighbours of a province or coast).
  [[nodiscard]] bool share_sea(const std::set<std::size_t>& touching, std::size_t q) const {
    return std::any_of(touching.begin(), touching.end(), [&](std::size_t s) { return sea(s) && neighbours_[q].contains(s); });
  }

  // The places of p a fleet crosses from towards q: p itself, or the coasts of p that face q.
  [[nodiscard]] std::vector<std::string> facing(std::size_t p, std::size_t q) const {
    const std::string& id = map_.provinces[p].id;
    if (coast_neighbours_[p].empty()) return {id};
    std::vector<std::string> out;
    for (const auto& [coast, touching] : coast_neighbours_[p])
      if (touching.contains(q) && (sea(q) || share_sea(touching, q))) out.push_back(id + "/" + coast);
    return out;
  }

  // The usual convention: a fleet crosses between two seas, a sea and a coastal province, and two
  // coastal provinces that touch a common sea (their coastlines meet).
  [[nodiscard]] bool fleet_border(std::size_t p, std::size_t q) const {
    if (kind_[p] == Terrain::Land || kind_[q] == Terrain::Land) return false;
    return sea(p) || sea(q) || share_sea(neighbours_[p], q);
  }

  void write_places() {
    for (std::size_t p = 0; p < count(); ++p) {
      const DrawnProvince& province = map_.provinces[p];
      Place& place = board_.places[province.id];
      place.id = province.id;
      place.name = province.name;
      place.aliases = province.aliases;
      place.terrain = kind_[p];
      place.named = place.described = SourceLine{file_, province.line};
      place.at = rounded(inner_point(province.outline));
      for (const auto& [coast, at] : coast_at_.contains(p) ? coast_at_.at(p) : std::map<std::string, Point>{}) {
        Place& part = board_.places[province.id + "/" + coast];
        part.id = province.id + "/" + coast;
        part.name = province.name + " (" + coast_words(coast) + ")";
        part.terrain = Terrain::Coast;
        part.named = part.described = place.described;
        part.at = rounded(at);
      }
      for (const std::size_t q : neighbours_[p]) add_borders(p, q);
      if (province.centre || centre_marked_.contains(p)) centres_.push_back(p);
    }
  }

  void add_borders(std::size_t p, std::size_t q) {
    if (!sea(p) && !sea(q)) board_.places[map_.provinces[p].id].abuts.push_back(Abut{map_.provinces[q].id, true, false});
    if (!fleet_border(p, q)) return;
    const auto from = facing(p, q), to = facing(q, p);
    if ((from.empty() || to.empty()) && p < q)
      note(map_.provinces[from.empty() ? p : q].line, "the fleet border " + map_.provinces[p].id + "-" + map_.provinces[q].id + " meets none of the coasts drawn for '" +
                                                          map_.provinces[from.empty() ? p : q].id + "': left out");
    for (const std::string& a : from)
      for (const std::string& b : to) board_.places[a].abuts.push_back(Abut{b, false, true});
  }

  void make_powers();
  void write_report();

  DrawnMap map_;
  std::string file_;
  ImportedBoard board_;
  std::vector<std::string> report_;
  double diagonal_ = 0, tolerance_ = 0, share_ = kToleranceShare;
  bool tolerance_given_ = false;
  std::vector<Outline> bodies_;
  std::vector<std::size_t> group_;
  struct CoastBody {
    std::size_t province;
    std::string coast;
  };
  std::vector<CoastBody> coast_bodies_;  // the bodies after the provinces'
  std::map<std::size_t, std::map<std::string, Point>> coast_at_;
  std::vector<std::set<std::size_t>> neighbours_;
  std::vector<std::map<std::string, std::set<std::size_t>>> coast_neighbours_;  // province -> coast -> what its body touches
  std::vector<Terrain> kind_;
  std::set<std::size_t> centre_marked_;
  std::vector<std::size_t> centres_;
  std::vector<std::string> gaps_, overlaps_;
};


// The powers: named on their provinces (data-power), or told by the fill colour of the supply
// centres painted in a colour of their own (named by the legend, else "Power 1", ...).
void DrawingImporter::make_powers() {
  std::map<Rgb, int> land_fills;
  for (std::size_t p = 0; p < count(); ++p)
    if (!sea(p) && map_.provinces[p].fill && std::find(centres_.begin(), centres_.end(), p) == centres_.end()) ++land_fills[*map_.provinces[p].fill];
  const auto neutral = std::max_element(land_fills.begin(), land_fills.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  std::map<std::string, std::size_t> index;
  const auto power = [&](const std::string& name, int line) -> ImportedPower& {
    if (auto it = index.find(name); it != index.end()) return board_.powers[it->second];
    index.emplace(name, board_.powers.size());
    board_.powers.push_back(ImportedPower{name, {}, {}, {}, {}, SourceLine{file_, line}, std::nullopt, {}});
    return board_.powers.back();
  };
  for (const std::string& name : map_.legend_order) power(name, 0);
  std::map<Rgb, std::string> unnamed;
  for (const std::size_t p : centres_) {
    const DrawnProvince& province = map_.provinces[p];
    std::string name = province.power;
    const bool coloured = province.fill && !sea(p) && !is_grey(*province.fill) && !looks_like_water(*province.fill) &&
                          (neutral == land_fills.end() || neutral->first != *province.fill);
    if (name.empty() && coloured) {
      const auto named = map_.legend.find(*province.fill);
      if (named != map_.legend.end()) name = named->second;
      else if (auto [it, added] = unnamed.emplace(*province.fill, "Power " + std::to_string(unnamed.size() + 1)); true) name = it->second;
    }
    if (!name.empty()) power(name, province.line).home_centres.push_back(province.id);
  }
  for (const auto& [colour, name] : unnamed)
    board_.variant_comments.push_back("'" + name + "' is the power whose home centres are painted " + hex(colour) +
                                      " in the drawing: name it (a legend or data-power in the drawing does)");
  if (board_.powers.empty()) {
    power("Power 1", 0);
    board_.variant_comments.push_back("The drawing names no power (no data-power, no legend, no supply centre painted in a colour of its own): "
                                      "'Power 1' holds the place; write the powers and their home_centres here");
  }
  board_.variant_comments.push_back("The drawing places no units: give each power its first units under start: units:");
}

void DrawingImporter::write_report() {
  int land = 0, coastal = 0, seas = 0;
  for (const Terrain kind : kind_) (kind == Terrain::Water ? seas : kind == Terrain::Coast ? coastal : land)++;
  report_.push_back(std::to_string(count()) + " provinces: " + std::to_string(land) + " land, " + std::to_string(coastal) + " coastal, " +
                    std::to_string(seas) + " seas" + (map_.seas_by.empty() ? " (no shape is marked as a sea)" : " (seas told by " + map_.seas_by + ")"));
  std::string coasts;
  for (const auto& [p, list] : coast_at_) {
    coasts += (coasts.empty() ? "" : ", ") + map_.provinces[p].id + " (";
    for (const auto& [coast, at] : list) coasts += (coasts.back() == '(' ? "" : ", ") + coast;
    coasts += ")";
  }
  report_.push_back(std::to_string(centres_.size()) + " supply centres; coasts: " + (coasts.empty() ? "none" : coasts));
  report_.push_back("tolerance: " + figure(tolerance_) + " (drawing units; " +
                    (tolerance_given_ ? "given" : figure(100 * share_) + " % of the drawing's diagonal, " + figure(diagonal_)) + "; --tolerance sets it)");
  std::size_t touching = 0, army = 0, fleet = 0;
  for (const auto& list : neighbours_) touching += list.size();
  for (const auto& [id, place] : board_.places)
    for (const Abut& abut : place.abuts) (abut.army ? army : fleet)++;
  report_.push_back(std::to_string(touching / 2) + " borders (shapes that touch): " + std::to_string(army / 2) + " crossed by armies, " +
                    std::to_string(fleet / 2) + " by fleets");
  const auto list = [](const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
    return items.empty() ? std::string("none") : out;
  };
  report_.push_back("gaps bridged by the tolerance: " + list(gaps_));
  report_.push_back("overlapping shapes: " + list(overlaps_));
  std::vector<std::string> powers;
  for (const ImportedPower& power : board_.powers) {
    std::string homes;
    for (const std::string& id : power.home_centres) homes += (homes.empty() ? "" : " ") + id;
    powers.push_back(power.name + " (" + (homes.empty() ? "no home centre" : homes) + ")");
  }
  report_.push_back("powers: " + list(powers));
}

}  // namespace

std::optional<DrawingBoard> read_drawing_board(const std::filesystem::path& file, const DrawingTolerance& tolerance, std::vector<Diagnostic>& errors) {
  const auto bad = [](std::optional<double> v) { return v && !(std::isfinite(*v) && *v >= 0 && *v < 1e12); };
  if (bad(tolerance.units) || bad(tolerance.share)) {
    errors.push_back(Diagnostic{file.string(), 0, "the tolerance must be a number of drawing units, 0 or more"});
    return std::nullopt;
  }
  auto drawing = read_svg_drawing(file, errors);
  if (!drawing) return std::nullopt;
  std::vector<Diagnostic> notes = drawing->problems;
  DrawnMap map = sort_drawing(*drawing, notes);
  if (map.provinces.empty()) {
    errors.push_back(Diagnostic{file.string(), 0, "no shape names a province: give each province's shape data-province=\"id\" (or an id) "
                                                  "(docs/importing-maps.md, A drawing)"});
    return std::nullopt;
  }
  return DrawingImporter(std::move(map), file.string()).run(tolerance, std::move(notes));
}

}  // namespace dipadj::import
