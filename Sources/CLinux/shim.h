#ifndef OPENALARMKIT_CLINUX_H
#define OPENALARMKIT_CLINUX_H
// Linux interfaces that Glibc's Swift overlay does not export.
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <fcntl.h>
#include <errno.h>

// SO_PEERCRED's struct ucred needs _GNU_SOURCE; expose the call directly.
static inline int oak_peer_uid(int fd, unsigned int *uid) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid;
    return 0;
}

static inline int oak_fcntl_setfl(int fd, int flags) { return fcntl(fd, F_SETFL, flags); }
static inline int oak_fcntl_getfl(int fd) { return fcntl(fd, F_GETFL); }
#endif
