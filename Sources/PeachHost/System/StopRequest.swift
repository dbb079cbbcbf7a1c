import Glibc
import Synchronization

/// SIGINT and SIGTERM as a request to stop cleanly instead of dying. Once
/// installed, the first such signal only raises `interrupt`: a command hands
/// it to its engine, whose waits then end early, and stops the engine, which
/// deactivates every source (a MIDI source then sends all notes off to its
/// instrument). A second signal ends the program at once, as usual.
public enum StopRequest {
    /// Raised by the first signal. Process-wide because a signal handler has
    /// no other way to reach it; the engine sees only what it is given.
    public static let interrupt = Interrupt()

    /// [main-thread] Installs the handlers; safe to call more than once.
    /// Threads started afterwards inherit the unblocked signals.
    public static func install() {
        _ = interrupt.isRaised  // initialise it now: the handler must not be the first to touch it
        // A parent may have left them blocked (test runners do); then they would never arrive.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                // Only async-signal-safe work here: an atomic exchange and a write, or back to the default and raise again.
                if StopRequest.interrupt.raise() {
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
    }

    public static var isRaised: Bool { interrupt.isRaised }
}
