import PeachSupport

/// The `peach` command's `print`, in place of the standard library's: it
/// writes through `StandardOutput`, so Peach's output reaches standard output
/// even after a plugin loaded into this process has had descriptor 1 pointed
/// at standard error (`StandardOutput.reserveForPeach`). Unbuffered: each call
/// is one write, in order with the screens' and the protocols' own.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    StandardOutput.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}
