/* libfluidsynth for Swift, opened on first use, plus a quiet log.
 *
 * The plugin does not link libfluidsynth: with its sixty-odd dependencies it
 * takes some 20 ms to load, and plugin discovery loads every plugin in a
 * child process just to read its options. The library is opened with dlopen
 * when a source is first activated, and called through `peach_fluid`. */
#ifndef PEACH_CFLUIDSYNTH_H
#define PEACH_CFLUIDSYNTH_H

#include <stddef.h>
#include <fluidsynth.h>

/* Hidden: a plugin that links this exports nothing but its entry. */
#define PEACH_FLUID_HIDDEN __attribute__((visibility("hidden")))

/* The FluidSynth functions Peach calls. */
#define PEACH_FLUID_FUNCTIONS(X) \
    X(new_fluid_settings) X(delete_fluid_settings) X(fluid_settings_setint) X(fluid_settings_setnum) \
    X(new_fluid_synth) X(delete_fluid_synth) X(fluid_synth_sfload) X(fluid_synth_get_sfont_by_id) \
    X(fluid_sfont_get_name) X(fluid_sfont_get_preset) X(fluid_synth_add_sfont) X(fluid_synth_remove_sfont) \
    X(fluid_synth_program_select_by_sfont_name) X(fluid_synth_set_gen) X(fluid_synth_noteon) X(fluid_synth_noteoff) \
    X(fluid_synth_all_sounds_off) X(fluid_synth_write_float) X(fluid_synth_get_active_voice_count) \
    X(fluid_synth_get_voicelist) X(fluid_voice_gen_set) X(fluid_voice_gen_get) X(fluid_voice_update_param) \
    X(fluid_set_log_function) X(fluid_version_str)

/* The same functions, with the same names and types, as fields. */
typedef struct peach_fluid_api {
#define PEACH_FLUID_FIELD(name) __typeof__(&name) _Nonnull name;
    PEACH_FLUID_FUNCTIONS(PEACH_FLUID_FIELD)
#undef PEACH_FLUID_FIELD
} peach_fluid_api;

/* Filled by peach_fluid_open; read-only afterwards, from any thread. */
PEACH_FLUID_HIDDEN extern const peach_fluid_api *_Nonnull const peach_fluid;

/* [main-thread] Opens libfluidsynth.so.3 once (later calls return at once),
   fills `peach_fluid` and sends FluidSynth's log lines here instead of to
   stderr (see below). Returns 0, or -1 with the reason in `error`
   (`capacity` bytes, NUL-terminated). */
PEACH_FLUID_HIDDEN int peach_fluid_open(char *_Nonnull error, size_t capacity);

/* [main-thread] From now on this thread's FluidSynth log lines are kept (the
   last one wins) until peach_fluid_capture_end; lines from any other thread,
   or at any other time, are dropped. One thread captures at a time: the
   caller serialises captures (the plugin holds its font lock). */
PEACH_FLUID_HIDDEN void peach_fluid_capture_begin(void);

/* [main-thread] Stops capturing and returns the last line logged meanwhile,
   or "". Module-owned; valid until the next capture begins. */
PEACH_FLUID_HIDDEN const char *_Nonnull peach_fluid_capture_end(void);

#endif
