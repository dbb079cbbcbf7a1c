import FoundationEssentials
import Glibc
import PeachPluginAPI
import PeachSupport
import Synchronization

/// A sound source running in a bridge process of its own (`peach
/// plugin-bridge`), seen by the host as an ordinary `peach_source_instance`:
/// the engine, the options and every check work unchanged. A crash or a hang
/// in the plugin then costs the bridge process, never Peach: `process`
/// returns PEACH_PROCESS_ERROR and `last_error` says what happened.
///
/// Main-thread calls travel as messages on a socket (`BridgeMessage`);
/// `process` hands the block over in shared memory (`SharedBlock`) and waits,
/// with a deadline, on a pipe, which is how the render thread waits on a
/// device: no allocation, no lock.
final class BridgeClient: @unchecked Sendable {
    /// How long a block may take before the source counts as hung: as long as
    /// the in-process watchdog allows (`RenderWatchdog`), so a machine under
    /// load does not make a slow block look like a hang.
    static let processDeadlineNanoseconds: UInt64 = 2_000_000_000
    /// Activation may measure a whole instrument (FluidSynth calibrates on first use).
    static let activateDeadlineNanoseconds: UInt64 = 60_000_000_000
    static let callDeadlineNanoseconds: UInt64 = 10_000_000_000

    let child: ChildProcess
    private let socket: BridgeSocket
    private let block: SharedBlock
    private let requestPipe: Int32
    private let donePipe: Int32
    private let pollers = UnsafeMutablePointer<pollfd>.allocate(capacity: 2)
    private let failure = Atomic<UInt8>(BridgeFailure.none.rawValue)
    private var lastErrorText: UnsafeMutablePointer<CChar>?
    private let table = UnsafeMutablePointer<peach_source_instance>.allocate(capacity: 1)
    private var exitReason: BridgeExit?

    /// Starts `executable plugin-bridge LIBRARY SOURCE` and waits for the instance to exist.
    static func start(executable: String, libraryPath: String, sourceID: String) -> Result<BridgeClient, BridgeStartFailure> {
        var sockets: [Int32] = [0, 0], request: [Int32] = [0, 0], done: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            return .failure(.cannotStart(reason: ErrnoText.describe(errno)))
        }
        guard pipe(&request) == 0, pipe(&done) == 0, let block = SharedBlock.create() else {
            let reason = ErrnoText.describe(errno)
            (sockets + request + done).filter { $0 > 0 }.forEach { close($0) }
            return .failure(.cannotStart(reason: reason))
        }
        for descriptor in request + done { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let child: ChildProcess
        do {
            // The host reports a crash itself; the Swift runtime's backtracer would keep a crashed child alive for seconds.
            child = try ChildProcess.start([executable, "plugin-bridge", libraryPath, sourceID], overrides: ["SWIFT_BACKTRACE": "enable=no"],
                                           inheriting: [sockets[1], block.descriptor, request[0], done[1]])
        } catch {
            (sockets + request + done).forEach { close($0) }
            return .failure(.cannotStart(reason: error.reason))
        }
        [sockets[1], request[0], done[1]].forEach { close($0) }
        let client = BridgeClient(child: child, socket: BridgeSocket(descriptor: sockets[0]), block: block,
                                  requestPipe: request[1], donePipe: done[0])
        guard let ready = client.socket.receive(deadline: Monotonic.nanoseconds() + callDeadlineNanoseconds), ready.operation == .ready else {
            client.shutDown()
            return .failure(.bridgeEnded(client.processExit()))
        }
        guard ready.integer(0, as: Int32.self) == PEACH_OK else {
            client.shutDown()
            return .failure(.createFailed(ready.text(1).flatMap { try? JSONDecoder().decode(SourceLookupError.self, from: Data($0.utf8)) }
                                         ?? .unknown(id: sourceID, available: [])))
        }
        return .success(client)
    }

    private init(child: ChildProcess, socket: BridgeSocket, block: SharedBlock, requestPipe: Int32, donePipe: Int32) {
        self.child = child
        self.socket = socket
        self.block = block
        self.requestPipe = requestPipe
        self.donePipe = donePipe
        child.closeOutput()  // the bridge sends plugins' output to standard error itself
        table.initialize(to: Self.makeTable(for: self))
    }

    deinit {
        pollers.deallocate()
        table.deallocate()
        free(lastErrorText)
    }

    /// The C table the engine and `SourceInstance` call. Retains the client until `destroy`.
    var instance: UnsafeMutablePointer<peach_source_instance> { table }

    // MARK: [audio-thread]

    func process(_ process: UnsafePointer<peach_process>) -> peach_process_status {
        guard failure.load(ordering: .relaxed) == BridgeFailure.none.rawValue else { return PEACH_PROCESS_ERROR }
        let request = process.pointee
        guard request.frame_count <= SharedBlock.maxFrames, request.channel_count <= SharedBlock.maxChannels,
              request.event_count <= SharedBlock.maxEvents else {
            return fail(.blockTooLarge)
        }
        block.frameCount = request.frame_count
        block.channelCount = request.channel_count
        block.steadyTime = request.steady_time
        block.presentationTime = request.presentation_time_ns
        block.eventCount = request.event_count
        block.status = PEACH_PROCESS_ERROR
        block.refusalCount = 0
        let inputs = Self.has(\.inputs, in: request) && request.inputs != nil ? min(request.input_channel_count, UInt32(SharedBlock.maxChannels)) : 0
        block.inputChannelCount = inputs
        for channel in 0..<Int(inputs) {
            if let samples = request.inputs[channel] { block.inputChannel(channel).update(from: samples, count: Int(request.frame_count)) }
        }
        if Self.has(\.transport, in: request), let transport = request.transport {
            block.transport.pointee = transport.pointee
            block.hasTransport = 1
        } else {
            block.hasTransport = 0
        }
        for index in 0..<Int(request.event_count) {
            guard let event = request.events[index] else { continue }
            let slot = block.event(index)
            slot.initialize(to: peach_event_note())
            UnsafeMutableRawPointer(slot).copyMemory(from: event, byteCount: min(Int(event.pointee.size), MemoryLayout<peach_event_note>.size))
        }
        var token: UInt8 = 1
        guard write(requestPipe, &token, 1) == 1 else { return fail(.ended) }
        let deadline = Monotonic.nanoseconds() + Self.processDeadlineNanoseconds
        while true {
            pollers[0] = pollfd(fd: donePipe, events: Int16(POLLIN), revents: 0)
            pollers[1] = pollfd(fd: socket.descriptor, events: 0, revents: 0)  // only hang-up and errors
            let remaining = Int64(deadline) - Int64(Monotonic.nanoseconds())
            guard remaining > 0 else {
                kill(child.pid, SIGKILL)
                return fail(.timedOut)
            }
            let ready = poll(pollers, 2, Int32(remaining / 1_000_000 + 1))
            if ready < 0 && errno == EINTR { continue }
            if pollers[0].revents & Int16(POLLIN) != 0 {
                guard read(donePipe, &token, 1) == 1 else { return fail(.ended) }
                break
            }
            if pollers[0].revents != 0 || pollers[1].revents != 0 { return fail(.ended) }
        }
        if let outputs = request.outputs {
            for channel in 0..<Int(request.channel_count) {
                outputs[channel]?.update(from: block.channel(channel), count: Int(request.frame_count))
            }
        }
        if Self.has(\.out_events, in: request), let queue = request.out_events {
            for index in 0..<Int(min(block.refusalCount, UInt32(SharedBlock.maxRefusals))) {
                _ = queue.pointee.push(queue, UnsafeRawPointer(block.refusal(index)).assumingMemoryBound(to: peach_event_header.self))
            }
        }
        return block.status
    }

    /// Whether the host's `process` struct reaches past `field` (ABI 1.1's `PEACH_PROCESS_HAS`).
    private static func has<Field>(_ field: KeyPath<peach_process, Field>, in process: peach_process) -> Bool {
        guard let offset = MemoryLayout<peach_process>.offset(of: field) else { return false }
        return Int(process.struct_size) >= offset + MemoryLayout<Field>.size
    }

    private func fail(_ reason: BridgeFailure) -> peach_process_status {
        failure.store(reason.rawValue, ordering: .relaxed)
        return PEACH_PROCESS_ERROR
    }

    // MARK: [main-thread]

    /// Sends a request and waits for its reply; nil if the bridge is gone or silent.
    private func call(_ message: BridgeMessage, deadline: UInt64 = callDeadlineNanoseconds) -> BridgeMessage? {
        guard failure.load(ordering: .relaxed) == BridgeFailure.none.rawValue else { return nil }
        guard socket.send(message), let reply = socket.receive(deadline: Monotonic.nanoseconds() + deadline), reply.operation == .reply else {
            if failure.load(ordering: .relaxed) == BridgeFailure.none.rawValue {
                kill(child.pid, SIGKILL)
                failure.store(BridgeFailure.ended.rawValue, ordering: .relaxed)
            }
            return nil
        }
        return reply
    }

    private func status(of message: BridgeMessage, deadline: UInt64 = callDeadlineNanoseconds) -> peach_status {
        call(message, deadline: deadline)?.integer(0, as: Int32.self) ?? PEACH_ERR_INTERNAL
    }

    /// What happened to the bridge once it has failed; nil while it works. [main-thread]
    func fault() -> BridgeFault? {
        switch BridgeFailure(rawValue: failure.load(ordering: .relaxed)) ?? .ended {
        case .none: nil
        case .ended: .ended(processExit())
        case .timedOut: .timedOut(milliseconds: Int(Self.processDeadlineNanoseconds / 1_000_000))
        case .blockTooLarge: .blockTooLarge(frames: SharedBlock.maxFrames, channels: SharedBlock.maxChannels, events: SharedBlock.maxEvents)
        }
    }

    /// How the bridge process ended, once it has (reaped here, at most once).
    func processExit() -> BridgeExit {
        if let exitReason { return exitReason }
        let reason: BridgeExit = switch child.waitForExit(deadline: Monotonic.nanoseconds() + 2_000_000_000) {
        case .killedBySignal(let signal): .signal(signal)
        case .exited(let status, _): .status(status)
        case .timedOut: .killed
        }
        exitReason = reason
        return reason
    }

    private func setLastError(_ text: String) -> UnsafePointer<CChar> {
        free(lastErrorText)
        lastErrorText = strdup(text)
        return UnsafePointer(lastErrorText!)
    }

    /// Ends the bridge process and closes everything but the table.
    private func shutDown() {
        _ = socket.send(BridgeMessage(.destroy))
        close(socket.descriptor)
        close(requestPipe)
        close(donePipe)
        _ = processExit()
    }

    private static func of(_ instance: UnsafePointer<peach_source_instance>?) -> BridgeClient {
        Unmanaged<BridgeClient>.fromOpaque(instance!.pointee.plugin_data!).takeUnretainedValue()
    }

    private static func makeTable(for owner: BridgeClient) -> peach_source_instance {
        peach_source_instance(
            struct_size: UInt32(MemoryLayout<peach_source_instance>.size), reserved: 0,
            plugin_data: Unmanaged.passRetained(owner).toOpaque(),
            activate: { instance, rate, maxFrames, channels in
                guard maxFrames <= SharedBlock.maxFrames, channels <= SharedBlock.maxChannels else { return PEACH_ERR_INVALID_ARGUMENT }
                return BridgeClient.of(instance).status(of: BridgeMessage(.activate, [BridgeMessage.encode(rate), BridgeMessage.encode(maxFrames),
                                                                             BridgeMessage.encode(channels)]),
                                               deadline: BridgeClient.activateDeadlineNanoseconds)
            },
            deactivate: { instance in _ = BridgeClient.of(instance).call(BridgeMessage(.deactivate)) },
            process: { instance, process in BridgeClient.of(instance).process(process!) },
            destroy: { instance in
                let unmanaged = Unmanaged<BridgeClient>.fromOpaque(instance!.pointee.plugin_data!)
                unmanaged.takeUnretainedValue().shutDown()
                unmanaged.release()
            },
            option_count: { instance in BridgeClient.of(instance).call(BridgeMessage(.optionCount))?.integer(0, as: UInt32.self) ?? 0 },
            get_option_info: { instance, index, info in
                guard let reply = BridgeClient.of(instance).call(BridgeMessage(.optionInfo, [BridgeMessage.encode(index)])) else { return PEACH_ERR_INTERNAL }
                if let value = reply.raw(1, as: peach_option_info.self) { info!.pointee = value }
                return reply.integer(0, as: Int32.self) ?? PEACH_ERR_INTERNAL
            },
            get_option_choice: { instance, option, choice, out in
                let message = BridgeMessage(.optionChoice, [BridgeMessage.encode(option), BridgeMessage.encode(choice)])
                guard let reply = BridgeClient.of(instance).call(message) else { return PEACH_ERR_INTERNAL }
                if let value = reply.raw(1, as: peach_option_choice.self) { out!.pointee = value }
                return reply.integer(0, as: Int32.self) ?? PEACH_ERR_INTERNAL
            },
            get_option: { instance, key, buffer, capacity in
                let message = BridgeMessage(.getOption, [BridgeMessage.encode(String(cString: key!)), BridgeMessage.encode(capacity)])
                guard let reply = BridgeClient.of(instance).call(message) else { return PEACH_ERR_INTERNAL }
                let text = reply.fields.count > 1 ? reply.fields[1] : []
                let count = min(text.count, Int(capacity) - 1)
                for index in 0..<count { buffer![index] = CChar(bitPattern: text[index]) }
                buffer![count] = 0
                return reply.integer(0, as: Int32.self) ?? PEACH_ERR_INTERNAL
            },
            set_option: { instance, key, value in
                BridgeClient.of(instance).status(of: BridgeMessage(.setOption, [BridgeMessage.encode(String(cString: key!)),
                                                                       BridgeMessage.encode(String(cString: value!))]))
            },
            last_error: { instance in
                // A failed bridge's own fault is read by `SourceInstance.lastError`, not through this table.
                let bridge = BridgeClient.of(instance)
                return bridge.setLastError(bridge.call(BridgeMessage(.lastError))?.text(0) ?? "")
            },
            get_extension: { _, id in
                guard let id else { return nil }
                if strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 { return UnsafeRawPointer(BridgeClient.noteRangeTable) }
                if strcmp(id, PEACH_EXT_PAIR_INTERVAL) == 0 { return UnsafeRawPointer(BridgeClient.pairIntervalTable) }
                return nil
            })
    }

    /// `peach.pair-interval/1` for every bridged instance, asked of the bridge
    /// process as `noteRangeTable` is. A plugin without it answers with an
    /// error status, which `SourceInstance.pairInterval` reads as "does not say".
    nonisolated(unsafe) private static let pairIntervalTable: UnsafePointer<peach_pair_interval_ext> = {
        let table = UnsafeMutablePointer<peach_pair_interval_ext>.allocate(capacity: 1)
        table.initialize(to: peach_pair_interval_ext(
            struct_size: UInt32(MemoryLayout<peach_pair_interval_ext>.size), reserved: 0,
            get_worst_error: { instance, worst, first, asked in
                guard let reply = BridgeClient.of(instance).call(BridgeMessage(.pairInterval)), let status = reply.integer(0, as: Int32.self),
                      let worstCents = reply.double(1), let firstHz = reply.double(2), let askedCents = reply.double(3) else { return PEACH_ERR_INTERNAL }
                worst?.pointee = worstCents
                first?.pointee = firstHz
                asked?.pointee = askedCents
                return status
            }))
        return UnsafePointer(table)
    }()

    /// `peach.note-range/1` for every bridged instance: asks the bridge
    /// process, which answers from the plugin's own table (or says it has none).
    nonisolated(unsafe) private static let noteRangeTable: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { instance, lowest, highest in
                guard let reply = BridgeClient.of(instance).call(BridgeMessage(.noteRange)),
                      let status = reply.integer(0, as: Int32.self), let low = reply.double(1), let high = reply.double(2) else { return PEACH_ERR_INTERNAL }
                lowest?.pointee = low
                highest?.pointee = high
                return status
            }))
        return UnsafePointer(table)
    }()
}

/// Why a bridge could not be started. Carries the reason; the edge words it.
enum BridgeStartFailure: Error {
    case cannotStart(reason: String)
    case bridgeEnded(BridgeExit)
    /// The bridge's own lookup failed (the source unavailable, say).
    case createFailed(SourceLookupError)
}

extension BridgeClient {
    /// A checked `SourceInstance` of `entry`'s source, running in a new bridge process.
    static func makeInstance(executable: String, entry: SourceCatalog.Entry) throws(SourceLookupError) -> SourceInstance {
        let id = entry.descriptor.id
        switch start(executable: executable, libraryPath: entry.libraryPath, sourceID: id) {
        case .success(let client):
            do {
                let instance = try SourceInstance(validating: client.instance, descriptor: entry.descriptor, libraryPath: entry.libraryPath)
                instance.bridge = client
                return instance
            } catch {
                throw .rejected(error)
            }
        case .failure(.createFailed(let error)):
            throw error
        case .failure(.cannotStart(let reason)):
            throw .rejected(PluginRejection(path: entry.libraryPath, sourceID: id, reason: .bridgeCannotStart(id: id, .system(reason))))
        case .failure(.bridgeEnded(let exit)):
            throw .rejected(PluginRejection(path: entry.libraryPath, sourceID: id, reason: .bridgeCannotStart(id: id, .ended(exit))))
        }
    }
}
