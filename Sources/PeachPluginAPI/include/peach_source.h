/*
 * peach_source.h: the Peach sound-source plugin ABI, version 1.2.
 *
 * A sound source is a shared library that turns timed note events into audio
 * (or, for sources that drive external instruments, into MIDI). The Peach host
 * loads it with dlopen, finds one exported function, and talks to it only
 * through the plain C structs below, so a source can be written in C, C++,
 * Rust or Swift.
 *
 * Versioning
 *   - The major version is part of the entry symbol's name. A library built for
 *     a different major simply has no symbol this host looks for.
 *   - Minor versions only add: fields at the end of structs, event types,
 *     option types, flags and extensions. Every struct begins with its size,
 *     and a reader touches a field only if the size says it is there.
 *   - Optional features are reached through get_extension("peach.<name>/<rev>").
 *
 * Threads (written on every function below)
 *   [main-thread]  the host's control thread; the same thread for the whole
 *                  life of an instance. It may block, allocate and do I/O.
 *   [audio-thread] the host's render thread. Never concurrent with itself for
 *                  one instance, never concurrent with that instance's
 *                  [main-thread] calls except where a function says so.
 *                  Code here must not allocate, lock, block or do I/O.
 *   [thread-safe]  any thread, at any time, concurrently.
 *
 * Memory and lifetime
 *   - Nobody frees the other side's memory.
 *   - Pointers passed into a function are valid only until it returns.
 *   - Text that crosses the boundary is UTF-8, NUL-terminated, and is copied
 *     into a buffer owned by the caller (with its capacity), except for the
 *     descriptor strings, which the plugin owns and keeps valid for as long as
 *     the library is loaded. The host never unloads a plugin library.
 *   - No function may unwind (C++ exceptions, Rust panics) into the host.
 *
 * This header needs nothing but C99 and libm.
 */
#ifndef PEACH_SOURCE_H
#define PEACH_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PEACH_ABI_MAJOR 1
#define PEACH_ABI_MINOR 2

/* The one symbol a plugin library exports. */
#define PEACH_ENTRY_SYMBOL "peach_source_entry_v1"

#if defined(__GNUC__) || defined(__clang__)
#define PEACH_EXPORT __attribute__((visibility("default")))
#else
#define PEACH_EXPORT
#endif

/* Fixed capacities for text inside info structs (bytes, including the NUL). */
#define PEACH_KEY_SIZE 64
#define PEACH_NAME_SIZE 128
#define PEACH_TEXT_SIZE 512

/* ------------------------------------------------------------------------- */
/* Status codes                                                               */
/* ------------------------------------------------------------------------- */

typedef int32_t peach_status;
#define PEACH_OK 0
#define PEACH_ERR_INVALID_ARGUMENT (-1)  /* a value out of range or of the wrong type */
#define PEACH_ERR_UNKNOWN_KEY (-2)       /* no such option, source id or choice */
#define PEACH_ERR_BAD_STATE (-3)         /* called in the wrong lifecycle state */
#define PEACH_ERR_DEVICE (-4)            /* an external device is missing or failed */
#define PEACH_ERR_RESOURCE (-5)          /* a file, font or memory could not be had */
#define PEACH_ERR_BUFFER_TOO_SMALL (-6)  /* the caller's text buffer was too small */
#define PEACH_ERR_INTERNAL (-7)          /* anything else; see last_error */

/* ------------------------------------------------------------------------- */
/* Events: what the host asks a source to play                                */
/* ------------------------------------------------------------------------- */

/*
 * Events reach process() sorted by offset (the frame inside the block where
 * they take effect). Events at the same offset apply in list order. Each event
 * starts with this header; `size` is the size of the whole event, so a reader
 * can skip types it does not know.
 */
typedef struct peach_event_header {
    uint32_t size;    /* sizeof the full event struct */
    uint32_t offset;  /* frame within the block, 0 <= offset < frame_count */
    uint16_t type;    /* PEACH_EVENT_* */
    uint16_t flags;   /* reserved, 0 */
    uint32_t reserved;
} peach_event_header;

#define PEACH_EVENT_NOTE_ON 1
#define PEACH_EVENT_NOTE_OFF 2
#define PEACH_EVENT_ALL_NOTES_OFF 3

/*
 * NOTE_ON starts a note at `frequency_hz` (double, so 0.1 cent survives with
 * room to spare). NOTE_OFF releases the note with the same note_id, with the
 * source's normal release. The host assigns note ids and never reuses one in
 * the life of an instance. An event for an unknown note_id is ignored.
 * ALL_NOTES_OFF releases every sounding note; its note_id is -1.
 */
typedef struct peach_event_note {
    peach_event_header header;
    int32_t note_id;
    uint32_t reserved;
    double frequency_hz;  /* NOTE_ON only, > 0 */
    double velocity;      /* 0..1; NOTE_ON: loudness, NOTE_OFF: release speed hint */
} peach_event_note;

/*
 * Since 1.1, events a source sends to the host (peach_output_events): a note
 * it will not play, and why. NOTE_REFUSED names the note_id of a NOTE_ON in
 * the same block; the source plays nothing for it. `reason` is one of
 * PEACH_REFUSED_*, `text` says it for people (UTF-8, NUL-terminated).
 */
#define PEACH_EVENT_NOTE_REFUSED 16

#define PEACH_REFUSED_OUT_OF_RANGE 1  /* the frequency lies outside what the source plays */
#define PEACH_REFUSED_NO_PITCH 2      /* the source cannot make this note exact (e.g. a sample with no steady pitch) */
#define PEACH_REFUSED_OTHER 3

typedef struct peach_event_note_refused {
    peach_event_header header;  /* type PEACH_EVENT_NOTE_REFUSED, offset of the NOTE_ON */
    int32_t note_id;
    uint32_t reason;            /* PEACH_REFUSED_* */
    double frequency_hz;
    char text[PEACH_NAME_SIZE];
} peach_event_note_refused;

/* ------------------------------------------------------------------------- */
/* Processing                                                                 */
/* ------------------------------------------------------------------------- */

/*
 * Since 1.1: where the block lies in musical time, for sources that follow a
 * tempo (an arpeggio, a click). The host's transport is a tempo map laid on
 * its frame clock; these are its values at the block's first frame.
 */
#define PEACH_TRANSPORT_PLAYING (1u << 0)  /* a tempo map is laid on the clock */

typedef struct peach_transport {
    uint32_t struct_size;
    uint32_t flags;           /* PEACH_TRANSPORT_* */
    double tempo_bpm;         /* at the block's first frame (within a ramp, the tempo reached) */
    double beat;              /* beats since beat 0 at the block's first frame; negative before it */
    int64_t bar;              /* the bar holding that beat, counted from 1 */
    double bar_start_beat;    /* the beat on which that bar starts */
    uint32_t beats_per_bar;
    uint32_t reserved;
} peach_transport;

/*
 * Since 1.1: the host's queue for events from a source ([audio-thread], in
 * process only). `push` copies the event (its header's size says how much)
 * and returns 1, or 0 when the queue is full or the type unknown; it never
 * blocks or allocates. Host-owned, valid during the process call.
 */
typedef struct peach_output_events peach_output_events;
struct peach_output_events {
    uint32_t struct_size;
    uint32_t reserved;
    void *host_data;  /* host-owned; plugins do not touch it */
    int32_t (*push)(const peach_output_events *queue, const peach_event_header *event);
};

/*
 * The host allocates this struct and sets struct_size to the size it knows.
 * A source reads a field only if struct_size reaches past its end, e.g.
 * `process->struct_size >= offsetof(peach_process, transport) + sizeof(void *)`
 * (PEACH_PROCESS_HAS(process, transport) below): a 1.0 host's struct ends
 * after presentation_time_ns, and a source that read further would read
 * past its buffer.
 */
typedef struct peach_process {
    uint32_t struct_size;
    uint32_t frame_count;      /* 1..max_frames given to activate */
    int64_t steady_time;       /* frame index of the block's first frame; grows by frame_count */
    uint32_t channel_count;    /* as activated; 0 for sources that render no audio */
    uint32_t event_count;
    float *const *outputs;     /* channel_count non-interleaved buffers of frame_count
                                  floats, owned by the host; NULL when channel_count is 0.
                                  The source overwrites them completely. */
    const peach_event_header *const *events;  /* event_count events, sorted by offset */
    int64_t presentation_time_ns;  /* CLOCK_MONOTONIC time at which frame 0 of this block
                                      is expected to be heard, or -1 if unknown */
    /* Since 1.1. */
    uint32_t input_channel_count;  /* channels of captured audio in `inputs`; 0 without an input */
    uint32_t reserved;
    const float *const *inputs;    /* input_channel_count non-interleaved buffers of frame_count
                                      floats captured in step with this block (its frame n was
                                      captured as output frame n plays), host-owned, read-only;
                                      NULL when input_channel_count is 0 */
    const peach_transport *transport;  /* NULL when the host keeps no musical time */
    const peach_output_events *out_events;  /* NULL when the host takes no events back */
} peach_process;

/* Whether `process` (allocated by a host of any 1.x) holds `field`. */
#define PEACH_PROCESS_HAS(process, field) \
    ((process)->struct_size >= offsetof(peach_process, field) + sizeof((process)->field))

typedef int32_t peach_process_status;
#define PEACH_PROCESS_CONTINUE 0  /* output written; more may follow */
#define PEACH_PROCESS_SILENT 1    /* output written and it is silence; nothing sounds */
#define PEACH_PROCESS_ERROR 2     /* the source failed; the host silences it and reads last_error */

/* ------------------------------------------------------------------------- */
/* Options: typed key/value settings, e.g. gain, a SoundFont path, a MIDI port */
/* ------------------------------------------------------------------------- */

#define PEACH_OPTION_BOOL 1    /* "true" / "false" */
#define PEACH_OPTION_INT 2     /* decimal integer within [min_value, max_value] */
#define PEACH_OPTION_NUMBER 3  /* decimal number within [min_value, max_value] */
#define PEACH_OPTION_TEXT 4    /* free text */
#define PEACH_OPTION_PATH 5    /* a file system path */
#define PEACH_OPTION_CHOICE 6  /* one of choice_count values, see get_option_choice */

/* The option may be set while the instance is active ([main-thread]); the
   source then applies it safely at a block boundary. Without this flag an
   option may be set only while the instance is inactive. */
#define PEACH_OPTION_FLAG_LIVE (1u << 0)

/* A CHOICE option whose values are timbres, e.g. the instruments of a
   SoundFont. A host may offer to cycle through them while training; it sets
   the option at a pair boundary (live if also LIVE, else on a new instance).
   At most one option of a source carries this flag. */
#define PEACH_OPTION_FLAG_TIMBRE (1u << 1)

typedef struct peach_option_info {
    uint32_t struct_size;
    uint32_t type;                        /* PEACH_OPTION_* */
    uint32_t flags;                       /* PEACH_OPTION_FLAG_* */
    uint32_t choice_count;                /* CHOICE only, else 0 */
    double min_value;                     /* INT and NUMBER only */
    double max_value;
    char key[PEACH_KEY_SIZE];             /* stable, lowercase, e.g. "attack-ms" */
    char name[PEACH_NAME_SIZE];           /* for people, e.g. "Attack" */
    char unit[PEACH_KEY_SIZE];            /* e.g. "ms", "dB", or empty */
    char default_value[PEACH_TEXT_SIZE];  /* as text, in the option's format */
    char description[PEACH_TEXT_SIZE];    /* one sentence */
} peach_option_info;

typedef struct peach_option_choice {
    uint32_t struct_size;
    uint32_t reserved;
    char value[PEACH_TEXT_SIZE];  /* what set_option takes, e.g. "0:73" */
    char label[PEACH_NAME_SIZE];  /* what people read, e.g. "Flute" */
} peach_option_choice;

/* ------------------------------------------------------------------------- */
/* The host, as a source sees it                                              */
/* ------------------------------------------------------------------------- */

#define PEACH_LOG_DEBUG 0
#define PEACH_LOG_INFO 1
#define PEACH_LOG_WARNING 2
#define PEACH_LOG_ERROR 3

typedef struct peach_host peach_host;
struct peach_host {
    uint32_t struct_size;
    uint16_t abi_major;
    uint16_t abi_minor;
    const char *name;     /* e.g. "Peach" */
    const char *version;  /* e.g. "0.1.0" */
    void *host_data;      /* host-owned; plugins do not touch it */

    /* [thread-safe] Never blocks; on the audio thread a message may be dropped. */
    void (*log)(const peach_host *host, int32_t level, const char *message);

    /* [thread-safe] Returns NULL for unknown ids. Host-owned, valid until the
       instance is destroyed. */
    const void *(*get_extension)(const peach_host *host, const char *extension_id);
};

/* ------------------------------------------------------------------------- */
/* An instance of a source                                                    */
/* ------------------------------------------------------------------------- */

/*
 * Lifecycle:  create -> [set_option]* -> activate -> process* -> deactivate
 *             -> (activate again ...) -> destroy
 * Every function pointer is required (non-NULL) unless marked optional.
 */
typedef struct peach_source_instance peach_source_instance;
struct peach_source_instance {
    uint32_t struct_size;
    uint32_t reserved;
    void *plugin_data;  /* plugin-owned; the host does not touch it */

    /* [main-thread & inactive] Prepare to render: allocate voices and buffers
       here. The sample rate and limits stay fixed until deactivate.
       channel_count is 0 for sources without RENDERS_AUDIO. */
    peach_status (*activate)(const peach_source_instance *instance, double sample_rate,
                             uint32_t max_frames, uint32_t channel_count);

    /* [main-thread & active] Stop rendering. Sounding notes stop at once. */
    void (*deactivate)(const peach_source_instance *instance);

    /* [audio-thread & active] Render one block, applying `process->events`
       at their offsets. Must not allocate, lock, block or do I/O. */
    peach_process_status (*process)(const peach_source_instance *instance,
                                    const peach_process *process);

    /* [main-thread & inactive] Free everything; the pointer dies with it. */
    void (*destroy)(const peach_source_instance *instance);

    /* [main-thread] Options. Indices are for listing only; keys are stable.
       A choice list may follow another option (a font's instruments): the
       host reads the options again after every set_option that succeeds. */
    uint32_t (*option_count)(const peach_source_instance *instance);
    peach_status (*get_option_info)(const peach_source_instance *instance, uint32_t index,
                                    peach_option_info *out_info);
    /* For CHOICE options; PEACH_ERR_UNKNOWN_KEY past the last choice. */
    peach_status (*get_option_choice)(const peach_source_instance *instance,
                                      uint32_t option_index, uint32_t choice_index,
                                      peach_option_choice *out_choice);
    /* Copies the current value as text. PEACH_ERR_BUFFER_TOO_SMALL if it does
       not fit (the buffer then holds a truncated, NUL-terminated prefix). */
    peach_status (*get_option)(const peach_source_instance *instance, const char *key,
                               char *buffer, uint32_t capacity);
    /* While active only for options with PEACH_OPTION_FLAG_LIVE. On failure the
       old value stays and last_error says why. */
    peach_status (*set_option)(const peach_source_instance *instance, const char *key,
                               const char *value);

    /* [main-thread] Why the last failing call on this instance failed, or "".
       Plugin-owned; valid until the next [main-thread] call on the instance. */
    const char *(*last_error)(const peach_source_instance *instance);

    /* [thread-safe] Optional extension interfaces; NULL when unknown.
       Plugin-owned, valid until destroy. */
    const void *(*get_extension)(const peach_source_instance *instance,
                                 const char *extension_id);
};

/* ------------------------------------------------------------------------- */
/* Extensions                                                                 */
/* ------------------------------------------------------------------------- */

/*
 * "peach.note-range/1" (since 1.1), through the instance's get_extension:
 * the frequencies the source plays exactly with its current options (a
 * SoundFont program's keys, a MIDI instrument's 128 notes). The host refuses
 * a note outside the range with a reason before it is scheduled, instead of
 * playing silence or a wrong pitch. Plugin-owned, valid until destroy.
 */
#define PEACH_EXT_NOTE_RANGE "peach.note-range/1"

typedef struct peach_note_range_ext {
    uint32_t struct_size;
    uint32_t reserved;
    /* [main-thread] The lowest and highest frequency played, in Hz, for the
       options set now (it may change when they do). PEACH_OK, or an error with
       last_error saying why there is no range (nothing plays). */
    peach_status (*get_range)(const peach_source_instance *instance, double *lowest_hz, double *highest_hz);
} peach_note_range_ext;

/*
 * "peach.pair-interval/1" (since 1.2), through the instance's get_extension:
 * how exactly the source plays the interval between a training pair's two
 * notes (one right after the other, up to 300 cents apart), measured in its
 * own sound from the notes' first frame. A sampler playing recorded notes
 * cannot hold a sample's own pitch movement to 0.1 cent, but a pair heard
 * from one sample at two speeds can: the host offers training only with
 * options whose worst error is within 0.1 cent. Plugin-owned, valid until destroy.
 */
#define PEACH_EXT_PAIR_INTERVAL "peach.pair-interval/1"

typedef struct peach_pair_interval_ext {
    uint32_t struct_size;
    uint32_t reserved;
    /* [main-thread] For the options set now: the largest error in cents of a
       pair's heard interval against the asked one (INFINITY if some pair
       could not be measured), the first note's frequency in Hz and the asked
       interval in cents where it was largest. PEACH_OK, or an error with
       last_error saying why (e.g. nothing to measure with these options).
       Asking may measure, once. */
    peach_status (*get_worst_error)(const peach_source_instance *instance, double *worst_cents, double *first_hz, double *asked_cents);
} peach_pair_interval_ext;

/* ------------------------------------------------------------------------- */
/* What a library offers                                                      */
/* ------------------------------------------------------------------------- */

#define PEACH_SOURCE_RENDERS_AUDIO (1u << 0)   /* fills output buffers */
#define PEACH_SOURCE_SENDS_MIDI (1u << 1)      /* plays on an external instrument; no audio */
#define PEACH_SOURCE_REALTIME_SAFE (1u << 2)   /* process() keeps the audio-thread rules */
/* (1.2) A note's frequency chooses what sounds, not its pitch: clicks, drums,
   a sample played as recorded. The host uses such a source for rhythm and
   never offers it where pitch is judged (training pairs). */
#define PEACH_SOURCE_UNPITCHED (1u << 3)

typedef struct peach_source_descriptor {
    uint32_t struct_size;
    uint32_t flags;           /* PEACH_SOURCE_* */
    const char *id;           /* stable reverse-DNS id, e.g. "org.peach.sine"; never changes */
    const char *name;         /* e.g. "Sine" */
    const char *vendor;
    const char *version;      /* e.g. "1.0.0" */
    const char *description;  /* one sentence */
} peach_source_descriptor;

typedef struct peach_plugin_entry {
    uint32_t struct_size;
    uint16_t abi_major;  /* PEACH_ABI_MAJOR the library was built with */
    uint16_t abi_minor;  /* PEACH_ABI_MINOR the library was built with */

    /* [thread-safe] How many sources the library offers (at least 1). */
    uint32_t (*source_count)(void);

    /* [thread-safe] The descriptor at `index`, or NULL past the end.
       Plugin-owned, valid while the library is loaded. */
    const peach_source_descriptor *(*get_source)(uint32_t index);

    /* [main-thread] Create an inactive instance of the source `source_id`.
       `host` stays valid until the instance is destroyed; the source must not
       call into it during create. On failure returns NULL and copies the
       reason into error_buffer (capacity bytes, NUL-terminated). */
    peach_source_instance *(*create)(const char *source_id, const peach_host *host,
                                     char *error_buffer, uint32_t capacity);
} peach_plugin_entry;

/*
 * [main-thread] The exported entry. Called once or more; returns the same
 * static table each time, or NULL if the library cannot work with a host of
 * `host_abi_minor`. Must be fast: no I/O beyond what describing needs.
 */
typedef const peach_plugin_entry *(*peach_source_entry_fn)(uint16_t host_abi_minor);
PEACH_EXPORT const peach_plugin_entry *peach_source_entry_v1(uint16_t host_abi_minor);

/* ------------------------------------------------------------------------- */
/* Pitch helpers (cents are 1/100 of an equal-tempered semitone)              */
/* ------------------------------------------------------------------------- */

/* The frequency `cents` away from `reference_hz`. */
static inline double peach_cents_to_hz(double reference_hz, double cents) {
    return reference_hz * pow(2.0, cents / 1200.0);
}

/* The signed distance in cents from `from_hz` to `to_hz`. */
static inline double peach_hz_to_cents(double from_hz, double to_hz) {
    return 1200.0 * log2(to_hz / from_hz);
}

/* Fractional MIDI note number of `hz`, with A4 (note 69) at `a4_hz`. */
static inline double peach_hz_to_midi(double hz, double a4_hz) {
    return 69.0 + 12.0 * log2(hz / a4_hz);
}

#ifdef __cplusplus
}
#endif

#endif /* PEACH_SOURCE_H */
