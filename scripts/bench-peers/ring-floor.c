/* The floor for alarm lateness: what a tiny C program achieves when everything is ready
 * before the instant. The PCM is opened, configured and prepared once; for each of N
 * instants, 20 ms apart on CLOCK_REALTIME, it sleeps with clock_nanosleep(TIMER_ABSTIME)
 * and writes one period of silence at once. Lateness = the moment snd_pcm_writei returned
 * minus the instant, which is what alarmd reports as its first frame written.
 *
 *   ring-floor DEVICE COUNT   -> one lateness in ms per line
 *
 * Built by scripts/bench at bench time (cc -O2 ring-floor.c -lasound). */
#include <alsa/asoundlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(const struct timespec *t) { return t->tv_sec + t->tv_nsec / 1e9; }

int main(int argc, char **argv) {
    const char *device = argc > 1 ? argv[1] : "null";
    int count = argc > 2 ? atoi(argv[2]) : 50;
    snd_pcm_t *pcm;
    if (snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0) < 0) return 1;
    if (snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, 48000, 1, 100000) < 0) return 1;
    enum { frames = 480 };  /* 10 ms, a typical first period */
    static short silence[frames * 2];
    struct timespec instant;
    clock_gettime(CLOCK_REALTIME, &instant);
    instant.tv_sec += 1;
    instant.tv_nsec = 0;
    for (int i = 0; i < count; i++) {
        snd_pcm_drop(pcm);
        snd_pcm_prepare(pcm);
        while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &instant, NULL) != 0) {}
        snd_pcm_writei(pcm, silence, frames);
        struct timespec written;
        clock_gettime(CLOCK_REALTIME, &written);
        printf("%.4f\n", (seconds(&written) - seconds(&instant)) * 1000);
        instant.tv_nsec += 20000000;
        if (instant.tv_nsec >= 1000000000) { instant.tv_nsec -= 1000000000; instant.tv_sec++; }
    }
    snd_pcm_close(pcm);
    return 0;
}
