/* A variable of a pointer's size under the version's name, pointing nowhere: as big as what
   DIPADJ_PLUGIN exports, but no function of the library. The loader must refuse it. */
const void* dipadj_plugin_interface_version = 0;
