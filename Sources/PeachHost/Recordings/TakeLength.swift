/// A take's length as a clock shows it: `0:07`, `12:34`, `1:02:03` (whole seconds, rounded down).
public enum TakeLength {
    public static func text(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return (hours > 0 ? "\(hours):\(minutes.zeroPadded(2))" : "\(minutes)") + ":" + rest.zeroPadded(2)
    }
}
