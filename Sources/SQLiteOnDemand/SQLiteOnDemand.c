/* SQLite is loaded on first use. Only the daemon's store calls it, but linked normally it is
   mapped and relocated at every start of the multi-call binary (`alarmctl sound play`, `list`,
   `notify`): about 0.4 ms of CPU per exec, measured with a C hello-world linked against it.
   Each function the store calls is defined here instead (hidden, so no library binds to
   these) and forwards to the real one, looked up in libsqlite3.so.0 on first call. The
   declarations come from sqlite3.h, so a type that differs from the library's does not
   compile, and a function missing here does not link. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sqlite3.h>
#include "SQLiteOnDemand.h"

static void *library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen(OAK_SQLITE_SONAME, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        /* The package depends on libsqlite3-0: a missing library is a broken install. */
        fprintf(stderr, "cannot load %s: %s\n", OAK_SQLITE_SONAME, dlerror());
        abort();
    }
}

static void *symbol(const char *name) {
    pthread_once(&loaded, load);
    void *address = dlsym(library, name);
    if (address == NULL) {
        fprintf(stderr, "%s has no %s: %s\n", OAK_SQLITE_SONAME, name, dlerror());
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

FORWARD(int, sqlite3_backup_finish, (sqlite3_backup *backup), (backup))
FORWARD(sqlite3_backup *, sqlite3_backup_init, (sqlite3 *to, const char *toName, sqlite3 *from, const char *fromName),
    (to, toName, from, fromName))
FORWARD(int, sqlite3_backup_step, (sqlite3_backup *backup, int pages), (backup, pages))
FORWARD(int, sqlite3_bind_double, (sqlite3_stmt *statement, int index, double value), (statement, index, value))
FORWARD(int, sqlite3_bind_int64, (sqlite3_stmt *statement, int index, sqlite3_int64 value), (statement, index, value))
FORWARD(int, sqlite3_bind_null, (sqlite3_stmt *statement, int index), (statement, index))
FORWARD(int, sqlite3_bind_parameter_count, (sqlite3_stmt *statement), (statement))
FORWARD(int, sqlite3_bind_text64,
    (sqlite3_stmt *statement, int index, const char *text, sqlite3_uint64 length, void (*destructor)(void *), unsigned char encoding),
    (statement, index, text, length, destructor, encoding))
FORWARD(int, sqlite3_busy_timeout, (sqlite3 *db, int milliseconds), (db, milliseconds))
FORWARD(int, sqlite3_changes, (sqlite3 *db), (db))
FORWARD(int, sqlite3_clear_bindings, (sqlite3_stmt *statement), (statement))
FORWARD(int, sqlite3_close, (sqlite3 *db), (db))
FORWARD(int, sqlite3_close_v2, (sqlite3 *db), (db))
FORWARD(int, sqlite3_column_bytes, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(double, sqlite3_column_double, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(int, sqlite3_column_type, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(int, sqlite3_errcode, (sqlite3 *db), (db))
FORWARD(const char *, sqlite3_errmsg, (sqlite3 *db), (db))
FORWARD(const char *, sqlite3_errstr, (int code), (code))
FORWARD(int, sqlite3_extended_errcode, (sqlite3 *db), (db))
FORWARD(int, sqlite3_extended_result_codes, (sqlite3 *db, int on), (db, on))
FORWARD(int, sqlite3_finalize, (sqlite3_stmt *statement), (statement))
FORWARD(int, sqlite3_get_autocommit, (sqlite3 *db), (db))
FORWARD(int, sqlite3_open_v2, (const char *filename, sqlite3 **db, int flags, const char *vfs), (filename, db, flags, vfs))
FORWARD(int, sqlite3_prepare_v3,
    (sqlite3 *db, const char *sql, int length, unsigned int flags, sqlite3_stmt **statement, const char **tail),
    (db, sql, length, flags, statement, tail))
FORWARD(int, sqlite3_reset, (sqlite3_stmt *statement), (statement))
FORWARD(int, sqlite3_step, (sqlite3_stmt *statement), (statement))
