/* libsndfile is loaded on first use. With it come libFLAC, libvorbis, libvorbisenc, libopus,
   libogg, libmpg123 and libmp3lame: about 0.45 ms of CPU per exec (a C hello-world linked
   against them), paid by every command of the multi-call binary although only those that
   decode a sound file call it (`notify` without --sound, `list` and the other client
   commands never do). Each function AlarmAudio calls is defined here instead (hidden, so no
   library binds to these) and forwards to the real one, looked up in libsndfile.so.1 on first
   call. The declarations come from sndfile.h, so a type that differs from the library's does
   not compile, and a function missing here does not link. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sndfile.h>
#include "SndFileOnDemand.h"

static void *library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen(OAK_SNDFILE_SONAME, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        /* The package depends on libsndfile1: a missing library is a broken install. */
        fprintf(stderr, "cannot load %s: %s\n", OAK_SNDFILE_SONAME, dlerror());
        abort();
    }
}

static void *symbol(const char *name) {
    pthread_once(&loaded, load);
    void *address = dlsym(library, name);
    if (address == NULL) {
        fprintf(stderr, "%s has no %s: %s\n", OAK_SNDFILE_SONAME, name, dlerror());
        abort();
    }
    return address;
}

/* `real` is looked up once per function; racing first calls store the same address. */
#define FORWARD(ret, name, params, args) \
    __attribute__((visibility("hidden"))) ret name params { \
        static __typeof__(&name) real; \
        __typeof__(&name) target = __atomic_load_n(&real, __ATOMIC_ACQUIRE); \
        if (target == NULL) { \
            target = (__typeof__(&name))symbol(#name); \
            __atomic_store_n(&real, target, __ATOMIC_RELEASE); \
        } \
        return target args; \
    }

FORWARD(SNDFILE *, sf_open, (const char *path, int mode, SF_INFO *info), (path, mode, info))
FORWARD(int, sf_close, (SNDFILE *file), (file))
FORWARD(int, sf_command, (SNDFILE *file, int command, void *data, int size), (file, command, data, size))
FORWARD(int, sf_error, (SNDFILE *file), (file))
FORWARD(const char *, sf_error_number, (int number), (number))
FORWARD(const char *, sf_strerror, (SNDFILE *file), (file))
FORWARD(sf_count_t, sf_seek, (SNDFILE *file, sf_count_t frames, int whence), (file, frames, whence))
FORWARD(sf_count_t, sf_readf_short, (SNDFILE *file, short *frames, sf_count_t count), (file, frames, count))
FORWARD(sf_count_t, sf_readf_float, (SNDFILE *file, float *frames, sf_count_t count), (file, frames, count))
