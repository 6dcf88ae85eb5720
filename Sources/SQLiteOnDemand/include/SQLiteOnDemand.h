#ifndef OPENALARMKIT_SQLITE_ON_DEMAND_H
#define OPENALARMKIT_SQLITE_ON_DEMAND_H
/* SQLite is loaded with dlopen on the first call of one of its functions, not by the dynamic
   loader at exec (SQLiteOnDemand.c says why). */

/* The library that is opened; the package's Depends must name its package by hand. */
#define OAK_SQLITE_SONAME "libsqlite3.so.0"
#endif
