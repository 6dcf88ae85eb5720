#ifndef OPENALARMKIT_CSNDFILE_H
#define OPENALARMKIT_CSNDFILE_H
#include <sndfile.h>

// SF_FORMAT_* masks are macros on an anonymous enum; expose them as plain values.
static inline int oak_sf_subformat(int format) { return format & SF_FORMAT_SUBMASK; }
static inline int oak_sf_major(int format) { return format & SF_FORMAT_TYPEMASK; }
#endif
