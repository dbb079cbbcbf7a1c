#include "CFluidSynth.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static peach_fluid_api table;
const peach_fluid_api *const peach_fluid = &table;

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;
static int opened;

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

int peach_fluid_open(char *error, size_t capacity) {
    pthread_mutex_lock(&opening);
    int status = 0;
    if (!opened) {
        void *library = dlopen("libfluidsynth.so.3", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            snprintf(error, capacity, "FluidSynth cannot be loaded (%s); install libfluidsynth3", dlerror());
            status = -1;
        }
#define PEACH_FLUID_BIND(name) \
        if (status == 0 && !(*(void **)&table.name = dlsym(library, #name))) { \
            snprintf(error, capacity, "FluidSynth's libfluidsynth.so.3 lacks %s: it is older than 2.0", #name); \
            status = -1; \
        }
        PEACH_FLUID_FUNCTIONS(PEACH_FLUID_BIND)
#undef PEACH_FLUID_BIND
        if (status == 0) {
            for (int level = 0; level < LAST_LOG_LEVEL; level++) table.fluid_set_log_function(level, keep_line, NULL);
            opened = 1;
        }
    }
    pthread_mutex_unlock(&opening);
    return status;
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
