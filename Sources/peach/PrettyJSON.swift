import FoundationEssentials

/// The JSON every `--json` prints: indented, keys sorted (so scripts and
/// diffs see a stable order), paths with their slashes as written.
enum PrettyJSON {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
