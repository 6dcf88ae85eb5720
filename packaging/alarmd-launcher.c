/*
 * /usr/bin/alarmd in the Debian package: hands CAP_WAKE_ALARM on to the real daemon
 * (/usr/libexec/openalarmkit/alarmd) as an *ambient* capability, then execs it.
 *
 * Why not `setcap` on the daemon itself: a file capability marks the process AT_SECURE,
 * and GLib then ignores DBUS_SESSION_BUS_ADDRESS ("Cannot spawn a message bus when
 * AT_SECURE is set"), so alarmd lost its notifications wherever the session bus is not at
 * $XDG_RUNTIME_DIR/bus; glibc also drops TMPDIR, TZDIR and more from its environment. Why
 * not systemd's AmbientCapabilities=: user managers grant it only from systemd 254, when
 * they hold the capability themselves, and it would not cover alarmd started on demand by
 * alarmctl or the desktop autostart. This launcher carries the file capability (+p only:
 * postinst runs `setcap cap_wake_alarm+p`); the daemon it execs inherits the ambient
 * capability without becoming AT_SECURE, whoever starts it.
 *
 * Without the capability (no setcap on this system) it simply execs the daemon.
 *
 * `alarmd --wake-helper` is alarmd.service's unconfined ExecStartPre=+ (docs/DAEMON.md, "The
 * confined service"): the sandboxed daemon holds no capability, and the kernel asks for
 * CAP_WAKE_ALARM both when a CLOCK_REALTIME_ALARM timerfd is made and each time it is armed
 * (timerfd_settime), so a timer handed to the daemon would be of no use. Instead this
 * process keeps the timer and arms it for the daemon: it leaves one end of a socket pair in
 * the service's file descriptor store (named wake-alarm; systemd passes it to the daemon),
 * goes to the background inside the service and, for each 16-byte message on its end (the
 * wake instant: seconds and nanoseconds since the epoch, 0 0 to disarm), arms its timer. It
 * reads nothing else, and ends when the daemon and systemd have both closed their ends (or
 * with the service's cgroup).
 */
#define _GNU_SOURCE /* syscall() */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#ifndef ALARMD_PATH
#define ALARMD_PATH "/usr/libexec/openalarmkit/alarmd"
#endif

static void raise_ambient_wake_alarm(void) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    const unsigned word = CAP_WAKE_ALARM / 32, bit = 1u << (CAP_WAKE_ALARM % 32);
    if (syscall(SYS_capget, &header, data) != 0 || !(data[word].permitted & bit))
        return;
    /* An ambient capability must be permitted and inheritable. */
    data[word].inheritable |= bit;
    if (syscall(SYS_capset, &header, data) == 0)
        prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_WAKE_ALARM, 0, 0);
}

#ifndef CLOCK_REALTIME_ALARM
#define CLOCK_REALTIME_ALARM 8
#endif

/* sd_notify(3) with an optional descriptor (SCM_RIGHTS) to the manager's socket `path`. */
static int notify(const char *path, const char *message, int fd) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address.sun_path) return -1;
    memcpy(address.sun_path, path, length);
    if (path[0] == '@') address.sun_path[0] = 0;
    int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0) return -1;
    struct iovec iov = { .iov_base = (void *)message, .iov_len = strlen(message) };
    union { char buffer[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    memset(&control, 0, sizeof control);
    struct msghdr header = { .msg_name = &address, .msg_namelen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length),
                             .msg_iov = &iov, .msg_iovlen = 1 };
    if (fd >= 0) {
        header.msg_control = control.buffer;
        header.msg_controllen = sizeof control.buffer;
        struct cmsghdr *c = CMSG_FIRSTHDR(&header);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t sent = sendmsg(s, &header, MSG_NOSIGNAL);
    close(s);
    return sent < 0 ? -1 : 0;
}

/* sd_notify_barrier(3): returns once systemd has handled the messages sent before. */
static void notify_barrier(const char *path) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return;
    int sent = notify(path, "BARRIER=1", ends[1]);
    close(ends[1]);
    struct pollfd p = { .fd = ends[0], .events = 0 };
    if (sent == 0) poll(&p, 1, 5000);
    close(ends[0]);
}

static int wake_helper(void) {
    const char *socket_path = getenv("NOTIFY_SOCKET");
    if (!socket_path || !*socket_path) {
        fprintf(stderr, "alarmd --wake-helper: not started by systemd (no NOTIFY_SOCKET); it is alarmd.service's ExecStartPre\n");
        return 1;
    }
    /* The previous start's end goes first: without the capability now, the daemon is told so. */
    notify(socket_path, "FDSTOREREMOVE=1\nFDNAME=wake-alarm", -1);
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    const unsigned word = CAP_WAKE_ALARM / 32, bit = 1u << (CAP_WAKE_ALARM % 32);
    if (syscall(SYS_capget, &header, data) == 0 && (data[word].permitted & bit)) {
        data[word].effective |= bit;
        syscall(SYS_capset, &header, data);
    }
    int timer = timerfd_create(CLOCK_REALTIME_ALARM, TFD_CLOEXEC);
    int ends[2];
    if (timer < 0) {
        /* The daemon, passed nothing, tries itself and reports why it cannot (status). */
        fprintf(stderr, "alarmd --wake-helper: no wake timer: %s\n", strerror(errno));
        notify_barrier(socket_path);
        return 0;
    }
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0
        || notify(socket_path, "FDSTORE=1\nFDNAME=wake-alarm", ends[1]) != 0) {
        fprintf(stderr, "alarmd --wake-helper: cannot hand systemd the daemon's end: %s\n", strerror(errno));
        return 0;
    }
    close(ends[1]);
    notify_barrier(socket_path); /* systemd holds it before the daemon starts */
    pid_t child = fork();
    if (child != 0) return child < 0 ? 1 : 0; /* ExecStartPre is done; the child stays */
    prctl(PR_SET_NAME, "alarmd-wake", 0, 0, 0);
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    close(STDIN_FILENO);
    for (;;) {
        int64_t at[2];
        ssize_t n = recv(ends[0], at, sizeof at, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0; /* every other end closed: the service is gone */
        if (n != (ssize_t)sizeof at || at[0] < 0 || at[1] < 0 || at[1] >= 1000000000) continue;
        struct itimerspec spec = { .it_value = { .tv_sec = (time_t)at[0], .tv_nsec = (long)at[1] } };
        if (timerfd_settime(timer, TFD_TIMER_ABSTIME, &spec, NULL) != 0)
            fprintf(stderr, "alarmd --wake-helper: cannot arm the wake timer: %s\n", strerror(errno));
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--wake-helper") == 0) return wake_helper();
    static char name[] = "alarmd";
    const char *base = argc > 0 && argv[0] ? strrchr(argv[0], '/') : NULL;
    base = base ? base + 1 : (argc > 0 && argv[0] ? argv[0] : "");
    if (argc < 1) {
        static char *only_name[] = { name, NULL };
        argv = only_name;
    } else if (strcmp(base, name) != 0) {
        argv[0] = name;
    }
    raise_ambient_wake_alarm();
    execv(ALARMD_PATH, argv);
    perror("alarmd: cannot run " ALARMD_PATH);
    return 127;
}
