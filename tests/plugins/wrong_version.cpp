// A library that says it was built for another plugin interface: the loader must refuse it
// before touching anything else.
#include <boost/dll/alias.hpp>

#include <cstdint>

namespace test_plugin {
std::uint32_t interface_version() { return 999; }
}  // namespace test_plugin

BOOST_DLL_ALIAS(test_plugin::interface_version, dipadj_plugin_interface_version)
