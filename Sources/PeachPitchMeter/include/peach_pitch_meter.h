/*
 * peach_pitch_meter.h: the pitch of a steady tone, measured in the sound.
 *
 * Shared C code, so that the FluidSynth source's calibration, the host's
 * `peach sources --check` and the tests read pitch the same way without
 * sharing a Swift module (plugins and host never do). Each binary links its
 * own hidden copy.
 */
#ifndef PEACH_PITCH_METER_H
#define PEACH_PITCH_METER_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define PEACH_PITCH_HIDDEN __attribute__((visibility("hidden")))
#else
#define PEACH_PITCH_HIDDEN
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* How far from the expected frequency a tone may be and still be found. */
#define PEACH_PITCH_SEARCH_CENTS 60.0

typedef struct peach_pitch_reading {
    double frequency_hz;  /* the fundamental */
    int harmonic;         /* the harmonic that was tracked: the strongest of the first eight */
    double drift_cents;   /* second half of the window against the first: 0 for a steady tone */
} peach_pitch_reading;

/*
 * [thread-safe] Measures the fundamental of a harmonic tone in `samples`
 * (`count` mono samples at `sample_rate`), expected within
 * PEACH_PITCH_SEARCH_CENTS of `expected_hz`.
 *
 * The strongest of the first eight harmonics is found on a coarse grid, then
 * its frequency is read from the slope of its phase across overlapping
 * Hann windows (a least-squares line): for a steady tone with noise 60 dB
 * down, within a few thousandths of a cent (tested from 33 Hz to 4 kHz).
 * The result is the mean frequency over the whole span. Allocates nothing;
 * reads `samples` only during the call.
 *
 * Returns 0 and fills `out`, or -1 for bad arguments or a span shorter than
 * sixteen periods, or -2 when there is no tone (silence).
 */
PEACH_PITCH_HIDDEN int peach_pitch_measure(const float *samples, size_t count, double sample_rate,
                                           double expected_hz, peach_pitch_reading *out);

/*
 * [thread-safe] A stretch of a tone already measured: follows the same
 * harmonic as `near` (a reading of the whole tone) from its frequency, with
 * no search, so that many short stretches of a note cost little. The span
 * must hold sixteen periods or more. Returns as peach_pitch_measure does.
 */
PEACH_PITCH_HIDDEN int peach_pitch_follow(const float *samples, size_t count, double sample_rate, const peach_pitch_reading *near,
                                          peach_pitch_reading *out);

/*
 * [thread-safe] How much of the sound in `samples` lies in the first eight
 * harmonics of `fundamental_hz` (Hann-windowed, over the whole span): about
 * 1 for a steady harmonic tone at that pitch, near 0 for a wrong pitch.
 */
PEACH_PITCH_HIDDEN double peach_pitch_harmonic_share(const float *samples, size_t count, double sample_rate, double fundamental_hz);

/*
 * [thread-safe] peach_pitch_measure for a tone that may lie up to
 * `range_cents` from `expected_hz` (a sample tuned far from its key): reads
 * the pitch near `expected_hz` and, if its harmonics hold next to nothing
 * of the sound (a wrong pitch), near every whole semitone within the range,
 * and keeps the reading whose harmonics hold the most (`share`, if not
 * NULL, gets that part).
 * Returns as peach_pitch_measure does.
 */
PEACH_PITCH_HIDDEN int peach_pitch_find(const float *samples, size_t count, double sample_rate, double expected_hz,
                                        double range_cents, peach_pitch_reading *out, double *share);

#ifdef __cplusplus
}
#endif

#endif /* PEACH_PITCH_METER_H */
