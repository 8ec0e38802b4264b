#include "dipadj/game/played_phase.hpp"

#include "dipadj/notation/order_text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

const ReadingNote* note_of(const PlayedPhase& played, std::size_t i) { return i < played.notes.size() ? &played.notes[i] : nullptr; }

bool unclear(const PlayedPhase& played, std::size_t i) { return played.orders[i].set_aside == Reason::UnclearOrder; }

}  // namespace

std::string order_text(const PlayedPhase& played, std::size_t i) {
  // An unclear order has no one meaning to print: only its text.
  if (unclear(played, i) && i < played.written.size()) return played.written[i];
  return to_string(played.orders[i].order, played.variant);
}

std::string read_as(const PlayedPhase& played, std::size_t i) {
  const ReadingNote* note = note_of(played, i);
  if (note == nullptr || !note->corrected || unclear(played, i)) return {};
  return to_string(played.orders[i].order, played.variant);
}

std::string_view reason_text(const PlayedPhase& played, std::size_t i, std::string& words) {
  const OrderOutcome& outcome = played.report.outcomes[i];
  const ReadingNote* note = note_of(played, i);
  if (outcome.reason == Reason::UnclearOrder && note != nullptr && note->readings.size() > 1) {
    std::string meanings;
    for (std::size_t k = 0; k < note->readings.size(); ++k)
      meanings += (k == 0 ? "" : k + 1 == note->readings.size() ? " or " : ", ") + to_string(note->readings[k], played.variant);
    words = "the order may mean " + meanings + " (4.E.2): the unit holds";
    return words;
  }
  return reason_text(played.orders[i].order, outcome, played.variant, words);
}

std::string reason_text(const PlayedPhase& played, std::size_t i) {
  std::string words;
  return std::string(reason_text(played, i, words));
}

std::string describe(const PlayedPhase& played, std::size_t i) {
  return describe(played.report.outcomes[i], reason_text(played, i), played.variant, played.before.position);
}

}  // namespace dipadj
