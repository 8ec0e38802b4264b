// Planted on purpose (tests/layers/planted_violations.sh): a file of the geo layer that calls a
// function of the judge, a layer above, declared by hand instead of through its header (which the
// geo layer cannot see). Its check library must not link.
#include <cstdint>

namespace dipadj {
enum class OrderSource : std::uint8_t;
const char* to_string(OrderSource source);
const char* planted_upward_call() { return to_string(OrderSource{}); }
}  // namespace dipadj
