/*
 * bad_source.c: one plugin source file that builds into many broken plugins,
 * so tests can run the host's real discovery against each kind of breakage.
 * Each -D define picks one fault; with none it is a valid, minimal sine source.
 *
 *   NO_ENTRY         exports no peach_source_entry_v1 (a differently named function instead)
 *   NULL_TABLE       the entry returns NULL
 *   WRONG_MAJOR      the entry table says ABI 2
 *   MISSING_CREATE   the entry table's create is NULL
 *   MISSING_PROCESS  the instance table's process is NULL
 *   EMPTY_ID         the source id is ""
 *   BAD_ID           the source id is "not a reverse dns"
 *   NON_UTF8_NAME    the source name is the bytes FF FE
 *   CREATE_FAILS     create returns NULL with "no licence key"
 *   CRASH_IN_ENTRY   the entry dereferences NULL (SIGSEGV)
 *   HANG_IN_ENTRY    the entry never returns
 *   NAN_OUTPUT       process writes NaN once steady_time >= 4800
 *   HUGE_OUTPUT      process writes 320000 (some 140 dB over full scale) once steady_time >= 4800
 *   PROCESS_ERROR    process fails once steady_time >= 4800: "synth engine gave up"
 *   CRASH_IN_PROCESS process dereferences NULL once steady_time >= 4800 (SIGSEGV)
 *   HANG_IN_PROCESS  process never returns once steady_time >= 4800
 *   SLOW_BLOCK_US=n  the first process call with steady_time >= 4800 takes n microseconds longer, once
 *   OVERRUN          process writes 8 samples past the end of every channel once steady_time >= 4800
 *   SILENT           every note renders as exact zeros
 *   CHATTY           printf's to standard output in create, activate and the first process
 *   CRASH_IN_ACTIVATE   activate dereferences NULL (SIGSEGV)
 *   CRASH_IN_DEACTIVATE deactivate dereferences NULL (SIGSEGV)
 *   HANG_IN_ACTIVATE    activate never returns
 *   HANG_IN_DEACTIVATE  deactivate never returns
 *   HANG_IN_SET_OPTION  set_option never returns (with OPTION_COUNT=1, so that --option gain=… reaches it)
 *   CRASH_IN_DESTROY    destroy dereferences NULL (SIGSEGV) if the instance was ever activated
 *                       (so the probe, which only creates and destroys, passes)
 *   EXIT_IN_ENTRY    the entry calls exit(0)
 *   EXIT_IN_CREATE   create calls exit(0)
 *   OPTION_EDIT=stmt offers an option, a NUMBER "gain" from 0 to 1 (default 0.5; three choices c0 to c2
 *                    should stmt make it a CHOICE), and runs stmt on its peach_option_info *o (index n) first
 *   OPTION_COUNT=n   offers n such options: "gain", then "k1", "k2" ... (1 with OPTION_EDIT, else 0)
 *   CHOICE_EDIT=stmt runs stmt on each peach_option_choice *c (index ci) before handing it over
 *   ID="a.b"         overrides the source id (a C string literal, quotes included)
 *   FAIL_AT_NOTE=n   the process faults above start with the n-th note-on instead of at frame 4800
 */
#define _POSIX_C_SOURCE 200809L
#include "peach_source.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(EMPTY_ID)
#define SOURCE_ID ""
#elif defined(BAD_ID)
#define SOURCE_ID "not a reverse dns"
#elif defined(ID)
#define SOURCE_ID ID
#else
#define SOURCE_ID "org.peach.test.fixture"
#endif

#ifdef NON_UTF8_NAME
#define SOURCE_NAME "\xff\xfe"
#else
#define SOURCE_NAME "Test Fixture"
#endif

#define FAIL_AT_FRAME 4800
#ifdef FAIL_AT_NOTE
#define FAILING(f, p) ((f)->notes_seen >= FAIL_AT_NOTE)
#else
#define FAILING(f, p) ((p)->steady_time >= FAIL_AT_FRAME)
#endif

typedef struct fixture {
    peach_source_instance instance;
    double sample_rate;
    double phase, increment;  /* one voice, in cycles */
    int32_t note_id;          /* sounding note, or -1 */
    int notes_seen;           /* note-ons so far */
    int activated;            /* activate was called */
    int slept;                /* SLOW_BLOCK_US's block is behind */
    char error[128];
} fixture;

static fixture *fixture_of(const peach_source_instance *instance) { return instance->plugin_data; }

static peach_status activate(const peach_source_instance *i, double rate, uint32_t max_frames, uint32_t channels) {
    (void)max_frames; (void)channels;
#ifdef CHATTY
    printf("chatty: activated\n");
#endif
#ifdef CRASH_IN_ACTIVATE
    *(volatile int *)0 = 1;
#endif
#ifdef HANG_IN_ACTIVATE
    for (;;) pause();
#endif
    fixture_of(i)->activated = 1;
    fixture_of(i)->sample_rate = rate;
    fixture_of(i)->note_id = -1;
    return PEACH_OK;
}

static void deactivate(const peach_source_instance *i) {
#ifdef CRASH_IN_DEACTIVATE
    *(volatile int *)0 = 1;
#endif
#ifdef HANG_IN_DEACTIVATE
    for (;;) pause();
#endif
    fixture_of(i)->note_id = -1;
}

static void apply(fixture *f, const peach_event_header *header) {
    const peach_event_note *note = (const peach_event_note *)header;
    if (header->type == PEACH_EVENT_NOTE_ON) {
        f->notes_seen++;
        f->note_id = note->note_id;
        f->phase = 0;
        f->increment = note->frequency_hz / f->sample_rate;
    } else if (header->type == PEACH_EVENT_ALL_NOTES_OFF || note->note_id == f->note_id) {
        f->note_id = -1;  /* abrupt; fine for a fixture */
    }
}

static peach_process_status process(const peach_source_instance *i, const peach_process *p) {
    fixture *f = fixture_of(i);
    float *out = p->outputs[0];
    uint32_t next_event = 0;
    for (uint32_t frame = 0; frame < p->frame_count; frame++) {
        while (next_event < p->event_count && p->events[next_event]->offset <= frame) apply(f, p->events[next_event++]);
#ifdef SILENT
        out[frame] = 0.0f;
#else
        out[frame] = f->note_id < 0 ? 0.0f : (float)(0.3 * sin(6.283185307179586 * f->phase));
#endif
        f->phase += f->increment;
        if (f->phase >= 1) f->phase -= 1;
    }
    for (uint32_t c = 1; c < p->channel_count; c++) memcpy(p->outputs[c], out, p->frame_count * sizeof(float));
#ifdef NAN_OUTPUT
    if (FAILING(f, p)) out[0] = NAN;
#endif
#ifdef HUGE_OUTPUT
    if (FAILING(f, p)) out[0] = 320000.0f;
#endif
#ifdef CRASH_IN_PROCESS
    if (FAILING(f, p)) *(volatile int *)0 = 1;
#endif
#ifdef HANG_IN_PROCESS
    if (FAILING(f, p)) for (;;) pause();
#endif
#ifdef SLOW_BLOCK_US
    if (FAILING(f, p) && !f->slept) {
        struct timespec slow = { SLOW_BLOCK_US / 1000000, (SLOW_BLOCK_US % 1000000) * 1000L };
        f->slept = 1;
        nanosleep(&slow, NULL);
    }
#endif
#ifdef OVERRUN
    if (FAILING(f, p))
        for (uint32_t c = 0; c < p->channel_count; c++)
            for (uint32_t k = 0; k < 8; k++) p->outputs[c][p->frame_count + k] = 0.5f;
#endif
#ifdef CHATTY
    if (p->steady_time == 0) printf("chatty: processing\n");
#endif
#ifdef PROCESS_ERROR
    if (FAILING(f, p)) {
        snprintf(f->error, sizeof f->error, "synth engine gave up");
        for (uint32_t frame = 0; frame < p->frame_count; frame++) out[frame] = 1.0f;  /* garbage the host must not play */
        return PEACH_PROCESS_ERROR;
    }
#endif
    return f->note_id < 0 ? PEACH_PROCESS_SILENT : PEACH_PROCESS_CONTINUE;
}

static void destroy(const peach_source_instance *i) {
#ifdef CRASH_IN_DESTROY
    if (fixture_of(i)->activated) *(volatile int *)0 = 1;
#endif
    free(fixture_of(i));
}
#if defined(OPTION_EDIT) && !defined(OPTION_COUNT)
#define OPTION_COUNT 1
#endif
#ifndef OPTION_COUNT
#define OPTION_COUNT 0
#endif
static uint32_t option_count(const peach_source_instance *i) { (void)i; return OPTION_COUNT; }
static peach_status get_option_info(const peach_source_instance *i, uint32_t n, peach_option_info *o) {
    (void)i;
    if (n + 1 > OPTION_COUNT) return PEACH_ERR_UNKNOWN_KEY;
    o->type = PEACH_OPTION_NUMBER;
    o->flags = 0;
    o->choice_count = 3;
    o->min_value = 0;
    o->max_value = 1;
    if (n == 0) snprintf(o->key, sizeof o->key, "gain");
    else snprintf(o->key, sizeof o->key, "k%u", (unsigned)n);
    snprintf(o->name, sizeof o->name, "Gain");
    o->unit[0] = 0;
    snprintf(o->default_value, sizeof o->default_value, "0.5");
    snprintf(o->description, sizeof o->description, "Level.");
#ifdef OPTION_EDIT
    OPTION_EDIT;
#endif
    return PEACH_OK;
}
static peach_status get_option_choice(const peach_source_instance *i, uint32_t n, uint32_t ci, peach_option_choice *c) {
    (void)i; (void)n;
    snprintf(c->value, sizeof c->value, "c%u", (unsigned)ci);
    snprintf(c->label, sizeof c->label, "Choice %u", (unsigned)ci);
#ifdef CHOICE_EDIT
    CHOICE_EDIT;
#endif
    return PEACH_OK;
}
static peach_status get_option(const peach_source_instance *i, const char *k, char *b, uint32_t n) {
    (void)i; (void)k;
    if (OPTION_COUNT == 0) return PEACH_ERR_UNKNOWN_KEY;
    snprintf(b, n, "0.5");
    return PEACH_OK;
}
static peach_status set_option(const peach_source_instance *i, const char *k, const char *v) {
#ifdef HANG_IN_SET_OPTION
    for (;;) pause();
#endif
    (void)i; (void)k; (void)v; return OPTION_COUNT == 0 ? PEACH_ERR_UNKNOWN_KEY : PEACH_OK;
}
static const char *last_error(const peach_source_instance *i) { return fixture_of(i)->error; }
static const void *get_extension(const peach_source_instance *i, const char *id) { (void)i; (void)id; return NULL; }

/* unused: MISSING_CREATE leaves it out of the entry table. */
__attribute__((unused)) static peach_source_instance *create(const char *id, const peach_host *host, char *error, uint32_t capacity) {
    (void)id; (void)host;
#ifdef EXIT_IN_CREATE
    exit(0);
#endif
#ifdef CREATE_FAILS
    snprintf(error, capacity, "no licence key");
    return NULL;
#endif
#ifdef CHATTY
    printf("chatty: created\n");
#endif
    fixture *f = calloc(1, sizeof *f);
    f->instance = (peach_source_instance){
        .struct_size = sizeof(peach_source_instance), .plugin_data = f,
        .activate = activate, .deactivate = deactivate, .process = process, .destroy = destroy,
        .option_count = option_count, .get_option_info = get_option_info, .get_option_choice = get_option_choice,
        .get_option = get_option, .set_option = set_option, .last_error = last_error, .get_extension = get_extension,
    };
#ifdef MISSING_PROCESS
    f->instance.process = NULL;
#endif
    return &f->instance;
}

static const peach_source_descriptor descriptor = {
    .struct_size = sizeof(peach_source_descriptor),
    .flags = PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE,
    .id = SOURCE_ID, .name = SOURCE_NAME, .vendor = "Peach tests", .version = "0.0.1",
    .description = "A test fixture.",
};

static uint32_t source_count(void) { return 1; }
static const peach_source_descriptor *get_source(uint32_t index) { return index == 0 ? &descriptor : NULL; }

static const peach_plugin_entry entry = {
    .struct_size = sizeof(peach_plugin_entry),
#ifdef WRONG_MAJOR
    .abi_major = 2,
#else
    .abi_major = PEACH_ABI_MAJOR,
#endif
    .abi_minor = PEACH_ABI_MINOR,
    .source_count = source_count,
    .get_source = get_source,
#ifndef MISSING_CREATE
    .create = create,
#endif
};

#ifdef NO_ENTRY
/* A plausible but wrong name: the host must not find it. */
PEACH_EXPORT const peach_plugin_entry *peach_source_entry(uint16_t host_abi_minor) {
    (void)host_abi_minor;
    return &entry;
}
#else
PEACH_EXPORT const peach_plugin_entry *peach_source_entry_v1(uint16_t host_abi_minor) {
    (void)host_abi_minor;
#if defined(CRASH_IN_ENTRY)
    volatile int *volatile nowhere = NULL;  /* volatile twice: the compiler can neither see it is NULL nor drop the store */
    *nowhere = 1;
#elif defined(HANG_IN_ENTRY)
    for (;;) sleep(1);
#elif defined(NULL_TABLE)
    return NULL;
#elif defined(EXIT_IN_ENTRY)
    exit(0);
#endif
    return &entry;
}
#endif
