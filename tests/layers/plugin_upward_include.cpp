// Planted on purpose (tests/layers/planted_violations.sh): a file of the plugin layer that includes
// a judge header. The plugin interface names nothing above its layer (issue 29), so this must not
// compile. Never built by default.
#include "dipadj/judge/movement.hpp"

namespace dipadj {
int planted_plugin_upward_include() { return 0; }
}  // namespace dipadj
