import Glibc

/// Line-by-line text on standard output, for the plain mode.
struct PlainWriter {
    var output: Int32 = STDOUT_FILENO

    func say(_ text: String, newline: Bool = true) {
        var bytes = Array((text + (newline ? "\n" : "")).utf8)
        _ = write(output, &bytes, bytes.count)
    }
}
