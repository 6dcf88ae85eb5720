#ifndef OPENALARMKIT_CSQLITE_H
#define OPENALARMKIT_CSQLITE_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
// binding with it makes SQLite copy the bytes, so Swift's buffer need not outlive the call.
static inline sqlite3_destructor_type oak_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
