#ifndef OPENALARMKIT_CLINUX_H
#define OPENALARMKIT_CLINUX_H
// Linux interfaces that Glibc's Swift overlay does not export, and wrappers where the C
// form does not import well (packed structs, variadics, macros).
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/un.h>
#include <signal.h>
#include <fcntl.h>
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/file.h>
#include <locale.h>
#include <libintl.h>
#include <langinfo.h>
#include <malloc.h>

// SO_PEERCRED's struct ucred is hidden behind _GNU_SOURCE, which a module header cannot set;
// its layout is fixed by the kernel ABI.
struct oak_ucred { pid_t pid; uid_t uid; gid_t gid; };
static inline int oak_peer_uid(int fd, unsigned int *uid) {
    struct oak_ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid;
    return 0;
}

static inline int oak_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

static inline int oak_set_cloexec(int fd) { return fcntl(fd, F_SETFD, FD_CLOEXEC); }

// accept4 is _GNU_SOURCE-only too.
static inline int oak_accept_nonblocking(int listen_fd) {
    int fd = accept(listen_fd, NULL, NULL);
    if (fd < 0) return -1;
    oak_set_nonblocking(fd);
    oak_set_cloexec(fd);
    return fd;
}

// struct epoll_event is packed on x86_64, which Swift does not import faithfully.
static inline int oak_epoll_ctl(int epfd, int op, int fd, unsigned int events) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &ev);
}

/// Waits for up to `max` (at most 64) ready descriptors; fills `fds` and `events`.
static inline int oak_epoll_wait(int epfd, int *fds, unsigned int *events, int max, int timeout_ms) {
    struct epoll_event ready[64];
    if (max > 64) max = 64;
    int n = epoll_wait(epfd, ready, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        fds[i] = ready[i].data.fd;
        events[i] = ready[i].events;
    }
    return n;
}

/// Arms a CLOCK_REALTIME timerfd for an absolute instant, cancelled (ECANCELED on read) when
/// the clock is set, so a clock jump or a resume re-arms it. sec == 0 && nsec == 0 disarms.
static inline int oak_timerfd_arm_realtime(int fd, long long sec, long nsec) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = sec;
    spec.it_value.tv_nsec = nsec;
    int flags = (sec == 0 && nsec == 0) ? 0 : (TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET);
    return timerfd_settime(fd, flags, &spec, NULL);
}

/// Blocks the signals the daemon handles and returns a signalfd that reports them.
/// Call before any thread starts, so that every thread inherits the mask.
static inline int oak_signalfd_for_daemon(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGINT);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one signal from a signalfd; returns its number, or -1.
static inline int oak_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

/// Closes every descriptor from `lowest` up: a daemon must not hold pipes and files its
/// starter left open (a parent waiting for EOF on a pipe would wait forever).
static inline void oak_close_descriptors_from(int lowest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned int)lowest, ~0U, 0) == 0) return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int fd = lowest; fd < max; fd++) close(fd);
}

/// The child's half of oak_spawn and oak_spawn_tied: stdin/stdout/stderr on the given
/// descriptors (-1 keeps ours), nothing else inherited, then exec. The child of a threaded
/// parent: async-signal-safe calls only.
__attribute__((noreturn)) static inline void oak_exec_child(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    if (in_fd >= 0 && in_fd != 0) dup2(in_fd, 0);
    if (out_fd >= 0 && out_fd != 1) dup2(out_fd, 1);
    if (err_fd >= 0 && err_fd != 2) dup2(err_fd, 2);
    oak_close_descriptors_from(3);
    execve(path, argv, envp);
    _exit(127);
}

/// Starts `path` with stdin/stdout/stderr on the given descriptors (-1 keeps ours) and
/// nothing else inherited: no other test's pipe, no blocked signals. Returns the pid or -1.
/// Foundation's Process cannot be waited for from Swift's cooperative threads on Linux (its
/// exit watch runs on the same few threads), and leaks descriptors into children.
static inline pid_t oak_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    oak_exec_child(path, argv, envp, in_fd, out_fd, err_fd);
}

/// As oak_spawn, for a helper that must not outlive its caller: the child leads a process
/// group of its own (so a timeout can kill whatever it started) and gets SIGKILL when the
/// thread that spawned it ends, the daemon's death included.
static inline pid_t oak_spawn_tied(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the caller died before the line above
    oak_exec_child(path, argv, envp, in_fd, out_fd, err_fd);
}

/// A descriptor that stands for one process (pidfd, Linux 5.3): signals sent through it reach that
/// process or fail, never one that got its pid after it ended; it polls readable once the
/// process has ended. -1 (errno) where the kernel has none.
static inline int oak_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
static inline int oak_pidfd_send_signal(int pidfd, int sig) {
#ifdef SYS_pidfd_send_signal
    return (int)syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// Wake-ups due to timer slack would add up to 50 µs of lateness; ask for 1 µs.
static inline int oak_set_timer_slack_ns(unsigned long ns) { return prctl(PR_SET_TIMERSLACK, ns, 0, 0, 0); }

/// The process name the kernel shows (`/proc/PID/comm`, `ps -e`, `pgrep`), at most 15 bytes.
static inline int oak_set_process_name(const char *name) { return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }

/// Names the calling thread (top, perf, gdb); the kernel keeps the first 15 bytes.
static inline int oak_name_this_thread(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

/// Reads every pending inotify event. Returns a bit set: 1 if an event concerns a watched file
/// itself, or names `name1` or `name2` in a watched folder; 2 if a watch on a file ended (the
/// file was deleted, replaced or moved away), so the caller must watch the path anew. A watch
/// on a file that moved is removed here: it would follow the file to its new name.
static inline int oak_inotify_drain_files(int fd, const char *name1, const char *name2) {
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int result = 0;
    for (;;) {
        ssize_t len = read(fd, buf, sizeof buf);
        if (len <= 0) break;
        for (char *p = buf; p < buf + len;) {
            struct inotify_event *event = (struct inotify_event *)p;
            if (event->len == 0) {
                // IN_IGNORED alone is a watch's end (also one we removed), not a change.
                if (event->mask != IN_IGNORED) result |= 1;
                if (event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) result |= 2;
                if (event->mask & IN_MOVE_SELF) inotify_rm_watch(fd, event->wd);
            } else if (strcmp(event->name, name1) == 0 || strcmp(event->name, name2) == 0) {
                result |= 1;
            }
            p += sizeof(struct inotify_event) + event->len;
        }
    }
    return result;
}

/// Takes an exclusive, non-blocking flock on `path` (created 0600). Returns the descriptor,
/// which holds the lock until it is closed or the process ends, or -1 with errno
/// (EWOULDBLOCK: another process holds it).
static inline int oak_lock_file(const char *path) {
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

// A locale's time conventions (what C programs print with strftime), read once through
// nl_langinfo_l: LC_TIME of `name` ("de_DE.UTF-8"). Returns NULL when the system has no such
// locale compiled. `item`: 0-6 abbreviated weekday (Sunday first), 7 T_FMT, 8 T_FMT_AMPM,
// 9 AM_STR, 10 PM_STR, 11 D_FMT, 12-18 full weekday name (Sunday first); anything else "".
static inline locale_t oak_time_locale(const char *name) { return newlocale(LC_TIME_MASK, name, (locale_t)0); }
static inline void oak_free_locale(locale_t locale) { freelocale(locale); }
static inline const char *oak_time_item(locale_t locale, int item) {
    if (item >= 0 && item <= 6) return nl_langinfo_l(ABDAY_1 + item, locale);
    if (item >= 12 && item <= 18) return nl_langinfo_l(DAY_1 + (item - 12), locale);
    switch (item) {
    case 7: return nl_langinfo_l(T_FMT, locale);
    case 8: return nl_langinfo_l(T_FMT_AMPM, locale);
    case 9: return nl_langinfo_l(AM_STR, locale);
    case 10: return nl_langinfo_l(PM_STR, locale);
    case 11: return nl_langinfo_l(D_FMT, locale);
    default: return "";
    }
}
// The locale's first day of the week, 0 (Sunday) to 6: glibc's `first_weekday` (1 is the day
// `week-1stday` names, a date: 19971130 is a Sunday, 19971201 a Monday), read as GtkCalendar
// reads it. de_DE: Monday; en_US: Sunday.
static inline int oak_time_first_weekday(locale_t locale) {
    union { unsigned int word; const char *string; } info;
    info.string = nl_langinfo_l(_NL_TIME_WEEK_1STDAY, locale);
    int origin = info.word == 19971201 ? 1 : 0;
    const char *first = nl_langinfo_l(_NL_TIME_FIRST_WEEKDAY, locale);
    int offset = first && first[0] >= 1 && first[0] <= 7 ? first[0] - 1 : 0;
    return (origin + offset) % 7;
}
// strftime_l on a struct tm filled from civil fields (the zone arithmetic is done in Swift).
static inline size_t oak_strftime(char *buffer, size_t size, const char *format, locale_t locale,
                                  int year, int month, int day, int weekday, int hour, int minute, int second) {
    struct tm fields = {0};
    fields.tm_year = year - 1900;
    fields.tm_mon = month - 1;
    fields.tm_mday = day;
    fields.tm_wday = weekday;
    fields.tm_hour = hour;
    fields.tm_min = minute;
    fields.tm_sec = second;
    return strftime_l(buffer, size, format, &fields, locale);
}

// Terminal cells of one character (glibc's East Asian Width tables, by LC_CTYPE). X/Open:
// <wchar.h> declares it only under _XOPEN_SOURCE, which this module does not define.
#include <wchar.h>
extern int wcwidth(wchar_t c);
static inline int oak_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

#endif
