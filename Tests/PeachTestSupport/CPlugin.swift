import Foundation

/// Builds real plugin libraries from C source during a test run, with the
/// system's `cc` and the project's own header.
public enum CPlugin {
    public static let headerDirectory = BuildProducts.packageRoot + "/Sources/PeachPluginAPI/include"

    public struct BuildFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Compiles `source` into `<directory>/<name>.so` with the given `-D`
    /// defines, against the header in `headers` (today's, unless an older copy is given).
    @discardableResult
    public static func build(_ source: String, named name: String, in directory: String, defines: [String] = [],
                             headers: String = headerDirectory) throws -> String {
        let library = directory + "/\(name).so"
        let result = try Shell.run(["cc", "-std=c99", "-Wall", "-Werror", "-O1", "-fPIC", "-shared", "-fvisibility=hidden",
                                    "-I", headers] + defines.map { "-D" + $0 } + ["-o", library, source, "-lm"])
        guard result.status == 0 else { throw BuildFailure(description: "cc failed for \(name):\n\(result.standardError)") }
        return library
    }
}
