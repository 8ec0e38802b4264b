/* The interface version exported as a plain C function, as one might write it "by the header's
   comment": not the pointer DIPADJ_PLUGIN exports. The loader must refuse it, not call its code
   as if it were a pointer (plugin-plain-symbol-segv). */
#include <stdint.h>

uint32_t dipadj_plugin_interface_version(void) { return 3; }
