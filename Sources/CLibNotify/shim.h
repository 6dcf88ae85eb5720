#ifndef OPENALARMKIT_CLIBNOTIFY_H
#define OPENALARMKIT_CLIBNOTIFY_H
#include <libnotify/notify.h>
#endif
