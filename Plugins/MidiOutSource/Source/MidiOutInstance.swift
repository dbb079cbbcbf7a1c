import PeachMidiOutCore
import PeachPluginAPI

/// One instance of either source behind the C instance table: options
/// while inactive; a sequencer client, connected and set up, while active.
final class MidiOutInstance {
    private let source: MidiOutSource
    private let host: UnsafePointer<peach_host>?
    /// The destinations present when the instance was made: the destination option's choices.
    private let destinations: [SequencerDestination]
    private var values = MidiOutOption.Values()
    private var playback: (any ActivePlayback)?
    /// last_error's text lives here so the pointer handed out stays valid.
    private static let errorCapacity = 1024
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: errorCapacity)

    private init(source: MidiOutSource, host: UnsafePointer<peach_host>?, destinations: [SequencerDestination]) {
        self.source = source
        self.host = host
        self.destinations = destinations
        errorText[0] = 0
    }

    deinit {
        deactivate()
        errorText.deallocate()
    }

    // MARK: Lifecycle [main-thread]

    /// Opens Peach's sequencer port, connects the destination and sets the
    /// instrument up (for pitches, bend range or tuning programs on every
    /// channel used; drums need nothing).
    private func activate(sampleRate: Double) -> peach_status {
        guard playback == nil else { return fail(PEACH_ERR_BAD_STATE, "already active") }
        guard sampleRate > 0, sampleRate.isFinite else { return fail(PEACH_ERR_INVALID_ARGUMENT, "unsupported sample rate \(sampleRate)") }
        do {
            let client = try SequencerClient()
            let destination = try DestinationChoice.resolve(values.destination, in: client.destinations())
            if let destination { try client.connect(to: destination) }
            playback = switch source {
            case .melodic: try SequencerPlayback(client: client, translator: NoteTranslator(settings: values.settings), sampleRate: sampleRate)
            case .drums: try SequencerPlayback(client: client, translator: DrumNoteTranslator(channel: values.channel), sampleRate: sampleRate)
            }
            if destination == nil {
                log(PEACH_LOG_WARNING, "\(source.name) is connected to nothing: connect Peach's sequencer port yourself (aconnect), or choose a destination")
            }
            return PEACH_OK
        } catch {
            return fail(PEACH_ERR_DEVICE, "\(error)")  // a missing sequencer or destination, in words
        }
    }

    /// Stops at once: drops what is still queued, then sends note-offs, all
    /// sound off, all notes off (and for pitches a centred bend, retuned keys
    /// restored) on every channel used, so nothing is left hanging.
    private func deactivate() {
        guard let playback else { return }
        do {
            try playback.stop()
        } catch {
            log(PEACH_LOG_WARNING, "\(source.name) could not reset the instrument: \(error)")
        }
        self.playback = nil
    }

    // MARK: Processing [audio-thread]: no allocation, no locks, no blocking

    private func process(_ block: UnsafePointer<peach_process>) -> peach_process_status {
        guard let playback else { return PEACH_PROCESS_ERROR }
        let outcome = playback.process(block)
        if outcome.clampedNotes > 0 {
            log(PEACH_LOG_WARNING, "a note lay beyond the instrument's reach and was played at the nearest pitch it can play" as StaticString)
        }
        if outcome.ignoredNotes > 0 { log(PEACH_LOG_WARNING, "a note without a valid frequency was not played" as StaticString) }
        if outcome.droppedMessages > 0 { log(PEACH_LOG_WARNING, "the ALSA sequencer could not take every MIDI message; some were lost" as StaticString) }
        return outcome.status
    }

    // MARK: Options [main-thread]

    private func optionInfo(_ index: UInt32, _ info: UnsafeMutablePointer<peach_option_info>) -> peach_status {
        guard Int(index) < source.options.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let option = source.options[Int(index)]
        var filled = peach_option_info()
        filled.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
        filled.type = UInt32(option.type)
        filled.choice_count = UInt32(option.choices(destinations: destinations).count)
        filled.min_value = option.range?.lowerBound ?? 0
        filled.max_value = option.range?.upperBound ?? 0
        _ = withUnsafeMutableBytes(of: &filled.key) { peach_copy_text($0.baseAddress, $0.count, option.key) }
        _ = withUnsafeMutableBytes(of: &filled.name) { peach_copy_text($0.baseAddress, $0.count, option.name) }
        _ = withUnsafeMutableBytes(of: &filled.unit) { peach_copy_text($0.baseAddress, $0.count, option.unit) }
        _ = withUnsafeMutableBytes(of: &filled.default_value) { peach_copy_text($0.baseAddress, $0.count, option.value(in: MidiOutOption.Values())) }
        _ = withUnsafeMutableBytes(of: &filled.description) { peach_copy_text($0.baseAddress, $0.count, option.description) }
        info.pointee = filled
        return PEACH_OK
    }

    private func optionChoice(_ index: UInt32, _ choiceIndex: UInt32, _ out: UnsafeMutablePointer<peach_option_choice>) -> peach_status {
        guard Int(index) < source.options.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let choices = source.options[Int(index)].choices(destinations: destinations)
        guard Int(choiceIndex) < choices.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no choice \(choiceIndex)") }
        var filled = peach_option_choice()
        filled.struct_size = UInt32(MemoryLayout<peach_option_choice>.size)
        _ = withUnsafeMutableBytes(of: &filled.value) { peach_copy_text($0.baseAddress, $0.count, choices[Int(choiceIndex)].value) }
        _ = withUnsafeMutableBytes(of: &filled.label) { peach_copy_text($0.baseAddress, $0.count, choices[Int(choiceIndex)].label) }
        out.pointee = filled
        return PEACH_OK
    }

    /// One of this source's options.
    private func option(_ key: String) -> MidiOutOption? {
        MidiOutOption(rawValue: key).flatMap { source.options.contains($0) ? $0 : nil }
    }

    private func getOption(_ key: String, _ buffer: UnsafeMutablePointer<CChar>, _ capacity: UInt32) -> peach_status {
        guard let option = option(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        return peach_copy_text(buffer, Int(capacity), option.value(in: values)) ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL
    }

    private func setOption(_ key: String, _ text: String) -> peach_status {
        guard playback == nil else { return fail(PEACH_ERR_BAD_STATE, "options can only change while inactive") }
        guard let option = option(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        if let problem = option.set(text, in: &values, destinations: destinations) {
            return fail(PEACH_ERR_INVALID_ARGUMENT, "\(key): \(problem)")
        }
        return PEACH_OK
    }

    // MARK: Reporting

    private func fail(_ status: peach_status, _ message: String) -> peach_status {
        peach_copy_text(errorText, Self.errorCapacity, message)
        return status
    }

    /// [main-thread] The host prints it at once.
    private func log(_ level: Int32, _ message: String) {
        guard let host, let log = host.pointee.log else { return }
        log(host, level, message)
    }

    /// [audio-thread] A fixed text: handing it over allocates nothing.
    private func log(_ level: Int32, _ message: StaticString) {
        guard let host, let log = host.pointee.log else { return }
        UnsafeRawPointer(message.utf8Start).withMemoryRebound(to: CChar.self, capacity: message.utf8CodeUnitCount + 1) {
            log(host, level, $0)
        }
    }

    // MARK: The C table

    static func makeTable(source: MidiOutSource, host: UnsafePointer<peach_host>?, destinations: [SequencerDestination]) -> UnsafeMutablePointer<peach_source_instance> {
        let table = UnsafeMutablePointer<peach_source_instance>.allocate(capacity: 1)
        table.initialize(to: peach_source_instance(
            struct_size: UInt32(MemoryLayout<peach_source_instance>.size),
            reserved: 0,
            plugin_data: Unmanaged.passRetained(MidiOutInstance(source: source, host: host, destinations: destinations)).toOpaque(),
            activate: { table, rate, _, _ in MidiOutInstance.of(table).activate(sampleRate: rate) },
            deactivate: { table in MidiOutInstance.of(table).deactivate() },
            process: { table, block in block.map { MidiOutInstance.of(table).process($0) } ?? PEACH_PROCESS_ERROR },
            destroy: { table in
                guard let table else { return }
                Unmanaged<MidiOutInstance>.fromOpaque(table.pointee.plugin_data).release()
                UnsafeMutablePointer(mutating: table).deallocate()
            },
            option_count: { table in UInt32(MidiOutInstance.of(table).source.options.count) },
            get_option_info: { table, index, info in info.map { MidiOutInstance.of(table).optionInfo(index, $0) } ?? PEACH_ERR_INVALID_ARGUMENT },
            get_option_choice: { table, index, choice, out in
                out.map { MidiOutInstance.of(table).optionChoice(index, choice, $0) } ?? PEACH_ERR_INVALID_ARGUMENT
            },
            get_option: { table, key, buffer, capacity in
                guard let key, let buffer, capacity > 0 else { return PEACH_ERR_INVALID_ARGUMENT }
                return MidiOutInstance.of(table).getOption(String(cString: key), buffer, capacity)
            },
            set_option: { table, key, value in
                guard let key, let value else { return PEACH_ERR_INVALID_ARGUMENT }
                return MidiOutInstance.of(table).setOption(String(cString: key), String(cString: value))
            },
            last_error: { table in UnsafePointer(MidiOutInstance.of(table).errorText) },
            get_extension: { _, id in
                guard let id, strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 else { return nil }
                return UnsafeRawPointer(MidiOutInstance.noteRangeTable)
            }))
        return table
    }

    /// `peach.note-range/1`: what the instrument plays exactly with the options set now.
    nonisolated(unsafe) private static let noteRangeTable: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { instance, lowest, highest in
                guard let lowest, let highest else { return PEACH_ERR_INVALID_ARGUMENT }
                let instance = MidiOutInstance.of(instance)
                let range = instance.source.playableFrequencies(instance.values)
                (lowest.pointee, highest.pointee) = (range.lowerBound, range.upperBound)
                return PEACH_OK
            }))
        return UnsafePointer(table)
    }()

    private static func of(_ table: UnsafePointer<peach_source_instance>?) -> MidiOutInstance {
        Unmanaged<MidiOutInstance>.fromOpaque(table!.pointee.plugin_data).takeUnretainedValue()
    }
}
