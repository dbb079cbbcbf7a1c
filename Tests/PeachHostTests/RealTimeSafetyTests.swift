import Foundation
import PeachTestSupport
import Testing

/// The render path allocates nothing: an allocation can take a lock inside
/// malloc and stall the audio thread past its deadline.
@Suite struct RealTimeSafetyTests {
    /// With the Sine source, with the FluidSynth source (FluidSynth's
    /// note-on, note-off, program select and rendering included), with
    /// several tracks added, muted, swapped and removed while playing (and the
    /// master limiter turning a chord down), and
    /// with the Clicks and Sample sources and the FluidSynth drum kits (a
    /// refused key and stolen voices included).
    @Test(arguments: ["sine", "fluid", "tracks", "click", "sample", "drums"])
    func renderThreadAllocatesNothingWhilePlayingAndSwapping(source: String) throws {
        let interposer = BuildProducts.directory + "/libMallocInterposerSwift.so"
        let result = try Shell.run([BuildProducts.directory + "/RenderAllocationProbe", source], environment: ["LD_PRELOAD": interposer])
        #expect(result.status == 0, "\(result.standardError)")
        let counts = Dictionary(uniqueKeysWithValues: result.standardOutput.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: ":")
            guard parts.count == 2, let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            return (String(parts[0]), count)
        })
        #expect(counts["render-thread allocations"] == 0, "\(result.standardOutput)")
        // Proof that counting was live: the main thread allocated meanwhile.
        #expect((counts["other-thread allocations"] ?? 0) > 0, "\(result.standardOutput)")
        if source == "tracks" { #expect((counts["limited frames"] ?? 0) > 0, "the limiter acted: \(result.standardOutput)") }
    }
}
