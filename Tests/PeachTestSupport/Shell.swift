import Foundation

/// Runs programs from tests and captures what they print.
public enum Shell {
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        /// Whether the process ended by a signal rather than by exiting.
        public var killedBySignal: Bool
    }

    /// Runs `arguments` (the first is the program, looked up in PATH if it has
    /// no slash), with extra environment variables (over `TestLocale.english`)
    /// and optional standard input.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Output {
        let process = Process()
        if arguments[0].contains("/") {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(TestLocale.english) { $1 }.merging(environment) { $1 }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
        try standardInput.fileHandleForWriting.close()
        // Read both pipes while the process runs, so neither can fill up and stall it.
        nonisolated(unsafe) var errorData = Data()
        let errorReader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1000) }
        return Output(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self),
                      killedBySignal: process.terminationReason == .uncaughtSignal)
    }
}
