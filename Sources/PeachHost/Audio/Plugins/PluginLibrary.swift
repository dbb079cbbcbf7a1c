import Glibc
import PeachPluginAPI
import PeachSupport
import Synchronization

/// A plugin library loaded into this process, with its entry table validated.
///
/// Libraries are opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never
/// closed: Swift images register runtime metadata that cannot be unregistered,
/// so unloading one leaves dangling pointers. Changing sources at run time
/// means making a new instance, never reloading a library.
public final class PluginLibrary: @unchecked Sendable {
    /// Canonical path of the `.so`.
    public let path: String
    /// The sources the library offers, validated.
    public let sources: [SourceDescriptor]
    private let entry: UnsafePointer<peach_plugin_entry>

    /// Loads and validates the library at `path`. Each library is opened once
    /// per process; later calls return the same object. From the first load
    /// on, standard output is Peach's alone (`StandardOutput.reserveForPeach`):
    /// what a plugin prints goes to standard error.
    public static func load(path: String) throws(PluginRejection) -> PluginLibrary {
        StandardOutput.reserveForPeach()
        let canonical = PluginPath.canonical(path) ?? path
        if let loaded = LoadedLibraries.shared.library(at: canonical) { return loaded }
        let library = try PluginLibrary(canonicalPath: canonical)
        return LoadedLibraries.shared.remember(library)
    }

    private init(canonicalPath path: String) throws(PluginRejection) {
        func reject(_ reason: PluginRejection.Reason) -> PluginRejection { PluginRejection(path: path, reason: reason) }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            throw reject(.cannotLoad(dlerror().flatMap { CText.string($0) }))
        }
        guard let symbol = dlsym(handle, PEACH_ENTRY_SYMBOL) else {
            throw PluginRejection(path: path, reason: .noEntry(symbol: PEACH_ENTRY_SYMBOL, major: Int(PEACH_ABI_MAJOR)),
                                  isNotAPlugin: true)
        }
        let entryFunction = unsafeBitCast(symbol, to: peach_source_entry_fn.self)
        guard let entry = entryFunction(UInt16(PEACH_ABI_MINOR)) else {
            throw reject(.entryNull(symbol: PEACH_ENTRY_SYMBOL, major: Int(PEACH_ABI_MAJOR), minor: Int(PEACH_ABI_MINOR)))
        }
        // Read the size and version before the whole table: a table from another ABI may be shorter.
        let (size, major, minor) = (StructPrefix.size(entry), StructPrefix.load(entry, at: 4, as: UInt16.self), StructPrefix.load(entry, at: 6, as: UInt16.self))
        guard major == PEACH_ABI_MAJOR else {
            throw reject(.wrongABI(major: Int(major), minor: Int(minor), expected: Int(PEACH_ABI_MAJOR)))
        }
        guard size >= MemoryLayout<peach_plugin_entry>.size else {
            throw reject(.entryTooSmall(size: Int(size), expected: MemoryLayout<peach_plugin_entry>.size))
        }
        let table = entry.pointee
        let missing = [("source_count", table.source_count == nil), ("get_source", table.get_source == nil), ("create", table.create == nil)]
            .filter(\.1).map(\.0)
        guard missing.isEmpty else {
            throw reject(.entryLacks(missing))
        }
        let count = table.source_count()
        guard count > 0 else { throw reject(.noSources) }
        guard count <= 256 else { throw reject(.tooManySources(Int(count))) }

        var sources: [SourceDescriptor] = []
        for index in 0..<count {
            let descriptor = try Self.descriptor(table.get_source(index), index: index, path: path)
            guard !sources.contains(where: { $0.id == descriptor.id }) else {
                throw PluginRejection(path: path, sourceID: descriptor.id, reason: .duplicateID(descriptor.id))
            }
            sources.append(descriptor)
        }
        self.path = path
        self.entry = entry
        self.sources = sources
    }

    /// Creates an inactive instance of one of this library's sources. A
    /// `create` that fails makes the source unavailable (with its reason); an
    /// instance table that breaks the rules is a rejection. [main-thread]
    /// A plugin's messages go to `log` (nowhere without one). With
    /// `faultWording`, a crash in `create` or in any later call the host makes
    /// is said in those words (`EmergencyStop`) instead of the runtime's crash report.
    public func makeInstance(of sourceID: String, log: PluginLog? = nil,
                             faultWording: ((PluginFault) -> String)? = nil) throws(SourceLookupError) -> SourceInstance {
        guard let descriptor = sources.first(where: { $0.id == sourceID }) else {
            throw .unknown(id: sourceID, available: sources.map(\.id))
        }
        let messages = faultWording.map { PluginFaultMessages(sourceID: sourceID, libraryPath: path, wording: $0) }
        var createError = PluginReason.none
        let raw = sourceID.withCString { id in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer -> UnsafeMutablePointer<peach_source_instance>? in
                buffer.initialize(repeating: 0)
                let instance = PluginFault.Call.create.guarded(messages?.bits(for: .create) ?? 0) {
                    entry.pointee.create(id, log?.table ?? PeachHostCallbacks.silent, buffer.baseAddress!, UInt32(buffer.count))
                }
                buffer[buffer.count - 1] = 0
                createError = PluginReason(cText: buffer.baseAddress!)
                return instance
            }
        }
        guard let raw else {
            throw .unavailable(SourceUnavailable(descriptor: descriptor, libraryPath: path, reason: createError))
        }
        do {
            return try SourceInstance(validating: raw, descriptor: descriptor, libraryPath: path, faultMessages: messages)
        } catch {
            throw .rejected(error)
        }
    }

    private static func descriptor(_ pointer: UnsafePointer<peach_source_descriptor>?, index: UInt32, path: String) throws(PluginRejection) -> SourceDescriptor {
        guard let pointer else { throw PluginRejection(path: path, reason: .getSourceNull(index: Int(index))) }
        let size = StructPrefix.size(pointer)
        guard size >= MemoryLayout<peach_source_descriptor>.size else {
            throw PluginRejection(path: path, reason: .descriptorTooSmall(index: Int(index), size: Int(size), expected: MemoryLayout<peach_source_descriptor>.size))
        }
        let raw = pointer.pointee
        func text(_ field: String, _ value: UnsafePointer<CChar>?, required: Bool) throws(PluginRejection) -> String {
            guard let value else {
                if required { throw PluginRejection(path: path, reason: .missingField(index: Int(index), field: field)) }
                return ""
            }
            guard let string = CText.string(value) else {
                throw PluginRejection(path: path, reason: .fieldNotUTF8(index: Int(index), field: field))
            }
            return string
        }
        let id = try text("id", raw.id, required: true)
        guard SourceID.isValid(id) else {
            throw PluginRejection(path: path, reason: id.isEmpty ? .emptyID(index: Int(index)) : .badID(index: Int(index), id: id))
        }
        let name = try text("name", raw.name, required: true)
        guard !name.isEmpty else { throw PluginRejection(path: path, sourceID: id, reason: .emptyName) }
        let rendersAudio = raw.flags & PEACH_SOURCE_RENDERS_AUDIO != 0
        let sendsMIDI = raw.flags & PEACH_SOURCE_SENDS_MIDI != 0
        guard rendersAudio != sendsMIDI else {
            throw PluginRejection(path: path, sourceID: id, reason: .kind)
        }
        return SourceDescriptor(
            id: id, name: name,
            vendor: try text("vendor", raw.vendor, required: false),
            version: try text("version", raw.version, required: false),
            description: try text("description", raw.description, required: false),
            kind: rendersAudio ? .audio : .midi,
            realtimeSafe: raw.flags & PEACH_SOURCE_REALTIME_SAFE != 0,
            pitched: raw.flags & PEACH_SOURCE_UNPITCHED == 0)
    }
}

/// Every ABI struct begins with its size: read that (and other leading
/// fields) without copying a struct that may be shorter than this host's.
enum StructPrefix {
    static func size<T>(_ pointer: UnsafePointer<T>) -> UInt32 { load(pointer, at: 0, as: UInt32.self) }

    static func load<T, Field>(_ pointer: UnsafePointer<T>, at offset: Int, as type: Field.Type) -> Field {
        UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: type)
    }
}

/// Reverse-DNS source ids: at least two dot-separated labels of letters,
/// digits, `-` and `_`.
enum SourceID {
    static func isValid(_ id: String) -> Bool {
        let labels = id.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        }
    }
}

/// Libraries already opened in this process, by canonical path.
final class LoadedLibraries: Sendable {
    static let shared = LoadedLibraries()
    private let byPath = Mutex<[String: PluginLibrary]>([:])

    func library(at path: String) -> PluginLibrary? { byPath.withLock { $0[path] } }
    func remember(_ library: PluginLibrary) -> PluginLibrary {
        byPath.withLock { libraries in
            if let existing = libraries[library.path] { return existing }
            libraries[library.path] = library
            return library
        }
    }
}
