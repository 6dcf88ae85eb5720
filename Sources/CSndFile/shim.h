#ifndef OPENALARMKIT_CSNDFILE_H
#define OPENALARMKIT_CSNDFILE_H
#include <sndfile.h>
#endif
