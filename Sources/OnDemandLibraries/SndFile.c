/* libsndfile is loaded on first use. With it come libFLAC, libvorbis, libvorbisenc, libopus,
   libogg, libmpg123 and libmp3lame: about 0.45 ms of CPU per exec (a C hello-world linked
   against them), paid by every command of the multi-call binary although only those that
   decode a sound file call it (`notify` without --sound, `list` and the other client
   commands never do). Each function AlarmAudio calls is defined here instead (hidden, so no
   library binds to these) and forwards to the real one, looked up in libsndfile.so.1 on first
   call. The declarations come from sndfile.h, so a type that differs from the library's does
   not compile, and a function missing here does not link. */
#include <sndfile.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_SNDFILE_SONAME, "libsndfile1")

OAK_FORWARD(SNDFILE *, sf_open, (const char *path, int mode, SF_INFO *info), (path, mode, info))
OAK_FORWARD(int, sf_close, (SNDFILE *file), (file))
OAK_FORWARD(int, sf_command, (SNDFILE *file, int command, void *data, int size), (file, command, data, size))
OAK_FORWARD(int, sf_error, (SNDFILE *file), (file))
OAK_FORWARD(const char *, sf_error_number, (int number), (number))
OAK_FORWARD(const char *, sf_strerror, (SNDFILE *file), (file))
OAK_FORWARD(sf_count_t, sf_seek, (SNDFILE *file, sf_count_t frames, int whence), (file, frames, whence))
OAK_FORWARD(sf_count_t, sf_readf_short, (SNDFILE *file, short *frames, sf_count_t count), (file, frames, count))
OAK_FORWARD(sf_count_t, sf_readf_float, (SNDFILE *file, float *frames, sf_count_t count), (file, frames, count))
