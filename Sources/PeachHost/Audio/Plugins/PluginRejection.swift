/// Why a plugin library, or one source in it, was not accepted: the file,
/// the source, and the reason as data (probe children send it as JSON; the
/// parent's edge words it).
public struct PluginRejection: Error, Codable, Hashable, Sendable {
    /// Canonical path of the library.
    public var path: String
    /// The source concerned, when the problem is with one source rather than the library.
    public var sourceID: String?
    public var reason: Reason
    /// The library has no Peach entry point at all: some other shared library.
    public var isNotAPlugin: Bool

    public init(path: String, sourceID: String? = nil, reason: Reason, isNotAPlugin: Bool = false) {
        self.path = path
        self.sourceID = sourceID
        self.reason = reason
        self.isNotAPlugin = isNotAPlugin
    }

    /// What broke the rules of the ABI, or what became of the process that probed or hosted it.
    public enum Reason: Codable, Hashable, Sendable {
        // The library and its entry table.
        /// dlopen failed with the loader's words (nil: it gave none).
        case cannotLoad(String?)
        case noEntry(symbol: String, major: Int)
        case entryNull(symbol: String, major: Int, minor: Int)
        case wrongABI(major: Int, minor: Int, expected: Int)
        case entryTooSmall(size: Int, expected: Int)
        case entryLacks([String])
        case noSources
        case tooManySources(Int)
        case duplicateID(String)
        // A source descriptor, by index.
        case getSourceNull(index: Int)
        case descriptorTooSmall(index: Int, size: Int, expected: Int)
        case missingField(index: Int, field: String)
        case fieldNotUTF8(index: Int, field: String)
        case emptyID(index: Int)
        case badID(index: Int, id: String)
        case emptyName
        /// Neither or both of audio and MIDI.
        case kind
        // An instance table and its options.
        case instanceTableTooSmall(size: Int, expected: Int)
        case instanceLacks([String])
        case tooManyOptions(Int)
        case optionInfoFailed(index: Int)
        case optionField(index: Int, field: String)
        case emptyKey(index: Int)
        /// A key with something besides lowercase ASCII letters, digits and `-`: `--option key=value` could not name it.
        case badKey(String)
        case duplicateOption(String)
        case unknownType(key: String, type: Int)
        case tooManyChoices(key: String, count: Int)
        case choiceFailed(key: String, index: Int)
        case duplicateChoice(key: String, value: String)
        /// The default is not a value the option accepts (its type, range, choices).
        case badDefault(key: String, value: String)
        case badRange(key: String, min: Double, max: Double)
        /// A bound is NaN or infinite, as the plugin gave it (`nan`, `inf`): text, since neither is equal to itself or JSON.
        case rangeNotFinite(key: String, min: String, max: String)
        /// An INT option whose bounds are not whole numbers.
        case fractionalRange(key: String, min: Double, max: Double)
        case timbreNotChoice(String)
        /// A second option flagged as the timbre.
        case twoTimbres(String, String)
        // The process around it.
        case bridgeCannotStart(id: String, BridgeStartProblem)
        /// The probe child could not be started (the system's words).
        case probeCannotStart(String)
        case probeNoReport
        case probeTimeout(seconds: Double)
        case probeCrashed(signal: Int32)
        case probeExitStatus(Int32)
    }

    /// Why no bridge process hosts the source.
    public enum BridgeStartProblem: Codable, Hashable, Sendable {
        /// The system's words.
        case system(String)
        case ended(BridgeExit)
        /// No `peach` program to run it.
        case noProgram
    }
}
