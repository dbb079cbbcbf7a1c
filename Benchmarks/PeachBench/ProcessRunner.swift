import Foundation

/// Runs programs as child processes (Foundation Process) and times them from
/// launch to exit, output discarded. The same runner times every program, so
/// its own overhead cancels out in the comparisons. The exit is awaited with
/// a termination handler, not waitUntilExit, which on Linux polls its run
/// loop every 50 ms and would round every time up to a multiple of that.
enum ProcessRunner {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Wall time of one run of `arguments`; fails unless the program exits 0.
    static func time(_ arguments: [String], environment: [String: String]? = nil) throws -> Duration {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let elapsed = try Measurement.time {
            try process.run()
            exited.wait()
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (status \(process.terminationStatus))")
        }
        return elapsed
    }

    /// The program's full path from PATH, or nil if it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
