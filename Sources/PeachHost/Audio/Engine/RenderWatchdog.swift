import Glibc
import PeachSupport

/// Notices a plugin `process` call that does not return. It sleeps on a
/// timed wait and looks at the render loop's call counter: odd and unchanged
/// for longer than the deadline means the render thread is stuck in a
/// plugin. Then Peach names the plugin, tidies up and exits
/// (`EmergencyStop.stopForHang`): a thread stuck in foreign code cannot be
/// cancelled. While the main thread stops the engine (as after SIGTERM), the
/// deadline is shorter, so Peach ends promptly; while it only waits for
/// blocks to render, a block has the full deadline.
final class RenderWatchdog: @unchecked Sendable {
    /// Some hundred blocks at any usual rate: no working source takes this long for one block.
    static let deadlineNanoseconds: UInt64 = 2_000_000_000
    /// While the main thread stops the engine: still dozens of blocks.
    static let hurriedDeadlineNanoseconds: UInt64 = 500_000_000
    private static let lookNanoseconds: UInt64 = 100_000_000

    private let loop: RenderLoop
    private let wake = MonotonicCondition()
    private var stopped = false
    private var thread: pthread_t?

    init(loop: RenderLoop) {
        self.loop = loop
    }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { context in
            let watchdog = Unmanaged<RenderWatchdog>.fromOpaque(context!).takeRetainedValue()
            ThreadName.setCurrent("peach-watchdog")
            watchdog.run()
            return nil
        }, context)
        precondition(status == 0, "cannot start the watchdog thread: \(ErrnoText.describe(status))")
        thread = handle
    }

    /// Ends the watchdog thread; returns at once if it never started.
    func stop() {
        guard let thread else { return }
        wake.lock()
        stopped = true
        wake.signal()
        wake.unlock()
        pthread_join(thread, nil)
        self.thread = nil
    }

    private func run() {
        var lastCalls: UInt64 = 0
        var stuckSince: UInt64 = 0
        wake.lock()
        defer { wake.unlock() }
        while !stopped {
            wake.wait(until: Monotonic.nanoseconds() + Self.lookNanoseconds)
            guard !stopped else { return }
            let calls = loop.processCalls.load(ordering: .acquiring)
            let now = Monotonic.nanoseconds()
            guard calls % 2 == 1, calls == lastCalls else {
                lastCalls = calls
                stuckSince = now
                continue
            }
            let hurried = loop.stopping.load(ordering: .acquiring)
            let deadline = hurried ? Self.hurriedDeadlineNanoseconds : Self.deadlineNanoseconds
            let messages = EmergencyStop.blamed(loop.blameSlot.load(ordering: .acquiring))
            if now - stuckSince >= deadline, messages != 0 { EmergencyStop.stopForHang(messages: messages) }
        }
    }
}
