import Glibc
import Synchronization

/// The way out when Peach cannot go on: a fatal signal (a crash), or a
/// plugin call that never returns (`process`, or any on the main thread). Until plugins run in a process of
/// their own, a plugin that crashes takes Peach with it; what Peach can still
/// do is tidy up and say whose fault it was.
///
/// One handler serves every fatal signal. It runs the registered cleanups
/// (the terminal restored, the WAV header finished), then:
/// - if the signal came from a plugin (the render thread said so before
///   calling its `process`, the main thread before its other functions:
///   `blaming`), writes that plugin's prepared message, and the closing
///   words if any were set, and exits with `pluginFaultStatus`;
/// - otherwise puts the previous handler back (the Swift runtime's crash
///   report) and lets the fault repeat.
///
/// Everything the handler touches is prepared beforehand: it allocates
/// nothing, takes no lock, and calls only async-signal-safe functions.
public enum EmergencyStop {
    /// A cleanup step: async-signal-safe, given the context it was registered with.
    public typealias Cleanup = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The exit status after a plugin crashed or hung in a call (EX_SOFTWARE).
    public static let pluginFaultStatus: Int32 = 70

    /// The fatal signals handled, in the order of the messages a `PluginFaultMessages` prepares.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT]

    private static let installed = Atomic<Bool>(false)
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 65)

    /// Registered cleanups: context (key) and function (value) pointer bits; a free slot's function is 0.
    private static let cleanups = Slots(count: 4)
    /// Per thread that calls plugins: its pthread_t (key), and the messages
    /// of the plugin call it is in (value), 0 while it runs host code.
    private static let blame = Slots(count: 8)
    /// Words written after a plugin's message (bits of an `UnsafeMutableBufferPointer<UInt8>`), 0 for none.
    private static let closingWords = Atomic<UInt>(0)

    /// [main-thread] Installs the handler once per process, on an alternate
    /// stack where a thread has one (a plugin that overflows its stack still gets named).
    public static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = cleanups.pairs.count + blame.pairs.count  // the tables exist before any handler can run
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, _, _ in EmergencyStop.handle(number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(number, &action, previous + Int(number))
        }
    }

    /// Registers a cleanup for the way out; returns its token, or nil when every slot is taken.
    public static func addCleanup(_ cleanup: Cleanup, context: UnsafeMutableRawPointer?) -> Int? {
        install()
        let function = unsafeBitCast(cleanup, to: UInt.self)
        for (slot, pair) in cleanups.pairs.enumerated() where pair.value.load(ordering: .acquiring) == 0 {
            pair.key.store(UInt(bitPattern: context), ordering: .releasing)
            if pair.value.compareExchange(expected: 0, desired: function, ordering: .acquiringAndReleasing).exchanged { return slot }
        }
        return nil
    }

    public static func removeCleanup(_ token: Int) {
        cleanups.pairs[token].value.store(0, ordering: .releasing)
    }

    // MARK: Blame: which plugin a render thread is in

    private static var currentThread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    /// [audio-thread] Claims a blame slot for the calling thread; -1 if none is free.
    static func claimBlameSlot() -> Int {
        for (slot, pair) in blame.pairs.enumerated()
        where pair.key.compareExchange(expected: 0, desired: currentThread, ordering: .acquiringAndReleasing).exchanged {
            return slot
        }
        return -1
    }

    /// [audio-thread] Gives the slot back when the thread ends.
    static func releaseBlameSlot(_ slot: Int) {
        guard slot >= 0 else { return }
        blame.pairs[slot].value.store(0, ordering: .releasing)
        blame.pairs[slot].key.store(0, ordering: .releasing)
    }

    /// [audio-thread] The thread is about to call the `process` of the plugin
    /// whose messages for it are `messages` (`PluginFaultMessages.bits(for:)`); 0 once it has returned.
    static func setBlame(_ slot: Int, messages: UInt) {
        guard slot >= 0 else { return }
        blame.pairs[slot].value.store(messages, ordering: .releasing)
    }

    /// The messages of the plugin the thread in `slot` is in, 0 if none.
    static func blamed(_ slot: Int) -> UInt {
        slot >= 0 ? blame.pairs[slot].value.load(ordering: .acquiring) : 0
    }

    /// [main-thread] Runs `body`, a call into a plugin, with the plugin named
    /// by `messages` (`PluginFaultMessages.bits(for:)`) to blame for a fatal
    /// signal meanwhile; 0 blames nobody. Installs the handler first.
    static func blaming<Result>(_ messages: UInt, _ body: () -> Result) -> Result {
        guard messages != 0 else { return body() }
        install()
        let me = currentThread
        let own = blame.pairs.firstIndex { $0.key.load(ordering: .acquiring) == me }
        let slot = own ?? claimBlameSlot()
        let before = blamed(slot)
        setBlame(slot, messages: messages)
        defer {
            setBlame(slot, messages: before)
            if own == nil { releaseBlameSlot(slot) }
        }
        return body()
    }

    /// [main-thread] Words to add after a plugin's message from here on (a
    /// sentence, written after a space), such as that every answer is saved,
    /// where that holds; nil for none.
    public static func setClosingWords(_ text: String?) {
        var bits: UInt = 0
        if let text {
            let bytes = Array((" " + text).utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            let box = UnsafeMutablePointer<UnsafeMutableBufferPointer<UInt8>>.allocate(capacity: 1)
            box.initialize(to: buffer)
            bits = UInt(bitPattern: box)
        }
        // The words before stay allocated: a handler may be writing them.
        closingWords.store(bits, ordering: .releasing)
    }

    /// [any thread] A plugin's call did not return (`RenderWatchdog`,
    /// `CallWatchdog`): tidy up, say which plugin and call (`messages`), and exit. A thread stuck in foreign code cannot be
    /// cancelled, so the process ends.
    static func stopForHang(messages: UInt) -> Never {
        runCleanups()
        say(messages, index: signals.count)
        _exit(pluginFaultStatus)
    }

    /// [async-signal-safe] The plugin's message `index`, the closing words, a newline.
    private static func say(_ messages: UInt, index: Int) {
        PluginFaultMessages.write(messages, index: index)
        if let words = UnsafePointer<UnsafeMutableBufferPointer<UInt8>>(bitPattern: closingWords.load(ordering: .acquiring)) {
            writeAll(UnsafeRawBufferPointer(words.pointee))
        }
        var newline: UInt8 = 10
        withUnsafeBytes(of: &newline) { writeAll($0) }
    }

    /// [async-signal-safe] Writes all of `bytes` to standard error.
    static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(2, base + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    // MARK: The handler

    private static func handle(_ number: Int32) {
        runCleanups()
        let me = currentThread
        for pair in blame.pairs where pair.key.load(ordering: .acquiring) == me {
            let messages = pair.value.load(ordering: .acquiring)
            guard messages != 0, let index = signals.firstIndex(of: number) else { break }
            say(messages, index: index)
            _exit(pluginFaultStatus)
        }
        // Peach's own fault: the runtime's crash report says where. A fault
        // repeats when the handler returns; a raised signal must be raised again.
        sigaction(number, previous + Int(number), nil)
        if number == SIGABRT || number == SIGTRAP { raise(number) }
    }

    private static func runCleanups() {
        for pair in cleanups.pairs {
            let function = pair.value.load(ordering: .acquiring)
            guard function != 0 else { continue }
            unsafeBitCast(function, to: Cleanup.self)(UnsafeMutableRawPointer(bitPattern: pair.key.load(ordering: .acquiring)))
        }
    }

    /// A fixed table of pairs of atomic words, made before any handler runs.
    private struct Slots: Sendable {
        final class Pair: Sendable {
            let key = Atomic<UInt>(0)
            let value = Atomic<UInt>(0)
        }
        let pairs: [Pair]

        init(count: Int) { pairs = (0..<count).map { _ in Pair() } }
    }
}
