import Glibc

/// Marks the threads that must not allocate or lock (the engine's render
/// thread), so that code called from plugins on them, such as their log,
/// takes its lock-free path there. Per thread, so several engines each mark their own.
public enum RealTimeThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "cannot create a thread key")
        return key
    }()

    /// [main-thread] Creates the key before any real-time thread asks for it (creating it locks).
    public static func prepare() { _ = key }

    /// Marks the calling thread.
    public static func markCurrent() { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }

    /// Whether the calling thread was marked.
    public static var isCurrent: Bool { pthread_getspecific(key) != nil }
}
