#ifndef OPENALARMKIT_CALSA_H
#define OPENALARMKIT_CALSA_H
#include <alsa/asoundlib.h>
#endif
