import Foundation
import PeachTestSupport
import Testing

/// The measuring tool must itself be trustworthy, or the pitch tests prove nothing.
@Suite struct FrequencyMeterTests {
    @Test(arguments: [65.406_391_3, 261.625_565, 440.025_416_1, 2093.004_522])
    func measuresSyntheticTonesToAThousandthOfACent(frequency: Double) {
        let samples = (0..<22000).map { 0.4 * sin(2 * Double.pi * frequency * Double($0) / 48000 + 0.7) }
        let measured = FrequencyMeter.frequency(of: samples[...], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: frequency)) < 0.001)
    }

    @Test func tellsTonesATenthOfACentApart() {
        let base = 130.812_783
        let higher = base * pow(2, 0.1 / 1200)
        let measure = { (f: Double) in FrequencyMeter.frequency(of: (0..<22000).map { 0.3 * sin(2 * Double.pi * f * Double($0) / 48000) }[...], sampleRate: 48000) }
        #expect(abs(FrequencyMeter.cents(measure(higher), from: measure(base)) - 0.1) < 0.001)
    }

    @Test func phaseFitRecoversAKnownPhase() {
        let samples = (0..<4800).map { 0.5 * sin(2 * Double.pi * 1000 * Double($0 + 100) / 48000 + 0.3) }
        let fit = FrequencyMeter.phase(of: samples[...], frequency: 1000, sampleRate: 48000, firstFrame: 100)
        #expect(abs(fit.amplitude - 0.5) < 1e-9)
        #expect(abs(fit.phase - 0.3) < 1e-9)
    }
}
