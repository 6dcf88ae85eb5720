#ifndef OPENALARMKIT_LIBNOTIFY_ON_DEMAND_H
#define OPENALARMKIT_LIBNOTIFY_ON_DEMAND_H
/* libnotify, GIO, GObject and GLib are loaded with dlopen on the first call of one of their
   functions, not by the dynamic loader at exec (LibNotifyOnDemand.c says why). */

/* The library that is opened; the package's Depends must name its package by hand. */
#define OAK_LIBNOTIFY_SONAME "libnotify.so.4"
#endif
