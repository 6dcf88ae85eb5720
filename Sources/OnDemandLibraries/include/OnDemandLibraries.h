#ifndef OPENALARMKIT_ON_DEMAND_LIBRARIES_H
#define OPENALARMKIT_ON_DEMAND_LIBRARIES_H
/* libnotify (with GIO, GObject and GLib), SQLite and libsndfile are opened with dlopen on the
   first call of one of their functions, not by the dynamic loader at exec: LibNotify.c,
   SQLite.c and SndFile.c say what each costs at every start, OnDemandLoader.h how the loading
   works. Nothing here is called from Swift; linking this target is what defines the functions.

   The libraries that are opened; the package's Depends must name their packages by hand
   (scripts/package). */
#define OAK_LIBNOTIFY_SONAME "libnotify.so.4"
#define OAK_SQLITE_SONAME "libsqlite3.so.0"
#define OAK_SNDFILE_SONAME "libsndfile.so.1"
#define OAK_CURL_SONAME "libcurl.so.4"
#define OAK_XML_SONAME "libxml2.so.2"
#endif
