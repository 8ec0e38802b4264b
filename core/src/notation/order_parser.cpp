#include "dipadj/notation/order_text.hpp"
#include "dipadj/notation/order_parser.hpp"

#include <algorithm>

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "token_reader.hpp"

namespace dipadj {
namespace {

// One reading of an order's tokens by the notation's grammar: an adjustment order, or a unit and
// what it is ordered to do. Each step returns false when the order cannot be read (the error
// says why); the order is the result only when every token was read.
class OrderGrammar {
 public:
  OrderGrammar(const Variant& variant, TokenReader& reader, ParsedOrder& out, bool retreat_phase, bool places_off_map)
      : variant_(variant), r_(reader), out_(out), error_(out.error), retreat_phase_(retreat_phase), places_off_map_(places_off_map) {}

  void read() {
    if (!read_order()) return;
    if (error_.empty() && !r_.done()) error_ = "unexpected '" + r_.peek() + "'";
    if (error_.empty()) out_.order = std::move(order_);
  }

 private:
  bool read_order() {
    if (read_adjustment()) return true;
    auto unit = r_.unit(error_);
    if (!unit) return false;
    order_.unit = *unit;
    if (r_.done() || r_.accept({"h", "hold", "holds", "stand", "stands"})) {
      order_.kind = OrderKind::Hold;
      return true;
    }
    if (r_.move_word()) return read_move();
    if (r_.accept({"s", "support", "supports"})) return read_support();
    if (r_.accept({"c", "convoy", "convoys"})) return read_convoy();
    if (r_.accept({"proxy", "proxies"})) return read_proxy();
    if (r_.accept({"d", "disband", "disbands"})) {
      order_.kind = retreat_phase_ ? OrderKind::Disband : OrderKind::Remove;
      return true;
    }
    if (r_.accept({"b", "build", "builds"})) {
      order_.kind = OrderKind::Build;
      return true;
    }
    error_ = "expected an order (Hold, -, Supports, Convoys) but found '" + r_.peek() + "'";
    return false;
  }

  // An order that starts with its word: "Waive", "Build A Paris", "Remove F Brest". False when
  // the order starts otherwise (a unit first).
  bool read_adjustment() {
    if (r_.accept({"waive", "waives"})) {
      order_.kind = OrderKind::Waive;
      return true;
    }
    if (r_.accept({"build", "builds"})) {
      order_.kind = OrderKind::Build;
    } else if (r_.accept({"remove", "removes", "disband", "disbands"})) {
      order_.kind = retreat_phase_ ? OrderKind::Disband : OrderKind::Remove;
    } else {
      return false;
    }
    if (auto u = r_.unit(error_)) order_.unit = *u;
    return true;
  }

  // "- Bel", "- Nth - Bel" (DATC 4.A.6: every place but the last is a sea on the convoy path),
  // "- Bel via convoy".
  bool read_move() {
    order_.kind = retreat_phase_ ? OrderKind::Retreat : OrderKind::Move;
    if (!read_destination()) return false;
    while (order_.off_map_place.empty() && r_.peek() == "-") {
      r_.accept({"-"});
      order_.convoy_path.push_back(variant_.map().province_of(order_.target));
      if (!read_destination()) return false;
    }
    if (r_.accept({"via", "by"})) {
      if (!r_.accept({"convoy", "c"})) {
        error_ = "expected 'convoy' after 'via'";
        return false;
      }
      order_.via_convoy = true;
    }
    return true;
  }

  // "S A Par - Bur", "S A Par", "S A Par holds".
  bool read_support() {
    order_.kind = OrderKind::Support;
    auto other = r_.unit(error_);
    if (!other) return false;
    order_.other = *other;
    if (r_.move_word()) return read_destination();
    r_.accept({"h", "hold", "holds", "stand", "stands"});
    return true;
  }

  // "C A Lon - Bel".
  bool read_convoy() {
    order_.kind = OrderKind::Convoy;
    auto other = r_.unit(error_);
    if (!other) return false;
    order_.other = *other;
    if (!r_.move_word()) {
      error_ = "a convoy order needs '- destination'";
      return false;
    }
    return read_destination();
  }

  // "A Bel Proxy England", "A Bel proxy to England": the rest names the power.
  bool read_proxy() {
    order_.kind = OrderKind::Proxy;
    r_.accept({"to"});
    std::string name;
    while (!r_.done()) {
      name += (name.empty() ? "" : " ") + r_.peek();
      r_.skip(1);
    }
    auto power = variant_.find_power(name);
    if (!power) {
      error_ = name.empty() ? "a proxy order names the power that gets the unit" : "unknown power '" + name + "'";
      return false;
    }
    order_.other.nationality = *power;
    return true;
  }

  // A destination: a place on the map, or (when allowed) whatever words stand there instead.
  bool read_destination() {
    const std::size_t start = r_.position();
    if (auto dest = r_.place(error_)) {
      order_.target = dest->location;
      order_.ignored_coast = dest->ignored_coast;
      return true;
    }
    if (!places_off_map_ || r_.done()) return false;
    r_.rewind(start);
    std::string written;
    while (!r_.done() && r_.peek() != "via" && r_.peek() != "by") {
      written += (written.empty() ? "" : " ") + r_.peek();
      r_.skip(1);
    }
    if (written.empty()) return false;
    error_.clear();
    order_.target = kNoLocation;
    order_.off_map_place = std::move(written);
    return true;
  }

  const Variant& variant_;
  TokenReader& r_;
  ParsedOrder& out_;
  std::string& error_;
  const bool retreat_phase_;
  const bool places_off_map_;
  Order order_;
};

}  // namespace

std::optional<UnitRef> OrderParser::parse_unit(std::string_view text, std::string& error) const {
  const std::vector<std::string> tokens = tokenize_order(text);
  TokenReader r(*variant_, tokens);
  r.correct_spelling = false;
  auto unit = r.unit(error, true);
  if (!unit) return std::nullopt;
  if (r.last_ignored_coast != kNoCoast) {
    // In an order a stray coast is ignored (DATC 4.B.5, 4.B.6); a position must be exact.
    error = no_such_coast(variant_->map(), variant_->map().province_of(unit->location), r.last_ignored_coast);
    return std::nullopt;
  }
  if (!r.done()) {
    error = "unexpected '" + r.peek() + "' after the unit";
    return std::nullopt;
  }
  return unit;
}

ParsedOrder OrderParser::parse(std::string_view text, bool retreat_phase, bool places_off_map) const {
  // A plugin's own notation first ("A Moscow - TSR - Vladivostok"): the core would misread it.
  const auto& extensions = variant_->extensions();
  for (std::size_t i = 0; i < extensions.size(); ++i) {
    const OrderSyntax* syntax = extensions[i].rules->order_syntax();
    if (syntax == nullptr) continue;
    std::optional<ParsedOrder> read = syntax->parse_order(text, *this, retreat_phase);
    if (!read) continue;
    if (read->order) read->order->extension = static_cast<std::uint8_t>(i + 1);
    for (Order& reading : read->readings) reading.extension = static_cast<std::uint8_t>(i + 1);
    return *std::move(read);
  }
  return parse_without_extensions(text, retreat_phase, places_off_map);
}

ParsedOrder OrderParser::parse_without_extensions(std::string_view text, bool retreat_phase, bool places_off_map) const {
  std::vector<std::string> tokens = tokenize_order(text);
  PowerId power = kNoPower;
  // "England: A Lon - Nth": the power that gives the order.
  if (auto colon = std::find(tokens.begin(), tokens.end(), ":"); colon != tokens.end()) {
    std::string name;
    for (auto it = tokens.begin(); it != colon; ++it) name += (name.empty() ? "" : " ") + *it;
    auto found = variant_->find_power(name);
    if (!found) return ParsedOrder{std::nullopt, kNoPower, "unknown power '" + name + "'", {}};
    power = *found;
    tokens.erase(tokens.begin(), colon + 1);
  }
  if (tokens.empty()) return ParsedOrder{std::nullopt, power, "empty order", {}};
  ParsedOrder out = parse_tokens(std::move(tokens), retreat_phase, places_off_map, 0);
  out.power = power;
  return out;
}

// An unclear place word ("Bu.") is read as each province it may mean; the readings that are
// orders are kept. One reading: that is the order (it "can have only one meaning"); several: the
// rules of 4.E.2 choose later, knowing the board.
ParsedOrder OrderParser::parse_tokens(std::vector<std::string> tokens, bool retreat_phase, bool places_off_map,
                                      int depth) const {
  std::size_t unclear_at = 0;
  std::vector<ProvinceId> candidates;
  ParsedOrder out = parse_once(tokens, retreat_phase, places_off_map, unclear_at, candidates);
  constexpr int kMostUnclearWords = 3;
  if (out.order || candidates.empty() || depth >= kMostUnclearWords) return out;
  const std::string word = tokens[unclear_at];
  std::vector<Order> readings;
  for (ProvinceId p : candidates) {
    std::vector<std::string> reading(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(unclear_at));
    for (const std::string& part : tokenize_order(variant_->map().province(p).name)) reading.push_back(part);
    reading.insert(reading.end(), tokens.begin() + static_cast<std::ptrdiff_t>(unclear_at) + 1, tokens.end());
    ParsedOrder alternative = parse_tokens(std::move(reading), retreat_phase, places_off_map, depth + 1);
    if (alternative.order) alternative.readings.push_back(std::move(*alternative.order));
    for (Order& o : alternative.readings)
      if (std::find(readings.begin(), readings.end(), o) == readings.end()) readings.push_back(std::move(o));
  }
  if (readings.size() == 1) {
    // The word was read as the one name that makes an order of it: a guess, which results show.
    out.order = std::move(readings.front());
    out.error.clear();
    out.corrected = true;
  } else if (readings.size() > 1) {
    std::string meanings;
    for (std::size_t k = 0; k < readings.size(); ++k)
      meanings += (k == 0 ? "" : k + 1 == readings.size() ? " or " : ", ") + to_string(readings[k], *variant_);
    out.error = "'" + word + "' is unclear: " + meanings;
    out.readings = std::move(readings);
  }
  return out;
}

ParsedOrder OrderParser::parse_once(const std::vector<std::string>& tokens, bool retreat_phase, bool places_off_map,
                                    std::size_t& unclear_at, std::vector<ProvinceId>& candidates) const {
  ParsedOrder out;
  TokenReader r(*variant_, tokens);
  OrderGrammar(*variant_, r, out, retreat_phase, places_off_map).read();
  out.corrected = out.order && r.corrected;
  // However the reading ended, the caller learns which word was unclear.
  unclear_at = r.unclear_at;
  candidates = std::move(r.unclear_candidates);
  return out;
}

}  // namespace dipadj
