/* alsa-lib for Swift, plus what Swift cannot call directly. */
#ifndef PEACH_CALSA_H
#define PEACH_CALSA_H

#include <alsa/asoundlib.h>

/* Routes alsa-lib's diagnostics (normally printed to stderr) into a per-thread
   buffer instead, so the host can put them into its own one-line errors.
   alsa-lib's handler type is variadic, which Swift cannot implement. */
void peach_alsa_capture_errors(void);

/* The last diagnostic alsa-lib reported on this thread, or "". */
const char *peach_alsa_last_error(void);

/* Forgets the last diagnostic on this thread. */
void peach_alsa_clear_error(void);

#endif
