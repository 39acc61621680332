// GLib for the benchmark's raw GLib peer (BenchPeers' glib_peer.c): depending on this system
// library gives that C target pkg-config's include directories for glib-2.0.
#include <glib.h>
