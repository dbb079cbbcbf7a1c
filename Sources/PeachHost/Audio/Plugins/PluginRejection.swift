/// Why a plugin library, or one source in it, was not accepted. Each case
/// renders as one line that names the file and the reason.
public struct PluginRejection: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Canonical path of the library.
    public var path: String
    /// The source concerned, when the problem is with one source rather than the library.
    public var sourceID: String?
    public var reason: String
    /// The library has no Peach entry point at all: some other shared library.
    public var isNotAPlugin: Bool

    public init(path: String, sourceID: String? = nil, reason: String, isNotAPlugin: Bool = false) {
        self.path = path
        self.sourceID = sourceID
        self.reason = reason
        self.isNotAPlugin = isNotAPlugin
    }

    public var description: String {
        "\(path)\(sourceID.map { " (\($0))" } ?? ""): \(reason)"
    }
}
