/// Numbers as `--json` prints them: to `1 / scale`, so a script reads
/// 329.628 rather than 329.62755691286992; `+ 0` turns a rounded -0.0 into 0.
enum JSONNumber {
    static func rounded(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale + 0 }
}
