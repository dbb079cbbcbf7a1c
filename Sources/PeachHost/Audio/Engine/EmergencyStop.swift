import Glibc
import Synchronization

/// The way out when Peach cannot go on: a fatal signal (a crash), or a
/// plugin's `process` that never returns. Until plugins run in a process of
/// their own, a plugin that crashes takes Peach with it; what Peach can still
/// do is tidy up and say whose fault it was.
///
/// One handler serves every fatal signal. It runs the registered cleanups
/// (the terminal restored, the WAV header finished), then:
/// - if the signal came from a plugin's `process` (the render thread said so
///   before calling it), writes that plugin's prepared message and exits with
///   `pluginFaultStatus`;
/// - otherwise puts the previous handler back (the Swift runtime's crash
///   report) and lets the fault repeat.
///
/// Everything the handler touches is prepared beforehand: it allocates
/// nothing, takes no lock, and calls only async-signal-safe functions.
public enum EmergencyStop {
    /// A cleanup step: async-signal-safe, given the context it was registered with.
    public typealias Cleanup = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The exit status after a plugin crashed or hung in `process` (EX_SOFTWARE).
    public static let pluginFaultStatus: Int32 = 70

    /// The fatal signals handled, in the order of the messages a `PluginFaultMessages` prepares.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT]

    private static let installed = Atomic<Bool>(false)
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 65)

    /// Registered cleanups: context (key) and function (value) pointer bits; a free slot's function is 0.
    private static let cleanups = Slots(count: 4)
    /// Per render thread: its pthread_t (key), and the messages of the plugin
    /// whose `process` it is in (value), 0 while it runs host code.
    private static let blame = Slots(count: 8)

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
    /// whose `PluginFaultMessages` are `messages` (bits); 0 once it has returned.
    static func setBlame(_ slot: Int, messages: UInt) {
        guard slot >= 0 else { return }
        blame.pairs[slot].value.store(messages, ordering: .releasing)
    }

    /// The messages of the plugin the thread in `slot` is in, 0 if none.
    static func blamed(_ slot: Int) -> UInt {
        slot >= 0 ? blame.pairs[slot].value.load(ordering: .acquiring) : 0
    }

    /// [any thread] A plugin's `process` did not return: tidy up, say which
    /// plugin (`messages`), and exit. A thread stuck in foreign code cannot be
    /// cancelled, so the process ends.
    static func stopForHang(messages: UInt) -> Never {
        runCleanups()
        PluginFaultMessages.write(messages, index: signals.count)
        _exit(pluginFaultStatus)
    }

    // MARK: The handler

    private static func handle(_ number: Int32) {
        runCleanups()
        let me = currentThread
        for pair in blame.pairs where pair.key.load(ordering: .acquiring) == me {
            let messages = pair.value.load(ordering: .acquiring)
            guard messages != 0, let index = signals.firstIndex(of: number) else { break }
            PluginFaultMessages.write(messages, index: index)
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
