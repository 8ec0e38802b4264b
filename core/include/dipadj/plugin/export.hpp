#pragma once
// Included by a plugin library (and nothing else): DIPADJ_PLUGIN(MyPlugin) exports the two
// symbols the core looks for, with Boost.DLL aliases. Write it once, at namespace scope, in one
// source file of the plugin.
#include <boost/dll/alias.hpp>

#include <cstdint>
#include <memory>

#include "dipadj/plugin/plugin.hpp"

#define DIPADJ_PLUGIN(PluginClass)                                                         \
  namespace dipadj_plugin_exports {                                                        \
  std::uint32_t interface_version() { return ::dipadj::kPluginInterfaceVersion; }          \
  std::unique_ptr<::dipadj::RulePlugin> create_plugin() { return std::make_unique<PluginClass>(); } \
  }                                                                                        \
  BOOST_DLL_ALIAS(dipadj_plugin_exports::interface_version, dipadj_plugin_interface_version) \
  BOOST_DLL_ALIAS(dipadj_plugin_exports::create_plugin, dipadj_create_plugin)
