import Glibc
import PeachPluginAPI
import Synchronization

/// One instance of either of the library's sources behind the C instance table.
final class FluidInstance {
    private let kind: FluidSourceKind
    private let host: UnsafePointer<peach_host>?
    private var options = FluidOptions()
    /// The drum kits of the font set now: the kit option's choices.
    private var kits: [DrumKit] = []
    /// While active: the font and the rendering state.
    private var font: LoadedFont?
    private var player: FluidPlayer?
    /// The instrument for new notes, as `Timbre` pointer bits: set on the main
    /// thread (a live program change), read by `process` at each block.
    private let timbre = Atomic<UInt>(0)
    /// last_error's text lives here so the pointer handed out stays valid.
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: FluidInstance.errorCapacity)
    private static let errorCapacity = 512

    private init(_ kind: FluidSourceKind, host: UnsafePointer<peach_host>?) {
        self.kind = kind
        self.host = host
        errorText[0] = 0
        if kind == .drums { kits = Self.kits(of: options.font) }
    }

    /// The kits a font setting names, for listing: none if it names no SoundFont (activating says why).
    private static func kits(of font: String) -> [DrumKit] {
        (try? SoundFontFile.find(font)).map(DrumKit.all) ?? []
    }

    deinit { errorText.deallocate() }

    // MARK: Lifecycle [main-thread]

    private func activate(sampleRate: Double, maxFrames: UInt32, channelCount: UInt32) -> peach_status {
        guard player == nil else { return fail(PEACH_ERR_BAD_STATE, "already active") }
        // FluidSynth's own limits.
        guard (8000...96000).contains(sampleRate) else { return fail(PEACH_ERR_INVALID_ARGUMENT, "FluidSynth renders at 8000 to 96000 Hz, not \(sampleRate)") }
        guard channelCount >= 1, maxFrames >= 1 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "needs at least one output channel and one frame") }
        do {
            try FluidSynthLibrary.open()
            let font = try FontLibrary.font(SoundFontFile.find(options.font))
            let timbre = try lookUp(options, in: font)
            player = try FluidPlayer(font: font, timbre: timbre, options: options, sampleRate: sampleRate, maxFrames: Int(maxFrames))
            self.font = font
            self.timbre.store(UInt(bitPattern: timbre), ordering: .releasing)
            return PEACH_OK
        } catch {
            return fail(PEACH_ERR_RESOURCE, error.description)
        }
    }

    private func deactivate() {
        player = nil
        font = nil
    }

    /// The timbre `options` choose: the kit, or the preset, measuring its
    /// tuning first if this is its first use (and saying so in the host's log).
    private func lookUp(_ options: FluidOptions, in font: LoadedFont) throws(FluidError) -> UnsafePointer<Timbre> {
        if kind == .drums { return try FontLibrary.drumKit(options.kit, in: font) }
        let preset = options.preset
        let lookup = try FontLibrary.timbre(preset, calibrated: options.calibrated, in: font)
        if let milliseconds = lookup.measuredMilliseconds {
            let a4 = lookup.timbre.pointee.keyOffsets[69]
            log(PEACH_LOG_INFO, "measured the tuning of \(preset) in \(font.file.name) in \(Int(milliseconds)) ms: "
                + (a4.isNaN ? "A4 has no pitch to correct" : "before correction A4 sounds \(a4 >= 0 ? "+" : "")\((a4 * 100).rounded() / 100) cents")
                + (lookup.timbre.pointee.pairs.map { "; a pair's interval errs by up to \(($0.worstCents * 1000).rounded() / 1000) cents" } ?? ""))
        }
        return lookup.timbre
    }

    /// [main-thread] `peach.note-range/1` for the font and program or kit set now.
    func noteRange(_ lowest: UnsafeMutablePointer<Double>, _ highest: UnsafeMutablePointer<Double>) -> peach_status {
        do {
            try FluidSynthLibrary.open()
            let font = try FontLibrary.font(SoundFontFile.find(options.font))
            guard let range = FluidNoteRange.frequencies(keyOffsets: try lookUp(options, in: font).pointee.keyOffsets) else {
                return fail(PEACH_ERR_RESOURCE, "\(options.preset) in \(font.file.name) has no key with a pitch Peach can measure and correct")
            }
            lowest.pointee = range.lowerBound
            highest.pointee = range.upperBound
            return PEACH_OK
        } catch {
            return fail(PEACH_ERR_RESOURCE, error.description)
        }
    }

    /// [main-thread] `peach.pair-interval/1` for the font and program set now.
    /// As the font tunes it, nothing is promised and nothing was measured: a failure saying so.
    func pairInterval(_ worst: UnsafeMutablePointer<Double>, _ first: UnsafeMutablePointer<Double>, _ asked: UnsafeMutablePointer<Double>) -> peach_status {
        do {
            try FluidSynthLibrary.open()
            let font = try FontLibrary.font(SoundFontFile.find(options.font))
            guard kind != .drums else { return fail(PEACH_ERR_BAD_STATE, "a drum kit has no pitch, so it plays no pairs") }
            guard let pairs = try lookUp(options, in: font).pointee.pairs else {
                return fail(PEACH_ERR_BAD_STATE, "with tuning=font the samples play as tuned, so pairs are not measured")
            }
            worst.pointee = pairs.worstCents
            first.pointee = 440 * pow(2, Double(pairs.key - 69) / 12)
            asked.pointee = pairs.askedCents
            return PEACH_OK
        } catch {
            return fail(PEACH_ERR_RESOURCE, error.description)
        }
    }

    // MARK: Rendering [audio-thread]

    private func process(_ process: UnsafePointer<peach_process>) -> peach_process_status {
        guard let player, let timbre = UnsafePointer<Timbre>(bitPattern: timbre.load(ordering: .acquiring)) else {
            return PEACH_PROCESS_ERROR
        }
        let status = player.process(process, timbre: timbre)
        if player.refused.key >= 0 {
            RefusalText.write(program: player.refused.program, key: player.refused.key, into: errorText, capacity: Self.errorCapacity)
        }
        return status
    }

    // MARK: Options [main-thread]

    private func optionInfo(_ index: UInt32, _ info: UnsafeMutablePointer<peach_option_info>) -> peach_status {
        guard Int(index) < kind.options.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let option = kind.options[Int(index)]
        var filled = peach_option_info()
        filled.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
        filled.type = UInt32(option.type)
        filled.flags = option.flags
        filled.choice_count = UInt32(choices(of: option).count)
        filled.min_value = option.range.lowerBound
        filled.max_value = option.range.upperBound
        _ = withUnsafeMutableBytes(of: &filled.key) { peach_copy_text($0.baseAddress, $0.count, option.key) }
        _ = withUnsafeMutableBytes(of: &filled.name) { peach_copy_text($0.baseAddress, $0.count, option.name) }
        _ = withUnsafeMutableBytes(of: &filled.unit) { peach_copy_text($0.baseAddress, $0.count, option.unit) }
        _ = withUnsafeMutableBytes(of: &filled.default_value) { peach_copy_text($0.baseAddress, $0.count, value(of: option, in: FluidOptions())) }
        _ = withUnsafeMutableBytes(of: &filled.description) { peach_copy_text($0.baseAddress, $0.count, option.description) }
        info.pointee = filled
        return PEACH_OK
    }

    private func optionChoice(_ optionIndex: UInt32, _ choiceIndex: UInt32, _ choice: UnsafeMutablePointer<peach_option_choice>) -> peach_status {
        guard Int(optionIndex) < kind.options.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(optionIndex)") }
        let choices = choices(of: kind.options[Int(optionIndex)])
        guard Int(choiceIndex) < choices.count else { return PEACH_ERR_UNKNOWN_KEY }
        var filled = peach_option_choice()
        filled.struct_size = UInt32(MemoryLayout<peach_option_choice>.size)
        _ = withUnsafeMutableBytes(of: &filled.value) { peach_copy_text($0.baseAddress, $0.count, choices[Int(choiceIndex)].value) }
        _ = withUnsafeMutableBytes(of: &filled.label) { peach_copy_text($0.baseAddress, $0.count, choices[Int(choiceIndex)].label) }
        choice.pointee = filled
        return PEACH_OK
    }

    /// The kit option's choices are the kits of the font set now; the others' are fixed.
    private func choices(of option: FluidOption) -> [(value: String, label: String)] {
        option == .kit ? kits.map { (String($0.program), $0.name) } : option.choices
    }

    /// The option's value as text; no kit chosen is the font's first.
    private func value(of option: FluidOption, in options: FluidOptions) -> String {
        if option == .kit, options.kit == nil, let first = kits.first { return String(first.program) }
        return options.value(of: option)
    }

    private func getOption(_ key: String, _ buffer: UnsafeMutablePointer<CChar>, _ capacity: UInt32) -> peach_status {
        guard let option = kind.option(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        return peach_copy_text(buffer, Int(capacity), value(of: option, in: options)) ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL
    }

    /// While active only bank, program and kit may change: the new
    /// instrument is checked against the loaded font and takes over from the next note.
    private func setOption(_ key: String, _ value: String) -> peach_status {
        guard let option = kind.option(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        guard player == nil || option.isLive else {
            return fail(PEACH_ERR_BAD_STATE, "\(key) can only change while the source is not playing")
        }
        var updated = options
        do {
            try updated.set(option, to: value)
        } catch {
            return fail(PEACH_ERR_INVALID_ARGUMENT, error.message)
        }
        if let font, option.isLive {
            do {
                timbre.store(UInt(bitPattern: try lookUp(updated, in: font)), ordering: .releasing)
            } catch {
                return fail(PEACH_ERR_INVALID_ARGUMENT, error.description)
            }
        }
        if option == .font, kind == .drums { kits = Self.kits(of: updated.font) }
        options = updated
        return PEACH_OK
    }

    private func fail(_ status: peach_status, _ message: String) -> peach_status {
        peach_copy_text(errorText, Self.errorCapacity, message)
        return status
    }

    private func log(_ level: Int32, _ message: String) {
        guard let host, let log = host.pointee.log else { return }
        log(host, level, kind.name + ": " + message)
    }

    // MARK: The C table

    static func makeTable(_ kind: FluidSourceKind, host: UnsafePointer<peach_host>?) -> UnsafeMutablePointer<peach_source_instance> {
        let table = UnsafeMutablePointer<peach_source_instance>.allocate(capacity: 1)
        table.initialize(to: peach_source_instance(
            struct_size: UInt32(MemoryLayout<peach_source_instance>.size),
            reserved: 0,
            plugin_data: Unmanaged.passRetained(FluidInstance(kind, host: host)).toOpaque(),
            activate: { table, rate, frames, channels in FluidInstance.from(table).activate(sampleRate: rate, maxFrames: frames, channelCount: channels) },
            deactivate: { table in FluidInstance.from(table).deactivate() },
            process: { table, process in
                guard let process else { return PEACH_PROCESS_ERROR }
                return FluidInstance.from(table).process(process)
            },
            destroy: { table in
                guard let table else { return }
                Unmanaged<FluidInstance>.fromOpaque(table.pointee.plugin_data).release()
                UnsafeMutablePointer(mutating: table).deallocate()
            },
            option_count: { table in UInt32(FluidInstance.from(table).kind.options.count) },
            get_option_info: { table, index, info in
                guard let info else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(table).optionInfo(index, info)
            },
            get_option_choice: { table, option, choice, out in
                guard let out else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(table).optionChoice(option, choice, out)
            },
            get_option: { table, key, buffer, capacity in
                guard let key, let buffer, capacity > 0 else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(table).getOption(String(cString: key), buffer, capacity)
            },
            set_option: { table, key, value in
                guard let key, let value else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(table).setOption(String(cString: key), String(cString: value))
            },
            last_error: { table in UnsafePointer(FluidInstance.from(table).errorText) },
            get_extension: { _, id in FluidInstance.extensionTable(id) }))
        return table
    }

    /// [thread-safe] get_extension: `peach.note-range/1` and `peach.pair-interval/1`.
    static func extensionTable(_ id: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard let id else { return nil }
        if strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 { return UnsafeRawPointer(FluidNoteRange.table) }
        if strcmp(id, PEACH_EXT_PAIR_INTERVAL) == 0 { return UnsafeRawPointer(FluidPairInterval.table) }
        return nil
    }

    static func from(_ table: UnsafePointer<peach_source_instance>?) -> FluidInstance {
        Unmanaged<FluidInstance>.fromOpaque(table!.pointee.plugin_data).takeUnretainedValue()
    }
}
