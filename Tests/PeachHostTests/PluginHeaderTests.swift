import PeachPluginAPI
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
            #include "peach_text.h"
            #include <stddef.h>
            /* Layout is part of the ABI: natural alignment, sizes a reader can rely on. */
            typedef char event_is_40_bytes[sizeof(peach_event_note) == 40 ? 1 : -1];
            typedef char header_is_16_bytes[sizeof(peach_event_header) == 16 ? 1 : -1];
            typedef char size_field_first[offsetof(peach_plugin_entry, struct_size) == 0 ? 1 : -1];
            int g(char *field) { return peach_copy_text(field, 8, "text"); }
            double f(void) { return peach_cents_to_hz(440.0, 0.1) + peach_hz_to_cents(440.0, 880.0) + peach_hz_to_midi(440.0, 440.0); }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let result = try Shell.run(compiler + ["-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-I", CPlugin.headerDirectory, source])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func textIsCutBeforeACharacterAndAlwaysTerminated() {
        var field: (CChar, CChar, CChar, CChar, CChar) = (1, 1, 1, 1, 1)
        // "aé€" is 1 + 2 + 3 bytes: four bytes of room take "a" and "é" whole, and no part of "€".
        let fitted = withUnsafeMutableBytes(of: &field) { peach_copy_text($0.baseAddress, $0.count, "aé€") }
        #expect(!fitted)
        #expect(withUnsafeBytes(of: &field) { Array($0.prefix(4)) } == [0x61, 0xC3, 0xA9, 0])
        var buffer = [CChar](repeating: 1, count: 7)
        #expect(peach_copy_text(&buffer, buffer.count, "aé€"))
        #expect(buffer.map { UInt8(bitPattern: $0) } == Array("aé€".utf8) + [0])
        #expect(!peach_copy_text(&buffer, 0, "a"))
        #expect(buffer[0] == 0x61, "no room: nothing is written")
        #expect(peach_copy_text(&buffer, 1, ""))
        #expect(!peach_copy_text(&buffer, 2, "€"))
        #expect(buffer[0] == 0, "a character that does not fit is left out whole")
    }
}
