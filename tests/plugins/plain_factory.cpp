// The right interface version, but the factory exported as a plain C function rather than
// DIPADJ_PLUGIN's pointer to it: the loader must refuse it, not call its code as a pointer.
#include <boost/dll/alias.hpp>

#include <cstdint>

#include "dipadj/plugin/plugin.hpp"

namespace test_plugin {
std::uint32_t interface_version() { return dipadj::kPluginInterfaceVersion; }
}  // namespace test_plugin

BOOST_DLL_ALIAS(test_plugin::interface_version, dipadj_plugin_interface_version)

extern "C" __attribute__((visibility("default"))) int dipadj_create_plugin() { return 0; }
