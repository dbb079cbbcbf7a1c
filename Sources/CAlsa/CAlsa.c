#include "CAlsa.h"
#include <stdarg.h>
#include <stdio.h>

static __thread char last_error[512];

static void capture(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err;
    va_list args;
    va_start(args, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, args);
    va_end(args);
}

void peach_alsa_capture_errors(void) { snd_lib_error_set_handler(capture); }
const char *peach_alsa_last_error(void) { return last_error; }
void peach_alsa_clear_error(void) { last_error[0] = '\0'; }
