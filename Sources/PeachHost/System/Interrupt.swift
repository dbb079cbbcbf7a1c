import Synchronization

/// A request to stop waiting, raised from anywhere (a signal handler
/// included): the engine's waits end early when it is raised. The command
/// that owns it decides what raises it; the engine only watches it.
public final class Interrupt: @unchecked Sendable {
    private let raised = Atomic<Bool>(false)
    let wake = WakeSignal()

    public init() {}

    /// [any thread, async-signal-safe] Raises it; returns whether it was raised already.
    @discardableResult
    public func raise() -> Bool {
        let was = raised.exchange(true, ordering: .relaxed)
        wake.signal()
        return was
    }

    public var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// The eventfd that becomes readable when it is raised (for `poll`).
    public var descriptor: Int32 { wake.descriptor }
}
