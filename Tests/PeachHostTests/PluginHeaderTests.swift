import PeachTestSupport
import Testing

/// The ABI header is for C, C++ and Rust (via bindgen) plugins, not only Swift.
@Suite struct PluginHeaderTests {
    @Test(arguments: [["cc", "-std=c99"], ["cc", "-std=c11"], ["c++", "-x", "c++", "-std=c++11"]])
    func headerCompilesStrictly(compiler: [String]) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.file("uses_header.c")
        try """
            #include "peach_source.h"
            #include <stddef.h>
            /* Layout is part of the ABI: natural alignment, sizes a reader can rely on. */
            typedef char event_is_40_bytes[sizeof(peach_event_note) == 40 ? 1 : -1];
            typedef char header_is_16_bytes[sizeof(peach_event_header) == 16 ? 1 : -1];
            typedef char size_field_first[offsetof(peach_plugin_entry, struct_size) == 0 ? 1 : -1];
            double f(void) { return peach_cents_to_hz(440.0, 0.1) + peach_hz_to_cents(440.0, 880.0) + peach_hz_to_midi(440.0, 440.0); }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let result = try Shell.run(compiler + ["-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-I", CPlugin.headerDirectory, source])
        #expect(result.status == 0, "\(result.standardError)")
    }
}
