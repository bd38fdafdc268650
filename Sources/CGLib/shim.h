// GLib's headers, which libvips' own include. Nothing imports this module: CVips depends on it so
// that its C file is compiled with GLib's include folders (from pkg-config), which is the one
// way SwiftPM gives them without an unsafe flag. Its pkg-config libraries (libglib-2.0) are
// linked; libvips, which CVips opens at run time, is not.
#ifndef CELLAR_CGLIB_SHIM_H
#define CELLAR_CGLIB_SHIM_H
#include <glib.h>
#endif
