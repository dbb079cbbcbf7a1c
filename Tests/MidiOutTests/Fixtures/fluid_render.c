/*
 * fluid_render.c: plays raw MIDI bytes through FluidSynth offline, so tests
 * can hear what a real synthesizer makes of the bytes MIDI Out sends (there
 * is no sequencer to send them through here).
 *
 *   fluid_render SOUNDFONT PROGRAM SECONDS OUT.raw < messages
 *
 * Each input line is "<frame> <hex byte> <hex byte> ...", in frame order.
 * Every channel plays PROGRAM of bank 0; reverb and chorus are off. The
 * output is mono 32-bit float at 48 kHz, SECONDS long.
 */
#include <fluidsynth.h>
#include <stdio.h>
#include <stdlib.h>

#define RATE 48000

static void render(fluid_synth_t *synth, FILE *out, long *rendered, long until) {
    static float left[512], right[512];
    while (*rendered < until) {
        int n = until - *rendered < 512 ? (int)(until - *rendered) : 512;
        fluid_synth_write_float(synth, n, left, 0, 1, right, 0, 1);
        fwrite(left, sizeof(float), (size_t)n, out);
        *rendered += n;
    }
}

static void dispatch(fluid_synth_t *synth, const unsigned char *b, int n) {
    int channel = b[0] & 0x0F;
    switch (b[0] & 0xF0) {
    case 0x80: fluid_synth_noteoff(synth, channel, b[1]); break;
    case 0x90: b[2] ? fluid_synth_noteon(synth, channel, b[1], b[2]) : fluid_synth_noteoff(synth, channel, b[1]); break;
    case 0xB0: fluid_synth_cc(synth, channel, b[1], b[2]); break;
    case 0xE0: fluid_synth_pitch_bend(synth, channel, b[1] | b[2] << 7); break;
    case 0xF0: if (b[0] == 0xF0 && n > 2) fluid_synth_sysex(synth, (const char *)b + 1, n - 2, NULL, NULL, NULL, 0); break;
    }
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: fluid_render SOUNDFONT PROGRAM SECONDS OUT.raw < messages\n"); return 2; }
    for (int level = FLUID_PANIC; level < LAST_LOG_LEVEL; level++) fluid_set_log_function(level, NULL, NULL);
    fluid_settings_t *settings = new_fluid_settings();
    fluid_settings_setnum(settings, "synth.sample-rate", RATE);
    fluid_settings_setint(settings, "synth.reverb.active", 0);
    fluid_settings_setint(settings, "synth.chorus.active", 0);
    fluid_synth_t *synth = new_fluid_synth(settings);
    int font = fluid_synth_sfload(synth, argv[1], 1);
    if (font == FLUID_FAILED) { fprintf(stderr, "cannot load %s\n", argv[1]); return 1; }
    for (int channel = 0; channel < 16; channel++) fluid_synth_program_select(synth, channel, font, 0, atoi(argv[2]));
    FILE *out = fopen(argv[4], "wb");
    if (!out) { fprintf(stderr, "cannot write %s\n", argv[4]); return 1; }
    long rendered = 0, frame;
    while (scanf("%ld", &frame) == 1) {
        unsigned char bytes[64];
        int n = 0;
        unsigned int byte;
        while (n < 64 && getchar() == ' ' && scanf("%x", &byte) == 1) bytes[n++] = (unsigned char)byte;
        render(synth, out, &rendered, frame);
        dispatch(synth, bytes, n);
    }
    render(synth, out, &rendered, (long)(atof(argv[3]) * RATE));
    fclose(out);
    delete_fluid_synth(synth);
    delete_fluid_settings(settings);
    return 0;
}
