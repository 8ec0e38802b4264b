#pragma once
// Reading a record's phases from a document (document.hpp): each power's written orders with the results they expect,
// and the expectations of the board after the phase. Shared by game records
// (formats/record_file.cpp) and the DATC's case files (datc/case_file.cpp). Private to the core.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/document_reader.hpp"
#include "notation/position_reading.hpp"
#include "dipadj/game/record.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::record_reading {

inline std::optional<Resolution> parse_resolution(const std::string& text) {
  if (text == "succeeds") return Resolution::Succeeds;
  if (text == "fails") return Resolution::Fails;
  if (text == "illegal") return Resolution::Illegal;
  return std::nullopt;
}

class RecordReader {
 public:
  // `doc`: the file read, and where its problems go.
  RecordReader(const DocumentReader& doc, const Variant& variant, bool plain_orders = false)
      : doc_(doc), variant_(variant), parser_(variant), plain_orders_(plain_orders) {}

  // Under 4.E.1 a an order may name a place that is not on the map; otherwise such a text is
  // no order and the case fails, so that a misspelt province never passes as an illegal order.
  void allow_places_off_map(bool allowed) { places_off_map_ = allowed; }

  void orders(const DocNode& node, RecordPhase& phase, const std::string& id) {
    if (!node) return;
    if (!node.is_map()) {
      doc_.error(node, "case " + id + ": 'orders' must map powers to lists");
      return;
    }
    for (const DocNode& entry : node.items()) {
      auto power = variant_.find_power(entry.key());
      if (!power) {
        doc_.key_error(entry, "unknown power '" + entry.key() + "'");
        continue;
      }
      if (entry.is_null()) continue;
      if (!entry.is_sequence()) {
        doc_.error(entry, "the orders of a power must be a list");
        continue;
      }
      for (const DocNode& item : entry.items()) {
        RecordOrder order;
        order.power = *power;
        if (plain_orders_ && item.is_scalar()) {
          order.text = item.text();
          order.line = item.line();
        } else if (!item.is_map() || item.size() != 1) {
          doc_.error(item, plain_orders_ ? "an order must be text, or '<order>: <succeeds|fails|illegal>'"
                                         : "an order must be written '<order>: <succeeds|fails|illegal>'");
          continue;
        } else {
          const DocNode& pair = item.items().front();
          order.text = pair.key();
          order.line = pair.key_line();
          auto expected = parse_resolution(pair.text());
          if (!expected) {
            doc_.error(pair, "result '" + pair.text() + "' is not one of succeeds, fails, illegal");
            continue;
          }
          order.expected = *expected;
        }
        ParsedOrder parsed = parser_.parse(order.text, phase.phase.kind == PhaseKind::Retreat, places_off_map_);
        if (parsed.order) order.order = std::move(parsed.order);
        else order.parse_error = parsed.error;
        order.readings = std::move(parsed.readings);
        order.corrected = parsed.corrected;
        phase.orders.push_back(std::move(order));
      }
    }
  }

  void retreats(const DocNode& node, RecordPhase& phase) {
    if (!node) return;
    if (!node.is_map()) {
      doc_.error(node, "'expect_retreats' maps powers to {unit: [places]}");
      return;
    }
    for (const DocNode& entry : node.items()) {
      auto power = variant_.find_power(entry.key());
      if (!power || !entry.is_map()) {
        doc_.key_error(entry, power ? "expected {unit: [places]}" : "unknown power '" + entry.key() + "'");
        continue;
      }
      for (const DocNode& unit_entry : entry.items()) {
        std::string why;
        auto unit = parser_.parse_unit(unit_entry.key(), why);
        if (!unit) {
          doc_.key_error(unit_entry, "unit '" + unit_entry.key() + "': " + why);
          continue;
        }
        std::vector<LocationId> places;
        if (!unit_entry.is_sequence()) {
          doc_.error(unit_entry, "the retreat options must be a list (possibly empty)");
          continue;
        }
        for (const DocNode& place : unit_entry.items()) {
          auto parsed = parser_.parse_unit(std::string(1, unit_letter(*unit->type)) + " " + place.text(), why);
          if (!parsed) doc_.error(place, "place '" + place.text() + "': " + why);
          else places.push_back(parsed->location);
        }
        std::sort(places.begin(), places.end());
        phase.expect_retreats.emplace_back(Unit{*unit->type, *power, unit->location}, std::move(places));
      }
    }
  }

  // The expectations of one phase (`orders` and `expect_*` keys of a case or of a `then` entry).
  void expectations(const DocNode& node, RecordPhase& phase, const std::string& id) {
    orders(node["orders"], phase, id);
    if (node["expect_units"]) {
      phase.check_units = true;
      read_units(doc_, node["expect_units"], variant_, phase.expect_units);
    }
    if (phase.phase.kind == PhaseKind::Movement) {
      phase.check_dislodged = true;  // omitted: nobody is dislodged
      read_unit_list(doc_, node["expect_dislodged"], variant_, phase.expect_dislodged);
    } else if (node["expect_dislodged"]) {
      doc_.error(node["expect_dislodged"], "case " + id + ": units are dislodged only in movement phases");
    }
    retreats(node["expect_retreats"], phase);
    if (node["expect_supply_centres"]) {
      phase.check_owners = true;
      read_owners(doc_, node["expect_supply_centres"], variant_, phase.expect_owners);
    }
    if (const DocNode& winner = node["expect_winner"]) {
      phase.check_winner = true;
      const std::string name = winner.is_scalar() ? winner.text() : std::string();
      if (normalize_name(name) != "none") {
        const auto power = variant_.find_power(name);
        if (!power) doc_.error(winner, "case " + id + ": 'expect_winner' is a power or 'none', not '" + name + "'");
        else phase.expect_winner = *power;
      }
    }
    if (const DocNode& end = node["expect_ended_by"]) {
      const std::string word = end.is_scalar() ? end.text() : std::string();
      if (word == "not_over") phase.expect_ended_by = GameEnd::NotOver;
      else if (const auto parsed = parse_game_end(word)) phase.expect_ended_by = *parsed;
      else doc_.error(end, "case " + id + ": 'expect_ended_by' is victory, last_year_leader, last_year_draw or not_over, not '" + word + "'");
    }
  }

 private:
  DocumentReader doc_;
  const Variant& variant_;
  bool places_off_map_ = false;
  OrderParser parser_;
  bool plain_orders_;
};

// `plugins:` of a case file or a record: the plugins it needs; the variant must use each of them.
inline void check_needed_plugins(DocumentReader& doc, const DocNode& root, const Variant& variant) {
  for (const auto& needed : doc.string_list(root, "plugins")) {
    const auto& used = variant.extensions();
    if (std::none_of(used.begin(), used.end(), [&](const VariantExtension& e) { return e.plugin == needed; }))
      doc.error(root["plugins"], "the file needs plugin '" + needed + "', which variant '" + variant.name() + "' does not use");
  }
}

}  // namespace dipadj::record_reading
