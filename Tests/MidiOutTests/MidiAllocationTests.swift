import PeachTestSupport
import Testing

/// The per-block work allocates nothing: it runs on the host's render thread.
@Suite struct MidiAllocationTests {
    @Test func translatingAndEncodingABlockAllocatesNothing() throws {
        let interposer = BuildProducts.directory + "/libMallocInterposerSwift.so"
        let result = try Shell.run([BuildProducts.directory + "/MidiAllocationProbe"], environment: ["LD_PRELOAD": interposer])
        #expect(result.status == 0, "\(result.standardError)")
        // 9 messages a block (bend, on; off; bend, on; bend, on; 2 offs) for each tuning, 1000 blocks.
        #expect(result.standardOutput.contains("messages encoded: 18000\n"), "counting was live: \(result.standardOutput)")
        #expect(result.standardOutput.contains("allocations: 0\n"), "\(result.standardOutput)")
    }
}
