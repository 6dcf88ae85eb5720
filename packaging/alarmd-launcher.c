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
 * The daemon is the multi-call /usr/bin/alarmctl, reached through a link named alarmd: it acts
 * as the daemon because its program name (argv[0]) ends in "alarmd", which this launcher
 * keeps whatever name it was itself started under.
 */
#define _GNU_SOURCE /* syscall() */
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
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

int main(int argc, char **argv) {
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
