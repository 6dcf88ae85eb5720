#ifndef OPENALARMKIT_CALSA_H
#define OPENALARMKIT_CALSA_H
#include <alsa/asoundlib.h>

// libasound prints its own diagnostics to stderr ("ALSA lib pcm.c:...: Unknown PCM x").
// We report every failure as a typed error instead, so its printer is silenced; the
// handler is variadic, which Swift cannot define, hence this helper.
static void oak_alsa_silent_error(const char *file, int line, const char *function,
                                  int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void oak_alsa_silence_errors(void) {
    snd_lib_error_set_handler(oak_alsa_silent_error);
}

static inline snd_pcm_format_t oak_alsa_format_s16(void) { return SND_PCM_FORMAT_S16; }
static inline snd_pcm_format_t oak_alsa_format_float(void) { return SND_PCM_FORMAT_FLOAT; }

#include <sys/prctl.h>
// The playback thread that starts a prepared ring at its instant sleeps with the smallest
// timer slack (the default lets the kernel wake it up to 50 µs late). prctl is variadic,
// which Swift cannot call.
static inline int oak_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}
#endif
