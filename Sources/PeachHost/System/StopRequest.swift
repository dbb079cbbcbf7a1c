import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP (the terminal closed) as a request to stop
/// cleanly instead of dying: a take is finished, a file's header written. Once
/// installed, the first such signal only raises `interrupt`: a command hands
/// it to its engine, whose waits then end early, and stops the engine, which
/// deactivates every source (a MIDI source then sends all notes off to its
/// instrument). The same signal again ends the program at once, as usual (a
/// second Ctrl-C, a second kill); another one does not: SIGHUP after SIGTERM
/// is a terminal closing on a stop already under way, which killed Peach
/// before a take was finished.
public enum StopRequest {
    /// Raised by the first signal. Process-wide because a signal handler has
    /// no other way to reach it; the engine sees only what it is given.
    public static let interrupt = Interrupt()
    /// The signal that raised it, for the exit status (128 + its number, as a shell reports a signal's).
    private static let signalNumber = Atomic<Int32>(0)

    /// [main-thread] Installs the handlers; safe to call more than once.
    /// Threads started afterwards inherit the unblocked signals.
    public static func install() {
        _ = interrupt.isRaised  // initialise them now: the handler must not be the first to touch them
        _ = signalNumber.load(ordering: .relaxed)
        // A parent may have left them blocked (test runners do); then they would never arrive.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                // Only async-signal-safe work here: atomic stores, an exchange and a write, or back to the default and raise again.
                let first = StopRequest.signalNumber.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if StopRequest.interrupt.raise() && (first.exchanged || first.original == number) {
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
    }

    public static var isRaised: Bool { interrupt.isRaised }

    /// What a command stopped this way exits with: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
    public static var exitStatus: Int32 { 128 + max(signalNumber.load(ordering: .relaxed), 0) }
}
