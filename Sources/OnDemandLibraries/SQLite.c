/* SQLite is loaded on first use. Only the daemon's store calls it, but linked normally it is
   mapped and relocated at every start of the multi-call binary (`alarmctl sound play`, `list`,
   `notify`): about 0.4 ms of CPU per exec, measured with a C hello-world linked against it.
   Each function the store calls is defined here instead (hidden, so no library binds to
   these) and forwards to the real one, looked up in libsqlite3.so.0 on first call. The
   declarations come from sqlite3.h, so a type that differs from the library's does not
   compile, and a function missing here does not link. */
#include <sqlite3.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_SQLITE_SONAME, "libsqlite3-0")

OAK_FORWARD(int, sqlite3_backup_finish, (sqlite3_backup *backup), (backup))
OAK_FORWARD(sqlite3_backup *, sqlite3_backup_init, (sqlite3 *to, const char *toName, sqlite3 *from, const char *fromName),
    (to, toName, from, fromName))
OAK_FORWARD(int, sqlite3_backup_step, (sqlite3_backup *backup, int pages), (backup, pages))
OAK_FORWARD(int, sqlite3_bind_double, (sqlite3_stmt *statement, int index, double value), (statement, index, value))
OAK_FORWARD(int, sqlite3_bind_int64, (sqlite3_stmt *statement, int index, sqlite3_int64 value), (statement, index, value))
OAK_FORWARD(int, sqlite3_bind_null, (sqlite3_stmt *statement, int index), (statement, index))
OAK_FORWARD(int, sqlite3_bind_parameter_count, (sqlite3_stmt *statement), (statement))
OAK_FORWARD(int, sqlite3_bind_text64,
    (sqlite3_stmt *statement, int index, const char *text, sqlite3_uint64 length, void (*destructor)(void *), unsigned char encoding),
    (statement, index, text, length, destructor, encoding))
OAK_FORWARD(int, sqlite3_busy_timeout, (sqlite3 *db, int milliseconds), (db, milliseconds))
OAK_FORWARD(int, sqlite3_changes, (sqlite3 *db), (db))
OAK_FORWARD(int, sqlite3_clear_bindings, (sqlite3_stmt *statement), (statement))
OAK_FORWARD(int, sqlite3_close, (sqlite3 *db), (db))
OAK_FORWARD(int, sqlite3_close_v2, (sqlite3 *db), (db))
OAK_FORWARD(int, sqlite3_db_status, (sqlite3 *db, int op, int *current, int *highwater, int reset), (db, op, current, highwater, reset))
OAK_FORWARD(int, sqlite3_column_bytes, (sqlite3_stmt *statement, int column), (statement, column))
OAK_FORWARD(double, sqlite3_column_double, (sqlite3_stmt *statement, int column), (statement, column))
OAK_FORWARD(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *statement, int column), (statement, column))
OAK_FORWARD(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *statement, int column), (statement, column))
OAK_FORWARD(int, sqlite3_column_type, (sqlite3_stmt *statement, int column), (statement, column))
OAK_FORWARD(int, sqlite3_errcode, (sqlite3 *db), (db))
OAK_FORWARD(const char *, sqlite3_errmsg, (sqlite3 *db), (db))
OAK_FORWARD(const char *, sqlite3_errstr, (int code), (code))
OAK_FORWARD(int, sqlite3_extended_errcode, (sqlite3 *db), (db))
OAK_FORWARD(int, sqlite3_extended_result_codes, (sqlite3 *db, int on), (db, on))
OAK_FORWARD(int, sqlite3_finalize, (sqlite3_stmt *statement), (statement))
OAK_FORWARD(int, sqlite3_get_autocommit, (sqlite3 *db), (db))
OAK_FORWARD(int, sqlite3_open_v2, (const char *filename, sqlite3 **db, int flags, const char *vfs), (filename, db, flags, vfs))
OAK_FORWARD(int, sqlite3_prepare_v3,
    (sqlite3 *db, const char *sql, int length, unsigned int flags, sqlite3_stmt **statement, const char **tail),
    (db, sql, length, flags, statement, tail))
OAK_FORWARD(int, sqlite3_reset, (sqlite3_stmt *statement), (statement))
OAK_FORWARD(int, sqlite3_step, (sqlite3_stmt *statement), (statement))
