/*
 * midi_recorder.c: a source that sends MIDI (renders no audio), as the host
 * sees one, without a sequencer: it writes what it is given to the file named
 * by its `log` option, one line per call or event, so tests can check how the
 * host drives such a source: on which clock, with which presentation times,
 * and that it is deactivated when the program stops (also on SIGINT).
 *
 *   activate rate=<sample rate> channels=<channel count>
 *   event type=<1 on, 2 off, 3 all off> id=<note id> frame=<steady_time + offset>
 *         offset=<offset> frames=<frame_count> presentation=<ns> hz=<frequency>
 *   deactivate
 */
#define _POSIX_C_SOURCE 200809L
#include "peach_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct recorder {
    peach_source_instance instance;
    char path[PEACH_TEXT_SIZE];
    FILE *log;
    int held;
    char error[PEACH_TEXT_SIZE + 64];
} recorder;

static recorder *recorder_of(const peach_source_instance *i) { return i->plugin_data; }

static peach_status activate(const peach_source_instance *i, double rate, uint32_t max_frames, uint32_t channels) {
    (void)max_frames;
    recorder *r = recorder_of(i);
    r->log = fopen(r->path, "w");
    if (!r->log) {
        snprintf(r->error, sizeof r->error, "cannot write the log '%s'", r->path);
        return PEACH_ERR_RESOURCE;
    }
    fprintf(r->log, "activate rate=%g channels=%u\n", rate, channels);
    fflush(r->log);
    r->held = 0;
    return PEACH_OK;
}

static void deactivate(const peach_source_instance *i) {
    recorder *r = recorder_of(i);
    fprintf(r->log, "deactivate\n");
    fclose(r->log);
    r->log = NULL;
}

/* Not real-time safe (it writes a file), as a test fixture may be. */
static peach_process_status process(const peach_source_instance *i, const peach_process *p) {
    recorder *r = recorder_of(i);
    if (p->outputs != NULL || p->channel_count != 0) {
        snprintf(r->error, sizeof r->error, "a MIDI source was given audio buffers");
        return PEACH_PROCESS_ERROR;
    }
    for (uint32_t n = 0; n < p->event_count; n++) {
        const peach_event_note *e = (const peach_event_note *)p->events[n];
        fprintf(r->log, "event type=%u id=%d frame=%lld offset=%u frames=%u presentation=%lld hz=%.17g\n",
                e->header.type, e->note_id, (long long)(p->steady_time + e->header.offset), e->header.offset,
                p->frame_count, (long long)p->presentation_time_ns, e->frequency_hz);
        if (e->header.type == PEACH_EVENT_NOTE_ON) r->held++;
        if (e->header.type == PEACH_EVENT_NOTE_OFF && r->held > 0) r->held--;
        if (e->header.type == PEACH_EVENT_ALL_NOTES_OFF) r->held = 0;
    }
    fflush(r->log);
    return r->held > 0 ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT;
}

static void destroy(const peach_source_instance *i) { free(recorder_of(i)); }
static uint32_t option_count(const peach_source_instance *i) { (void)i; return 1; }

static peach_status get_option_info(const peach_source_instance *i, uint32_t n, peach_option_info *o) {
    (void)i;
    if (n != 0) return PEACH_ERR_UNKNOWN_KEY;
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    o->type = PEACH_OPTION_PATH;
    strcpy(o->key, "log");
    strcpy(o->name, "Log");
    strcpy(o->default_value, "/dev/null");
    strcpy(o->description, "Where to write what the host sends.");
    return PEACH_OK;
}

static peach_status get_option_choice(const peach_source_instance *i, uint32_t n, uint32_t c, peach_option_choice *o) {
    (void)i; (void)n; (void)c; (void)o; return PEACH_ERR_UNKNOWN_KEY;
}

static peach_status get_option(const peach_source_instance *i, const char *k, char *b, uint32_t n) {
    if (strcmp(k, "log") != 0) return PEACH_ERR_UNKNOWN_KEY;
    snprintf(b, n, "%s", recorder_of(i)->path);
    return strlen(recorder_of(i)->path) < n ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL;
}

static peach_status set_option(const peach_source_instance *i, const char *k, const char *v) {
    if (strcmp(k, "log") != 0) return PEACH_ERR_UNKNOWN_KEY;
    snprintf(recorder_of(i)->path, sizeof recorder_of(i)->path, "%s", v);
    return PEACH_OK;
}

static const char *last_error(const peach_source_instance *i) { return recorder_of(i)->error; }
static const void *get_extension(const peach_source_instance *i, const char *id) { (void)i; (void)id; return NULL; }

static peach_source_instance *create(const char *id, const peach_host *host, char *error, uint32_t capacity) {
    (void)id; (void)host; (void)error; (void)capacity;
    recorder *r = calloc(1, sizeof *r);
    strcpy(r->path, "/dev/null");
    r->instance = (peach_source_instance){
        .struct_size = sizeof(peach_source_instance), .plugin_data = r,
        .activate = activate, .deactivate = deactivate, .process = process, .destroy = destroy,
        .option_count = option_count, .get_option_info = get_option_info, .get_option_choice = get_option_choice,
        .get_option = get_option, .set_option = set_option, .last_error = last_error, .get_extension = get_extension,
    };
    return &r->instance;
}

static const peach_source_descriptor descriptor = {
    .struct_size = sizeof(peach_source_descriptor),
    .flags = PEACH_SOURCE_SENDS_MIDI,
    .id = "org.peach.test.midi-recorder", .name = "MIDI Recorder", .vendor = "Peach tests", .version = "0.0.1",
    .description = "Records what the host sends a MIDI source.",
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
