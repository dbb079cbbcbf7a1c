#include "CFluidSynth.h"
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

static char last_line[512];
static _Atomic(pthread_t) capturing;
static atomic_bool capture_on;

/* Runs on whatever thread FluidSynth logs from, the audio thread included:
   it only compares a thread id and, when capturing, copies into a static buffer. */
static void keep_line(int level, const char *message, void *data) {
    (void)level; (void)data;
    if (!atomic_load(&capture_on) || !pthread_equal(atomic_load(&capturing), pthread_self()) || !message) return;
    strncpy(last_line, message, sizeof last_line - 1);
    last_line[sizeof last_line - 1] = '\0';
}

void peach_fluid_quiet_log(void) {
    for (int level = 0; level < LAST_LOG_LEVEL; level++) fluid_set_log_function(level, keep_line, NULL);
}

void peach_fluid_capture_begin(void) {
    last_line[0] = '\0';
    atomic_store(&capturing, pthread_self());
    atomic_store(&capture_on, 1);
}

const char *peach_fluid_capture_end(void) {
    atomic_store(&capture_on, 0);
    return last_line;
}
