import Glibc
import Synchronization

/// Unbuffered writes to standard output: large outputs (an export), the
/// terminal screens, whose escape sequences must not wait in a buffer, and
/// machine protocols (JSON Lines), which plugins must not be able to corrupt.
public enum StandardOutput {
    /// Where Peach's own output goes: descriptor 1, or the private copy of it
    /// kept by `reserveForPeach`.
    private static let descriptor = Atomic<Int32>(1)

    /// The descriptor Peach's own output goes to: 1 until `reserveForPeach`,
    /// its private copy after. For what must reach the real standard output
    /// by descriptor: `--wav -`, the terminal's size and whether it is one.
    public static var current: Int32 { descriptor.load(ordering: .relaxed) }

    /// From here on standard output carries only what Peach writes through
    /// this type: Peach keeps a private copy of descriptor 1 and points 1 at
    /// standard error, so a plugin's `printf` (or `print`, or `write(1, …)`)
    /// lands on standard error and never inside a protocol line. Loading a
    /// plugin into this process (`PluginLibrary.load`) calls it first, so it
    /// holds for every command; later calls do nothing. From then on Peach's
    /// own output must go through this type (the `peach` command's `print` does).
    public static func reserveForPeach() {
        guard descriptor.load(ordering: .relaxed) == 1 else { return }
        fflush(nil)  // what was printed before goes out first, in order
        let kept = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard kept >= 0, dup2(2, 1) == 1 else { return }
        descriptor.store(kept, ordering: .relaxed)
    }

    /// Writes all of `bytes`; false if standard output is closed or fails (a pipe's reader went away, say).
    @discardableResult
    public static func write(_ bytes: [UInt8]) -> Bool {
        let target = descriptor.load(ordering: .relaxed)
        return bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(target, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }

    @discardableResult
    public static func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}
