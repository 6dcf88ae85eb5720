#ifndef OPENALARMKIT_SNDFILE_ON_DEMAND_H
#define OPENALARMKIT_SNDFILE_ON_DEMAND_H
/* libsndfile is loaded with dlopen on the first call of one of its functions, not by the
   dynamic loader at exec (SndFileOnDemand.c says why). */

/* The library that is opened; the package's Depends must name its package by hand. */
#define OAK_SNDFILE_SONAME "libsndfile.so.1"
#endif
