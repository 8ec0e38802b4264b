#pragma once
// Texts a writer of many results makes once for a variant and copies into each result: each
// power's opening of an order's result, `{"power":"France","order":"`, one piece where three
// were copied for each order (a batch line's results open some thirty). Holds the variant it made
// them for, so that they are never asked of another that took its place. One writer's (a batch
// thread's); private to the core library.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class JsonSink;
class Variant;
struct PlayedPhase;

class ResultTexts {
 public:
  // The texts made for `variant`, unless they are its already. Only for a variant whose names go
  // into JSON as they are (Variant::names_are_plain): for another they are made for none.
  void use(const std::shared_ptr<const Variant>& variant);
  // The texts made for `variant` for one result, not held (serves() no variant): a writer with
  // none made before makes its own.
  void make_for_one(const Variant& variant);
  // Whether they are `variant`'s.
  [[nodiscard]] bool serves(const Variant& variant) const { return variant_ != nullptr && variant_.get() == &variant; }
  // `{"power":"<name>","order":"` for a power of the variant served.
  [[nodiscard]] std::string_view order_opening(PowerId power) const { return order_openings_[power]; }

 private:
  std::shared_ptr<const Variant> variant_;
  std::vector<std::string> order_openings_;
};

// write_phase_json (phase_json.hpp) with texts made before, when they are the phase's variant's.
void write_phase_json(const PlayedPhase& played, JsonSink& out, const ResultTexts* texts);

}  // namespace dipadj
