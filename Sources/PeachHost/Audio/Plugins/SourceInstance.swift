import PeachPluginAPI

/// One instance of a sound source: its options and its lifecycle.
/// [main-thread] for everything here; the engine calls `process` itself on the
/// audio thread through `raw`.
public final class SourceInstance {
    public let descriptor: SourceDescriptor
    public let libraryPath: String
    /// The plugin's instance table. Valid until this object is deinitialised.
    let raw: UnsafeMutablePointer<peach_source_instance>
    public private(set) var isActive = false
    /// The bridge process the plugin runs in, if it runs in one of its own.
    var bridge: BridgeClient?
    /// Whether the plugin runs in a bridge process of its own (`BridgeClient`).
    public var runsInBridge: Bool { bridge != nil }
    /// The options as the plugin describes them: read when the instance was
    /// made and again after each option set (choices may follow another option).
    public private(set) var options: [SourceOption]
    /// What Peach says if the plugin, in this process, crashes in a call made
    /// here (`EmergencyStop.blaming`): given at creation by a catalog that
    /// has the edge's words, or by the engine that plays it; nil names nobody.
    var faultMessages: PluginFaultMessages?

    init(validating raw: UnsafeMutablePointer<peach_source_instance>, descriptor: SourceDescriptor, libraryPath: String,
         faultMessages: PluginFaultMessages? = nil) throws(PluginRejection) {
        func reject(_ reason: PluginRejection.Reason) -> PluginRejection {
            PluginRejection(path: libraryPath, sourceID: descriptor.id, reason: reason)
        }
        let size = StructPrefix.size(raw)
        guard size >= MemoryLayout<peach_source_instance>.size else {
            // Too small to trust even its destroy pointer: leak it rather than crash.
            throw reject(.instanceTableTooSmall(size: Int(size), expected: MemoryLayout<peach_source_instance>.size))
        }
        let table = raw.pointee
        let required: [(String, Bool)] = [
            ("activate", table.activate == nil), ("deactivate", table.deactivate == nil),
            ("process", table.process == nil), ("destroy", table.destroy == nil),
            ("option_count", table.option_count == nil), ("get_option_info", table.get_option_info == nil),
            ("get_option_choice", table.get_option_choice == nil), ("get_option", table.get_option == nil),
            ("set_option", table.set_option == nil), ("last_error", table.last_error == nil),
        ]
        let missing = required.filter(\.1).map(\.0)
        guard missing.isEmpty else {
            if table.destroy != nil { Self.calling(.destroy, of: faultMessages) { table.destroy(raw) } }
            throw reject(.instanceLacks(missing))
        }
        do {
            options = try Self.readOptions(raw, reject: reject, faultMessages: faultMessages)
        } catch {
            Self.calling(.destroy, of: faultMessages) { table.destroy(raw) }
            throw error
        }
        self.raw = raw
        self.descriptor = descriptor
        self.libraryPath = libraryPath
        self.faultMessages = faultMessages
    }

    deinit {
        if isActive { calling(.deactivate) { raw.pointee.deactivate(raw) } }
        calling(.destroy) { raw.pointee.destroy(raw) }
    }

    /// Runs `body`, the plugin's `call`, with the plugin to blame if it crashes there.
    private func calling<Result>(_ call: PluginFault.Call, _ body: () -> Result) -> Result {
        Self.calling(call, of: faultMessages, body)
    }

    /// The same for an instance not made yet (its `init`, reading its options): `messages` name the plugin.
    /// A call that does not return by its deadline ends Peach, naming it (`PluginFault.Call.guarded`).
    private static func calling<Result>(_ call: PluginFault.Call, of messages: PluginFaultMessages?, _ body: () -> Result) -> Result {
        call.guarded(messages?.bits(for: call) ?? 0, body)
    }

    /// Prepares the instance to render at a fixed rate and block size.
    public func activate(sampleRate: Double, maxFrames: Int, channels: Int) throws(SourceError) {
        precondition(!isActive, "activate called on an active instance")
        let status = calling(.activate) { raw.pointee.activate(raw, sampleRate, UInt32(maxFrames), descriptor.kind == .audio ? UInt32(channels) : 0) }
        guard status == PEACH_OK else { throw .failed(source: descriptor.id, action: "activate", reason: lastError) }
        isActive = true
    }

    public func deactivate() {
        guard isActive else { return }
        calling(.deactivate) { raw.pointee.deactivate(raw) }
        isActive = false
    }

    /// The current value of an option, as text.
    public func value(of key: String) throws(SourceOptionError) -> String {
        _ = try option(key)
        var status = PEACH_OK
        let text = CText.read { buffer, capacity in status = calling(.getOption) { raw.pointee.get_option(raw, key, buffer, capacity) } }
        guard status == PEACH_OK, let text else {
            throw .cannotReadBack(source: descriptor.id, key: key, reason: lastError)
        }
        return text
    }

    /// Validates and sets an option, `value` as a person may spell it
    /// (`SourceOption.value(spelledAs:)`). Options without `live` need an inactive instance.
    public func set(_ key: String, to spelled: String) throws(SourceOptionError) {
        let option = try option(key), value = option.value(spelledAs: spelled)
        try option.validate(value)
        guard !isActive || option.live else { throw .notLive(source: descriptor.id, key: key) }
        guard calling(.setOption, { raw.pointee.set_option(raw, key, value) }) == PEACH_OK else {
            throw .rejectedBySource(source: descriptor.id, key: key, value: value, reason: lastError)
        }
        // A list that no longer reads keeps the last good one: the plugin's own checks still guard every value.
        let (descriptor, libraryPath) = (descriptor, libraryPath)
        if let reread = try? Self.readOptions(raw, reject: { PluginRejection(path: libraryPath, sourceID: descriptor.id, reason: $0) },
                                              faultMessages: faultMessages) {
            options = reread
        }
    }

    /// Sets an option from `key=value`, as typed after `--option`.
    public func set(assignment: String) throws(SourceOptionError) {
        let (key, value) = try SourceOption.split(assignment: assignment)
        try set(key, to: value)
    }

    /// The option with `key`, or an error listing the keys there are.
    /// The current values of the options flagged `PEACH_OPTION_FLAG_TIMBRE`,
    /// by key: what a history line records of the instrument played.
    public var timbreValues: [String: String] {
        var values: [String: String] = [:]
        for option in options where option.timbre { values[option.key] = try? value(of: option.key) }
        return values
    }

    public func option(_ key: String) throws(SourceOptionError) -> SourceOption {
        guard let option = options.first(where: { $0.key == key }) else {
            throw .unknownKey(source: descriptor.id, key: key, known: options.map(\.key))
        }
        return option
    }

    /// The frequencies the source plays with its options now, if it says
    /// (ABI 1.1's `peach.note-range/1`); nil if it does not, or says nonsense.
    public func noteRange() -> ClosedRange<Double>? {
        guard let lookup = raw.pointee.get_extension, let found = calling(.getExtension, { lookup(raw, PEACH_EXT_NOTE_RANGE) }) else { return nil }
        let table = found.assumingMemoryBound(to: peach_note_range_ext.self)
        guard table.pointee.struct_size >= MemoryLayout<peach_note_range_ext>.size, let getRange = table.pointee.get_range else { return nil }
        var lowest = 0.0, highest = 0.0
        guard calling(.getRange, { getRange(raw, &lowest, &highest) }) == PEACH_OK, lowest > 0, lowest <= highest, highest.isFinite else { return nil }
        return lowest...highest
    }

    /// How exactly the source plays a training pair's interval with its
    /// options now, as it measured it (`peach.pair-interval/1`); nil if it
    /// does not say (a source whose pitches are exact by construction).
    public func pairInterval() -> PairInterval? {
        guard let lookup = raw.pointee.get_extension, let found = calling(.getExtension, { lookup(raw, PEACH_EXT_PAIR_INTERVAL) }) else { return nil }
        let table = found.assumingMemoryBound(to: peach_pair_interval_ext.self)
        guard table.pointee.struct_size >= MemoryLayout<peach_pair_interval_ext>.size, let get = table.pointee.get_worst_error else { return nil }
        var worst = 0.0, first = 0.0, asked = 0.0
        guard calling(.getWorstError, { get(raw, &worst, &first, &asked) }) == PEACH_OK, worst >= 0 else { return nil }
        return PairInterval(worstCents: worst, firstFrequency: first, askedCents: asked)
    }

    /// Throws when the source says it cannot keep a pair's interval within
    /// `PairInterval.limitCents` with its options now: no training pairs on it.
    public func checkPairInterval() throws(EngineError) {
        guard let pairs = pairInterval(), !pairs.holds else { return }
        let timbre = options.filter(\.timbre).compactMap { option in
            (try? value(of: option.key)).map { value in option.choices.first { $0.value == value }?.label ?? value }
        }
        throw .pairInexact(pairs, source: descriptor.id, timbre: timbre.joined(separator: ", "))
    }

    /// The plugin's explanation of its last failure.
    public var lastError: PluginReason {
        if let fault = bridge?.fault() { return .bridge(fault) }
        return calling(.lastError) { PluginReason(cText: raw.pointee.last_error(raw)) }
    }

    /// The options as the plugin describes them, checked; each call into the plugin names it (`faultMessages`) should it crash.
    private static func readOptions(_ raw: UnsafeMutablePointer<peach_source_instance>, reject: (PluginRejection.Reason) -> PluginRejection,
                                    faultMessages: PluginFaultMessages?) throws(PluginRejection) -> [SourceOption] {
        func blaming<Result>(_ call: PluginFault.Call, _ body: () -> Result) -> Result { calling(call, of: faultMessages, body) }
        let count = blaming(.optionCount) { raw.pointee.option_count(raw) }
        guard count <= 1024 else { throw reject(.tooManyOptions(Int(count))) }
        var options: [SourceOption] = []
        for index in 0..<count {
            var info = peach_option_info()
            info.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
            guard blaming(.getOptionInfo, { raw.pointee.get_option_info(raw, index, &info) }) == PEACH_OK else {
                throw reject(.optionInfoFailed(index: Int(index)))
            }
            func text<T>(_ field: String, _ tuple: T) throws(PluginRejection) -> String {
                guard let value = CText.string(fixed: tuple) else {
                    throw reject(.optionField(index: Int(index), field: field))
                }
                return value
            }
            let key = try text("key", info.key)
            guard !key.isEmpty else { throw reject(.emptyKey(index: Int(index))) }
            guard SourceOption.isValidKey(key) else { throw reject(.badKey(key)) }
            guard !options.contains(where: { $0.key == key }) else { throw reject(.duplicateOption(key)) }
            guard let type = SourceOption.ValueType(abi: info.type) else {
                throw reject(.unknownType(key: key, type: Int(info.type)))
            }
            var choices: [SourceOption.Choice] = []
            if type == .choice {
                guard info.choice_count <= 4096 else { throw reject(.tooManyChoices(key: key, count: Int(info.choice_count))) }
                for choiceIndex in 0..<info.choice_count {
                    var choice = peach_option_choice()
                    choice.struct_size = UInt32(MemoryLayout<peach_option_choice>.size)
                    guard blaming(.getOptionChoice, { raw.pointee.get_option_choice(raw, index, choiceIndex, &choice) }) == PEACH_OK else {
                        throw reject(.choiceFailed(key: key, index: Int(choiceIndex)))
                    }
                    let value = try text("choice.value", choice.value)
                    guard !choices.contains(where: { $0.value == value }) else { throw reject(.duplicateChoice(key: key, value: value)) }
                    choices.append(.init(value: value, label: try text("choice.label", choice.label)))
                }
            }
            let numeric = type == .int || type == .number
            guard !numeric || (info.min_value.isFinite && info.max_value.isFinite) else {
                throw reject(.rangeNotFinite(key: key, min: "\(info.min_value)", max: "\(info.max_value)"))
            }
            guard !numeric || info.min_value <= info.max_value else {
                throw reject(.badRange(key: key, min: info.min_value, max: info.max_value))
            }
            guard type != .int || (info.min_value.rounded() == info.min_value && info.max_value.rounded() == info.max_value) else {
                throw reject(.fractionalRange(key: key, min: info.min_value, max: info.max_value))
            }
            let timbre = info.flags & PEACH_OPTION_FLAG_TIMBRE != 0
            guard !timbre || type == .choice else { throw reject(.timbreNotChoice(key)) }
            if timbre, let first = options.first(where: \.timbre) { throw reject(.twoTimbres(first.key, key)) }
            let option = SourceOption(
                key: key, name: try text("name", info.name), type: type, unit: try text("unit", info.unit),
                defaultValue: try text("default_value", info.default_value), description: try text("description", info.description),
                range: numeric ? info.min_value...info.max_value : nil,
                live: info.flags & PEACH_OPTION_FLAG_LIVE != 0, timbre: timbre, choices: choices)
            // A choice list that depends on another option may be empty for now (the drum kits of a font
            // that has none); its default is then empty too. Any other default is a value the option takes.
            let emptyList = type == .choice && choices.isEmpty && option.defaultValue.isEmpty
            guard emptyList || (try? option.validate(option.defaultValue)) != nil else {
                throw reject(.badDefault(key: key, value: option.defaultValue))
            }
            options.append(option)
        }
        return options
    }
}

/// Why a source would not do what it was asked, with its own reason.
public enum SourceError: Error, Equatable {
    /// `action` (activate, play) failed.
    case failed(source: String, action: String, reason: PluginReason)
    /// The engine silenced the source or stopped while it played.
    case stopped(source: String, notice: EngineNotice, reason: PluginReason)
}

extension SourceOption.ValueType {
    init?(abi: UInt32) {
        switch Int32(abi) {
        case PEACH_OPTION_BOOL: self = .bool
        case PEACH_OPTION_INT: self = .int
        case PEACH_OPTION_NUMBER: self = .number
        case PEACH_OPTION_TEXT: self = .text
        case PEACH_OPTION_PATH: self = .path
        case PEACH_OPTION_CHOICE: self = .choice
        default: return nil
        }
    }
}
