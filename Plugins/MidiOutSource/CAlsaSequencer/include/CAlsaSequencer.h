/* alsa-lib's sequencer for the MIDI Out source, plus the few calls Swift
   cannot make itself: the snd_seq_ev_* and queue macros, and a C handler to
   keep alsa-lib's own diagnostics off stderr. Header only: every function is
   static inline, so nothing is exported from the plugin. */
#ifndef PEACH_CALSA_SEQUENCER_H
#define PEACH_CALSA_SEQUENCER_H

#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdint.h>

static inline void peach_seq_discard_error(const char *file, int line, const char *function, int err,
                                           const char *fmt, va_list arg) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt; (void)arg;
}

/* alsa-lib prints why an open failed ("open /dev/snd/seq failed: ...") to
   stderr; the source says it in its own words instead. This handler is
   thread-local, so the host's own ALSA error handling is untouched. Returns
   the previous handler for peach_seq_restore_errors. */
static inline snd_local_error_handler_t peach_seq_silence_errors(void) {
    return snd_lib_error_set_local(peach_seq_discard_error);
}

static inline void peach_seq_restore_errors(snd_local_error_handler_t previous) {
    snd_lib_error_set_local(previous);
}

/* Addresses `ev` from `port` to every subscriber of that port. */
static inline void peach_seq_ev_to_subscribers(snd_seq_event_t *ev, int port) {
    snd_seq_ev_set_source(ev, port);
    snd_seq_ev_set_subs(ev);
}

/* Delivers `ev` at once. */
static inline void peach_seq_ev_now(snd_seq_event_t *ev) {
    snd_seq_ev_set_direct(ev);
}

/* Delivers `ev` when `queue`'s real-time clock reaches `nanoseconds`. */
static inline void peach_seq_ev_at(snd_seq_event_t *ev, int queue, uint64_t nanoseconds) {
    snd_seq_real_time_t time = { (unsigned int)(nanoseconds / 1000000000u), (unsigned int)(nanoseconds % 1000000000u) };
    snd_seq_ev_schedule_real(ev, queue, 0, &time);
}

static inline int peach_seq_start_queue(snd_seq_t *seq, int queue) {
    return snd_seq_start_queue(seq, queue, NULL);
}

#endif
