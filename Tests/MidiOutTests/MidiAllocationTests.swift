import PeachTestSupport
import Testing

/// The per-block work allocates nothing: it runs on the host's render thread.
@Suite struct MidiAllocationTests {
    @Test func translatingAndEncodingABlockAllocatesNothing() throws {
        let interposer = BuildProducts.directory + "/libMallocInterposerSwift.so"
        let result = try Shell.run([BuildProducts.directory + "/MidiAllocationProbe"], environment: ["LD_PRELOAD": interposer])
        #expect(result.status == 0, "\(result.standardError)")
        // A block: 9 messages (bend, on; off; bend, on; bend, on; 2 offs) for each tuning, and 6 for the drums
        // (on; off, on; on; 2 offs) with one note refused; 1000 blocks.
        #expect(result.standardOutput.contains("messages encoded: 24000\n"), "counting was live: \(result.standardOutput)")
        #expect(result.standardOutput.contains("refusals pushed: 1000\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("allocations: 0\n"), "\(result.standardOutput)")
    }
}
