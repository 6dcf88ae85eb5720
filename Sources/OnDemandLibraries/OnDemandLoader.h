#ifndef OPENALARMKIT_ON_DEMAND_LOADER_H
#define OPENALARMKIT_ON_DEMAND_LOADER_H
/* What LibNotify.c, SQLite.c and SndFile.c share: a library opened with dlopen on the first
   call of one of its functions, and forwarders that look each function up once. A file
   defines OAK_ON_DEMAND_LIBRARY(soname, package) once, then OAK_FORWARD / OAK_FORWARD_VOID
   per function, declared by the library's own header (a type that differs from the library's
   does not compile). Forwarders are hidden, so no library ever binds to them. Each file is its
   own translation unit, so each library has its own handle and once-flag. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* A missing library or function is a broken install (the package depends on `package`):
   said on stderr, then abort, as the dynamic loader would have refused to start. */
#define OAK_ON_DEMAND_LIBRARY(soname, package) \
    static void *oak_library; \
    static pthread_once_t oak_loaded = PTHREAD_ONCE_INIT; \
    static void oak_load(void) { \
        oak_library = dlopen(soname, RTLD_LAZY | RTLD_LOCAL); \
        if (oak_library == NULL) { \
            fprintf(stderr, "cannot load %s (is %s installed?): %s\n", soname, package, dlerror()); \
            abort(); \
        } \
    } \
    static void *oak_symbol(const char *name) { \
        pthread_once(&oak_loaded, oak_load); \
        void *address = dlsym(oak_library, name); \
        if (address == NULL) { \
            fprintf(stderr, "%s has no %s: %s\n", soname, name, dlerror()); \
            abort(); \
        } \
        return address; \
    }

/* `real` is looked up once per function; racing first calls store the same address. */
#define OAK_RESOLVED(name) \
    static __typeof__(&name) real; \
    __typeof__(&name) target = __atomic_load_n(&real, __ATOMIC_ACQUIRE); \
    if (target == NULL) { \
        target = (__typeof__(&name))oak_symbol(#name); \
        __atomic_store_n(&real, target, __ATOMIC_RELEASE); \
    }

#define OAK_FORWARD(ret, name, params, args) \
    __attribute__((visibility("hidden"))) ret name params { \
        OAK_RESOLVED(name) \
        return target args; \
    }

#define OAK_FORWARD_VOID(name, params, args) \
    __attribute__((visibility("hidden"))) void name params { \
        OAK_RESOLVED(name) \
        target args; \
    }
#endif
