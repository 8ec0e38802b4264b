#include "dipadj/draw/game_picture.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "board_artwork.hpp"
#include "board_canvas.hpp"
#include "game_legend.hpp"
#include "game_marks.hpp"
#include "dipadj/game/played_phase.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/variant/variant.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

const char* game_kind_colour(ProvinceKind kind) {
  switch (kind) {
    case ProvinceKind::Land: return "#efe4c8";
    case ProvinceKind::Coastal: return "#dcebc6";
    case ProvinceKind::Sea: return "#d3e7f6";
  }
  return "#ffffff";
}

Point midpoint(Point a, Point b) { return along(a, b, 0.5); }

// How an order went, as the picture shows it.
enum class Mark : unsigned char { Succeeded, Failed, Illegal };

Mark mark_of(const OrderOutcome& outcome) {
  switch (outcome.resolution) {
    case Resolution::Succeeds: return Mark::Succeeded;
    case Resolution::Fails: return Mark::Failed;
    case Resolution::Illegal: return Mark::Illegal;
  }
  return Mark::Failed;
}

// One order to draw: the submitted ones and those the phase added (implied, perpetual).
struct DrawnOrder {
  const SubmittedOrder& submitted;
  const OrderOutcome& outcome;
  std::string text;    // as the legend lists it
  std::string result;  // its outcome in words, as the results tell it
};

class GameDrawing {
 public:
  GameDrawing(const Variant& variant, std::vector<std::string>& warnings)
      : variant_(variant), map_(variant.map()), artwork_(variant, warnings), layout_(board_layout(map_, warnings, artwork_.label_points())),
        canvas_(map_, layout_, artwork_.extent()), radius_(canvas_.radius()), marks_(radius_) {}

  // The board before the phase, its orders and their results.
  std::string phase(const PlayedPhase& played) {
    const GameState& before = played.before;
    set_aside_.assign(map_.province_count(), std::nullopt);
    if (before.phase.kind == PhaseKind::Movement)
      for (const Dislodgement& d : played.report.movement.dislodged) set_aside_[map_.province_of(d.unit.location)] = d.unit;
    std::vector<DrawnOrder> orders;
    for (std::size_t i = 0; i < played.orders.size(); ++i) {
      const std::string read = i < played.written.size() ? read_as(played, i) : std::string();
      orders.push_back(DrawnOrder{played.orders[i], played.report.outcomes[i],
                                  read.empty() ? order_text(played, i) : played.written[i] + " (read as " + read + ")",
                                  describe(played, i)});
    }
    for (const AddedOrder& added : played.report.added)
      orders.push_back(DrawnOrder{added.submitted, added.outcome,
                                  to_string(added.submitted.order, variant_) + " (" + to_string(added.source) + ")",
                                  describe(added.outcome, reason_text(added.submitted.order, added.outcome, variant_), variant_,
                                           before.position)});

    std::vector<std::string> lines;
    for (const DrawnOrder& order : orders)
      lines.push_back(variant_.power(order.submitted.power).name + ": " + order.text + ": " + order.result);
    for (const Dislodgement& d : played.report.movement.dislodged)
      lines.push_back(variant_.power(d.unit.power).name + ": " + unit_text(map_, d.unit) + " dislodged");
    // Units lost without an order of their own: dislodged ones that could not retreat, or, in an
    // adjustment phase, removals the civil-disorder rules chose.
    const char* lost = before.phase.kind == PhaseKind::Adjustment ? " removed (no removal ordered)" : " disbanded";
    for (const Unit& unit : played.report.disbanded) lines.push_back(variant_.power(unit.power).name + ": " + unit_text(map_, unit) + lost);
    for (const Unit& unit : played.report.rebuilt) lines.push_back(variant_.power(unit.power).name + ": " + unit_text(map_, unit) + " rebuilt");
    if (orders.empty()) lines.emplace_back("(no orders)");

    begin(variant_title() + ": " + variant_.phase_name(before.phase), lines.size());
    background(before.position);
    out_ += "<g id=\"standoffs\">\n";
    for (ProvinceId province : standoffs(played)) ring(at(map_.province(province).location), radius_ * 1.45, kFailed, "5 3", "standoff");
    out_ += "</g>\n";
    if (before.phase.kind == PhaseKind::Retreat) {
      units(before.position, before.dislodged);
      for (const DislodgedUnit& d : before.dislodged) retreat_options(d.unit, d.retreats);
    } else {
      units(before.position, {});
    }
    if (before.phase.kind == PhaseKind::Movement) {
      out_ += "<g id=\"dislodged\">\n";
      for (const Dislodgement& d : played.report.movement.dislodged) {
        dislodged_unit(d.unit);
        retreat_options(d.unit, played.report.movement.retreats(d));
      }
      out_ += "</g>\n";
    }
    out_ += "<g id=\"orders\">\n";
    for (const DrawnOrder& order : orders) draw_order(order, before);
    out_ += "</g>\n<g id=\"disbanded\">\n";
    // Civil disorder removes units where they stand; the other phases disband dislodged units.
    for (const Unit& unit : played.report.disbanded)
      cross(before.phase.kind == PhaseKind::Adjustment ? at(unit.location) : aside(unit.location), kFailed, "disbanded");
    out_ += "</g>\n";
    labels();
    out_ += game_legend(variant_, before, &lines, "Orders and results", layout_.computed);
    return finish();
  }

  // The board after the phase.
  std::string after(const PlayedPhase& played) {
    const GameState& state = played.after;
    const std::string title = variant_title() + ": after " + variant_.phase_name(played.before.phase) +
                              (state.over() ? " (" + describe_end(variant_, state) + ")" : " (next: " + variant_.phase_name(state.phase) + ")");
    return position(state, title);
  }

  std::string position(const GameState& state, const std::string& title) {
    set_aside_.assign(map_.province_count(), std::nullopt);
    begin(title, 0);
    background(state.position);
    units(state.position, state.dislodged);
    for (const DislodgedUnit& d : state.dislodged) retreat_options(d.unit, d.retreats);
    labels();
    out_ += game_legend(variant_, state, nullptr, "", layout_.computed);
    return finish();
  }

  std::string variant_title() const { return variant_.title().empty() ? variant_.name() : variant_.title(); }

 private:
  [[nodiscard]] Point at(LocationId location) const { return canvas_.at(location); }
  // Where a dislodged unit is drawn: beside its province, down and to the right.
  [[nodiscard]] Point aside(LocationId location) const { return Point{at(location).x + radius_ * 1.1, at(location).y + radius_ * 1.1}; }
  // Where the unit standing at this location is drawn: beside it once dislodged.
  [[nodiscard]] Point unit_point(LocationId location) const {
    const ProvinceId province = map_.province_of(location);
    return set_aside_[province] ? aside(set_aside_[province]->location) : at(location);
  }

  void begin(const std::string& title, std::size_t order_lines) {
    out_ = svg_opening(kBoardWidth + kLegendWidth, std::max(canvas_.height(), game_legend_height(variant_, order_lines)), title);
  }

  std::string finish() {
    out_ += "</svg>\n";
    return std::move(out_);
  }

  // The artwork's shapes: seas as water, a supply centre in its owner's colour, the rest of the
  // land neutral.
  void shapes(const Position& position) {
    out_ += artwork_.shapes_svg(canvas_, [&](ProvinceId p) {
      if (map_.province(p).kind == ProvinceKind::Sea) return std::string(kWater);
      const PowerId owner = map_.province(p).supply_centre ? position.owner(p) : kNoPower;
      return owner == kNoPower ? std::string(kNeutralLand) : power_colour(variant_, owner) + "\" fill-opacity=\"0.6";
    });
  }

  // The map, faint: borders, provinces with their names, coasts, supply centres in their owner's
  // colour. With artwork, its shapes instead of the borders and the provinces' nodes.
  void background(const Position& position) {
    if (artwork_.present()) shapes(position);
    out_ += artwork_.present() ? "<g id=\"borders\">\n" : "<g id=\"borders\" opacity=\"0.45\">\n";
    // A two-way border once, a one-way border with its arrow head.
    for (std::size_t p = 0; p < map_.province_count() && !artwork_.present(); ++p)
      for (ProvinceId q : map_.army_neighbours(static_cast<ProvinceId>(p))) {
        const bool one_way = !map_.army_adjacent(q, static_cast<ProvinceId>(p));
        const Point a = at(map_.province(static_cast<ProvinceId>(p)).location), b = at(map_.province(q).location);
        if (p < q || one_way) out_ += svg_line(a, b, kArmyBorder);
        if (one_way) out_ += svg_arrow_head(a, b, "#a0703c");
      }
    for (LocationId a = 0; a < map_.location_count() && !artwork_.present(); ++a)
      for (LocationId b : map_.fleet_neighbours(a)) {
        const bool one_way = !map_.fleet_adjacent(b, a);
        if (a < b || one_way) out_ += svg_line(at(a), at(b), kFleetBorder);
        if (one_way) out_ += svg_arrow_head(at(a), at(b), "#2f6fbf");
      }
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      for (LocationId coast : province.coasts) out_ += svg_line(at(province.location), at(coast), "stroke=\"#777777\" stroke-width=\"1\"");
    }
    out_ += "</g>\n<g id=\"provinces\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      const Point c = at(province.location);
      out_ += "<g class=\"province\" id=\"province-" + xml_text(province.id) + "\"><title>" + xml_text(province.name) + "</title>";
      if (!artwork_.present())
        out_ += "<circle cx=\"" + svg_number(c.x) + "\" cy=\"" + svg_number(c.y) + "\" r=\"" + svg_number(radius_) + "\" fill=\"" +
                game_kind_colour(province.kind) + "\" stroke=\"#8a8a8a\" stroke-width=\"1\"/>";
      if (province.supply_centre) {
        const PowerId owner = position.owner(static_cast<ProvinceId>(p));
        out_ += "<circle class=\"centre\" cx=\"" + svg_number(c.x - radius_ * 1.1) + "\" cy=\"" + svg_number(c.y + radius_ * 0.8) + "\" r=\"" +
                svg_number(std::max(3.0, radius_ * 0.3)) + "\" fill=\"" + (owner == kNoPower ? std::string("#ffffff") : power_colour(variant_, owner)) +
                "\" stroke=\"#000000\" stroke-width=\"1\"/>";
      }
      out_ += "</g>\n";
      for (LocationId coast : province.coasts)
        out_ += "<circle class=\"coast\" cx=\"" + svg_number(at(coast).x) + "\" cy=\"" + svg_number(at(coast).y) + "\" r=\"" +
                svg_number(std::max(3.0, radius_ * 0.3)) + "\" fill=\"#ffffff\" stroke=\"#3070c0\" stroke-width=\"1\"/>\n";
    }
    out_ += "</g>\n";
  }

  // The provinces' names, over everything else drawn on the board, each with a white halo. On
  // artwork, a province's full name where it fits in its shape's width, else its id.
  void labels() {
    const double size = artwork_.present() ? 11 : std::clamp(radius_ * 0.6, 7.0, 10.0);
    out_ += "<g id=\"labels\" font-size=\"" + svg_number(size) +
            "\" text-anchor=\"middle\" fill=\"#333333\" stroke=\"#ffffff\" stroke-width=\"2.5\" paint-order=\"stroke\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      const Point c = at(province.location);
      // About 0.6 of the font size a letter, in DejaVu Sans.
      const bool fits = 0.6 * size * static_cast<double>(province.name.size()) < 0.9 * artwork_.width(static_cast<ProvinceId>(p)) * canvas_.scale();
      out_ += "<text x=\"" + svg_number(c.x) + "\" y=\"" + svg_number(c.y - radius_ * 1.05 - 4) + "\">" + xml_text(fits ? province.name : province.id) +
              "</text>\n";
    }
    out_ += "</g>\n";
  }

  void unit(const Unit& unit, Point p, const std::string& css, const std::string& stroke = "#000000", double stroke_width = 1.5,
            const std::string& dashes = "") {
    out_ += "<g class=\"unit " + css + "\" data-power=\"" + xml_text(variant_.power(unit.power).name) + "\" data-province=\"" +
            xml_text(map_.province(map_.province_of(unit.location)).id) + "\" data-x=\"" + svg_number(p.x) +
            "\" data-y=\"" + svg_number(p.y) + "\"><title>" + xml_text(variant_.power(unit.power).name + " " + unit_text(map_, unit)) +
            "</title>" + marks_.token(unit.type, power_colour(variant_, unit.power), p, stroke, stroke_width, dashes) + "</g>\n";
  }

  void units(const Position& position, std::span<const DislodgedUnit> dislodged) {
    out_ += "<g id=\"units\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Unit& u = position.unit_in(static_cast<ProvinceId>(p));
      if (u.present() && !set_aside_[p]) unit(u, at(u.location), u.type == UnitType::Army ? "army" : "fleet");
    }
    for (const DislodgedUnit& d : dislodged) dislodged_unit(d.unit);
    out_ += "</g>\n";
  }

  void dislodged_unit(const Unit& u) { unit(u, aside(u.location), "dislodged", kFailed, 2.5, "3 2"); }

  void retreat_options(const Unit& u, std::span<const LocationId> options) {
    const Point from = aside(u.location);
    if (options.empty()) {
      out_ += "<text x=\"" + svg_number(from.x) + "\" y=\"" + svg_number(from.y + radius_ * 1.5) + "\" font-size=\"9\" text-anchor=\"middle\" fill=\"" +
              kFailed + "\">no retreat</text>\n";
      return;
    }
    for (LocationId option : options) arrow(from, at(option), kFailed, 1.2, "2 3", 0.75, "retreat-option");
  }

  // Places where moves bounced and none entered: they stay empty, and no unit may retreat there.
  [[nodiscard]] std::vector<ProvinceId> standoffs(const PlayedPhase& played) const {
    if (played.before.phase.kind != PhaseKind::Movement) return {};
    std::set<ProvinceId> bounced, entered;
    const auto note = [&](const SubmittedOrder& submitted, const OrderOutcome& outcome) {
      const Order& order = submitted.order;
      if (order.kind != OrderKind::Move || order.target == kNoLocation) return;
      if (outcome.resolution == Resolution::Succeeds) entered.insert(map_.province_of(order.target));
      else if (outcome.reason == Reason::Bounced) bounced.insert(map_.province_of(order.target));
    };
    for (std::size_t i = 0; i < played.orders.size(); ++i) note(played.orders[i], played.report.outcomes[i]);
    for (const AddedOrder& added : played.report.added) note(added.submitted, added.outcome);
    std::vector<ProvinceId> out;
    for (ProvinceId province : bounced)
      if (!entered.contains(province)) out.push_back(province);
    return out;
  }

  // The board's marks, written into the picture.
  std::pair<Point, Point> arrow(Point from, Point to, const std::string& colour, double width, const std::string& dashes, double head,
                                const std::string& css) {
    return marks_.arrow(out_, from, to, colour, width, dashes, head, css);
  }
  void ring(Point c, double r, const std::string& colour, const std::string& dashes, const std::string& css) {
    marks_.ring(out_, c, r, colour, dashes, css);
  }
  void cross(Point c, const std::string& colour, const std::string& css) { marks_.cross(out_, c, colour, css); }

  void mark(Mark how, Point where) {
    if (how == Mark::Failed) cross(where, kFailed, "failed");
    if (how == Mark::Illegal) cross(where, kIllegal, "illegal");
  }

  // Where the unit an order names stands in the picture, if it is on the board.
  [[nodiscard]] std::optional<Point> ordered_unit(const UnitRef& ref, const GameState& before, bool dislodged) const {
    if (ref.location == kNoLocation) return std::nullopt;
    const ProvinceId province = map_.province_of(ref.location);
    if (dislodged) {
      for (const DislodgedUnit& d : before.dislodged)
        if (map_.province_of(d.unit.location) == province) return aside(d.unit.location);
      return std::nullopt;
    }
    const Unit& u = before.position.unit_in(province);
    if (!u.present()) return std::nullopt;
    return unit_point(u.location);
  }

  void draw_order(const DrawnOrder& drawn, const GameState& before) {
    const Order& order = drawn.submitted.order;
    const Mark how = mark_of(drawn.outcome);
    const bool retreating = before.phase.kind == PhaseKind::Retreat;
    const auto from = ordered_unit(order.unit, before, retreating && (order.kind == OrderKind::Retreat || order.kind == OrderKind::Disband));
    // A unit ordered by proxy is drawn in its own power's colour.
    PowerId power = drawn.submitted.power;
    if (order.unit.location != kNoLocation && !retreating)
      if (const Unit& u = before.position.unit_in(map_.province_of(order.unit.location)); u.present()) power = u.power;
    const std::string colour = how == Mark::Illegal ? kIllegal : power_colour(variant_, power);
    switch (order.kind) {
      case OrderKind::Hold:
        if (from) {
          ring(*from, radius_ * 1.3, colour, "", "hold");
          if (how != Mark::Succeeded) mark(how, Point{from->x + radius_ * 1.2, from->y - radius_ * 1.2});
        }
        return;
      case OrderKind::Move:
      case OrderKind::Retreat: {
        if (!from || order.target == kNoLocation) return;
        const auto [a, b] = arrow(*from, at(order.target), colour, 3, "", 0.9, order.kind == OrderKind::Move ? "move" : "retreat");
        if (how != Mark::Succeeded) mark(how, along(a, b, 0.72));
        return;
      }
      case OrderKind::Support: {
        if (!from) return;
        const auto supported = ordered_unit(order.other, before, false);
        if (!supported) return;
        std::pair<Point, Point> line;
        if (order.target == kNoLocation) {
          ring(*supported, radius_ * 1.45, colour, "4 3", "supported-hold");
          line = arrow(*from, *supported, colour, 2, "6 4", 0.6, "support");
        } else {
          line = arrow(*from, midpoint(*supported, at(order.target)), colour, 2, "6 4", 0.6, "support");
        }
        if (how != Mark::Succeeded) mark(how, midpoint(line.first, line.second));
        return;
      }
      case OrderKind::Convoy: {
        if (!from || order.target == kNoLocation) return;
        const auto army = ordered_unit(order.other, before, false);
        const Point carried_from = army ? *army : at(order.other.location == kNoLocation ? order.target : order.other.location);
        const auto line = arrow(*from, midpoint(carried_from, at(order.target)), colour, 2, "1 4", 0.6, "convoy");
        if (how != Mark::Succeeded) mark(how, midpoint(line.first, line.second));
        return;
      }
      case OrderKind::Disband:
      case OrderKind::Remove:
        if (from) cross(*from, how == Mark::Succeeded ? kFailed : kIllegal, order.kind == OrderKind::Remove ? "removal" : "disband");
        return;
      case OrderKind::Build: {
        if (order.unit.location == kNoLocation) return;
        const Point p = at(order.unit.location);
        const UnitType type = order.unit.type.value_or(UnitType::Army);
        out_ += "<g class=\"build\">";
        ring(p, radius_ * 1.35, how == Mark::Succeeded ? kBuilt : kIllegal, "4 2", "build-ring");
        out_ += marks_.token(type, how == Mark::Succeeded ? power_colour(variant_, drawn.submitted.power) : std::string(kIllegal), p, "#000000", 1.5, "3 2") +
                "</g>\n";
        if (how != Mark::Succeeded) mark(how, p);
        return;
      }
      case OrderKind::Special: {
        // A plugin's order that is no unit's (a canal permission): from the unit it names to its
        // place, as a thin arrow.
        if (order.target == kNoLocation) return;
        const auto other = ordered_unit(order.other, before, false);
        if (!other) return;
        const auto line = arrow(*other, at(order.target), colour, 1.5, "8 3 2 3", 0.6, "special");
        if (how != Mark::Succeeded) mark(how, midpoint(line.first, line.second));
        return;
      }
      case OrderKind::Waive:
      case OrderKind::Proxy: return;
    }
  }

  static constexpr const char* kWater = "#b9d9f2";
  static constexpr const char* kNeutralLand = "#efe4c8";
  static constexpr const char* kArmyBorder = "stroke=\"#a0703c\" stroke-width=\"2\" stroke-opacity=\"0.5\"";
  static constexpr const char* kFleetBorder = "stroke=\"#2f6fbf\" stroke-width=\"1\" stroke-dasharray=\"5 4\"";

  const Variant& variant_;
  const Map& map_;
  BoardArtwork artwork_;
  BoardLayout layout_;
  BoardCanvas canvas_;
  double radius_;
  GameMarks marks_;
  // Per province: the unit drawn beside it, dislodged, in a movement phase's picture.
  std::vector<std::optional<Unit>> set_aside_;
  std::string out_;
};

}  // namespace

Picture draw_phase(const PlayedPhase& phase) {
  Picture picture;
  picture.svg = GameDrawing(phase.variant, picture.warnings).phase(phase);
  return picture;
}

Picture draw_after(const PlayedPhase& phase) {
  Picture picture;
  picture.svg = GameDrawing(phase.variant, picture.warnings).after(phase);
  return picture;
}

Picture draw_state(const Variant& variant, const GameState& state) {
  Picture picture;
  GameDrawing drawing(variant, picture.warnings);
  const std::string title = drawing.variant_title() + ": " + variant.phase_name(state.phase) +
                            (state.over() ? " (" + describe_end(variant, state) + ")" : "");
  picture.svg = drawing.position(state, title);
  return picture;
}

}  // namespace dipadj
