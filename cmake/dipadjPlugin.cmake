# dipadj_add_plugin(<name> <source>... [OUTPUT_DIRECTORY <dir>] [INSTALL_DESTINATION <dir>])
#
# Builds a dipadj rule plugin: a module library libdipadj-<name>.so that links dipadj::core, which
# dipadj loads when a variant names the plugin (docs/writing-a-plugin.md). <name> is a plain name
# (letters, digits, '-', '_'), as a variant file writes it. The target is called
# dipadj-plugin-<name>. OUTPUT_DIRECTORY: where the library is written (default: the current
# binary directory); point DIPADJ_PLUGIN_PATH there to use it uninstalled. INSTALL_DESTINATION:
# where `cmake --install` puts it (default: none; an installed dipadj looks in
# <libdir>/dipadj/plugins).
function(dipadj_add_plugin name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIRECTORY;INSTALL_DESTINATION" "")
  if(NOT name MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "dipadj_add_plugin: '${name}' is not a plugin name (letters, digits, '-', '_')")
  endif()
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dipadj_add_plugin(${name}): no source files")
  endif()
  set(target dipadj-plugin-${name})
  add_library(${target} MODULE ${arg_UNPARSED_ARGUMENTS})
  # Plugin settings come as the core's documents (dipadj/plugin/settings.hpp): a plugin links libdipadj only.
  target_link_libraries(${target} PRIVATE dipadj::core)
  target_compile_features(${target} PRIVATE cxx_std_20)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME dipadj-${name} PREFIX "lib")
  if(arg_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${arg_OUTPUT_DIRECTORY})
  endif()
  if(arg_INSTALL_DESTINATION)
    install(TARGETS ${target} LIBRARY DESTINATION ${arg_INSTALL_DESTINATION})
  endif()
endfunction()
