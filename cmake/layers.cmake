# The core's layers as libraries (core/CMakeLists.txt lists them, lowest first, in DIPADJ_LAYERS):
# the build, not a script, keeps each layer from using one above it.
#
# * Includes: each layer compiles against an include view of its own (in the build tree) that
#   holds only its layer's headers and those of the layers below: the public ones as
#   dipadj/<layer>/... (and the base's dipadj/<file>), the private ones (core/src/<layer>/*.hpp)
#   as <layer>/... (and the base's base/<file>). A header of a layer above is not there: an
#   upward include fails to compile ("No such file or directory").
# * Links: with DIPADJ_CHECK_LAYERS, each layer's objects and those of the layers below are also
#   linked into a shared library of their own with --no-undefined: a call to a function of a
#   layer above (declared by hand, without its header) fails to link.
# The objects of every layer make the one library users link, libdipadj (dipadj_core).

set(DIPADJ_LAYER_VIEWS ${CMAKE_CURRENT_BINARY_DIR}/layers)

# The include view of the layers in `layers` (a layer and all below it), made at configure time as
# symbolic links into the source tree.
function(dipadj_make_layer_view view)
  set(public ${PROJECT_SOURCE_DIR}/core/include/dipadj)
  set(private ${PROJECT_SOURCE_DIR}/core/src)
  file(REMOVE_RECURSE ${view})
  file(MAKE_DIRECTORY ${view}/public/dipadj ${view}/private/base)
  foreach(layer IN LISTS ARGN)
    if(layer STREQUAL "base")
      file(GLOB base_public RELATIVE ${public} ${public}/*.hpp)
      foreach(header IN LISTS base_public)
        file(CREATE_LINK ${public}/${header} ${view}/public/dipadj/${header} SYMBOLIC)
      endforeach()
      file(GLOB base_private RELATIVE ${private} ${private}/*.hpp)
      foreach(header IN LISTS base_private)
        file(CREATE_LINK ${private}/${header} ${view}/private/base/${header} SYMBOLIC)
      endforeach()
    else()
      if(IS_DIRECTORY ${public}/${layer})
        file(CREATE_LINK ${public}/${layer} ${view}/public/dipadj/${layer} SYMBOLIC)
      endif()
      if(IS_DIRECTORY ${private}/${layer})
        file(CREATE_LINK ${private}/${layer} ${view}/private/${layer} SYMBOLIC)
      endif()
    endif()
    # The C interface's header is the C interface's layer, not the base's.
    if(layer STREQUAL "capi")
      file(CREATE_LINK ${public}/dipadj.h ${view}/public/dipadj/dipadj.h SYMBOLIC)
    endif()
  endforeach()
endfunction()

# One layer: an object library compiled against the view of that layer and those below.
function(dipadj_add_layer layer)
  list(FIND DIPADJ_LAYERS ${layer} rank)
  list(SUBLIST DIPADJ_LAYERS 0 ${rank} below)
  list(APPEND below ${layer})
  dipadj_make_layer_view(${DIPADJ_LAYER_VIEWS}/${layer} ${below})
  add_library(dipadj_${layer} OBJECT ${ARGN})
  target_include_directories(dipadj_${layer} PRIVATE ${DIPADJ_LAYER_VIEWS}/${layer}/public ${DIPADJ_LAYER_VIEWS}/${layer}/private
                                                     ${CMAKE_CURRENT_BINARY_DIR}/include)
  target_link_libraries(dipadj_${layer} PRIVATE yaml-cpp EXPAT::EXPAT simdjson::simdjson Threads::Threads Boost::headers nlohmann_json::nlohmann_json
                                                dipadj_warnings)
  target_compile_features(dipadj_${layer} PRIVATE cxx_std_20)
  set_target_properties(dipadj_${layer} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(DIPADJ_UNITY_CORE)
    set_target_properties(dipadj_${layer} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
  endif()
  # Calls inside the library stay direct calls (nobody interposes the core's functions).
  target_compile_options(dipadj_${layer} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-fno-semantic-interposition>)
endfunction()

# For each layer, its objects and those below linked with nothing left undefined.
function(dipadj_check_layer_links)
  set(objects)
  foreach(layer IN LISTS DIPADJ_LAYERS)
    list(APPEND objects $<TARGET_OBJECTS:dipadj_${layer}>)
    add_library(dipadj_layer_check_${layer} SHARED ${objects})
    target_link_libraries(dipadj_layer_check_${layer} PRIVATE yaml-cpp EXPAT::EXPAT simdjson::simdjson ${CMAKE_DL_LIBS} Threads::Threads)
    target_link_options(dipadj_layer_check_${layer} PRIVATE -Wl,--no-undefined)
    set_target_properties(dipadj_layer_check_${layer} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${DIPADJ_LAYER_VIEWS}/checks)
    add_dependencies(dipadj_core dipadj_layer_check_${layer})
  endforeach()
endfunction()

# Violations planted on purpose (tests/layers/): in the geo layer an include of a judge header and a
# call of a judge function, in the plugin layer an include of a judge header; none is built by
# default, and the test tests/layers/planted_violations.sh builds each and expects it to fail.
function(dipadj_planted_layer_violations)
  set(view ${DIPADJ_LAYER_VIEWS}/geo)
  add_library(dipadj_planted_upward_include OBJECT EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/tests/layers/upward_include.cpp)
  target_include_directories(dipadj_planted_upward_include PRIVATE ${view}/public ${view}/private ${CMAKE_CURRENT_BINARY_DIR}/include)
  target_compile_features(dipadj_planted_upward_include PRIVATE cxx_std_20)
  add_library(dipadj_planted_upward_call SHARED EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/tests/layers/upward_call.cpp
              $<TARGET_OBJECTS:dipadj_base> $<TARGET_OBJECTS:dipadj_geo>)
  target_include_directories(dipadj_planted_upward_call PRIVATE ${view}/public ${view}/private)
  target_compile_features(dipadj_planted_upward_call PRIVATE cxx_std_20)
  target_link_libraries(dipadj_planted_upward_call PRIVATE yaml-cpp EXPAT::EXPAT simdjson::simdjson ${CMAKE_DL_LIBS} Threads::Threads)
  target_link_options(dipadj_planted_upward_call PRIVATE -Wl,--no-undefined)
  set_target_properties(dipadj_planted_upward_call PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${DIPADJ_LAYER_VIEWS}/checks)
  set(plugin_view ${DIPADJ_LAYER_VIEWS}/plugin)
  add_library(dipadj_planted_plugin_upward_include OBJECT EXCLUDE_FROM_ALL
              ${PROJECT_SOURCE_DIR}/tests/layers/plugin_upward_include.cpp)
  target_include_directories(dipadj_planted_plugin_upward_include PRIVATE ${plugin_view}/public ${plugin_view}/private
                                                                          ${CMAKE_CURRENT_BINARY_DIR}/include)
  target_compile_features(dipadj_planted_plugin_upward_include PRIVATE cxx_std_20)
endfunction()
