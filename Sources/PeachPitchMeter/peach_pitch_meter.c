#include "peach_pitch_meter.h"
#include <math.h>

#define HARMONICS 8
#define GRID_STEP_CENTS 10.0

/* Hann-windowed DFT of x[start ..< start + length] at `hz`. The phase is
   referred to frame 0 of x, so windows at different starts share one clock. */
static void window_dft(const float *x, size_t start, size_t length, double hz, double rate, double *re, double *im) {
    const double step = 2.0 * M_PI * hz / rate, window_step = 2.0 * M_PI / (double)length;
    const double rotate_cos = cos(step), rotate_sin = sin(step);
    const double window_cos = cos(window_step), window_sin = sin(window_step);
    /* e^{-i·step·n} and the window's cosine, both as rotating phasors. */
    double c = cos(step * (double)start), s = -sin(step * (double)start);
    double wc = cos(window_step * 0.5), ws = sin(window_step * 0.5);
    double sum_re = 0, sum_im = 0;
    for (size_t n = 0; n < length; n++) {
        const double weighted = (0.5 - 0.5 * wc) * (double)x[start + n];
        sum_re += weighted * c;
        sum_im += weighted * s;
        const double next_c = c * rotate_cos + s * rotate_sin;
        s = s * rotate_cos - c * rotate_sin;
        c = next_c;
        const double next_wc = wc * window_cos - ws * window_sin;
        ws = ws * window_cos + wc * window_sin;
        wc = next_wc;
    }
    *re = sum_re;
    *im = sum_im;
}

/* Weighted least-squares slope of phase against window start, over windows
   first ..< last of the track. */
static double phase_slope(const double *starts, const double *phases, const double *weights, size_t first, size_t last) {
    double total = 0, mean_start = 0, mean_phase = 0;
    for (size_t j = first; j < last; j++) {
        total += weights[j];
        mean_start += weights[j] * starts[j];
        mean_phase += weights[j] * phases[j];
    }
    if (total <= 0) return 0;
    mean_start /= total;
    mean_phase /= total;
    double numerator = 0, denominator = 0;
    for (size_t j = first; j < last; j++) {
        numerator += weights[j] * (starts[j] - mean_start) * (phases[j] - mean_phase);
        denominator += weights[j] * (starts[j] - mean_start) * (starts[j] - mean_start);
    }
    return denominator > 0 ? numerator / denominator : 0;
}

#define MAX_WINDOWS 4096

/* Windows of eight periods (at least 20 ms) resolve neighbouring harmonics; 0 if `count` holds fewer than two. */
static size_t window_length(size_t count, double sample_rate, double fundamental_hz) {
    size_t length = (size_t)(8.0 * sample_rate / fundamental_hz);
    if (length < (size_t)(0.02 * sample_rate)) length = (size_t)(0.02 * sample_rate);
    return count < 2 * length ? 0 : length;
}

/* Follows harmonic `harmonic`, starting from `harmonic_hz`, by the slope of
   its phase across windows of `length` overlapping by half. */
static void track(const float *samples, size_t count, double sample_rate, size_t length, double harmonic_hz, int harmonic,
                  peach_pitch_reading *out) {
    const size_t hop = length / 2;
    size_t windows = (count - length) / hop + 1;
    if (windows > MAX_WINDOWS) windows = MAX_WINDOWS;
    /* Phase track of that harmonic; each pass corrects the frequency it demodulates at. */
    double starts[MAX_WINDOWS], phases[MAX_WINDOWS], weights[MAX_WINDOWS];
    double hz = harmonic_hz, demodulated = harmonic_hz;
    for (int pass = 0; pass < 2; pass++) {
        demodulated = hz;
        for (size_t j = 0; j < windows; j++) {
            double re, im;
            window_dft(samples, j * hop, length, hz, sample_rate, &re, &im);
            starts[j] = (double)(j * hop);
            weights[j] = re * re + im * im;
            double phase = atan2(im, re);
            if (j > 0) {
                double step = phase - phases[j - 1];
                step -= 2.0 * M_PI * floor((step + M_PI) / (2.0 * M_PI));
                phase = phases[j - 1] + step;
            }
            phases[j] = phase;
        }
        /* The DFT used e^{-iωn}: a tone above `hz` advances the phase by +Δω per frame. */
        hz += phase_slope(starts, phases, weights, 0, windows) * sample_rate / (2.0 * M_PI);
    }
    const size_t half = windows / 2;
    double drift = 0;
    if (half >= 2 && windows - half >= 2) {
        const double to_hz = sample_rate / (2.0 * M_PI);
        const double first = demodulated + phase_slope(starts, phases, weights, 0, half) * to_hz;
        const double second = demodulated + phase_slope(starts, phases, weights, half, windows) * to_hz;
        drift = 1200.0 * log2(second / first);
    }
    out->frequency_hz = hz / harmonic;
    out->harmonic = harmonic;
    out->drift_cents = drift;
}

static int silent(const float *samples, size_t from, size_t to) {
    double energy = 0;
    for (size_t n = from; n < to; n++) energy += (double)samples[n] * samples[n];
    return !(energy > 1e-20);
}

int peach_pitch_measure(const float *samples, size_t count, double sample_rate, double expected_hz, peach_pitch_reading *out) {
    if (!samples || !out || !(sample_rate > 0) || !(expected_hz > 0) || expected_hz >= sample_rate / 2) return -1;
    const size_t length = window_length(count, sample_rate, expected_hz);
    if (length == 0) return -1;

    /* The strongest harmonic near where it should be, on a grid over the middle of the span. */
    const size_t middle = (count - 2 * length) / 2;
    if (silent(samples, middle, middle + 2 * length)) return -2;
    double best_power = -1, best_hz = expected_hz;
    int best_harmonic = 1;
    for (int h = 1; h <= HARMONICS; h++) {
        if (h * expected_hz * pow(2.0, PEACH_PITCH_SEARCH_CENTS / 1200.0) >= 0.45 * sample_rate) break;
        for (double cents = -PEACH_PITCH_SEARCH_CENTS; cents <= PEACH_PITCH_SEARCH_CENTS; cents += GRID_STEP_CENTS) {
            const double hz = h * expected_hz * pow(2.0, cents / 1200.0);
            double re, im;
            window_dft(samples, middle, 2 * length, hz, sample_rate, &re, &im);
            if (re * re + im * im > best_power) {
                best_power = re * re + im * im;
                best_hz = hz;
                best_harmonic = h;
            }
        }
    }
    track(samples, count, sample_rate, length, best_hz, best_harmonic, out);
    return 0;
}

int peach_pitch_follow(const float *samples, size_t count, double sample_rate, const peach_pitch_reading *near, peach_pitch_reading *out) {
    if (!samples || !near || !out || !(sample_rate > 0) || !(near->frequency_hz > 0) || near->harmonic < 1
        || near->harmonic * near->frequency_hz >= sample_rate / 2) return -1;
    const size_t length = window_length(count, sample_rate, near->frequency_hz);
    if (length == 0) return -1;
    if (silent(samples, 0, count)) return -2;
    track(samples, count, sample_rate, length, near->harmonic * near->frequency_hz, near->harmonic, out);
    return 0;
}

double peach_pitch_harmonic_share(const float *samples, size_t count, double sample_rate, double fundamental_hz) {
    if (!samples || count < 2 || !(fundamental_hz > 0)) return 0;
    double energy = 0;  /* of the windowed sound: a sinusoid's |DFT|² is count/3 times its share of it */
    const double window_step = 2.0 * M_PI / (double)count;
    for (size_t n = 0; n < count; n++) {
        const double weighted = (0.5 - 0.5 * cos(window_step * ((double)n + 0.5))) * (double)samples[n];
        energy += weighted * weighted;
    }
    if (!(energy > 1e-20)) return 0;
    double power = 0;
    for (int h = 1; h <= HARMONICS && h * fundamental_hz < 0.45 * sample_rate; h++) {
        double re, im;
        window_dft(samples, 0, count, h * fundamental_hz, sample_rate, &re, &im);
        power += re * re + im * im;
    }
    return 3.0 * power / ((double)count * energy);
}

int peach_pitch_find(const float *samples, size_t count, double sample_rate, double expected_hz, double range_cents,
                     peach_pitch_reading *out, double *share) {
    peach_pitch_reading best, reading;
    const int status = peach_pitch_measure(samples, count, sample_rate, expected_hz, &best);
    if (status != 0) return status;
    double best_share = peach_pitch_harmonic_share(samples, count, sample_rate, best.frequency_hz);
    /* A reading at the tone's pitch holds 5% or more even of a bright or
       detuned sound's power, one beside it next to nothing: only then are the
       other semitones tried, and one wins only by holding twice as much. */
    for (double cents = -100.0 * floor(range_cents / 100.0); best_share < 0.02 && cents <= range_cents; cents += 100.0) {
        if (cents == 0 || peach_pitch_measure(samples, count, sample_rate, expected_hz * pow(2.0, cents / 1200.0), &reading) != 0) continue;
        const double candidate = peach_pitch_harmonic_share(samples, count, sample_rate, reading.frequency_hz);
        if (candidate > 2 * best_share) {
            best = reading;
            best_share = candidate;
        }
    }
    *out = best;
    if (share) *share = best_share;
    return 0;
}
