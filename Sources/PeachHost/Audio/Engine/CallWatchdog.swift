import Glibc
import PeachSupport

/// Notices a plugin's main-thread call (`create`, `activate`, an option, …)
/// that does not return, in Peach's own process, as `RenderWatchdog` notices
/// a `process` that does not: past the call's deadline (`PluginFault.Call.deadlineNanoseconds`, as
/// long as a bridge process is given for it) Peach names the plugin and the
/// call, tidies up and exits (`EmergencyStop.stopForHang`). One thread for
/// the process, started at the first call watched, sleeps on a condition
/// until the earliest deadline of the calls under way, or until one starts
/// or ends; with none under way it sleeps until one starts.
final class CallWatchdog: @unchecked Sendable {
    static let shared = CallWatchdog()

    private let wake = MonotonicCondition()
    /// The calls under way (tests call plugins from several threads at once), by token.
    private var calls: [Int: (deadline: UInt64, messages: UInt)] = [:]
    private var nextToken = 0
    private var started = false

    private init() {}

    /// Runs `body`, a plugin's call, ending Peach with the message row
    /// `messages` (`PluginFaultMessages.bits(for:)`) if it has not returned
    /// within `nanoseconds`; 0 watches nothing.
    func watching<Result>(_ messages: UInt, within nanoseconds: UInt64, _ body: () -> Result) -> Result {
        guard messages != 0 else { return body() }
        let token = begin(deadline: Monotonic.nanoseconds() + nanoseconds, messages: messages)
        defer { end(token) }
        return body()
    }

    private func begin(deadline: UInt64, messages: UInt) -> Int {
        wake.lock()
        defer { wake.unlock() }
        if !started { start() }
        nextToken += 1
        calls[nextToken] = (deadline, messages)
        wake.signal()
        return nextToken
    }

    private func end(_ token: Int) {
        wake.lock()
        calls[token] = nil
        wake.signal()
        wake.unlock()
    }

    /// [locked] Starts the thread, which lives as long as the process.
    private func start() {
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { _ in
            ThreadName.setCurrent("peach-deadline")
            CallWatchdog.shared.run()
        }, nil)
        precondition(status == 0, "cannot start the call watchdog thread: \(ErrnoText.describe(status))")
        pthread_detach(handle)
        started = true
    }

    private func run() -> Never {
        wake.lock()
        while true {
            let first = calls.values.min { $0.deadline < $1.deadline }
            if let first, Monotonic.nanoseconds() >= first.deadline { EmergencyStop.stopForHang(messages: first.messages) }
            wake.wait(until: first?.deadline)
        }
    }
}

extension PluginFault.Call {
    /// How long the call may take in Peach's process before it counts as
    /// hung (`CallWatchdog`): as long as a bridge process gives it
    /// (`BridgeClient`); nil for `process`, which `RenderWatchdog` watches on
    /// the render thread, where this watchdog's lock may not be taken.
    var deadlineNanoseconds: UInt64? {
        switch self {
        case .process: nil
        case .activate: BridgeClient.activateDeadlineNanoseconds
        default: BridgeClient.callDeadlineNanoseconds
        }
    }

    /// Runs `body`, this call into a plugin on the main thread, with the
    /// plugin named should it crash (`EmergencyStop.blaming`) or hang past its
    /// deadline (`CallWatchdog`); `messages` are the plugin's (0: none to name).
    func guarded<Result>(_ messages: UInt, _ body: () -> Result) -> Result {
        guard let deadline = deadlineNanoseconds else { return EmergencyStop.blaming(messages, body) }
        return EmergencyStop.blaming(messages) { CallWatchdog.shared.watching(messages, within: deadline, body) }
    }
}
