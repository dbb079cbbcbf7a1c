import Glibc
import Synchronization

/// SIGINT and SIGTERM as a request to stop cleanly instead of dying. Once
/// installed, the first such signal only raises a flag: the engine's waits
/// end early, and the command stops its engine, which deactivates every
/// source (a MIDI source then sends all notes off to its instrument). A
/// second signal ends the program at once, as usual.
public enum StopRequest {
    private static let raised = Atomic<Bool>(false)

    /// [main-thread] Installs the handlers; safe to call more than once.
    /// Threads started afterwards inherit the unblocked signals.
    public static func install() {
        _ = raised.load(ordering: .relaxed)  // initialise the flag now: the handler must not be the first to touch it
        // A parent may have left them blocked (test runners do); then they would never arrive.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                // Only async-signal-safe work here: an atomic store, or back to the default and raise again.
                if StopRequest.raised.exchange(true, ordering: .relaxed) {
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
    }

    public static var isRaised: Bool { raised.load(ordering: .relaxed) }
}
