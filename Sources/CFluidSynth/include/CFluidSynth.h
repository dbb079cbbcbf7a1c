/* libfluidsynth for Swift, plus a quiet log. */
#ifndef PEACH_CFLUIDSYNTH_H
#define PEACH_CFLUIDSYNTH_H

#include <fluidsynth.h>

/* Hidden: a plugin that links this exports nothing but its entry. */
#define PEACH_FLUID_HIDDEN __attribute__((visibility("hidden")))

/* [thread-safe] Sends every FluidSynth log line, at every level, to this
   module instead of stderr, where it would garble the terminal. Lines are
   dropped unless the logging thread is capturing (below). Idempotent. */
PEACH_FLUID_HIDDEN void peach_fluid_quiet_log(void);

/* [main-thread] From now on this thread's FluidSynth log lines are kept (the
   last one wins) until peach_fluid_capture_end. One thread captures at a time:
   the caller serialises captures (the plugin holds its font lock). */
PEACH_FLUID_HIDDEN void peach_fluid_capture_begin(void);

/* [main-thread] Stops capturing and returns the last line logged meanwhile,
   or "". Module-owned; valid until the next capture begins. */
PEACH_FLUID_HIDDEN const char *peach_fluid_capture_end(void);

#endif
