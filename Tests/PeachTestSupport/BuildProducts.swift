import Foundation
import PeachAudio
import PeachHost

/// Where `swift build` put what the tests exercise. The test runner lives in
/// the same folder as the `peach` program and the plugin libraries.
public enum BuildProducts {
    /// `.build/<triple>/debug` (or release, if the tests were built so).
    public static let directory: String = PluginPath.executableDirectory()!

    public static let peach = directory + "/peach"
    public static let sinePlugin = directory + "/libPeachSineSource.so"
    public static let fluidPlugin = directory + "/libPeachFluidSource.so"
    public static let clickPlugin = directory + "/libPeachClickSource.so"
    public static let samplePlugin = directory + "/libPeachSampleSource.so"

    /// The release build of the Sine plugin (`make test` builds it first).
    public static var releaseSinePlugin: String {
        packageRoot + "/.build/release/libPeachSineSource.so"
    }

    /// The release build of the FluidSynth plugin (`make test` builds it first).
    public static var releaseFluidPlugin: String {
        packageRoot + "/.build/release/libPeachFluidSource.so"
    }

    /// The package's root folder, found by walking up to Package.swift.
    public static let packageRoot: String = {
        var folder = directory
        while folder.count > 1 {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
            folder = String(folder[..<folder.lastIndex(of: "/")!])
        }
        fatalError("Package.swift not found above \(directory)")
    }()

    /// A probe that runs the real `peach plugin-probe` in a child process.
    public static func prober(timeoutSeconds: Double = 5) -> PluginProber {
        PluginProber(executable: peach, timeoutSeconds: timeoutSeconds)
    }
}

/// A fresh temporary folder, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "peach-test") {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
