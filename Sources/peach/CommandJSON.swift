import FoundationEssentials

/// The JSON the commands print: keys sorted (so scripts and diffs see a
/// stable order), paths with their slashes as written; indented for a
/// `--json` document, one line each for a stream of records.
enum CommandJSON {
    static func pretty(_ value: some Encodable) throws -> String {
        String(decoding: try encoder(pretty: true).encode(value), as: UTF8.self)
    }

    /// One record on one line, without its line break.
    static func line(_ value: some Encodable) throws -> String {
        String(decoding: try encoder(pretty: false).encode(value), as: UTF8.self)
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
