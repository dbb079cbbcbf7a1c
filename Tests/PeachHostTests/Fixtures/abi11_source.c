/*
 * abi11_source.c: a source written against ABI 1.1 that uses what 1.1 adds,
 * so tests can hear each part:
 *   - inputs: the captured audio comes out at half level (a source as an effect);
 *   - transport: a one-sample click of 0.75 on the first frame of every beat;
 *   - out_events: a NOTE_ON above 1000 Hz is refused with PEACH_REFUSED_NO_PITCH;
 *   - peach.note-range/1: 20 to 2000 Hz, so the host refuses notes above 2000 Hz
 *     itself, before they are scheduled.
 * Every 1.1 field is read only if the process struct's size says it is there.
 * Built with -DIMPULSES, every note-on is also a one-sample impulse of its
 * velocity on its frame: where an event lands in the rendered stream,
 * whatever a real click's waveform (overlapping tails) would hide.
 */
#include "peach_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    peach_source_instance instance;
    double sample_rate;
} fixture;

static fixture *fixture_of(const peach_source_instance *instance) { return instance->plugin_data; }

static peach_status activate(const peach_source_instance *i, double rate, uint32_t max_frames, uint32_t channels) {
    (void)max_frames; (void)channels;
    fixture_of(i)->sample_rate = rate;
    return PEACH_OK;
}

static void deactivate(const peach_source_instance *i) { (void)i; }

static void refuse(const peach_process *p, const peach_event_note *note) {
    if (!PEACH_PROCESS_HAS(p, out_events) || !p->out_events) return;
    peach_event_note_refused refusal;
    memset(&refusal, 0, sizeof refusal);
    refusal.header.size = sizeof refusal;
    refusal.header.offset = note->header.offset;
    refusal.header.type = PEACH_EVENT_NOTE_REFUSED;
    refusal.note_id = note->note_id;
    refusal.reason = PEACH_REFUSED_NO_PITCH;
    refusal.frequency_hz = note->frequency_hz;
    snprintf(refusal.text, sizeof refusal.text, "no pitch above 1000 Hz, asked %.0f Hz", note->frequency_hz);
    p->out_events->push(p->out_events, &refusal.header);
}

static peach_process_status process(const peach_source_instance *i, const peach_process *p) {
    const fixture *f = fixture_of(i);
    for (uint32_t c = 0; c < p->channel_count; c++) memset(p->outputs[c], 0, p->frame_count * sizeof(float));
    for (uint32_t e = 0; e < p->event_count; e++) {
        const peach_event_note *note = (const peach_event_note *)p->events[e];
        if (note->header.type == PEACH_EVENT_NOTE_ON && note->frequency_hz > 1000) refuse(p, note);
#ifdef IMPULSES
        else if (note->header.type == PEACH_EVENT_NOTE_ON)
            for (uint32_t c = 0; c < p->channel_count; c++) p->outputs[c][note->header.offset] += (float)note->velocity;
#endif
    }
    if (PEACH_PROCESS_HAS(p, inputs) && p->inputs && p->input_channel_count > 0) {
        for (uint32_t c = 0; c < p->channel_count; c++)
            for (uint32_t n = 0; n < p->frame_count; n++) p->outputs[c][n] += 0.5f * p->inputs[0][n];
    }
    if (PEACH_PROCESS_HAS(p, transport) && p->transport && p->transport->tempo_bpm > 0) {
        /* The frame of the next whole beat, at the block's tempo (exact for a steady one). */
        double next = ceil(p->transport->beat);
        double frames = (next - p->transport->beat) * 60.0 / p->transport->tempo_bpm * f->sample_rate;
        long at = lround(frames);
        if (at >= 0 && at < (long)p->frame_count)
            for (uint32_t c = 0; c < p->channel_count; c++) p->outputs[c][at] += 0.75f;
    }
    return PEACH_PROCESS_CONTINUE;
}

static void destroy(const peach_source_instance *i) { free(fixture_of(i)); }
static uint32_t option_count(const peach_source_instance *i) { (void)i; return 0; }
static peach_status get_option_info(const peach_source_instance *i, uint32_t n, peach_option_info *o) {
    (void)i; (void)n; (void)o; return PEACH_ERR_UNKNOWN_KEY;
}
static peach_status get_option_choice(const peach_source_instance *i, uint32_t n, uint32_t c, peach_option_choice *o) {
    (void)i; (void)n; (void)c; (void)o; return PEACH_ERR_UNKNOWN_KEY;
}
static peach_status get_option(const peach_source_instance *i, const char *k, char *b, uint32_t n) {
    (void)i; (void)k; (void)b; (void)n; return PEACH_ERR_UNKNOWN_KEY;
}
static peach_status set_option(const peach_source_instance *i, const char *k, const char *v) {
    (void)i; (void)k; (void)v; return PEACH_ERR_UNKNOWN_KEY;
}
static const char *last_error(const peach_source_instance *i) { (void)i; return ""; }

static peach_status get_range(const peach_source_instance *i, double *lowest, double *highest) {
    (void)i;
    *lowest = 20;
    *highest = 2000;
    return PEACH_OK;
}
static const peach_note_range_ext note_range = { .struct_size = sizeof(peach_note_range_ext), .get_range = get_range };

static const void *get_extension(const peach_source_instance *i, const char *id) {
    (void)i;
    return strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 ? &note_range : NULL;
}

static peach_source_instance *create(const char *id, const peach_host *host, char *error, uint32_t capacity) {
    (void)id; (void)host; (void)error; (void)capacity;
    fixture *f = calloc(1, sizeof *f);
    f->instance = (peach_source_instance){
        .struct_size = sizeof(peach_source_instance), .plugin_data = f,
        .activate = activate, .deactivate = deactivate, .process = process, .destroy = destroy,
        .option_count = option_count, .get_option_info = get_option_info, .get_option_choice = get_option_choice,
        .get_option = get_option, .set_option = set_option, .last_error = last_error, .get_extension = get_extension,
    };
    return &f->instance;
}

static const peach_source_descriptor descriptor = {
    .struct_size = sizeof(peach_source_descriptor), .flags = PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE,
    .id = "org.peach.test.abi11", .name = "ABI 1.1 fixture", .vendor = "Peach tests", .version = "1.1.0",
    .description = "Uses inputs, the transport, events back and the note range.",
};
static uint32_t source_count(void) { return 1; }
static const peach_source_descriptor *get_source(uint32_t index) { return index == 0 ? &descriptor : NULL; }
static const peach_plugin_entry entry = {
    .struct_size = sizeof(peach_plugin_entry), .abi_major = PEACH_ABI_MAJOR, .abi_minor = PEACH_ABI_MINOR,
    .source_count = source_count, .get_source = get_source, .create = create,
};

PEACH_EXPORT const peach_plugin_entry *peach_source_entry_v1(uint16_t host_abi_minor) {
    (void)host_abi_minor;
    return &entry;
}
