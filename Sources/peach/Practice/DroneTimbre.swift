import ArgumentParser
import PeachAudio
import PeachText

/// The drone's two sounds that need no configuration, both the sine source:
/// pure, and organ-like (overtones to hear beating against). A drone fades in
/// and out over the sine's longest envelope, so starting, stopping and
/// changing it never clicks.
enum DroneTimbre: String, CaseIterable, Codable {
    case pure, organ

    static let sourceID = SourceCatalog.defaultSourceID

    /// The options that make the sine source this timbre.
    var sineOptions: [(String, String)] {
        [("gain", "0.5"), ("attack-ms", "100"), ("release-ms", "300"), ("overtones", self == .organ ? "1" : "0")]
    }

    var label: String { localized(self == .pure ? .practiceTimbrePure : .practiceTimbreOrgan) }

    static func parse(_ text: String) throws -> DroneTimbre {
        guard let timbre = DroneTimbre(rawValue: text.lowercased()) else { throw ValidationError(localized(.droneUnknownTimbre, text)) }
        return timbre
    }

    /// The sine source made this timbre.
    func makeSource(from catalog: SourceCatalog) throws -> SourceInstance {
        let instance = try catalog.makeInstance(of: Self.sourceID)
        for (key, value) in sineOptions { try instance.set(key, to: value) }
        return instance
    }
}
