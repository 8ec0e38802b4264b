#include "dipadj/notation/order_text.hpp"
#include "dipadj/formats/phase_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "dipadj/order/order.hpp"
#include "dipadj/variant/variant.hpp"
#include "json_writer.hpp"
#include "result_texts.hpp"

namespace dipadj {
namespace {

// A text's view left unset until written (a string_view is made empty: the 512 of a result's room,
// made with each result, cost more than its lists).
struct TextRef {
  const char* data;
  std::size_t size;
};

// What one result is written with: the sink, the variant, whether the variant's names may be
// copied unchecked (names_are_plain: checked once, with the variant, not in every result), and
// two strings reused for each order's text and reason. `Sink` is JsonSink, or JsonWriter itself
// when writing text (its calls then made directly, not through the table of virtual functions);
// a JsonWriter's own string for values is the text's then (a writer kept for many results keeps
// it: a phase name is longer than a string holds without memory of its own).
template <class Sink>
struct ResultWriter {
  ResultWriter(Sink& sink, const PlayedPhase& phase, const ResultTexts* made)
      : out(sink),
        variant(phase.variant),
        played(phase),
        plain(variant.names_are_plain()),
        text(text_of(sink)),
        texts(made != nullptr && made->serves(variant) ? made : nullptr) {}

  Sink& out;
  const Variant& variant;
  const PlayedPhase& played;
  bool plain;
  std::string own_text;
  std::string& text;
  std::string words;
  const ResultTexts* texts;  // the variant's, made before; or none, until write_orders makes its own
  ResultTexts own_texts;

  std::string& text_of(Sink& sink) {
    if constexpr (std::is_same_v<Sink, JsonWriter>) return sink.value_text();
    else return own_text;
  }
  OrderTextPieces pieces;
  // write_per_power's room: a row of bits per group (a power's, the neutral one's, and one for the
  // provinces with no item), a bit per province; on the stack up to kRowWordsOnStack words (every
  // bundled map: nine rows of two words for Standard's units), else on the heap.
  static constexpr std::size_t kRowWordsOnStack = 64;
  std::array<std::uint64_t, kRowWordsOnStack> rows_here;
  std::vector<std::uint64_t> rows_heap;
  // A group's texts, read once for its size and its copy.
  static constexpr std::size_t kItemsOnStack = 512;
  std::array<TextRef, kItemsOnStack> items_here;
  std::vector<TextRef> items_heap;

  [[nodiscard]] TextRef* items(std::size_t provinces) {
    if (provinces <= kItemsOnStack) return items_here.data();
    items_heap.resize(provinces);
    return items_heap.data();
  }
  // `count` words of bits, all clear.
  [[nodiscard]] std::uint64_t* rows(std::size_t count) {
    std::uint64_t* const at = count <= kRowWordsOnStack ? rows_here.data() : (rows_heap.resize(count), rows_heap.data());
    std::fill_n(at, count, std::uint64_t{0});
    return at;
  }

  void name(std::string_view value) { plain ? out.plain_string(value) : out.string(value); }
  void named(std::string_view key, std::string_view value) {
    if (plain) {
      out.plain_member(key, value);
      return;
    }
    out.key(key);
    out.string(value);
  }
  void power(PowerId id) { named("power", variant.power(id).name); }
  // A phase's name, as the variant's calendar writes it (Variant::phase_name): `made` before, or
  // made now in the string kept for texts rather than a new one.
  void phase_name(const Phase& phase, std::string_view made) {
    if (made.empty()) {
      text.clear();
      variant.calendar().write_into(text, phase);
      made = text;
    }
    if (variant.calendar().names_are_plain()) out.plain_string(made);
    else out.string(made);
  }
  // A unit's text ("A Paris", unit_text), as the map made it.
  void unit(const Unit& unit) { name(variant.map().unit_label(unit.type, unit.location)); }
  void order(const Order& order) {
    if constexpr (std::is_same_v<Sink, JsonWriter>) {
      // The core's words and the variant's names only, copied as they are.
      if (plain && order.off_map_place.empty() && order_text_pieces(order, variant, pieces)) {
        out.plain_pieces(std::span(pieces.pieces.data(), pieces.count), pieces.size);
        return;
      }
    }
    text.clear();
    append_order_text(text, order, variant);
    // The core's words and the variant's names only: no text of the player's, no plugin's.
    if (plain && order.extension == 0 && order.off_map_place.empty()) out.plain_string(text);
    else out.string(text);
  }
};

// An outcome's result, reason and code as JSON members, for each resolution and core reason told
// in its own words: made once, then copied as one piece into each result that has them (nearly
// every order's).
class OutcomeMembers {
 public:
  OutcomeMembers() {
    for (std::size_t resolution = 0; resolution < kResolutions; ++resolution)
      for (std::size_t reason = 0; reason < kFirstVariantReason; ++reason) {
        std::string object;
        JsonWriter writer(object);
        writer.begin_object();
        writer.key("result");
        writer.string(to_string(static_cast<Resolution>(resolution)));
        writer.key("reason");
        writer.string(describe(static_cast<Reason>(reason)));
        writer.key("reason_code");
        writer.string(reason_code(static_cast<Reason>(reason)));
        writer.end_object();
        writer.finish();
        members_[resolution][reason] = "\"," + object.substr(1, object.size() - 2);
      }
  }
  [[nodiscard]] std::string_view of(Resolution resolution, Reason reason) const { return after_text(resolution, reason).substr(2); }
  // The same after a string's text, its closing quote and a comma first (`","result":...`).
  [[nodiscard]] std::string_view after_text(Resolution resolution, Reason reason) const {
    return members_[static_cast<std::size_t>(resolution)][static_cast<std::size_t>(reason)];
  }

 private:
  static constexpr std::size_t kResolutions = 3;
  std::array<std::array<std::string, kFirstVariantReason>, kResolutions> members_;
};

// Made on first use, read-only after.
const OutcomeMembers& outcome_members() {
  static const OutcomeMembers members;
  return members;
}

// `reason`: the outcome's reason in words, as reason_text() tells it with `w.words` for the words
// it makes for an order; those that are not in `w.words` are the reason's own (Variant::reason_text).
template <class Sink>
void write_outcome(ResultWriter<Sink>& w, const OrderOutcome& outcome, std::string_view reason) {
  Sink& out = w.out;
  if constexpr (std::is_same_v<Sink, JsonWriter>) {
    const bool own_words = reason.data() != w.words.data();
    if (own_words && !is_variant_reason(outcome.reason)) {
      out.members(outcome_members().of(outcome.resolution, outcome.reason));
      if (outcome.by != kNoProvince) w.named("by", w.variant.map().province(outcome.by).name);
      return;
    }
  }
  out.plain_member("result", to_string(outcome.resolution));
  out.key("reason");
  out.string(reason);
  out.key("reason_code");
  out.string(w.variant.reason_code(outcome.reason));
  if (outcome.by != kNoProvince) w.named("by", w.variant.map().province(outcome.by).name);
}

// `text` copied to `at`; where the next text goes.
[[gnu::always_inline]] inline char* put_text(char* at, std::string_view text) {
  copy_text(at, text);
  return at + text.size();
}

// `visit(province)` for each province whose bit is set in `row` (`words` words), in province order.
template <class Visit>
[[gnu::always_inline]] inline void for_each_province(const std::uint64_t* row, std::size_t words, Visit visit) {
  for (std::size_t word = 0; word < words; ++word)
    for (std::uint64_t bits = row[word]; bits != 0; bits &= bits - 1)
      visit(static_cast<ProvinceId>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
}

// "key":["item","item",...] of plain texts, `item_bytes` bytes in all, through one size check: a
// list written item by item cost a size check and a comma's state each.
void write_plain_list(JsonWriter& out, std::string_view key, std::span<const TextRef> items, std::size_t item_bytes) {
  char* at = out.raw(key.size() + 5 + 3 * items.size() - 1 + item_bytes);  // "key":[ ] and "item", each
  *at++ = '"';
  at = put_text(at, key);
  at = put_text(at, "\":[");
  for (const TextRef& text : items) {
    *at++ = '"';
    at = put_text(at, {text.data, text.size});
    *at++ = '"';
    *at++ = ',';
  }
  at[-1] = ']';
}

// {power: [...]} for the powers that have any, in the variant's order of powers; with
// `neutral_too` (units) the neutral units last, under `Neutral`. `owner(province)` is the power
// the province gives an item (kNoPower: none), `item(province)` its text (a view of the map's).
// One pass over the map (or over `only`, the provinces that may have an item) sets each
// province's bit in its group's row, with no branch (a province's item or not is as likely as
// not, and branches to mispredict were most of the lists' time); each group's provinces are then
// its row's bits, in province order (counting them into groups and putting each in its place
// cost 230 instructions a result more).
template <class Sink, class Owner, class Item>
void write_per_power(ResultWriter<Sink>& w, Owner owner, Item item, bool neutral_too = false, std::span<const ProvinceId> only = {}) {
  const Variant& variant = w.variant;
  const std::size_t powers = variant.power_count();
  const std::size_t groups = powers + (neutral_too ? 1 : 0);
  const std::size_t provinces = variant.map().province_count();
  const std::size_t words = (provinces + 63) / 64;
  // Each power's group, by power: `groups` (no item: the last row, never read) for kNoPower, and
  // for the neutral one unless `neutral_too`. Every group is below kNeutral + 2.
  std::array<std::uint8_t, 256> group_of;
  group_of.fill(static_cast<std::uint8_t>(groups));
  for (std::size_t power = 0; power < powers; ++power) group_of[power] = static_cast<std::uint8_t>(power);
  if (neutral_too) group_of[kNeutral] = static_cast<std::uint8_t>(powers);
  std::uint64_t* const rows = w.rows((groups + 1) * words);
  const auto list = [&](std::size_t p) __attribute__((always_inline)) {
    rows[group_of[owner(static_cast<ProvinceId>(p))] * words + p / 64] |= std::uint64_t{1} << (p % 64);
  };
  if (only.empty()) {
    for (std::size_t p = 0; p < provinces; ++p) list(p);
  } else {
    for (const ProvinceId p : only) list(p);
  }
  Sink& out = w.out;
  out.begin_object();
  auto* const items = w.items(provinces);
  for (std::size_t g = 0; g < groups; ++g) {
    std::size_t count = 0, item_bytes = 0;
    for_each_province(rows + g * words, words, [&](ProvinceId p) __attribute__((always_inline)) {
      const std::string_view text = item(p);
      items[count++] = {text.data(), text.size()};
      item_bytes += text.size();
    });
    if (count == 0) continue;
    const auto power = g < powers ? static_cast<PowerId>(g) : kNeutral;
    if constexpr (std::is_same_v<Sink, JsonWriter>) {
      if (w.plain) {
        write_plain_list(out, variant.power(power).name, std::span<const TextRef>(items, count), item_bytes);
        continue;
      }
    }
    out.key(variant.power(power).name);
    out.begin_array();
    for (std::size_t k = 0; k < count; ++k) w.name({items[k].data, items[k].size});
    out.end_array();
  }
  out.end_object();
}

// The result of order `i` written through one size check, for the common order: plain names, a
// core order with one meaning read as written, its text ready for JSON, a core reason in the
// core's words. False, with nothing written, for any other: write_orders writes it value by value.
// Value by value each of its nine values cost a size check and a comma's state of its own. The
// keys and their order are write_orders' (tests/game_line_reading_test.cpp holds the two to one
// text).
[[gnu::always_inline]] inline bool write_plain_order(ResultWriter<JsonWriter>& w, std::size_t i, const OutcomeMembers& outcomes) {
  const PlayedPhase& played = w.played;
  const SubmittedOrder& submitted = played.orders[i];
  const OrderOutcome& outcome = played.report.outcomes[i];
  if (!w.plain || !played.written_json_ready || i >= played.written.size() || submitted.set_aside == Reason::UnclearOrder ||
      (i < played.notes.size() && played.notes[i].corrected) || reason_told_for_the_order(outcome.reason) ||
      is_variant_reason(outcome.reason) || !submitted.order.off_map_place.empty())
    return false;
  // The order's text made before (by the reader that remembered it), or its pieces now.
  if (i < played.shown.size() && !played.shown[i].empty()) {
    w.pieces.pieces[0] = played.shown[i];
    w.pieces.count = 1;
    w.pieces.size = played.shown[i].size();
  } else if (!order_text_pieces(submitted.order, w.variant, w.pieces)) {
    return false;
  }
  constexpr std::string_view kWritten = R"(","written":")", kBy = R"(,"by":")";
  const std::string_view opening = w.texts->order_opening(submitted.power);  // {"power":"...","order":"
  const std::string_view written = played.written[i];
  const std::string_view members = outcomes.after_text(outcome.resolution, outcome.reason);  // ","result":...
  const bool by = outcome.by != kNoProvince;
  const std::string_view by_name = by ? std::string_view(w.variant.map().province(outcome.by).name) : std::string_view();
  const std::size_t bytes = opening.size() + w.pieces.size + kWritten.size() + written.size() + members.size() +
                            (by ? kBy.size() + by_name.size() + 1 : 0) + 1;
  char* at = w.out.raw(bytes);
  at = put_text(at, opening);
  for (std::size_t k = 0; k < w.pieces.count; ++k) at = put_text(at, w.pieces.pieces[k]);
  at = put_text(at, kWritten);
  at = put_text(at, written);
  at = put_text(at, members);
  if (by) {
    at = put_text(at, kBy);
    at = put_text(at, by_name);
    *at++ = '"';
  }
  *at = '}';
  return true;
}

// `orders`: each order submitted, as read and as written, with its result.
template <class Sink>
void write_orders(ResultWriter<Sink>& w) {
  const PlayedPhase& played = w.played;
  Sink& out = w.out;
  // Asked once, not at each order (its first use is guarded).
  const OutcomeMembers& outcomes = outcome_members();
  // Each power's opening of an order's result (write_plain_order's), unless made before.
  if constexpr (std::is_same_v<Sink, JsonWriter>) {
    if (w.texts == nullptr && w.plain) {
      w.own_texts.make_for_one(w.variant);
      w.texts = &w.own_texts;
    }
  }
  out.key("orders");
  out.begin_array();
  for (std::size_t i = 0; i < played.orders.size(); ++i) {
    if constexpr (std::is_same_v<Sink, JsonWriter>) {
      if (write_plain_order(w, i, outcomes)) continue;
    }
    const SubmittedOrder& submitted = played.orders[i];
    out.begin_object();
    w.power(submitted.power);
    // An unclear order has no one meaning to print: only its text.
    out.key("order");
    if (submitted.set_aside == Reason::UnclearOrder) out.null();
    else w.order(submitted.order);
    if (i < played.written.size()) {
      out.key("written");
      out.string(played.written[i]);
    }
    if (const std::string read = read_as(played, i); !read.empty()) {
      out.key("read_as");
      out.string(read);
    }
    // The variant's text for the reason, unless reason_text makes words for this order.
    const OrderOutcome& outcome = played.report.outcomes[i];
    write_outcome(w, outcome,
                  reason_told_for_the_order(outcome.reason) ? reason_text(played, i, w.words) : w.variant.reason_text(outcome.reason));
    out.end_object();
  }
  out.end_array();
}

// `added_orders`: the orders the phase added (implied, perpetual), when there are any.
template <class Sink>
void write_added_orders(ResultWriter<Sink>& w) {
  Sink& out = w.out;
  if (w.played.report.added.empty()) return;
  out.key("added_orders");
  out.begin_array();
  for (const AddedOrder& added : w.played.report.added) {
    out.begin_object();
    w.power(added.submitted.power);
    out.key("order");
    w.order(added.submitted.order);
    out.plain_member("source", to_string(added.source));
    write_outcome(w, added.outcome, reason_text(added.submitted.order, added.outcome, w.variant, w.words));
    out.end_object();
  }
  out.end_array();
}

template <class Sink>
void write_unit(ResultWriter<Sink>& w, const Unit& unit) {
  w.out.begin_object();
  w.power(unit.power);
  w.out.key("unit");
  w.unit(unit);
  w.out.end_object();
}

// `dislodged`: the units dislodged, each with where its attacker came from and where it may
// retreat; `disbanded`: the units lost; `rebuilt`: the neutral units put back.
template <class Sink>
void write_lost_units(ResultWriter<Sink>& w) {
  Sink& out = w.out;
  const Map& map = w.variant.map();
  const PhaseReport& report = w.played.report;
  out.key("dislodged");
  out.begin_array();
  for (const auto& d : report.movement.dislodged) {
    out.begin_object();
    w.power(d.unit.power);
    out.key("unit");
    w.unit(d.unit);
    out.key("attacker_from");
    if (d.attacker_from == kNoProvince) out.null();
    else w.name(map.province(d.attacker_from).name);
    out.key("retreats");
    out.begin_array();
    for (LocationId loc : report.movement.retreats(d)) w.name(map.location_name(loc));
    out.end_array();
    out.end_object();
  }
  out.end_array();
  out.key("disbanded");
  out.begin_array();
  for (const Unit& unit : report.disbanded) write_unit(w, unit);
  out.end_array();
  // Only where the rules rebuild neutral units and one came back: every other result reads as before.
  if (report.rebuilt.empty()) return;
  out.key("rebuilt");
  out.begin_array();
  for (const Unit& unit : report.rebuilt) write_unit(w, unit);
  out.end_array();
}

// The board after the phase: units, owners, the next phase and the winner, if any.
template <class Sink>
void write_after(ResultWriter<Sink>& w) {
  Sink& out = w.out;
  const Variant& variant = w.variant;
  const Map& map = variant.map();
  const Position& after = w.played.after.position;
  // As unit_texts and centre_names give them.
  out.key("units");
  const auto unit_owner = [&](ProvinceId province) { return after.unit_in(province).power; };
  const auto unit = [&](ProvinceId province) -> std::string_view {
    const Unit& u = after.unit_in(province);
    return map.unit_label(u.type, u.location);  // as unit_text gives it
  };
  write_per_power(w, unit_owner, unit, /*neutral_too=*/true);
  out.key("supply_centres");
  const auto centre_owner = [&](ProvinceId province) { return after.owner(province); };
  const auto centre = [&](ProvinceId province) -> std::string_view { return map.province(province).name; };
  write_per_power(w, centre_owner, centre, /*neutral_too=*/false, map.supply_centres());
  out.key("next_phase");
  w.phase_name(w.played.after.phase, w.played.next_phase_name);
  if (w.played.after.winner != kNoPower) w.named("winner", variant.power(w.played.after.winner).name);
  if (w.played.after.ended_by != GameEnd::NotOver) out.plain_member("ended_by", to_string(w.played.after.ended_by));
}

template <class Sink>
void write_result(const PlayedPhase& played, Sink& out, const ResultTexts* texts = nullptr) {
  ResultWriter<Sink> w(out, played, texts);
  out.begin_object();
  out.key("phase");
  w.phase_name(played.before.phase, played.phase_name);
  write_orders(w);
  write_added_orders(w);
  write_lost_units(w);
  write_after(w);
  out.end_object();
}

}  // namespace

// The one description of the results as JSON: keys and order as phase_json.hpp lists them.
void write_phase_json(const PlayedPhase& played, JsonSink& out, const ResultTexts* texts) {
  // JsonWriter is final: its type compared, not searched for as a dynamic_cast does (a batch line's
  // results asked it, some 90 instructions).
  if (typeid(out) == typeid(JsonWriter)) write_result(played, static_cast<JsonWriter&>(out), texts);
  else write_result(played, out, texts);
}

void write_phase_json(const PlayedPhase& played, JsonSink& out) { write_phase_json(played, out, nullptr); }

void to_json(nlohmann::ordered_json& out, const PlayedPhase& played) { out = nlohmann::ordered_json::parse(phase_json_text(played)); }

void append_phase_json(const PlayedPhase& played, std::string& out) {
  JsonWriter writer(out);
  write_result(played, writer);
  writer.finish();
}

std::string phase_json_text(const PlayedPhase& played, int indent) {
  std::string text;
  append_phase_json(played, text);
  if (indent < 0) return text;
  return json_text(nlohmann::ordered_json::parse(text), indent);
}

std::string json_text(const nlohmann::ordered_json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace dipadj
