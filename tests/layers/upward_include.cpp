// Planted on purpose (tests/layers/planted_violations.sh): a file of the geo layer that includes a
// header of the judge, a layer above. It must not compile.
#include "dipadj/judge/submission.hpp"

namespace dipadj {
int planted_upward_include() { return static_cast<int>(sizeof(Submission)); }
}  // namespace dipadj
