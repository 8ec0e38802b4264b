// A library with the right interface version but no factory.
#include <boost/dll/alias.hpp>

#include "dipadj/plugin/plugin.hpp"

namespace test_plugin {
std::uint32_t interface_version() { return dipadj::kPluginInterfaceVersion; }
}  // namespace test_plugin

BOOST_DLL_ALIAS(test_plugin::interface_version, dipadj_plugin_interface_version)
