/*
 * tone_source.c: "C Tone", a complete Peach sound source in plain C99.
 *
 * It plays a tone made of a fundamental and a few harmonics, with exact pitch
 * and click-free raised-cosine edges. It shows everything a third-party source
 * needs: the one exported entry function, the entry table and descriptor, an
 * instance table, typed options (a number, an integer and a choice), events
 * applied at their exact frame inside a block, and errors reported through
 * last_error.
 *
 * Build:  cc -std=c99 -Wall -Werror -fPIC -shared -fvisibility=hidden \
 *            -I ../../Sources/PeachPluginAPI/include -o libctone.so tone_source.c -lm
 *
 * Threads, as the header defines them:
 *   create, set_option, get_option, activate, deactivate, destroy, last_error
 *     run on the host's main thread; they may allocate.
 *   process runs on the audio thread: it reads options and voices that only
 *     change while the instance is inactive, and it never allocates, locks,
 *     blocks or does I/O.
 */
#include "peach_source.h"
#include "peach_text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOURCE_ID "org.example.ctone"
#define TWO_PI 6.283185307179586476925286766559

#define VOICE_COUNT 16    /* notes that can sound at once */
#define MAX_HARMONICS 8   /* upper bound of the "harmonics" option */
#define EDGE_MS 5.0       /* raised-cosine attack and release */
#define ERROR_SIZE 256

/* ------------------------------------------------------------------------- */
/* The library: entry table and descriptor                                    */
/* ------------------------------------------------------------------------- */

static const peach_source_descriptor descriptor = {
    .struct_size = sizeof(peach_source_descriptor),
    .flags = PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE,
    .id = SOURCE_ID,
    .name = "C Tone",
    .vendor = "Example Vendor",
    .version = "1.0.0",
    .description = "A fundamental and a few harmonics, written in plain C as an example plugin.",
};

static uint32_t source_count(void) { return 1; }

static const peach_source_descriptor *get_source(uint32_t index) {
    return index == 0 ? &descriptor : NULL;
}

static peach_source_instance *create(const char *source_id, const peach_host *host,
                                     char *error_buffer, uint32_t capacity);

static const peach_plugin_entry entry = {
    .struct_size = sizeof(peach_plugin_entry),
    .abi_major = PEACH_ABI_MAJOR,
    .abi_minor = PEACH_ABI_MINOR,
    .source_count = source_count,
    .get_source = get_source,
    .create = create,
};

/* The only exported symbol (everything else is hidden by -fvisibility=hidden).
   Built against ABI 1.0, it works with every 1.x host, so it never declines. */
PEACH_EXPORT const peach_plugin_entry *peach_source_entry_v1(uint16_t host_abi_minor) {
    (void)host_abi_minor;
    return &entry;
}

/* ------------------------------------------------------------------------- */
/* Options                                                                    */
/* ------------------------------------------------------------------------- */

enum { OPTION_GAIN, OPTION_HARMONICS, OPTION_SHAPE, OPTION_COUNT };
enum { SHAPE_SOFT, SHAPE_BRIGHT, SHAPE_COUNT };

typedef struct option_def {
    uint32_t type;
    const char *key, *name, *unit, *default_value, *description;
    double min_value, max_value;
} option_def;

static const option_def options[OPTION_COUNT] = {
    [OPTION_GAIN] = {PEACH_OPTION_NUMBER, "gain", "Gain", "", "0.4",
                     "Peak amplitude of a note at full velocity, from 0 (silent) to 1 (full scale).", 0, 1},
    [OPTION_HARMONICS] = {PEACH_OPTION_INT, "harmonics", "Harmonics", "", "3",
                          "How many partials sound: the fundamental and its first overtones.", 1, MAX_HARMONICS},
    [OPTION_SHAPE] = {PEACH_OPTION_CHOICE, "shape", "Shape", "", "bright",
                      "How fast the harmonics fade: soft as 1/k squared, bright as 1/k.", 0, 0},
};

/* The values set_option takes for "shape", and their labels. */
static const char *const shape_values[SHAPE_COUNT] = {"soft", "bright"};
static const char *const shape_labels[SHAPE_COUNT] = {"Soft (1/k\xC2\xB2)", "Bright (1/k)"};

/* ------------------------------------------------------------------------- */
/* Instance state                                                             */
/* ------------------------------------------------------------------------- */

typedef enum { STAGE_IDLE, STAGE_ATTACK, STAGE_SUSTAIN, STAGE_RELEASE } voice_stage;

typedef struct voice {
    voice_stage stage;
    int32_t note_id;
    uint64_t start_order;          /* for stealing the oldest voice */
    double phase;                  /* in cycles, [0, 1): double, so pitch stays exact */
    double increment;              /* cycles per frame: frequency / sample rate */
    int partials;                  /* harmonics below Nyquist */
    double amplitude[MAX_HARMONICS];
    uint32_t stage_frame;          /* frames spent in the current stage */
    double level;                  /* envelope at the last rendered frame */
    double release_from;           /* envelope when the release began */
} voice;

typedef struct tone {
    peach_source_instance instance; /* the table the host sees; plugin_data points back here */
    const peach_host *host;

    /* Options. They change only while inactive, so process reads them freely. */
    double gain;
    int harmonics;
    int shape;

    /* Set by activate, NULL while inactive. */
    voice *voices;
    double sample_rate;
    uint32_t edge_frames;
    uint64_t start_counter;

    char error[ERROR_SIZE];
} tone;

static tone *tone_of(const peach_source_instance *instance) {
    return (tone *)instance->plugin_data;
}

/* [main-thread] Records why a call failed and returns its status. */
static peach_status fail(tone *t, peach_status status, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(t->error, sizeof t->error, format, arguments);
    va_end(arguments);
    return status;
}

/* ------------------------------------------------------------------------- */
/* Lifecycle [main-thread]                                                    */
/* ------------------------------------------------------------------------- */

static peach_status activate(const peach_source_instance *instance, double sample_rate,
                             uint32_t max_frames, uint32_t channel_count) {
    tone *t = tone_of(instance);
    if (t->voices) return fail(t, PEACH_ERR_BAD_STATE, "already active");
    if (!(sample_rate >= 8000 && sample_rate <= 768000))
        return fail(t, PEACH_ERR_INVALID_ARGUMENT, "unsupported sample rate %g Hz", sample_rate);
    if (max_frames == 0) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "max_frames is 0");
    if (channel_count == 0) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "needs at least one output channel");

    /* All memory process() will use is allocated here, never while rendering. */
    t->voices = calloc(VOICE_COUNT, sizeof(voice));
    if (!t->voices) return fail(t, PEACH_ERR_RESOURCE, "out of memory for %d voices", VOICE_COUNT);
    t->sample_rate = sample_rate;
    t->edge_frames = (uint32_t)lround(EDGE_MS * sample_rate / 1000.0);
    t->start_counter = 0;

    if (t->host && t->host->struct_size >= sizeof(peach_host) && t->host->log) {
        char message[128];
        snprintf(message, sizeof message, "C Tone active at %g Hz, %d harmonics", sample_rate, t->harmonics);
        t->host->log(t->host, PEACH_LOG_DEBUG, message);
    }
    return PEACH_OK;
}

static void deactivate(const peach_source_instance *instance) {
    tone *t = tone_of(instance);
    free(t->voices);  /* sounding notes stop at once */
    t->voices = NULL;
}

static void destroy(const peach_source_instance *instance) {
    tone *t = tone_of(instance);
    free(t->voices);
    free(t);  /* the instance table lives inside, so it goes too */
}

/* ------------------------------------------------------------------------- */
/* Rendering [audio-thread]: no allocation, no locks, no I/O                  */
/* ------------------------------------------------------------------------- */

static void start_voice(tone *t, const peach_event_note *note) {
    double frequency = note->frequency_hz;
    if (!(frequency > 0 && frequency < t->sample_rate / 2)) return;  /* ignore impossible notes */
    double velocity = note->velocity < 0 ? 0 : note->velocity > 1 ? 1 : note->velocity;

    /* An idle voice, or else the oldest one (stealing it cuts that note short). */
    voice *v = &t->voices[0];
    for (int i = 0; i < VOICE_COUNT; i++) {
        if (t->voices[i].stage == STAGE_IDLE) { v = &t->voices[i]; break; }
        if (t->voices[i].start_order < v->start_order) v = &t->voices[i];
    }

    /* Partial k has amplitude 1/k (bright) or 1/k^2 (soft). They are scaled so
       that their sum, the highest peak the tone can reach, is gain * velocity.
       Partials at or above Nyquist are left out: they would alias. */
    double weight[MAX_HARMONICS], total = 0;
    int partials = 0;
    for (int k = 1; k <= t->harmonics && k * frequency < t->sample_rate / 2; k++) {
        weight[k - 1] = t->shape == SHAPE_SOFT ? 1.0 / (k * k) : 1.0 / k;
        total += weight[k - 1];
        partials = k;
    }
    memset(v, 0, sizeof *v);
    for (int k = 0; k < partials; k++) v->amplitude[k] = t->gain * velocity * weight[k] / total;
    v->partials = partials;
    v->note_id = note->note_id;
    v->start_order = ++t->start_counter;
    v->increment = frequency / t->sample_rate;
    v->stage = STAGE_ATTACK;
}

static void release_voice(voice *v) {
    if (v->stage != STAGE_ATTACK && v->stage != STAGE_SUSTAIN) return;
    v->release_from = v->level;
    v->stage = STAGE_RELEASE;
    v->stage_frame = 0;
}

static void apply_event(tone *t, const peach_event_header *header) {
    if (header->type == PEACH_EVENT_ALL_NOTES_OFF) {
        for (int i = 0; i < VOICE_COUNT; i++) release_voice(&t->voices[i]);
        return;
    }
    /* Skip event types this source does not know, and events too short to read. */
    if (header->size < sizeof(peach_event_note)) return;
    const peach_event_note *note = (const peach_event_note *)header;
    if (header->type == PEACH_EVENT_NOTE_ON) {
        start_voice(t, note);
    } else if (header->type == PEACH_EVENT_NOTE_OFF) {
        for (int i = 0; i < VOICE_COUNT; i++)
            if (t->voices[i].stage != STAGE_IDLE && t->voices[i].note_id == note->note_id) release_voice(&t->voices[i]);
    }
}

/* Adds `count` frames of one voice to `out`. */
static void render_voice(voice *v, float *out, uint32_t count, uint32_t edge_frames) {
    const double pi = TWO_PI / 2;
    for (uint32_t frame = 0; frame < count && v->stage != STAGE_IDLE; frame++) {
        switch (v->stage) {
        case STAGE_ATTACK:  /* 0 -> 1 along half a cosine */
            if (v->stage_frame >= edge_frames) {
                v->stage = STAGE_SUSTAIN;
                v->level = 1;
            } else {
                v->level = 0.5 - 0.5 * cos(pi * v->stage_frame / edge_frames);
            }
            break;
        case STAGE_RELEASE:  /* release_from -> 0 along half a cosine */
            if (v->stage_frame >= edge_frames) {
                v->stage = STAGE_IDLE;
                return;
            }
            v->level = v->release_from * (0.5 + 0.5 * cos(pi * v->stage_frame / edge_frames));
            break;
        default:
            break;
        }
        double sample = 0;
        for (int k = 0; k < v->partials; k++) sample += v->amplitude[k] * sin(TWO_PI * (k + 1) * v->phase);
        out[frame] += (float)(v->level * sample);

        v->phase += v->increment;
        if (v->phase >= 1) v->phase -= 1;
        v->stage_frame++;
    }
}

/* Renders frames [from, to) of every voice into channel 0. Returns whether any voice sounded. */
static int render_span(tone *t, float *out, uint32_t from, uint32_t to) {
    int sounded = 0;
    if (to <= from) return 0;
    for (int i = 0; i < VOICE_COUNT; i++) {
        if (t->voices[i].stage == STAGE_IDLE) continue;
        sounded = 1;
        render_voice(&t->voices[i], out + from, to - from, t->edge_frames);
    }
    return sounded;
}

static peach_process_status process(const peach_source_instance *instance, const peach_process *p) {
    tone *t = tone_of(instance);
    if (!t->voices || !p || p->channel_count == 0 || !p->outputs || !p->outputs[0]) {
        peach_copy_text(t->error, sizeof t->error, "process called while inactive or without an output buffer");
        return PEACH_PROCESS_ERROR;
    }
    float *out = p->outputs[0];
    uint32_t frames = p->frame_count;
    memset(out, 0, frames * sizeof(float));

    /* Render up to each event's offset, apply it there, then go on: a note
       starts and stops on its exact frame, whatever the block size. */
    uint32_t rendered = 0;
    int sounded = 0;
    for (uint32_t i = 0; i < p->event_count; i++) {
        const peach_event_header *event = p->events[i];
        if (!event) continue;
        uint32_t offset = event->offset < frames ? event->offset : frames;
        if (offset > rendered) {
            sounded |= render_span(t, out, rendered, offset);
            rendered = offset;
        }
        apply_event(t, event);
    }
    sounded |= render_span(t, out, rendered, frames);

    for (uint32_t channel = 1; channel < p->channel_count; channel++)
        if (p->outputs[channel]) memcpy(p->outputs[channel], out, frames * sizeof(float));
    return sounded ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT;
}

/* ------------------------------------------------------------------------- */
/* Options [main-thread]                                                      */
/* ------------------------------------------------------------------------- */

static uint32_t option_count(const peach_source_instance *instance) {
    (void)instance;
    return OPTION_COUNT;
}

static peach_status get_option_info(const peach_source_instance *instance, uint32_t index,
                                    peach_option_info *out) {
    tone *t = tone_of(instance);
    if (!out) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "no info struct given");
    if (index >= OPTION_COUNT) return fail(t, PEACH_ERR_UNKNOWN_KEY, "no option %u", index);
    const option_def *def = &options[index];
    /* A 1.x host's struct is at least as large as 1.0's. Fill exactly the 1.0
       fields and say so in struct_size. */
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->type = def->type;
    /* Not LIVE: options change only while inactive. The shape is a timbre, so
       the training screen's timbre key may step through it (on a new instance). */
    out->flags = def->type == PEACH_OPTION_CHOICE ? PEACH_OPTION_FLAG_TIMBRE : 0;
    out->choice_count = def->type == PEACH_OPTION_CHOICE ? SHAPE_COUNT : 0;
    out->min_value = def->min_value;
    out->max_value = def->max_value;
    peach_copy_text(out->key, sizeof out->key, def->key);
    peach_copy_text(out->name, sizeof out->name, def->name);
    peach_copy_text(out->unit, sizeof out->unit, def->unit);
    peach_copy_text(out->default_value, sizeof out->default_value, def->default_value);
    peach_copy_text(out->description, sizeof out->description, def->description);
    return PEACH_OK;
}

static peach_status get_option_choice(const peach_source_instance *instance, uint32_t option_index,
                                      uint32_t choice_index, peach_option_choice *out) {
    tone *t = tone_of(instance);
    if (!out) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "no choice struct given");
    if (option_index != OPTION_SHAPE) return fail(t, PEACH_ERR_UNKNOWN_KEY, "option %u has no choices", option_index);
    if (choice_index >= SHAPE_COUNT) return fail(t, PEACH_ERR_UNKNOWN_KEY, "shape has no choice %u", choice_index);
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    peach_copy_text(out->value, sizeof out->value, shape_values[choice_index]);
    peach_copy_text(out->label, sizeof out->label, shape_labels[choice_index]);
    return PEACH_OK;
}

static int option_index(const char *key) {
    for (int i = 0; i < OPTION_COUNT; i++)
        if (strcmp(options[i].key, key) == 0) return i;
    return -1;
}

static peach_status get_option(const peach_source_instance *instance, const char *key,
                               char *buffer, uint32_t capacity) {
    tone *t = tone_of(instance);
    if (!key || !buffer || capacity == 0) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "no key or no buffer");
    char text[64];
    switch (option_index(key)) {
    case OPTION_GAIN:
        /* The shortest text that reads back as the same double. */
        snprintf(text, sizeof text, "%.15g", t->gain);
        if (strtod(text, NULL) != t->gain) snprintf(text, sizeof text, "%.17g", t->gain);
        break;
    case OPTION_HARMONICS:
        snprintf(text, sizeof text, "%d", t->harmonics);
        break;
    case OPTION_SHAPE:
        peach_copy_text(text, sizeof text, shape_values[t->shape]);
        break;
    default:
        return fail(t, PEACH_ERR_UNKNOWN_KEY, "no option '%s'", key);
    }
    /* snprintf truncates and terminates, which is what the header asks for. */
    if ((uint32_t)snprintf(buffer, capacity, "%s", text) >= capacity)
        return fail(t, PEACH_ERR_BUFFER_TOO_SMALL, "%s needs %zu bytes", key, strlen(text) + 1);
    return PEACH_OK;
}

static peach_status set_option(const peach_source_instance *instance, const char *key, const char *value) {
    tone *t = tone_of(instance);
    if (!key || !value) return fail(t, PEACH_ERR_INVALID_ARGUMENT, "no key or no value");
    int index = option_index(key);
    if (index < 0) return fail(t, PEACH_ERR_UNKNOWN_KEY, "no option '%s'", key);
    /* No option is LIVE: process() reads them without synchronisation. */
    if (t->voices) return fail(t, PEACH_ERR_BAD_STATE, "%s can only change while the source is inactive", key);

    const option_def *def = &options[index];
    char *end = NULL;
    errno = 0;
    switch (index) {
    case OPTION_GAIN: {
        double number = strtod(value, &end);
        if (end == value || *end != '\0' || errno != 0 || !(number >= def->min_value && number <= def->max_value))
            return fail(t, PEACH_ERR_INVALID_ARGUMENT, "gain must be a number from 0 to 1, not '%s'", value);
        t->gain = number;
        return PEACH_OK;
    }
    case OPTION_HARMONICS: {
        long number = strtol(value, &end, 10);
        if (end == value || *end != '\0' || errno != 0 || number < def->min_value || number > def->max_value)
            return fail(t, PEACH_ERR_INVALID_ARGUMENT, "harmonics must be a whole number from 1 to %d, not '%s'",
                        MAX_HARMONICS, value);
        t->harmonics = (int)number;
        return PEACH_OK;
    }
    default:  /* OPTION_SHAPE */
        for (int i = 0; i < SHAPE_COUNT; i++) {
            if (strcmp(value, shape_values[i]) == 0) {
                t->shape = i;
                return PEACH_OK;
            }
        }
        return fail(t, PEACH_ERR_UNKNOWN_KEY, "shape must be soft or bright, not '%s'", value);
    }
}

static const char *last_error(const peach_source_instance *instance) {
    return tone_of(instance)->error;
}

static const void *get_extension(const peach_source_instance *instance, const char *extension_id) {
    (void)instance;
    (void)extension_id;
    return NULL;  /* no extensions */
}

/* ------------------------------------------------------------------------- */
/* Creating an instance [main-thread]                                         */
/* ------------------------------------------------------------------------- */

static peach_source_instance *create(const char *source_id, const peach_host *host,
                                     char *error_buffer, uint32_t capacity) {
    if (!source_id || strcmp(source_id, SOURCE_ID) != 0) {
        if (error_buffer && capacity > 0)
            snprintf(error_buffer, capacity, "this library offers only %s, not %s", SOURCE_ID, source_id ? source_id : "(null)");
        return NULL;
    }
    tone *t = calloc(1, sizeof *t);
    if (!t) {
        if (error_buffer && capacity > 0) snprintf(error_buffer, capacity, "out of memory");
        return NULL;
    }
    t->host = host;  /* kept for logging later; never called during create */
    t->gain = 0.4;
    t->harmonics = 3;
    t->shape = SHAPE_BRIGHT;

    t->instance = (peach_source_instance){
        .struct_size = sizeof(peach_source_instance),
        .plugin_data = t,
        .activate = activate,
        .deactivate = deactivate,
        .process = process,
        .destroy = destroy,
        .option_count = option_count,
        .get_option_info = get_option_info,
        .get_option_choice = get_option_choice,
        .get_option = get_option,
        .set_option = set_option,
        .last_error = last_error,
        .get_extension = get_extension,
    };
    return &t->instance;
}
