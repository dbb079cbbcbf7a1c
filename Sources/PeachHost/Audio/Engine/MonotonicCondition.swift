import Glibc

/// A mutex and a condition whose timed waits count on CLOCK_MONOTONIC, so a
/// clock set back or forward moves no deadline: what the watchdogs
/// (`RenderWatchdog`, `CallWatchdog`) sleep on. `signal` and `wait` are
/// called with the lock held.
final class MonotonicCondition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes a thread that waits.
    func signal() { pthread_cond_signal(condition) }

    /// Waits until signalled, or until `deadline` (`Monotonic.nanoseconds()`)
    /// if one is given; may return earlier, so the caller looks again.
    func wait(until deadline: UInt64? = nil) {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return
        }
        var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &until)
    }
}
