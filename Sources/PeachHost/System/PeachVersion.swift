/// The version `peach --version` prints and plugins are told.
public enum PeachVersion {
    public static let current = "0.1.0"
}
