/* The interface version exported as a plain variable of another type: the loader must refuse it,
   not read its value as a pointer to a function (plugin-plain-symbol-segv). */
#include <stdint.h>

uint32_t dipadj_plugin_interface_version = 3;
